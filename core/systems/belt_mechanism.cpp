// S1 drawn as a textbook sketch, side view: wall, spring (and dashpot when ζ > 0), block on a belt
// that runs over two pulleys, friction and forcing arrows. World unit = N/k, the unit of x, so the
// spring's extension on screen is the state x itself.
#include "friction/friction_law.h"
#include "scenario/scenario.h"
#include "scene/scene_builder.h"
#include "systems/mechanism_drawings.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

constexpr double kBlockWidth = 1.0;
constexpr double kBlockHeight = 0.7;
constexpr double kPulley = 0.3;        ///< pulley radius; the belt's top run is at y = 0
constexpr double kBeltThickness = 0.15;
constexpr double kWall = 0.3;          ///< wall thickness; its face is at x = 0
constexpr double kMinSpring = 1.0;     ///< spring length at x = −reach
constexpr double kForceArm = 1.2;      ///< arrow length of the largest static force (or of A)
constexpr double kMarkSpacing = 0.6;
constexpr double kArrowY = 0.15;       ///< height of the friction arrow above the belt
constexpr double kSpeedArm = 1.5;      ///< arrow length per unit belt speed
constexpr double kSpeedArrowMax = 3.0;
constexpr double kBristleGap = 0.22;   ///< gap under the block of a bristle law, where its bristles are drawn
constexpr int kBristles = 5;
constexpr double kBristleLean = 0.3;   ///< horizontal lean of a bristle at its largest steady deflection
constexpr int kBeltStates = 2;         ///< x, x'; a law's states follow (friction/state_law.h)

/// The scenario's fixed geometry (world units = N/k).
struct BeltLayout {
    double reach = 0.0;      ///< the drawing makes room for |x| <= reach
    double blockOrigin = 0.0; ///< block centre at x = 0
    double forceScale = 0.0; ///< world units per unit force
    double beltStart = 0.0, beltEnd = 0.0; ///< pulley centres
    double lift = 0.0;        ///< height of the block's underside: the bristle gap, else 0
    double bristleReach = 0.0; ///< largest steady deflection mu_s / sigma_0 of a bristle law; 0 for other laws
};

BeltLayout layoutOf(const Scenario& s)
{
    const ParameterSet& p = s.params;
    const FrictionLawInfo* law = findFrictionLaw(s.lawId);
    const double muS = law ? law->create(p)->staticLimit() : 1.0;
    const double A = std::abs(p.value("A"));
    BeltLayout l;
    // Stick ends near x = mu_s (+ the forcing); the following slip swings about mu_k with an
    // amplitude of at most mu_s + |v_b| (docs/physics.md S1); a start away from rest adds its energy.
    l.reach = std::max(muS + A + std::max(1.0, std::abs(p.value("v_b"))), std::hypot(p.value("x0"), p.value("v0")) + muS);
    l.blockOrigin = kMinSpring + l.reach + 0.5 * kBlockWidth;
    l.forceScale = kForceArm / std::max({muS, A, 1e-9});
    l.beltStart = 0.2 + kPulley;
    l.beltEnd = l.blockOrigin + l.reach + 0.5 * kBlockWidth + 0.8;
    // Laws whose first state is a bristle deflection z (they declare the bristles' stiffness: Dahl,
    // LuGre, elasto-plastic) lift the block onto its bristles; z ~ 1e-5 is drawn as a lean relative
    // to the largest steady deflection.
    if (const double sigma0 = law && law->memoryScales ? law->memoryScales(p).bristleStiffness : 0.0; sigma0 > 0.0) {
        l.lift = kBristleGap;
        l.bristleReach = muS / sigma0;
    }
    return l;
}

void addSupport(MechanismScene& scene, double blockLeft, double lift, bool damped)
{
    scene.shapes.push_back(scene::box({-0.5 * kWall, 0.5 * (kBlockHeight + 0.5 - 2.0 * kPulley - 0.1)}, kWall,
                                      kBlockHeight + 0.5 + 2.0 * kPulley + 0.1, SceneRole::Ground, true));
    const double springY = lift + (damped ? 0.68 * kBlockHeight : 0.5 * kBlockHeight);
    scene.shapes.push_back(scene::spring({0.0, springY}, {blockLeft, springY}, 10, damped ? 0.22 : 0.3, "k"));
    if (!damped)
        return;
    const double damperY = lift + 0.26 * kBlockHeight;
    for (SceneShape& shape : scene::dashpot({0.0, damperY}, {blockLeft, damperY}, 0.2))
        scene.shapes.push_back(std::move(shape));
}

void addBelt(MechanismScene& scene, const BeltLayout& l, double t, double vb)
{
    const double middle = 0.5 * (l.beltStart + l.beltEnd);
    for (double c : {l.beltStart, l.beltEnd}) {
        scene.shapes.push_back(scene::circle({c, -kPulley}, kPulley, SceneRole::Surface, false));
        scene.shapes.push_back(scene::circle({c, -kPulley}, 0.06, SceneRole::Ground, true));
    }
    scene.shapes.push_back(scene::box({middle, -0.5 * kBeltThickness}, l.beltEnd - l.beltStart, kBeltThickness,
                                      SceneRole::Surface, true));
    scene.shapes.push_back(scene::line({l.beltStart, -2.0 * kPulley}, {l.beltEnd, -2.0 * kPulley}, SceneRole::Surface));
    // Marks on the top run travel with the belt: shifted by v_b t.
    for (double x : scene::movingMarks(l.beltStart, l.beltEnd, kMarkSpacing, vb * t))
        scene.shapes.push_back(scene::line({x, 0.0}, {x, -kBeltThickness}, SceneRole::Marker));
    const double length = scene::arrowLength(vb, kSpeedArm, kSpeedArrowMax);
    if (length != 0.0) {
        const double y = -2.0 * kPulley - 0.35;
        scene.shapes.push_back(scene::arrow({middle - 0.5 * length, y}, {middle + 0.5 * length, y}, SceneRole::Surface, "v_b"));
    }
}

/// Block at centre bx with the friction force F on it and the forcing f (docs/physics.md S1).
void addBlock(MechanismScene& scene, const BeltLayout& l, double bx, double F, double forcing, bool forced)
{
    scene.shapes.push_back(scene::box({bx, l.lift + 0.5 * kBlockHeight}, kBlockWidth, kBlockHeight, SceneRole::Body, true));
    const double friction = scene::arrowLength(F, l.forceScale, 2.0 * kForceArm);
    if (friction != 0.0)
        scene.shapes.push_back(scene::arrow({bx, l.lift + kArrowY}, {bx + friction, l.lift + kArrowY}, SceneRole::Friction, "F"));
    const double push = scene::arrowLength(forcing, l.forceScale, 2.0 * kForceArm);
    if (forced && push != 0.0)
        scene.shapes.push_back(scene::arrow({bx, l.lift + kBlockHeight + 0.3}, {bx + push, l.lift + kBlockHeight + 0.3},
                                            SceneRole::Forcing, "A cos ωt"));
}

/// The bristles between belt and block (LuGre's picture, review Fig. 3): tips on the block's
/// underside, roots on the belt, leaning by the deflection z (review (12), (17)) relative to the
/// largest steady deflection mu_s / sigma_0 (the lean is clamped at 1.5 times that).
void addBristles(MechanismScene& scene, const BeltLayout& l, double bx, double z)
{
    const double lean = kBristleLean * std::clamp(z / l.bristleReach, -1.5, 1.5);
    for (int i = 0; i < kBristles; ++i) {
        const double tip = bx + kBlockWidth * ((i + 0.5) / kBristles - 0.5);
        scene.shapes.push_back(scene::line({tip - lean, 0.0}, {tip, l.lift}, SceneRole::Spring));
    }
    scene.shapes[scene.shapes.size() - kBristles].label = "z"; // on the first (left) bristle, clear of the F arrow
}

void setBox(MechanismScene& scene, const BeltLayout& l)
{
    scene::Bounds b;
    b.include({-kWall, -2.0 * kPulley - 0.1}, {0.0, kBlockHeight + 0.5});
    b.include({l.beltStart - kPulley, -2.0 * kPulley}, {l.beltEnd + kPulley, 0.0});
    const double middle = 0.5 * (l.beltStart + l.beltEnd), arrowY = -2.0 * kPulley - 0.35;
    b.include({middle - 0.5 * kSpeedArrowMax, arrowY}, {middle + 0.5 * kSpeedArrowMax, arrowY});
    // The block and its arrows anywhere in [-reach, reach].
    const double arm = std::max(0.5 * kBlockWidth, 2.0 * kForceArm);
    b.include({l.blockOrigin - l.reach - arm, 0.0}, {l.blockOrigin + l.reach + arm, l.lift + kBlockHeight + 0.3});
    b.applyTo(scene, 0.5);
}

} // namespace

double beltBlockOrigin(const Scenario& scenario)
{
    return layoutOf(scenario).blockOrigin;
}

NearStick beltNearStick(const Scenario& scenario, const MechanismFrame& frame)
{
    const double vb = scenario.params.value("v_b");
    const double vr = frame.outputs ? frame.outputs[0] : frame.y[1] - vb;
    return {std::abs(vr), scene::stickThreshold(vb, scenario.params.value("eps")), "|v_r|"};
}

MechanismScene drawBeltMechanism(const Scenario& scenario, const MechanismFrame& frame)
{
    const ParameterSet& p = scenario.params;
    const BeltLayout l = layoutOf(scenario);
    const double x = frame.y[0], vb = p.value("v_b"), A = p.value("A");
    const double vr = frame.outputs ? frame.outputs[0] : frame.y[1] - vb;
    const double F = frame.outputs ? frame.outputs[1] : 0.0;
    const double bx = l.blockOrigin + x;

    MechanismScene scene;
    setBox(scene, l);
    addBelt(scene, l, frame.t, vb);
    addSupport(scene, bx - 0.5 * kBlockWidth, l.lift, p.value("zeta") > 0.0);
    addBlock(scene, l, bx, F, A * std::cos(p.value("w") * frame.t), A > 0.0);
    if (l.bristleReach > 0.0)
        addBristles(scene, l, bx, frame.y[kBeltStates]);
    const NearStick near = beltNearStick(scenario, frame);
    scene::setPhase(scene, frame.mode, near.speed, near.threshold, near.symbol);
    scene.readouts = {{"t", frame.t, ""}, {"v_r", vr, ""}, {"F", F, ""}};
    // A law with memory: its states too (z of the bristles, Ostermeyer's mu and theta).
    if (const FrictionLawInfo* law = findFrictionLaw(scenario.lawId))
        for (size_t i = 0; i < law->states.size(); ++i)
            scene.readouts.push_back({law->states[i].label, frame.y[kBeltStates + i], law->states[i].unit});
    return scene;
}

} // namespace fl
