// S3 drawn from the front (Acta Mech 2016, (7)-(9)), in metres: the driving disk turning about S
// with spokes, the joint A held by the springs k_X (from above) and k_Y (from the left), the
// pendulum's rod A–C and bob at C, the contact patch of radius R at A with A's fading trail, and
// the friction force and moment on the pendulum.
//
// Geometry is true to scale: A's displacement is not exaggerated. In the published cases it
// ranges from 0.5 mm (Fig. 5b) to about 13 cm (Fig. 7, full rotations), so the springs' length
// changes are visible where they matter, and the trail of A shows the small motions. The spring
// anchors sit just beyond the pendulum's reach, so a full rotation never crosses them.
#include "scenario/scenario.h"
#include "scene/scene_builder.h"
#include "systems/mechanism_drawings.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace fl {
namespace {

constexpr int kStateSize = 6; ///< X_C, Y_C, phi, X_C', Y_C', phi'
constexpr int kSpokes = 6;
constexpr double kMaxSweep = 1.5 * std::numbers::pi;
constexpr double kForceArm = 1.25; ///< longest friction arrow, in units of max(e, R)

/// (X, Y) of the paper (X down, Y right) in world coordinates (y up).
Vec2 toWorld(double X, double Y)
{
    return {Y, -X};
}

/// The scenario's fixed geometry (metres).
struct PendulumLayout {
    double e = 0.0, R = 0.0;
    double unit = 0.0;       ///< size of the small parts: max(e, R)
    double excursion = 0.0;  ///< room for A's displacement from O
    double bob = 0.0;        ///< radius of the bob at C
    double arc = 0.0;        ///< radius of the friction moment's arc about A
    double anchor = 0.0;     ///< distance of the spring anchors from O
    double diskRadius = 0.0;
    Vec2 centre;             ///< S in world coordinates
    double staticLimit = 1.0; ///< max(eta, 1): scale of |T| and of |M_s| / (2/3)
};

PendulumLayout layoutOf(const ParameterSet& p)
{
    PendulumLayout l;
    l.e = p.value("e");
    l.R = p.value("R");
    l.unit = std::max(l.e, l.R);
    l.staticLimit = std::max(p.value("eta"), 1.0);
    // A moves where the springs balance friction (up to eta mu N) or the centrifugal force of C
    // (M e omega^2, omega up to the disk's speed); capped, since the pendulum's own motion limits
    // omega (Fig. 7, the widest case, moves A by 0.13 m with e = 0.1 m).
    const double k = std::min(p.value("kX"), p.value("kY")), w = std::abs(p.value("omega0")) + p.value("omega0_amp");
    const double estimate = (p.value("mu") * p.value("N") * l.staticLimit + p.value("M") * l.e * w * w) / k;
    l.excursion = std::clamp(estimate, 0.1 * l.unit, 1.5 * l.e + l.R);
    l.bob = 0.25 * l.unit;
    l.arc = std::max(1.3 * l.R, 0.4 * l.unit);
    l.anchor = l.excursion + l.e + l.bob + 0.1 * l.unit;
    l.centre = toWorld(p.value("X_S"), p.value("Y_S"));
    l.diskRadius = std::max(2.0 * l.e, std::hypot(l.centre.x, l.centre.y) + l.excursion + l.R);
    return l;
}

void addDisk(MechanismScene& scene, const PendulumLayout& l, double angle)
{
    scene.shapes.push_back(scene::circle(l.centre, l.diskRadius, SceneRole::Surface, true));
    for (int k = 0; k < kSpokes; ++k) {
        const double a = angle + 2.0 * std::numbers::pi * k / kSpokes, c = std::cos(a), s = std::sin(a);
        scene.shapes.push_back(scene::line({l.centre.x + 0.2 * l.diskRadius * c, l.centre.y + 0.2 * l.diskRadius * s},
                                           {l.centre.x + 0.95 * l.diskRadius * c, l.centre.y + 0.95 * l.diskRadius * s},
                                           SceneRole::Marker));
    }
    scene.shapes.push_back(scene::circle(l.centre, 0.05 * l.unit, SceneRole::Ground, true));
}

/// A's path: X_A = X_C − e cos phi, Y_A = Y_C − e sin phi (Acta Mech (9)) of each past state.
void addTrail(MechanismScene& scene, const PendulumLayout& l, const MechanismFrame& frame)
{
    if (!frame.history || frame.historyCount < 2)
        return;
    SceneShape trail;
    trail.kind = ShapeKind::Polyline;
    trail.role = SceneRole::Trail;
    trail.points.reserve(frame.historyCount);
    for (size_t i = 0; i < frame.historyCount; ++i) {
        const double* y = frame.history + i * kStateSize;
        trail.points.push_back(toWorld(y[0] - l.e * std::cos(y[2]), y[1] - l.e * std::sin(y[2])));
    }
    scene.shapes.push_back(std::move(trail));
}

void addSupport(MechanismScene& scene, const PendulumLayout& l, Vec2 a)
{
    const double thick = 0.15 * l.unit, wide = 0.8 * l.unit;
    scene.shapes.push_back(scene::box({0.0, l.anchor + 0.5 * thick}, wide, thick, SceneRole::Ground, true));
    scene.shapes.push_back(scene::box({-l.anchor - 0.5 * thick, 0.0}, thick, wide, SceneRole::Ground, true));
    scene.shapes.push_back(scene::spring({0.0, l.anchor}, a, 8, 0.3 * l.unit, "k_X"));
    scene.shapes.push_back(scene::spring({-l.anchor, 0.0}, a, 8, 0.3 * l.unit, "k_Y"));
}

/// Rod A–C and bob at C; friction on the pendulum −μN (T_sx, T_sy) at A and moment −μN R M_s (Acta Mech (7)).
void addPendulum(MechanismScene& scene, const PendulumLayout& l, Vec2 a, Vec2 c, const double* out)
{
    scene.shapes.push_back(scene::circle(a, l.R, SceneRole::Contact, true));
    scene.shapes.push_back(scene::line(a, c, SceneRole::Body));
    scene.shapes.push_back(scene::circle(c, l.bob, SceneRole::Body, true));
    scene.shapes.push_back(scene::circle(a, 0.06 * l.unit, SceneRole::Body, false));
    if (!out)
        return;
    const Vec2 force = toWorld(-out[5], -out[6]);
    const double size = std::hypot(force.x, force.y);
    const double length = scene::arrowLength(size, l.unit / l.staticLimit, kForceArm * l.unit);
    if (size > 0.0 && length > 0.0)
        scene.shapes.push_back(scene::arrow(a, {a.x + length * force.x / size, a.y + length * force.y / size}, SceneRole::Friction, "T"));
    const double sweep = std::clamp(-kMaxSweep * out[7] / (l.staticLimit * 2.0 / 3.0), -kMaxSweep, kMaxSweep);
    if (sweep != 0.0)
        scene.shapes.push_back(scene::arcArrow(a, l.arc, 0.5 * std::numbers::pi, sweep, SceneRole::Friction, "M"));
}

void setBox(MechanismScene& scene, const PendulumLayout& l)
{
    scene::Bounds b;
    b.include(l.centre, l.diskRadius);
    const double thick = 0.15 * l.unit, wide = 0.8 * l.unit;
    b.include({-0.5 * wide, l.anchor}, {0.5 * wide, l.anchor + thick});
    b.include({-l.anchor - thick, -0.5 * wide}, {-l.anchor, 0.5 * wide});
    // About A: the bob, the moment's arc and the friction arrow.
    const double reach = std::max({l.e + l.bob, l.arc, kForceArm * l.unit});
    b.include({0.0, 0.0}, l.excursion + reach);
    b.applyTo(scene, 0.6 * l.unit);
}

} // namespace

double pendulumDiskAngle(const Scenario& scenario, double t)
{
    const ParameterSet& p = scenario.params;
    const double amp = p.value("omega0_amp"), freq = p.value("omega0_freq");
    // omega0(t) = omega0 + Δω0 cos Ωt, integrated from 0.
    return p.value("omega0") * t + (amp == 0.0 ? 0.0 : freq > 0.0 ? amp / freq * std::sin(freq * t) : amp * t);
}

NearStick pendulumNearStick(const Scenario& scenario, const MechanismFrame& frame)
{
    const ParameterSet& p = scenario.params;
    // Outputs v_sx, v_sy (1/s: A's velocity relative to the disk over R, Acta Mech (8)) and omega_s.
    const double* out = frame.outputs;
    const double speed = out ? std::hypot(std::hypot(out[2], out[3]), out[4]) : std::numeric_limits<double>::infinity();
    const double drive = p.value("omega0") + p.value("omega0_amp") * std::cos(p.value("omega0_freq") * frame.t);
    return {speed, scene::stickThreshold(drive, p.value("eps")), "|(v_s, ω_s)|"};
}

MechanismScene drawPendulumMechanism(const Scenario& scenario, const MechanismFrame& frame)
{
    const ParameterSet& p = scenario.params;
    const PendulumLayout l = layoutOf(p);
    const double* y = frame.y;
    const Vec2 c = toWorld(y[0], y[1]);
    const Vec2 a = toWorld(y[0] - l.e * std::cos(y[2]), y[1] - l.e * std::sin(y[2])); // Acta Mech (9)

    MechanismScene scene;
    setBox(scene, l);
    addDisk(scene, l, pendulumDiskAngle(scenario, frame.t));
    addTrail(scene, l, frame);
    addSupport(scene, l, a);
    addPendulum(scene, l, a, c, frame.outputs);
    // Outputs X_A, Y_A, v_sx, v_sy, omega_s, T_sx, T_sy, M_s; v_s is A's velocity relative to the
    // disk divided by R (Acta Mech (8)), so in 1/s: contact radii per second.
    const double* out = frame.outputs;
    const double vs = out ? std::hypot(out[2], out[3]) : 0.0, ws = out ? out[4] : 0.0;
    if (out) {
        const NearStick near = pendulumNearStick(scenario, frame);
        scene::setPhase(scene, frame.mode, near.speed, near.threshold, near.symbol);
    }
    scene.readouts = {{"t", frame.t, "s"}, {"φ", y[2], "rad"}, {"φ′", y[5], "rad/s"}, {"|v_s|", vs, "1/s"}, {"ω_s", ws, "rad/s"}};
    return scene;
}

} // namespace fl
