#pragma once
#include <QSlider>

class QMenu;

namespace fl::ui {

/// A horizontal slider over SliderScale::kPositions positions, safe and precise in a lecture:
/// - the wheel moves it only while the user has given it the keyboard focus (WheelGuard);
///   otherwise the wheel event goes on to its parents (the parameter panel's scroll area scrolls);
/// - a plain drag, arrow key or wheel notch moves one coarse step (SliderScale::kFine positions);
///   with Shift held, drags, arrow keys, PageUp/PageDown and the wheel move ten times less;
/// - N and W (while focused) and the context menu ask to narrow or widen its range, or to
///   restore the full range; the owner (ParameterRow) changes the scale.
class PreciseSlider : public QSlider {
    Q_OBJECT
public:
    explicit PreciseSlider(QWidget* parent = nullptr);

    /// Which range entries the context menu enables.
    void setRangeActions(bool canNarrow, bool canWiden);
    /// The handle's rectangle in widget coordinates (for tests and tooltips).
    QRect handleRect() const;
    /// The context menu's entries (narrow, widen, full range), connected to the request signals.
    QMenu* createRangeMenu(QWidget* parent);

signals:
    /// N or the context menu: narrow the range around the value.
    void narrowRequested();
    /// W or the context menu: widen the range back one level.
    void widenRequested();
    /// The context menu: the parameter's whole range again.
    void fullRangeRequested();
    /// The keyboard focus left the slider (key and wheel steps since it came are one undo step).
    void focusLost();

protected:
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    /// Fine or range key this slider handles itself (and keeps from window shortcuts).
    bool isOwnKey(const QKeyEvent* event) const;
    /// Slider positions per pixel of handle travel.
    double positionsPerPixel() const;

    bool m_canNarrow = true;
    bool m_canWiden = false;
    bool m_anchored = false;   ///< a drag has an anchor (pixel, position)
    bool m_fineDrag = false;   ///< the anchor was taken with Shift held
    int m_anchorPixel = 0;
    int m_lastPixel = 0;
    int m_anchorPosition = 0;
    int m_wheelRemainder = 0;  ///< eighths of a degree not yet turned into steps
};

} // namespace fl::ui
