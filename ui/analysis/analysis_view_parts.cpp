#include "analysis/analysis_view_parts.h"
#include "presenter/appearance.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QCheckBox>
#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>

namespace fl::ui {

QCheckBox* makeLogScaleBox(QWidget* parent, bool checked, std::function<void(bool on)> onToggled)
{
    auto* box = new QCheckBox(QObject::tr("Log scale"), parent);
    box->setChecked(checked);
    box->setToolTip(QObject::tr("Logarithmic axis for the difference plot"));
    QObject::connect(box, &QCheckBox::toggled, parent, std::move(onToggled));
    return box;
}

QLabel* makeMessageLabel(QWidget* parent, const QString& objectName)
{
    auto* label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    setScaledStyleSheet(label, QStringLiteral("color: #c0392b;"));
    label->hide();
    return label;
}

namespace {

/// Keeps a setup column's width: on the view's resizes and shows and the application's font changes.
class SetupColumnWidth final : public QObject {
public:
    SetupColumnWidth(QWidget* view, QScrollArea* scroll) : QObject(scroll), m_view(view), m_scroll(scroll), m_panel(scroll->widget())
    {
        view->installEventFilter(this);
        m_panel->installEventFilter(this);
        // After a font change the panel's layout answers with its new size only once it has been
        // redone: measured at once it gave the old type size's width.
        connect(qApp, &QGuiApplication::fontChanged, this, [this] { QTimer::singleShot(0, this, [this] { update(); }); });
        update();
    }
    /// Only compares pointers: it also sees the events of the column's destruction, when the
    /// scroll area is no longer one (UBSan: a member call on it there).
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        const bool view = watched == m_view && (event->type() == QEvent::Resize || event->type() == QEvent::Show);
        const bool panel = watched == m_panel && event->type() == QEvent::LayoutRequest;
        if (view || panel)
            QTimer::singleShot(0, this, [this] { update(); });
        return QObject::eventFilter(watched, event);
    }

private:
    void update()
    {
        const int bar = m_scroll->verticalScrollBar()->sizeHint().width() + 8;
        const int wanted = m_panel->sizeHint().width() + bar;
        // 40 % of the window (the view's own width grows with the column: no bound), never less
        // than the panel's least width (its fields would be cut off).
        const int window = m_view->window()->width();
        const int room = window > 0 ? std::max({240, window * 2 / 5, m_panel->minimumSizeHint().width() + bar}) : wanted;
        const int width = std::min(wanted, room);
        if (m_scroll->width() != width || m_scroll->minimumWidth() != width)
            m_scroll->setFixedWidth(width);
    }
    QWidget* m_view;
    QScrollArea* m_scroll;
    QWidget* m_panel;
};

} // namespace

QScrollArea* makeSetupColumn(QWidget* view, QWidget* panel)
{
    auto* scroll = new QScrollArea(view);
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    new SetupColumnWidth(view, scroll);
    return scroll;
}

void setLogValueAxis(QCPAxis* axis, bool log)
{
    axis->setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    axis->setTicker(log ? QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog) : QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis->setNumberFormat(log ? QStringLiteral("eb") : QStringLiteral("gb"));
    axis->setNumberPrecision(log ? 0 : 6);
}

} // namespace fl::ui
