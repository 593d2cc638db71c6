#include "document/setup_edits.h"
#include "document/document.h"

#include <QApplication>
#include <QEvent>
#include <QTimer>
#include <QWidget>

namespace fl::ui {

SetupEdits::SetupEdits(Document& document) : QObject(&document), m_document(document)
{
    if (qApp)
        qApp->installEventFilter(this);
}

SetupEdits::~SetupEdits()
{
    if (qApp)
        qApp->removeEventFilter(this);
}

void SetupEdits::watch(const QString& id, QWidget* widget) { m_views.push_back(Watched{id, widget, false, QString()}); }

SetupEdits::Watched* SetupEdits::viewOf(QObject* object)
{
    for (QObject* o = object; o; o = o->parent())
        for (Watched& view : m_views)
            if (view.widget == o)
                return &view;
    return nullptr;
}

bool SetupEdits::eventFilter(QObject* watched, QEvent* event)
{
    const QEvent::Type type = event->type();
    // After a key, a click or a wheel turn (the view's own handler runs first: the event is delivered
    // after this filter) the setup is compared with the document's copy, which is the step's "before"
    // (the document follows every change the view makes by itself).
    const bool ends = type == QEvent::KeyRelease || type == QEvent::MouseButtonRelease || type == QEvent::Wheel;
    if (!ends || !watched->isWidgetType())
        return false;
    Watched* view = viewOf(watched);
    if (!view)
        return false;
    // The field the user works in: consecutive changes in it are one step (a typed number).
    QString key = view->id;
    for (QObject* o = watched; o && o != view->widget; o = o->parent())
        if (!o->objectName().isEmpty() && !o->objectName().startsWith(QLatin1String("qt_"))) {
            key += QLatin1Char('/') + o->objectName();
            break;
        }
    if (!view->pending) {
        view->pending = true;
        const QString id = view->id;
        QTimer::singleShot(0, this, [this, id] {
            for (Watched& w : m_views)
                if (w.id == id && w.pending) // not flushed since
                    check(w);
        });
    }
    view->mergeKey = key;
    return false;
}

void SetupEdits::flush()
{
    for (Watched& view : m_views)
        if (view.pending)
            check(view);
}

void SetupEdits::check(Watched& view)
{
    view.pending = false;
    if (view.widget)
        m_document.recordSetupEdit(view.id, view.mergeKey);
}

} // namespace fl::ui
