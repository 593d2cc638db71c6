#pragma once
// Keeps the lecture's keys with the lecture. A text field holds the keys only while it is being
// typed in: Return or Esc there hands the keys back (Esc also stops a run, as anywhere), a click on
// anything that does not take the focus itself does too, and from every other widget (a combo
// box, a check box, a slider, a list) the lecture's shortcuts (Space, PageUp / PageDown,
// Home / End, F11, the scale keys) win over the widget's own use of the key.
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QKeyEvent;
class QWidget;

namespace fl::ui {

class LectureKeys : public QObject {
    Q_OBJECT
public:
    /// Watches the keys and clicks of `window` (an application event filter; dialogs, which are
    /// other windows, are left alone). handBack moves the focus to the lecture's view.
    LectureKeys(QWidget* window, std::function<void()> handBack);
    ~LectureKeys() override;
    /// Shortcuts that reach the lecture from any widget but a text field being typed in.
    void addLectureActions(const QList<QAction*>& actions);
    /// A widget the user types text into (line edit, spin box, editable text or combo box).
    static bool isTextEntry(const QWidget* widget);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool isLectureKey(const QKeyEvent* key) const;
    bool inWindow(const QWidget* widget) const;

    QPointer<QWidget> m_window;
    std::function<void()> m_handBack;
    QList<QPointer<QAction>> m_actions;
    bool m_forwarding = false; ///< the Return being passed on to its field
};

} // namespace fl::ui
