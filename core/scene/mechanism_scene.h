#pragma once
// A mechanism as abstract primitives computed from a state (docs/architecture.md idea 11, MuJoCo's
// mjv_updateScene / Box2D's b2Draw): each system describes what to draw in world coordinates
// (y up); the Qt view (ui/widgets/mechanism_view) only paints. Qt-free and testable headless.
#include <functional>
#include <string>
#include <vector>

namespace fl {

struct Scenario;

/// What a shape is, so that a theme colours it (never a colour here).
enum class SceneRole : unsigned char {
    Ground,   ///< wall, floor, fixed anchors (drawn hatched)
    Body,     ///< the moving body: block, disk, pendulum
    Surface,  ///< the driving surface: belt, rotating disk
    Marker,   ///< marks on moving surfaces and bodies that show their motion
    Spring,   ///< springs and dampers
    Friction, ///< friction force and moment arrows
    Forcing,  ///< external forcing arrow
    Trail,    ///< fading path of a point
    Contact,  ///< contact point or patch
};

struct Vec2 {
    double x = 0.0;
    double y = 0.0;
};

enum class ShapeKind : unsigned char {
    Line,     ///< points[0] -> points[1]
    Spring,   ///< coil from points[0] to points[1], `coils` turns, full width `width`
    Box,      ///< centre points[0], `width` x `height`, rotated by `angle` (rad, counter-clockwise)
    Circle,   ///< centre points[0], `radius`
    Arrow,    ///< from points[0] to points[1], head at points[1]
    ArcArrow, ///< arc about points[0] of `radius` from `angle`, sweeping `sweep` (rad, ccw > 0); head at the end
    Polyline, ///< points in order; Trail polylines fade from alpha 0 (first) to 1 (last)
};

struct SceneShape {
    ShapeKind kind = ShapeKind::Line;
    SceneRole role = SceneRole::Body;
    std::vector<Vec2> points;
    double width = 0.0;   ///< Box width; Spring coil width (world units)
    double height = 0.0;  ///< Box height
    double radius = 0.0;  ///< Circle, ArcArrow
    double angle = 0.0;   ///< Box rotation; ArcArrow start angle (rad)
    double sweep = 0.0;   ///< ArcArrow sweep (rad)
    int coils = 0;        ///< Spring
    bool filled = false;  ///< Box, Circle: filled with the role's fill colour
    std::string label;    ///< short text drawn beside the shape (e.g. "F", "k_X"); may be empty
};

/// Stick or slip of the contact as shown on the mechanism; None for systems without one.
enum class ContactPhase : signed char { None = -1, Slip = 0, Stick = 1 };

/// A quantity printed large on the view (t, v_r, F, ...).
struct Readout {
    std::string symbol; ///< e.g. "t", "v_r" (plain text, Unicode allowed: "φ′")
    double value = 0.0;
    std::string unit;   ///< e.g. "s", "m/s"; empty for nondimensional quantities
};

struct MechanismScene {
    Vec2 min;                         ///< world box the view fits; fixed for a scenario
    Vec2 max;
    std::vector<SceneShape> shapes;   ///< painted in order (first is at the back)
    ContactPhase phase = ContactPhase::None;
    std::string phaseNote;            ///< how smooth methods decide stick, e.g. "|v_r| < 1e-3 (regularized)"
    std::vector<Readout> readouts;
};

/// One instant of a run, as the drawing function reads it.
struct MechanismFrame {
    double t = 0.0;
    const double* y = nullptr;        ///< state (Dynamics::stateNames order)
    const double* outputs = nullptr;  ///< derived outputs at (t, y) (Dynamics::outputNames order)
    int mode = -1;                    ///< ContactMode (0 slip, 1 stick) of event-driven runs; -1 for smooth ones
    const double* history = nullptr;  ///< recent past states, oldest first, for trails (may be null)
    size_t historyCount = 0;          ///< number of states in history
    /// Per state variable, the least and greatest value over the whole run when it is known (a
    /// computed run; null in live mode): a drawing may fit its box to the motion instead of a
    /// bound from the parameters. Fixed for a run, so the box still does not move.
    const double* rangeLow = nullptr;
    const double* rangeHigh = nullptr;
};

/// A system's drawing: the scene for a scenario of that system at one frame.
using MechanismDrawing = std::function<MechanismScene(const Scenario&, const MechanismFrame&)>;

} // namespace fl
