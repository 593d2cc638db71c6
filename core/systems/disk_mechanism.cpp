// S2 drawn from above (JTAM 2016 sec. 5): a wide belt strip with marks moving at v_b, the disk at
// (x, 0) with a radial mark at angle phi, its translational spring from a wall, and the friction
// force Γ and moment Ω of the contact, JTAM (5.1). World unit = the disk's radius r̂, the unit of x.
#include "scenario/scenario.h"
#include "scene/scene_builder.h"
#include "systems/mechanism_drawings.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fl {
namespace {

constexpr double kRadius = 1.0;       ///< the disk (x is in units of its radius)
constexpr double kBeltHalf = 2.0;     ///< half-width of the belt strip
constexpr double kMinSpring = 2.0;    ///< free spring length beyond the disk's edge at the leftmost x
constexpr double kMarkSpacing = 2.0;
constexpr double kMarkLength = 0.5;
constexpr double kForceArm = 3.0;     ///< arrow length of the largest static force eta mu
constexpr double kMomentRadius = 1.35;
constexpr double kMaxSweep = 1.5 * std::numbers::pi;
constexpr double kSpeedArm = 10.0;    ///< arrow length per unit belt speed
constexpr double kSpeedArrowMax = 4.0;

/// The scenario's fixed geometry (world units = disk radii).
struct DiskLayout {
    double lo = 0.0, hi = 0.0; ///< range of x the drawing makes room for
    double wall = 0.0;         ///< x of the wall's face
    double beltEnd = 0.0;
    double staticForce = 1.0;  ///< eta mu: largest holding force (JTAM (2.4) for pure translation)
};

DiskLayout layoutOf(const ParameterSet& p, const MechanismFrame& frame)
{
    DiskLayout l;
    const double mu = p.value("mu"), vb = p.value("v_b");
    l.staticForce = std::max(mu * std::max(p.value("eta"), 1.0), 1e-9);
    // Stick carries the disk with the belt until the spring holds eta mu (translation alone; the
    // rotation's share of the load stops it earlier); slip then swings back about the kinetic
    // level mu, to about 2 mu - eta mu (the 1-D stick-slip cycle, docs/physics.md S1).
    const double ahead = 1.1 * l.staticForce + 1.0, behind = 1.1 * std::max(0.0, l.staticForce - 2.0 * mu) + 1.0;
    l.lo = vb > 0.0 ? -behind : -ahead;
    l.hi = vb < 0.0 ? behind : ahead;
    // A computed run's own range of x is tighter (the rotation takes a share of the load).
    if (frame.rangeLow && frame.rangeHigh) {
        l.lo = frame.rangeLow[0] - 0.5;
        l.hi = frame.rangeHigh[0] + 0.5;
    }
    l.lo = std::min(l.lo, p.value("x0") - 1.0);
    l.hi = std::max(l.hi, p.value("x0") + 1.0);
    l.wall = l.lo - kRadius - kMinSpring;
    l.beltEnd = l.hi + kRadius + kForceArm + 1.0;
    return l;
}

void addBelt(MechanismScene& scene, const DiskLayout& l, double t, double vb)
{
    const double start = l.wall + 0.6, middle = 0.5 * (start + l.beltEnd);
    scene.shapes.push_back(scene::box({middle, 0.0}, l.beltEnd - start, 2.0 * kBeltHalf, SceneRole::Surface, true));
    // Marks at both edges travel with the belt: shifted by v_b t.
    for (double x : scene::movingMarks(start, l.beltEnd, kMarkSpacing, vb * t)) {
        scene.shapes.push_back(scene::line({x, kBeltHalf}, {x, kBeltHalf - kMarkLength}, SceneRole::Marker));
        scene.shapes.push_back(scene::line({x, -kBeltHalf}, {x, -kBeltHalf + kMarkLength}, SceneRole::Marker));
    }
    const double length = scene::arrowLength(vb, kSpeedArm, kSpeedArrowMax);
    if (length != 0.0) {
        const double y = -kBeltHalf - 0.7;
        scene.shapes.push_back(scene::arrow({middle - 0.5 * length, y}, {middle + 0.5 * length, y}, SceneRole::Surface, "v_b"));
    }
}

/// The disk at (x, 0) turned by phi, with the friction force Γ and moment Ω on it (JTAM (5.1)).
void addDisk(MechanismScene& scene, const DiskLayout& l, double x, double phi, double gamma, double omega)
{
    scene.shapes.push_back(scene::box({l.wall - 0.25, 0.0}, 0.5, 2.4, SceneRole::Ground, true));
    scene.shapes.push_back(scene::spring({l.wall, 0.0}, {x, 0.0}, 12, 0.6, "k"));
    scene.shapes.push_back(scene::circle({x, 0.0}, kRadius, SceneRole::Body, true));
    scene.shapes.push_back(scene::line({x, 0.0}, {x + kRadius * std::cos(phi), kRadius * std::sin(phi)}, SceneRole::Marker));
    const double force = scene::arrowLength(gamma, kForceArm / l.staticForce, kForceArm);
    // Γ from the rim, so that it does not cover the mark of phi.
    const double rim = x + std::copysign(kRadius, force);
    if (force != 0.0)
        scene.shapes.push_back(scene::arrow({rim, 0.0}, {rim + force, 0.0}, SceneRole::Friction, "Γ"));
    // The largest holding moment is about eta mu c with c = 2/3 (uniform pressure, JTAM sec. 5).
    const double sweep = std::clamp(kMaxSweep * omega / (l.staticForce * 2.0 / 3.0), -kMaxSweep, kMaxSweep);
    if (sweep != 0.0)
        scene.shapes.push_back(scene::arcArrow({x, 0.0}, kMomentRadius, 0.5 * std::numbers::pi, sweep, SceneRole::Friction, "Ω"));
}

void setBox(MechanismScene& scene, const DiskLayout& l)
{
    scene::Bounds b;
    b.include({l.wall - 0.5, -kBeltHalf - 0.7}, {l.beltEnd, kBeltHalf});
    b.include({l.lo - kRadius - kForceArm, -kMomentRadius}, {l.hi + kRadius + kForceArm, kMomentRadius});
    b.applyTo(scene, 1.0);
}

} // namespace

NearStick diskNearStick(const Scenario& scenario, const MechanismFrame& frame)
{
    const double vb = scenario.params.value("v_b");
    // lambda_s of JTAM (5.2) from the outputs; without them, from the slip speeds.
    const double lambda = frame.outputs ? frame.outputs[2] : std::hypot(frame.y[2] - vb, frame.y[3]);
    return {lambda, scene::stickThreshold(vb, scenario.params.value("eps")), "λ_s"};
}

MechanismScene drawDiskMechanism(const Scenario& scenario, const MechanismFrame& frame)
{
    const ParameterSet& p = scenario.params;
    const DiskLayout l = layoutOf(p, frame);
    const double vb = p.value("v_b"), x = frame.y[0], phi = frame.y[1];
    // Outputs v_s, omega_s, lambda_s, Gamma, Omega (JTAM (5.2)); without them, slip speeds only.
    const double vs = frame.outputs ? frame.outputs[0] : frame.y[2] - vb;
    const double ws = frame.outputs ? frame.outputs[1] : frame.y[3];
    const double gamma = frame.outputs ? frame.outputs[3] : 0.0, omega = frame.outputs ? frame.outputs[4] : 0.0;

    MechanismScene scene;
    setBox(scene, l);
    addBelt(scene, l, frame.t, vb);
    addDisk(scene, l, x, phi, gamma, omega);
    const NearStick near = diskNearStick(scenario, frame);
    scene::setPhase(scene, frame.mode, near.speed, near.threshold, near.symbol);
    scene.readouts = {{"t", frame.t, ""}, {"v_s", vs, ""}, {"ω_s", ws, ""}, {"Γ", gamma, ""}, {"Ω", omega, ""}};
    return scene;
}

} // namespace fl
