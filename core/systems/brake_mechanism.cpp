// S4 drawn as the review's Fig. 16, side view: the block on the belt, k1 from the wall to the
// block, the angle body turning about its pivot s, its vertical leg tied to the block by k2 (and
// c1), its horizontal leg pressing on the block through k3 (the normal force N), the friction
// force on the block and the belt speed v_d. World unit = the length unit of x1 and y1 (N0/k2), so
// springs stretch on screen by the states themselves; the legs turn by y1 / r.
#include "friction/friction_law.h"
#include "scenario/scenario.h"
#include "scene/scene_builder.h"
#include "systems/brake_system.h"
#include "systems/mechanism_drawings.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

// Sizes in units of Layout::unit (grows with the motion's reach so the sketch keeps its shape).
constexpr double kBlockWidth = 1.0;
constexpr double kBlockHeight = 0.6;
constexpr double kLeg = 1.8;        ///< leg length r of the angle body
constexpr double kWall = 0.25;
constexpr double kMinSpring = 1.0;  ///< k1's length at the closest approach
constexpr double kPulley = 0.25;
constexpr double kBelt = 0.12;
constexpr double kMarks = 0.6;
constexpr double kForceArm = 1.0;   ///< arrow length of the largest static force
constexpr double kMaxReach = 50.0;

struct Layout {
    double unit = 1.0;
    double reach = 1.0;       ///< |x1|, |y1| <= reach (world units)
    double blockOrigin = 0.0; ///< block centre at x1 = 0
    Vec2 pivot;               ///< the angle body's pivot s
    double beltStart = 0.0, beltEnd = 0.0;
    double forceScale = 1.0;
};

Layout layoutOf(const Scenario& s, const MechanismFrame& frame)
{
    const BrakeSystem::Parameters b = brakeParameters(s.params);
    const FrictionLawInfo* law = findFrictionLaw(s.lawId);
    const double limit = law ? std::max(law->create(s.params)->staticLimit(), 1e-9) : 1.0;
    Layout l;
    // Stick ends where the springs hold the static force: |x1| of order F_s / (alpha1 - 1).
    l.reach = std::max({1.0, 2.0 * limit * b.beta3 / std::max(b.alpha1 - 1.0, 0.1), std::abs(b.x1), std::abs(b.y1)});
    if (frame.rangeLow && frame.rangeHigh) // a computed run: fit its motion
        l.reach = std::max({0.2, std::abs(frame.rangeLow[0]), std::abs(frame.rangeHigh[0]), std::abs(frame.rangeLow[2]),
                            std::abs(frame.rangeHigh[2])});
    l.reach = std::min(l.reach, kMaxReach);
    l.unit = std::max(0.5, 0.6 * l.reach);
    const double u = l.unit;
    l.blockOrigin = kWall * u + kMinSpring * u + l.reach + 0.5 * kBlockWidth * u;
    // The horizontal leg's tip is above the block's centre at rest, the vertical leg's tip at the
    // height of the block's middle.
    l.pivot = {l.blockOrigin + kLeg * u, 0.5 * kBlockHeight * u + kLeg * u};
    l.beltStart = kWall * u + 0.3 * u;
    l.beltEnd = l.pivot.x + l.reach + 1.2 * u;
    l.forceScale = kForceArm * u / limit;
    return l;
}

void setBox(MechanismScene& scene, const Layout& l)
{
    const double u = l.unit;
    scene::Bounds b;
    b.include({0.0, -2.0 * kPulley * u - 0.6 * u}, {l.beltEnd + kPulley * u, l.pivot.y + 0.5 * u});
    b.include({l.blockOrigin - l.reach - 2.0 * kForceArm * u, 0.0}, {l.blockOrigin + l.reach + 2.0 * kForceArm * u, 0.0});
    // The horizontal leg's tip rises by r sin(theta) when y1 < 0 (theta = y1 / r, at most 0.6 rad).
    const double rise = kLeg * u * std::sin(std::min(0.6, l.reach / (kLeg * u)));
    b.include({l.pivot.x - kLeg * u, l.pivot.y + rise + 0.1 * u}, {l.pivot.x - kLeg * u, l.pivot.y + rise + 0.1 * u});
    b.applyTo(scene, 0.4 * u);
}

void addBelt(MechanismScene& scene, const Layout& l, double t, double vd)
{
    const double u = l.unit, r = kPulley * u, middle = 0.5 * (l.beltStart + l.beltEnd);
    for (double c : {l.beltStart, l.beltEnd}) {
        scene.shapes.push_back(scene::circle({c, -r}, r, SceneRole::Surface, false));
        scene.shapes.push_back(scene::circle({c, -r}, 0.05 * u, SceneRole::Ground, true));
    }
    scene.shapes.push_back(scene::box({middle, -0.5 * kBelt * u}, l.beltEnd - l.beltStart, kBelt * u, SceneRole::Surface, true));
    scene.shapes.push_back(scene::line({l.beltStart, -2.0 * r}, {l.beltEnd, -2.0 * r}, SceneRole::Surface));
    for (double x : scene::movingMarks(l.beltStart, l.beltEnd, kMarks * u, vd * t))
        scene.shapes.push_back(scene::line({x, 0.0}, {x, -kBelt * u}, SceneRole::Marker));
    const double length = scene::arrowLength(vd, 1.5 * u, 3.0 * u);
    if (length != 0.0)
        scene.shapes.push_back(scene::arrow({middle - 0.5 * length, -2.0 * r - 0.4 * u}, {middle + 0.5 * length, -2.0 * r - 0.4 * u},
                                            SceneRole::Surface, "v_d"));
}

} // namespace

NearStick brakeNearStick(const Scenario& scenario, const MechanismFrame& frame)
{
    const double vd = scenario.params.value("v_d");
    const double vr = frame.outputs ? frame.outputs[0] : frame.y[1] - vd;
    return {std::abs(vr), scene::stickThreshold(vd, scenario.params.value("eps")), "|v_r|"};
}

MechanismScene drawBrakeMechanism(const Scenario& scenario, const MechanismFrame& frame)
{
    const BrakeSystem::Parameters p = brakeParameters(scenario.params);
    const BrakeSystem system(p);
    const Layout l = layoutOf(scenario, frame);
    const double u = l.unit, x1 = frame.y[0], y1 = frame.y[2];
    const double vr = frame.outputs ? frame.outputs[0] : frame.y[1] - p.beltSpeed;
    const double f = frame.outputs ? frame.outputs[1] : 0.0; // friction at unit normal load
    const double N = system.normalLoad(frame.y);

    MechanismScene scene;
    setBox(scene, l);
    addBelt(scene, l, frame.t, p.beltSpeed);
    // The wall and k1.
    const double h = kBlockHeight * u, bx = l.blockOrigin + x1;
    scene.shapes.push_back(scene::box({0.5 * kWall * u, 0.5 * (l.pivot.y + 0.3 * u)}, kWall * u, l.pivot.y + 0.3 * u, SceneRole::Ground, true));
    // The block, lifted by a hair when N = 0, then k1 (its label clear of the block).
    const double lift = N > 0.0 ? 0.0 : 0.08 * u;
    scene.shapes.push_back(scene::box({bx, lift + 0.5 * h}, kBlockWidth * u, h, SceneRole::Body, true));
    scene.shapes.push_back(scene::spring({kWall * u, 0.5 * h}, {bx - 0.5 * kBlockWidth * u, 0.5 * h}, 8, 0.25 * u, ""));
    const Vec2 k1Label{0.5 * (kWall * u + bx - 0.5 * kBlockWidth * u), 0.5 * h + 0.3 * u}; // above the coil's middle
    scene.shapes.push_back(scene::line(k1Label, k1Label, SceneRole::Spring));
    scene.shapes.back().label = "k₁";
    // The angle body turned by y1 / r (the legs' tips move by y1): the vertical leg's tip right,
    // the horizontal leg's tip down for y1 > 0 (more pressure).
    const double theta = std::clamp(y1 / (kLeg * u), -0.6, 0.6);
    const Vec2 s = l.pivot;
    const Vec2 down{s.x + kLeg * u * std::sin(theta), s.y - kLeg * u * std::cos(theta)};
    const Vec2 left{s.x - kLeg * u * std::cos(theta), s.y - kLeg * u * std::sin(theta)};
    scene.shapes.push_back(scene::line(s, down, SceneRole::Body));
    scene.shapes.push_back(scene::line(s, left, SceneRole::Body));
    scene.shapes.push_back(scene::box({s.x, s.y + 0.3 * u}, 0.5 * u, 0.12 * u, SceneRole::Ground, true));
    scene.shapes.push_back(scene::line({s.x, s.y}, {s.x, s.y + 0.24 * u}, SceneRole::Ground));
    scene.shapes.push_back(scene::circle(s, 0.09 * u, SceneRole::Ground, true));
    scene.shapes.back().label = "s";
    // k2 (and c1) from the block's right side to the vertical leg; k3 from the horizontal leg down
    // onto the block's top (N).
    const Vec2 side{bx + 0.5 * kBlockWidth * u, (p.eta1 > 0.0 ? 0.68 : 0.5) * h + lift};
    scene.shapes.push_back(scene::spring(side, down, 6, 0.22 * u, "k₂"));
    if (p.eta1 > 0.0)
        for (SceneShape& shape : scene::dashpot({side.x, 0.26 * h + lift}, {down.x, 0.26 * h + lift}, 0.16 * u))
            scene.shapes.push_back(std::move(shape));
    scene.shapes.push_back(scene::spring(left, {bx, h + lift}, 6, 0.22 * u, "k₃"));
    if (p.etaC2 > 0.0)
        scene.shapes.push_back(scene::arcArrow(s, 0.35 * u, -0.25 * 3.14159265358979, -1.2, SceneRole::Spring, "c₂"));
    // Friction on the block: the law's force times the normal load.
    const double friction = scene::arrowLength(N * f, l.forceScale, 2.0 * kForceArm * u);
    if (friction != 0.0)
        scene.shapes.push_back(scene::arrow({bx, 0.15 * u}, {bx + friction, 0.15 * u}, SceneRole::Friction, "F"));
    const NearStick near = brakeNearStick(scenario, frame);
    scene::setPhase(scene, frame.mode, near.speed, near.threshold, near.symbol);
    scene.readouts = {{"t", frame.t, ""}, {"v_r", vr, ""}, {"N", N, ""}, {"F", N * f, ""}};
    return scene;
}

} // namespace fl
