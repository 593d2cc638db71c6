#pragma once
#include <QObject>

class QWidget;

namespace fl::ui {

/// Keeps the mouse wheel from changing a control the user has not chosen: the wheel changes it
/// only while it has the keyboard focus, and only a focus the user gave it (a click, Tab, a
/// shortcut, setFocus) — not the focus a window hands its first control when it opens or comes
/// back to the front. Otherwise the wheel event goes on to the parents, so the scroll area a
/// panel sits in scrolls (the wheel once changed e and η unnoticed).
class WheelGuard : public QObject {
    Q_OBJECT
public:
    /// Guards widget (its focus policy becomes Qt::StrongFocus: no focus by the wheel); the
    /// guard is a child of widget.
    static void install(QWidget* widget);
    /// Whether the wheel may change a guarded widget now.
    static bool allowsWheel(const QWidget* widget);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit WheelGuard(QWidget* widget);

    bool m_chosen = false; ///< the widget has a focus the user gave it
};

} // namespace fl::ui
