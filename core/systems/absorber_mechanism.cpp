// S6 drawn as a textbook sketch, side view: the base that moves u = A cos ωt, the housing m1 on
// wheels held to it by k1 (and the dashpot), and on the housing's top the guide with the absorber m2,
// tied to a post by k2 (and c), with the friction force of the guide on it. World unit = N/k1, the
// unit of x1 and x2, so the springs' extensions on screen are the states themselves.
#include "friction/friction_law.h"
#include "scenario/scenario.h"
#include "scene/scene_builder.h"
#include "systems/absorber_system.h"
#include "systems/mechanism_drawings.h"

#include <algorithm>
#include <cmath>
#include <complex>

namespace fl {
namespace {

// Sizes in units of Layout::unit, which grows with the motion's reach so that the sketch keeps
// its proportions whatever the amplitudes (the states themselves are drawn to scale).
constexpr double kWheel = 0.12;
constexpr double kHousingHeight = 1.0;
constexpr double kHousingBottom = 2.0 * kWheel;
constexpr double kTop = kHousingBottom + kHousingHeight; ///< the guide
constexpr double kBaseWidth = 0.3;
constexpr double kMinSpring = 1.2;   ///< spring length at the closest approach
constexpr double kPost = 0.2;        ///< width of the post k2 is fixed to
constexpr double kAbsorberWidth = 0.8;
constexpr double kAbsorberHeight = 0.55;
constexpr double kForceArm = 1.0;    ///< arrow length of the static friction limit
constexpr double kMaxReach = 50.0;
constexpr double kAspect = 0.3;      ///< the sketch's height over its width, about

struct Layout {
    double unit = 1.0;        ///< world length of one unit of the sizes above
    double reach1 = 0.0;      ///< |x1| <= reach1
    double reach2 = 0.0;      ///< |x2 - x1| <= reach2
    double amplitude = 0.0;   ///< A
    double housingOrigin = 0.0; ///< housing centre at x1 = 0
    double housingWidth = 0.0;
    double absorberOffset = 0.0; ///< absorber centre minus housing centre at x2 = x1
    double forceScale = 0.0;
};

Layout layoutOf(const Scenario& s, const MechanismFrame& frame)
{
    const AbsorberSystem::Parameters a = absorberParameters(s.params);
    // Room for the steady motion with the absorber free (no friction) and stuck (one mass 1 + m),
    // twice over: a start from rest beats up to twice the steady amplitude near a resonance.
    std::complex<double> X1, X2;
    absorberLinearResponse(a, X1, X2);
    const std::complex<double> i(0.0, 1.0), w = a.frequency;
    const std::complex<double> stuck = a.amplitude * (1.0 + 2.0 * i * a.zeta1 * w) / (1.0 + 2.0 * i * a.zeta1 * w - (1.0 + a.massRatio) * w * w);
    Layout l;
    l.amplitude = std::abs(a.amplitude);
    l.reach1 = std::max(2.0 * std::max(std::abs(X1), std::abs(stuck)) + std::abs(a.x1), 0.3);
    l.reach2 = std::max(2.0 * std::abs(X2 - X1) + std::abs(a.x2 - a.x1), 0.3);
    if (frame.rangeLow && frame.rangeHigh) { // a computed run: fit its motion
        l.reach1 = std::max({std::abs(frame.rangeLow[0]), std::abs(frame.rangeHigh[0]), 0.3});
        const double spread = std::max(frame.rangeHigh[1] - frame.rangeLow[0], frame.rangeHigh[0] - frame.rangeLow[1]);
        l.reach2 = std::clamp(spread, 0.3, l.reach2 + 2.0 * l.reach1);
    }
    l.reach1 = std::min(l.reach1, kMaxReach);
    l.reach2 = std::min(l.reach2, kMaxReach);
    // The width in units plus the reaches: solve width = kAspect^-1 * height for the unit.
    const double fixedUnits = 2.0 * kMinSpring + kPost + kAbsorberWidth + 0.4 + kBaseWidth;
    const double reaches = 2.0 * l.amplitude + 2.0 * l.reach1 + 2.0 * l.reach2;
    l.unit = std::max(1.0, reaches / ((kTop + kAbsorberHeight + 0.7) / kAspect - fixedUnits));
    const double u = l.unit;
    l.housingWidth = (kPost + kMinSpring + kAbsorberWidth + 0.4) * u + 2.0 * l.reach2;
    l.housingOrigin = l.amplitude + kMinSpring * u + l.reach1 + 0.5 * l.housingWidth;
    l.absorberOffset = -0.5 * l.housingWidth + (kPost + kMinSpring) * u + l.reach2 + 0.5 * kAbsorberWidth * u;
    const FrictionLawInfo* law = findFrictionLaw(s.lawId);
    const double limit = law ? law->create(s.params)->staticLimit() : 1.0;
    l.forceScale = kForceArm * u / std::max(limit, 1e-9);
    return l;
}

void addGround(MechanismScene& scene, double from, double to, double unit)
{
    scene.shapes.push_back(scene::box({0.5 * (from + to), -0.1 * unit}, to - from, 0.2 * unit, SceneRole::Ground, true));
}

/// The base at x = u (its right face), moving as u = A cos wt: an arrow of its displacement.
void addBase(MechanismScene& scene, double u, double A, bool forced, double unit)
{
    const double h = (kTop + 0.2) * unit, w = kBaseWidth * unit;
    scene.shapes.push_back(scene::box({u - 0.5 * w, 0.5 * h}, w, h, SceneRole::Surface, true));
    if (forced && u != 0.0)
        scene.shapes.push_back(scene::arrow({0.0, h + 0.25 * unit}, {u, h + 0.25 * unit}, SceneRole::Forcing, "u"));
    (void)A;
}

void addSpringAndDamper(MechanismScene& scene, double from, double to, double y, double gap, bool damped, const char* label,
                        double unit)
{
    scene.shapes.push_back(scene::spring({from, damped ? y + gap : y}, {to, damped ? y + gap : y}, 8, 0.2 * unit, label));
    if (!damped)
        return;
    for (SceneShape& shape : scene::dashpot({from, y - gap}, {to, y - gap}, 0.16 * unit))
        scene.shapes.push_back(std::move(shape));
}

} // namespace

NearStick absorberNearStick(const Scenario& scenario, const MechanismFrame& frame)
{
    const ParameterSet& p = scenario.params;
    const double vr = frame.outputs ? frame.outputs[0] : frame.y[3] - frame.y[2];
    // The housing's speed scale A w stands for the surface speed of S1.
    return {std::abs(vr), scene::stickThreshold(p.value("A") * p.value("w"), p.value("eps")), "|v_r|"};
}

MechanismScene drawAbsorberMechanism(const Scenario& scenario, const MechanismFrame& frame)
{
    const ParameterSet& p = scenario.params;
    const Layout l = layoutOf(scenario, frame);
    const double g = l.unit; // sizes below in world units
    const double x1 = frame.y[0], x2 = frame.y[1];
    const double A = p.value("A"), u = A * std::cos(p.value("w") * frame.t);
    const double vr = frame.outputs ? frame.outputs[0] : frame.y[3] - frame.y[2];
    const double F = frame.outputs ? frame.outputs[1] : 0.0;
    const double hx = l.housingOrigin + x1, left = hx - 0.5 * l.housingWidth;
    const double ax = hx + l.absorberOffset + (x2 - x1);
    const double top = kTop * g, housingMiddle = (kHousingBottom + 0.5 * kHousingHeight) * g;

    MechanismScene scene;
    scene::Bounds b;
    const double right = l.housingOrigin + l.reach1 + 0.5 * l.housingWidth;
    b.include({-l.amplitude - kBaseWidth * g, -0.2 * g}, {right, top + (kAbsorberHeight + 0.7) * g});
    b.applyTo(scene, 0.4 * g);
    addGround(scene, -l.amplitude - (kBaseWidth + 0.2) * g, right + 0.2 * g, g);
    addBase(scene, u, std::abs(A), A != 0.0, g);
    // The housing on two wheels, held to the base by k1 (and its dashpot).
    scene.shapes.push_back(scene::box({hx, housingMiddle}, l.housingWidth, kHousingHeight * g, SceneRole::Body, true));
    for (double c : {left + 0.3 * g, left + l.housingWidth - 0.3 * g})
        scene.shapes.push_back(scene::circle({c, kWheel * g}, kWheel * g, SceneRole::Body, false));
    addSpringAndDamper(scene, u, left, housingMiddle, 0.22 * g, p.value("zeta1") > 0.0, "k₁", g);
    // The guide on the housing's top, the post, and the absorber tied to it by k2 (and c).
    scene.shapes.push_back(scene::line({left, top}, {left + l.housingWidth, top}, SceneRole::Surface));
    scene.shapes.push_back(scene::box({left + 0.5 * kPost * g, top + 0.4 * g}, kPost * g, 0.8 * g, SceneRole::Body, true));
    scene.shapes.push_back(scene::box({ax, top + 0.5 * kAbsorberHeight * g}, kAbsorberWidth * g, kAbsorberHeight * g, SceneRole::Body, true));
    addSpringAndDamper(scene, left + kPost * g, ax - 0.5 * kAbsorberWidth * g, top + 0.5 * kAbsorberHeight * g, 0.13 * g,
                       p.value("zeta2") > 0.0, "k₂", g);
    const double friction = scene::arrowLength(F, l.forceScale, 2.0 * kForceArm * g);
    if (friction != 0.0)
        scene.shapes.push_back(scene::arrow({ax, top + 0.08 * g}, {ax + friction, top + 0.08 * g}, SceneRole::Friction, "F"));
    const NearStick near = absorberNearStick(scenario, frame);
    scene::setPhase(scene, frame.mode, near.speed, near.threshold, near.symbol);
    scene.readouts = {{"t", frame.t, ""}, {"x₁", x1, ""}, {"v_r", vr, ""}, {"F", F, ""}};
    return scene;
}

} // namespace fl
