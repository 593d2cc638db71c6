#pragma once
// Small builders shared by the systems' mechanism drawings (docs/architecture.md idea 11): shapes from
// a few numbers, the world box as the union of what a scenario can reach, marks that move with a
// surface, and the stick/slip decision shown on the view.
#include "scene/mechanism_scene.h"

#include <string>
#include <vector>

namespace fl::scene {

/// A segment a -> b.
SceneShape line(Vec2 a, Vec2 b, SceneRole role);
/// An arrow from tail to head (head drawn at head), with a label beside it.
SceneShape arrow(Vec2 tail, Vec2 head, SceneRole role, std::string label);
/// An arc arrow about centre of radius r, from angle start sweeping sweep (rad, ccw > 0).
SceneShape arcArrow(Vec2 centre, double r, double start, double sweep, SceneRole role, std::string label);
/// A circle of radius r.
SceneShape circle(Vec2 centre, double r, SceneRole role, bool filled);
/// An axis-aligned box of width w and height h about centre.
SceneShape box(Vec2 centre, double w, double h, SceneRole role, bool filled);
/// A coil spring from a to b with `coils` turns and full coil width `width`.
SceneShape spring(Vec2 a, Vec2 b, int coils, double width, std::string label);
/// A dashpot symbol from a (cylinder side) to b (rod side) of full width `width`, as Line shapes
/// with role Spring. It is a symbol that stretches with its length, like the coil beside it: a lead,
/// an open cylinder over the middle 40 % and the piston plate at 60 % of the length.
std::vector<SceneShape> dashpot(Vec2 a, Vec2 b, double width);

/// Positions in [from, to] of marks spaced `spacing` apart on a surface that has moved by `shift`
/// (e.g. v_b t): from + ((shift mod spacing) + k spacing), so they travel with the surface.
std::vector<double> movingMarks(double from, double to, double spacing, double shift);

/// Length of an arrow for a quantity: value * scale, clamped to [-limit, limit] (world units).
double arrowLength(double value, double scale, double limit);

/// The world box as the union of points and discs a scenario can reach.
class Bounds {
public:
    /// Adds a point.
    void include(Vec2 p);
    /// Adds a disc of radius r about p (also an arrow of length r from p in any direction).
    void include(Vec2 p, double r);
    /// Adds the rectangle [lo, hi].
    void include(Vec2 lo, Vec2 hi);
    bool empty() const { return m_empty; }
    /// Writes the box, grown by `margin` on every side (room for labels), to scene.min/max.
    void applyTo(MechanismScene& scene, double margin) const;

private:
    Vec2 m_min, m_max;
    bool m_empty = true;
};

/// Fraction of the surface speed below which a smooth (regularized) run is shown as sticking.
inline constexpr double kStickSpeedFraction = 1e-3;

/// Stick threshold of a smooth run on a surface moving at `surfaceSpeed` with regularization
/// width eps: max(kStickSpeedFraction |surfaceSpeed|, eps). A regularized law creeps at relative
/// speeds up to the order of eps while it holds, and 1e-3 of the surface speed is what a viewer
/// cannot tell from rest.
double stickThreshold(double surfaceSpeed, double eps);

/// Sets scene.phase and scene.phaseNote: from the mode for event-driven frames (mode >= 0),
/// otherwise Stick while relativeSpeed < threshold; `symbol` names the speed (e.g. "|v_r|").
void setPhase(MechanismScene& scene, int mode, double relativeSpeed, double threshold, const std::string& symbol);

/// A number with three significant digits ("0.0005", "1.5e-05").
std::string formatShort(double value);

} // namespace fl::scene
