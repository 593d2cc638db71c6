#pragma once
// Paints a fl::MechanismScene with QPainter (the only place that knows how roles and primitives
// look). Used by the on-screen MechanismView and by image, SVG and animation exports alike.
#include "mechanism/scene_style.h"

#include <QPointF>
#include <QRectF>

class QPainter;

namespace fl::ui {

/// World (y up) to device (y down) mapping that fits the scene's box into a rectangle with a
/// uniform scale, centred.
class SceneMapping {
public:
    SceneMapping(const fl::MechanismScene& scene, const QRectF& target);
    QPointF map(fl::Vec2 p) const;
    /// Device pixels per world unit.
    double scale() const { return m_scale; }

private:
    double m_scale = 1.0;
    double m_x0 = 0.0, m_y0 = 0.0;
    fl::Vec2 m_min;
};

/// Draws the shapes of scene into target (the area below the overlay band), then the overlay:
/// the large STICK/SLIP label and the readouts along the top of `whole`.
void paintScene(QPainter& painter, const fl::MechanismScene& scene, const QRectF& whole, const SceneStyle& style);

/// Height of the overlay band at the top (labels, readouts) for a view of this size.
double overlayHeight(const QRectF& whole, const SceneStyle& style);

/// Draws text with "_x" parts as subscripts (e.g. "v_r", "k_X") with its baseline-left at pos;
/// returns the width used.
double drawSubscripted(QPainter& painter, QPointF pos, const QString& text);
/// Width drawSubscripted would use.
double subscriptedWidth(const QPainter& painter, const QString& text);

/// Paints the STICK/SLIP badge and the readouts in the band [whole.top, whole.top + height).
void paintOverlay(QPainter& painter, const fl::MechanismScene& scene, const QRectF& whole, const SceneStyle& style);

} // namespace fl::ui
