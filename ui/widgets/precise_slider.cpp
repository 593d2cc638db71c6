#include "widgets/precise_slider.h"
#include "widgets/slider_scale.h"
#include "widgets/wheel_guard.h"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <memory>

namespace fl::ui {
namespace {

bool isStepKey(int key)
{
    return key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down
           || key == Qt::Key_PageUp || key == Qt::Key_PageDown;
}

} // namespace

PreciseSlider::PreciseSlider(QWidget* parent) : QSlider(Qt::Horizontal, parent)
{
    setRange(0, SliderScale::kPositions);
    setSingleStep(SliderScale::kFine);
    setPageStep(SliderScale::kPositions / 20);
    // The wheel reaches wheelEvent only while the user has given the slider the focus.
    WheelGuard::install(this);
}

void PreciseSlider::setRangeActions(bool canNarrow, bool canWiden)
{
    m_canNarrow = canNarrow;
    m_canWiden = canWiden;
}

QRect PreciseSlider::handleRect() const
{
    QStyleOptionSlider option;
    initStyleOption(&option);
    return style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
}

QMenu* PreciseSlider::createRangeMenu(QWidget* parent)
{
    auto* menu = new QMenu(parent);
    QAction* narrow = menu->addAction(tr("Narrow range around the value (×1/10)\tN"), this,
                                      &PreciseSlider::narrowRequested);
    narrow->setEnabled(m_canNarrow);
    narrow->setObjectName(QStringLiteral("narrowAction"));
    QAction* widen = menu->addAction(tr("Widen range (×10)\tW"), this, &PreciseSlider::widenRequested);
    widen->setEnabled(m_canWiden);
    widen->setObjectName(QStringLiteral("widenAction"));
    QAction* full = menu->addAction(tr("Restore full range"), this, &PreciseSlider::fullRangeRequested);
    full->setEnabled(m_canWiden);
    full->setObjectName(QStringLiteral("fullRangeAction"));
    return menu;
}

bool PreciseSlider::isOwnKey(const QKeyEvent* event) const
{
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    if (modifiers & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    if (event->key() == Qt::Key_N || event->key() == Qt::Key_W)
        return true;
    return (modifiers & Qt::ShiftModifier) && isStepKey(event->key());
}

bool PreciseSlider::event(QEvent* event)
{
    // Keys handled here win over single-key window shortcuts while the slider has the focus.
    if (event->type() == QEvent::ShortcutOverride && isOwnKey(static_cast<QKeyEvent*>(event))) {
        event->accept();
        return true;
    }
    return QSlider::event(event);
}

void PreciseSlider::keyPressEvent(QKeyEvent* event)
{
    if (!isOwnKey(event)) {
        QSlider::keyPressEvent(event);
        return;
    }
    const int key = event->key();
    if (key == Qt::Key_N) {
        emit narrowRequested();
    } else if (key == Qt::Key_W) {
        emit widenRequested();
    } else {
        // Shift: one position per arrow key, a tenth of a page per PageUp/PageDown.
        const bool page = key == Qt::Key_PageUp || key == Qt::Key_PageDown;
        const bool up = key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_PageUp;
        const int step = page ? std::max(1, pageStep() / SliderScale::kFine) : 1;
        setValue(value() + (up ? step : -step));
    }
    event->accept();
}

void PreciseSlider::wheelEvent(QWheelEvent* event)
{
    const QPoint angle = event->angleDelta();
    m_wheelRemainder += angle.y() != 0 ? angle.y() : angle.x();
    const int notches = m_wheelRemainder / 120;
    m_wheelRemainder -= notches * 120;
    const bool fine = event->modifiers() & Qt::ShiftModifier;
    if (notches != 0)
        setValue(value() + notches * (fine ? 1 : singleStep()));
    event->accept();
}

void PreciseSlider::mousePressEvent(QMouseEvent* event)
{
    QSlider::mousePressEvent(event);
    m_anchored = isSliderDown();
    m_fineDrag = event->modifiers() & Qt::ShiftModifier;
    m_anchorPixel = m_lastPixel = event->position().toPoint().x();
    m_anchorPosition = sliderPosition();
}

void PreciseSlider::mouseMoveEvent(QMouseEvent* event)
{
    if (!isSliderDown() || !m_anchored) {
        QSlider::mouseMoveEvent(event);
        return;
    }
    // Relative to an anchor, taken again whenever Shift is pressed or released mid-drag.
    const int pixel = event->position().toPoint().x();
    const bool fine = event->modifiers() & Qt::ShiftModifier;
    if (fine != m_fineDrag) {
        m_fineDrag = fine;
        m_anchorPixel = m_lastPixel;
        m_anchorPosition = sliderPosition();
    }
    m_lastPixel = pixel;
    const double moved = (pixel - m_anchorPixel) * positionsPerPixel();
    int target = m_anchorPosition + static_cast<int>(std::lround(fine ? moved / SliderScale::kFine : moved));
    // A plain drag moves in coarse steps: short decimals in the field.
    if (!fine)
        target = static_cast<int>(std::lround(target / double(SliderScale::kFine))) * SliderScale::kFine;
    setSliderPosition(std::clamp(target, minimum(), maximum()));
    event->accept();
}

void PreciseSlider::mouseReleaseEvent(QMouseEvent* event)
{
    QSlider::mouseReleaseEvent(event);
    m_anchored = false;
}

void PreciseSlider::contextMenuEvent(QContextMenuEvent* event)
{
    const std::unique_ptr<QMenu> menu(createRangeMenu(this));
    menu->exec(event->globalPos());
    event->accept();
}

void PreciseSlider::focusOutEvent(QFocusEvent* event)
{
    QSlider::focusOutEvent(event);
    m_wheelRemainder = 0;
    emit focusLost();
}

double PreciseSlider::positionsPerPixel() const
{
    QStyleOptionSlider option;
    initStyleOption(&option);
    const QRect groove = style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, this);
    const int travel = std::max(1, groove.width() - handleRect().width());
    return (maximum() - minimum()) / static_cast<double>(travel);
}

} // namespace fl::ui
