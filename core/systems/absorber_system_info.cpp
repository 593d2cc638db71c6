// Registration of S6, the passive vibration absorber with dry friction (review Fig. 5-6), and its
// presets. The review gives the model (after Hartung, Schmieg and Vielsack 2001) but no numbers:
// the presets are teaching cases on a housing tuned to w = 1 with a 10 % absorber, and their notes
// quote what FrictionLab measured.
#include "solvers/contact_dynamics.h"
#include "systems/absorber_system.h"
#include "systems/mechanism_drawings.h"
#include "systems/system_registry.h"

#include <utility>

namespace fl {
namespace {

constexpr double kTwoPi = 6.283185307179586;

ParameterSpecs absorberSpecs()
{
    return {
        {"m_ratio", "Mass ratio", "m₂/m₁", "–", "Absorber mass over housing mass.", 0.1, 0.001, 10.0, true},
        {"w2", "Absorber tuning", "ω₂", "–", "Natural frequency √(k₂/m₂) of the absorber on its spring, in units of the housing's ω₁ = √(k₁/m₁).",
         1.0, 0.05, 10.0},
        {"zeta1", "Housing damping", "ζ₁", "–", "Damping ratio of the housing's dashpot (parallel to k₁, to the moving base).", 0.02, 0.0, 2.0},
        {"zeta2", "Absorber damping", "ζ₂", "–", "Damping ratio c/(2√(k₂m₂)) of the absorber's damper c.", 0.05, 0.0, 2.0},
        {"A", "Base amplitude", "A", "–", "Amplitude of the base motion u = A cos(ωt), in units of N/k₁ (N: the absorber's normal force on its guide).",
         0.2, 0.0, 100.0},
        {"w", "Forcing frequency", "ω", "–", "Frequency of the base motion, in units of the housing's natural frequency ω₁.", 1.0, 0.01, 10.0},
        {"x1_0", "Initial housing position", "x₁(0)", "–", "Housing position at t = 0, in units of N/k₁; the run starts at rest.", 0.0, -100.0, 100.0},
        {"x2_0", "Initial absorber position", "x₂(0)", "–", "Absorber position at t = 0, in units of N/k₁ (k₂ relaxed at x₂ = x₁).", 0.0, -100.0, 100.0},
    };
}

} // namespace

AbsorberSystem::Parameters absorberParameters(const ParameterSet& p)
{
    AbsorberSystem::Parameters a;
    a.massRatio = p.value("m_ratio");
    a.tuning = p.value("w2");
    a.zeta1 = p.value("zeta1");
    a.zeta2 = p.value("zeta2");
    a.amplitude = p.value("A");
    a.frequency = p.value("w");
    a.x1 = p.value("x1_0");
    a.x2 = p.value("x2_0");
    return a;
}



SystemInfo absorberSystemInfo()
{
    SystemInfo info;
    info.id = "absorber";
    info.name = "Vibration absorber with dry friction (S6)";
    info.equation = "x₁″ = −(x₁ − u) − 2ζ₁(x₁′ − u′) + κ(x₂ − x₁) + γ(x₂′ − x₁′) − F,  m x₂″ = −κ(x₂ − x₁) − γ(x₂′ − x₁′) + F,  "
                    "u = A cos ωt,  v_r = x₂′ − x₁′";
    info.specs = absorberSpecs();
    info.defaults = {{"t_end", 300.0}, {"dt", 0.05}, {"tol", 1e-10}, {"eps", 1e-4}, {"mu_s", 0.02}, {"mu_k", 0.02}};
    info.lawFamily = LawFamily::OneDimensional;
    info.methods = {Method::EventDriven, Method::Regularized, Method::Explicit};
    info.states = {"x1", "x2", "v1", "v2"};
    info.outputs = {"v_r", "F"};
    info.presets = absorberPresets();
    info.plots.timeHistory = {"x1", "x2", "F"};
    info.plots.phasePortraits = {{"x1", "v1"}, {"x2", "v2"}};
    info.plots.characteristic = {"v_r", "F"};
    // Forced: stroboscopic at the forcing period; unforced: the maxima of x1.
    info.defaultSection = [](const Scenario& s) {
        return s.params.value("A") != 0.0 ? PoincareSection::stroboscopic(kTwoPi / s.params.value("w"))
                                          : PoincareSection::hyperplane(2, 0.0, -1);
    };
    info.makeDynamics = [](const Scenario& scenario, const IntegrationSettings& settings) -> std::unique_ptr<Dynamics> {
        return makeContactDynamics(std::make_unique<AbsorberSystem>(absorberParameters(scenario.params)), scenario, settings);
    };
    info.mechanism = drawAbsorberMechanism;
    info.nearStick = absorberNearStick;
    info.variables = {{"t", "t", ""},       {"x1", "x₁", ""}, {"x2", "x₂", ""}, {"v1", "x₁′", ""},
                      {"v2", "x₂′", ""},    {"v_r", "v_r", ""}, {"F", "F", ""}};
    return info;
}

} // namespace fl
