#include "widgets/lecture_keys.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace fl::ui {

LectureKeys::LectureKeys(QWidget* window, std::function<void()> handBack)
    : QObject(window), m_window(window), m_handBack(std::move(handBack))
{
    qApp->installEventFilter(this);
}

LectureKeys::~LectureKeys()
{
    if (qApp)
        qApp->removeEventFilter(this);
}

void LectureKeys::addLectureActions(const QList<QAction*>& actions)
{
    for (QAction* action : actions)
        m_actions << action;
}

bool LectureKeys::isTextEntry(const QWidget* widget)
{
    if (!widget)
        return false;
    if (const auto* line = qobject_cast<const QLineEdit*>(widget))
        return !line->isReadOnly();
    if (const auto* spin = qobject_cast<const QAbstractSpinBox*>(widget))
        return !spin->isReadOnly();
    if (const auto* text = qobject_cast<const QTextEdit*>(widget))
        return !text->isReadOnly();
    if (const auto* plain = qobject_cast<const QPlainTextEdit*>(widget))
        return !plain->isReadOnly();
    if (const auto* combo = qobject_cast<const QComboBox*>(widget))
        return combo->isEditable();
    return false;
}

bool LectureKeys::inWindow(const QWidget* widget) const
{
    return widget && m_window && widget->window() == m_window;
}

bool LectureKeys::isLectureKey(const QKeyEvent* key) const
{
    const Qt::KeyboardModifiers modifiers = key->modifiers() & ~Qt::KeypadModifier;
    const QKeySequence pressed(QKeyCombination(modifiers, Qt::Key(key->key())));
    // Ctrl++ arrives as Ctrl+Shift++ on most layouts.
    const QKeySequence unshifted(QKeyCombination(modifiers & ~Qt::ShiftModifier, Qt::Key(key->key())));
    for (const QPointer<QAction>& action : m_actions) {
        if (!action || !action->isEnabled())
            continue;
        for (const QKeySequence& shortcut : action->shortcuts())
            if (shortcut == pressed || shortcut == unshifted)
                return true;
    }
    return false;
}

bool LectureKeys::eventFilter(QObject* watched, QEvent* event)
{
    const QEvent::Type type = event->type();
    if (m_forwarding)
        return false;
    if (type != QEvent::ShortcutOverride && type != QEvent::KeyPress && type != QEvent::MouseButtonPress)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!inWindow(widget))
        return false;
    QWidget* focus = QApplication::focusWidget();
    const bool typing = inWindow(focus) && isTextEntry(focus);

    if (type == QEvent::MouseButtonPress) {
        // A click outside the field on something that does not take the focus (a drawing, a
        // button, the background): the field is done, the keys go back to the lecture.
        if (!typing || widget == focus || focus->isAncestorOf(widget) || widget->isAncestorOf(focus))
            return false;
        for (const QWidget* w = widget; w && w != m_window; w = w->parentWidget())
            if (w->isEnabled() && (w->focusPolicy() & Qt::ClickFocus))
                return false; // it takes the focus itself
        m_handBack();
        return false;
    }

    auto* key = static_cast<QKeyEvent*>(event);
    if (type == QEvent::ShortcutOverride) {
        if (typing && key->key() == Qt::Key_Escape) {
            m_handBack(); // and Esc goes on to Stop (a run the typed value started)
            return false;
        }
        if (!typing && widget == focus && isLectureKey(key)) {
            key->ignore(); // the widget does not keep the key: the lecture's shortcut runs
            return true;
        }
        return false;
    }
    // KeyPress (Esc never gets here from a field: its shortcut override above handed the keys back).
    const bool commit = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
    if (typing && widget == focus && commit && key->modifiers() == Qt::NoModifier) {
        // Return commits the field as usual; then the lecture has the keys again.
        m_forwarding = true;
        QCoreApplication::sendEvent(focus, event);
        m_forwarding = false;
        m_handBack();
        return true;
    }
    return false;
}

} // namespace fl::ui
