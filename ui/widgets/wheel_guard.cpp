#include "widgets/wheel_guard.h"

#include <QEvent>
#include <QFocusEvent>
#include <QWidget>

namespace fl::ui {
namespace {

/// Focus changes that are the window's doing (activation, a popup), not the user's choice.
bool isWindowsDoing(Qt::FocusReason reason)
{
    return reason == Qt::ActiveWindowFocusReason || reason == Qt::PopupFocusReason;
}

} // namespace

WheelGuard::WheelGuard(QWidget* widget) : QObject(widget) {}

void WheelGuard::install(QWidget* widget)
{
    widget->setFocusPolicy(Qt::StrongFocus);
    widget->installEventFilter(new WheelGuard(widget));
}

bool WheelGuard::allowsWheel(const QWidget* widget)
{
    const auto* guard = widget->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly);
    return widget->hasFocus() && (!guard || guard->m_chosen);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::FocusIn:
        // Back in the window: the control keeps what it had; otherwise the user chose it.
        if (!isWindowsDoing(static_cast<QFocusEvent*>(event)->reason()))
            m_chosen = true;
        break;
    case QEvent::FocusOut:
        if (!isWindowsDoing(static_cast<QFocusEvent*>(event)->reason()))
            m_chosen = false;
        break;
    case QEvent::Wheel:
        if (!allowsWheel(static_cast<QWidget*>(watched))) {
            event->ignore(); // handled here, not accepted: it goes on to the parents
            return true;
        }
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace fl::ui
