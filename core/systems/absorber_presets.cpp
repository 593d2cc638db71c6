// Presets of S6, the vibration absorber with dry friction (review Fig. 5-6). The review publishes
// no numbers for this system: the cases are teaching cases on a housing with w1 = 1, a 10 % absorber
// tuned to it (w2 = 1), 2 % housing damping and the base amplitude A = 0.2 (N/k1), with the three
// friction characteristics of the review's Fig. 6. Every figure quoted in a note was measured with
// frictionlab-cli and is asserted in tests/core/test_absorber.cpp.
#include "systems/system_registry.h"

#include <utility>

namespace fl {
namespace {

/// The frequency response: the maxima of x1 (the downward crossings of x1' = 0) over w, swept up
/// and down with continuation, so that jumps between coexisting responses show as two branches.
SweepSpec frequencyResponse()
{
    SweepSpec s;
    s.parameter = "w";
    s.from = 0.6;
    s.to = 1.4;
    s.steps = 161;
    s.transient = 300.0;
    s.samples = 8;
    s.maxRecordTime = 100.0;
    s.observable = SweepObservable::Hyperplane;
    s.sectionVariable = 2; // x1'
    s.level = 0.0;
    s.crossingDirection = -1;
    s.variable = 0; // x1
    s.continuation = true;
    s.direction = SweepDirection::Both;
    return s;
}

Preset responsePreset(std::string id, std::string title, std::string lawId, std::vector<std::pair<std::string, double>> values,
                      std::string summary, std::string note)
{
    Preset p = teachingPreset(std::move(id), std::move(title), std::move(lawId), std::move(values), std::move(summary), std::move(note));
    p.group = "Frequency response";
    p.sweep = frequencyResponse();
    return p;
}

} // namespace

std::vector<Preset> absorberPresets()
{
    // At the housing's resonance w = 1, measured over t in [300, 400] (event-driven, tol 1e-10):
    // the housing's amplitude |x1| without absorber would be A / (2 zeta1) = 5.
    std::vector<Preset> presets;
    presets.push_back(teachingPreset(
        "absorber-linear", "The classic tuned absorber (no friction)", "coulomb", {{"mu_s", 0.0}, {"mu_k", 0.0}, {"w", 1.0}},
        "No friction: at its own resonance the housing barely moves (|x₁| = 0.19, 5 without the absorber); the absorber swings instead.",
        "μ_s = μ_k = 0, ζ₂ = 0.05, ω = 1. Measured: housing amplitude 0.1917, absorber 1.926 (the linear closed form: "
        "0.1916 and 1.926); without the absorber the housing would swing with A/(2ζ₁) = 5."));
    presets.push_back(teachingPreset(
        "absorber-slipping", "Light friction: the absorber slips all the time", "coulomb", {{"mu_s", 0.02}, {"mu_k", 0.02}, {"w", 1.0}},
        "Light Coulomb friction (μ = 0.02): the absorber never sticks after the start; the housing swings a little more (|x₁| = 0.43).",
        "μ_s = μ_k = 0.02, ω = 1. Measured: no stick after t = 300, housing amplitude 0.435, absorber relative to the "
        "housing 1.79."));
    presets.push_back(teachingPreset(
        "absorber-stick-slip", "The absorber sticks and slips on its guide (F_s > F_k)", "coulomb",
        {{"mu_s", 0.2}, {"mu_k", 0.1}, {"w", 1.0}},
        "Static friction above kinetic: the absorber sticks to the housing at each turn, about 20 % of the time, and the housing swings with |x₁| = 1.7.",
        "μ_s = 0.2, μ_k = 0.1, ω = 1. Measured over t ∈ [300, 400]: 63 stick/slip switches (two stick phases per period), "
        "stick 20 % of the time, housing amplitude 1.70, absorber relative to the housing 1.81."));
    presets.push_back(teachingPreset(
        "absorber-locked", "Too much friction: the absorber locks", "coulomb", {{"mu_s", 0.2}, {"mu_k", 0.2}, {"w", 1.0}},
        "μ = 0.2: the absorber sticks for good and the two bodies move as one mass 1 + m: |x₁| = 1.86, the absorber is lost.",
        "μ_s = μ_k = 0.2, ω = 1. Measured: no slip after the start; housing amplitude 1.861, the closed form of one mass "
        "1 + m on k₁: A|1 + 2iζ₁ω| / |1 + 2iζ₁ω − (1 + m)ω²| = 1.857 (the rest: the transient)."));
    presets.push_back(responsePreset("absorber-response-linear", "Frequency response without friction", "coulomb",
                                     {{"mu_s", 0.0}, {"mu_k", 0.0}},
                                     "The classic two peaks of a tuned absorber, with the housing nearly still between them.",
                                     "μ = 0, ζ₂ = 0.05. Measured (frictionlab-cli sweep --preset absorber-response-linear, 0.45 s): peaks "
                                     "2.155 at ω = 0.85 and 1.012 at 1.175, valley 0.192 at ω = 1; the maxima of x₁ equal the linear "
                                     "closed form to 1e-3 (tests/core/test_absorber.cpp), the sweeps up and down agree to 2e-3."));
    presets.push_back(responsePreset("absorber-response-coulomb", "Frequency response, Coulomb (review Fig. 6a)", "coulomb",
                                     {{"mu_s", 0.02}, {"mu_k", 0.02}}, "Coulomb friction F_s = F_k: lower peaks, a higher valley.",
                                     "μ_s = μ_k = 0.02. Measured: peaks 1.541 at ω = 0.855 and 0.627 at 1.16 (28 % and 38 % below "
                                     "the frictionless ones), valley 0.426 at 1.02 (0.192 without friction); up and down agree to 1e-3: "
                                     "no coexisting responses at these parameters."));
    presets.push_back(responsePreset("absorber-response-falling", "Frequency response, falling characteristic (review Fig. 6b)",
                                     "stribeck-exp", {{"mu_0", 0.02}, {"mu_k", 0.01}, {"delta", 0.05}},
                                     "Friction falling with the sliding speed (F_s = F_k at rest).",
                                     "Exponential Stribeck law, μ_0 = 0.02 falling to μ_k = 0.01 with initial slope δ = 0.05. Measured: "
                                     "peaks 1.838 at ω = 0.855 and 0.805 at 1.17, valley 0.313 at 1.01: the shape of the Coulomb "
                                     "response, between it and the frictionless one, as the review reports (little qualitative change)."));
    presets.push_back(responsePreset("absorber-response-static", "Frequency response, F_s > F_k (review Fig. 6c)", "coulomb",
                                     {{"mu_s", 0.04}, {"mu_k", 0.02}}, "A static threshold twice the kinetic friction.",
                                     "μ_s = 0.04, μ_k = 0.02. Measured: the peaks of the Coulomb case with μ = μ_k (1.541 at 0.855, "
                                     "0.627 at 1.16, valley 0.426): at these amplitudes the absorber slips through its turns, so only "
                                     "μ_k counts; the review's remark that a small F_s − F_k behaves like Coulomb. Stick (and with it "
                                     "the static limit) matters at large μ_s: see absorber-stick-slip."));
    presets.push_back(responsePreset(
        "absorber-response-stick-slip", "Frequency response with strong static friction: irregular stick-slip", "coulomb",
        {{"mu_s", 0.3}, {"mu_k", 0.15}},
        "Strong static friction (μ_s = 0.3 = 2μ_k): near the locked system's resonance the absorber sticks and slips irregularly.",
        "μ_s = 0.3, μ_k = 0.15. Measured: a single peak 2.56 at ω = 0.92 on the locked branch; from ω = 0.93 to 0.99 "
        "the maxima of x₁ scatter between 1.7 and 3.3 (no period settles, up and down differ: the motion depends on "
        "where it came from); from 1.01 on one periodic response again. With a transient of 900 instead of 300 the "
        "band and the rest are the same (the periodic maxima agree to 1e-3)."));
    return presets;
}

} // namespace fl
