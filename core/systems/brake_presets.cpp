// Presets of S4, the two-DOF brake model (review sec. 4, Figs. 22-23; systems/brake_system.h). The
// figures' parameters are the review's captions; the friction law is the rig's two-branch law
// (friction/brake_law.cpp) with the captions' gamma_1, gamma_2 and mu_0. Every figure quoted in a
// note was measured with frictionlab-cli and is asserted in tests/core/test_brake.cpp.
#include "systems/system_registry.h"

#include <utility>

namespace fl {
namespace {

/// The review's bifurcation diagram over alpha1: x1 at the maxima (x2 falls through 0), from the
/// caption's initial state at every value (the review: "the solution did not leave the attractor"
/// is its other way, continuation), tau 1000 discarded, up to 60 points recorded.
SweepSpec alphaSweep(double from, double to, int steps)
{
    SweepSpec s;
    s.parameter = "alpha1";
    s.from = from;
    s.to = to;
    s.steps = steps;
    s.transient = 1000.0;
    s.samples = 60;
    s.maxRecordTime = 50000.0;
    s.observable = SweepObservable::Hyperplane;
    s.sectionVariable = 1; // x2
    s.level = 0.0;
    s.crossingDirection = -1;
    s.variable = 0; // x1
    s.continuation = false;
    s.direction = SweepDirection::Up;
    return s;
}

Preset reviewPreset(std::string id, std::string title, std::vector<std::pair<std::string, double>> values, std::string summary,
                    std::string note)
{
    Preset p;
    p.id = std::move(id);
    p.title = std::move(title);
    p.group = "Review 2005 (Figs. 22-23)";
    p.lawId = "brake-branches";
    p.method = Method::EventDriven;
    p.values = std::move(values);
    p.summary = std::move(summary);
    p.note = std::move(note);
    return p;
}

// The captions (eta = 0 throughout).
const std::vector<std::pair<std::string, double>> kFig22 = {{"alpha1", 3.0}, {"alpha2", 1.159}, {"beta3", 1.825}, {"mu_0", 0.7},
                                                            {"gamma1", 0.2}, {"gamma2", 0.8},   {"v_d", 0.6}};
const std::vector<std::pair<std::string, double>> kFig23 = {{"alpha1", 3.2}, {"alpha2", 1.093}, {"beta3", 2.441}, {"mu_0", 1.2},
                                                            {"gamma1", 0.152}, {"gamma2", 0.609}, {"v_d", 0.1}, {"x2_0", 0.1}};

std::vector<std::pair<std::string, double>> with(std::vector<std::pair<std::string, double>> values,
                                                 std::vector<std::pair<std::string, double>> more)
{
    values.insert(values.end(), more.begin(), more.end());
    return values;
}

} // namespace

std::vector<std::pair<std::string, double>> brakeDefaults()
{
    // Coulomb and the laws with mu_s, mu_k open at the rig's static coefficient, with mu_k half of it.
    return with(kFig22, {{"mu_s", 0.7}, {"mu_k", 0.35}, {"t_end", 300.0}, {"dt", 0.02}, {"tol", 1e-10}, {"eps", 1e-4}});
}

std::vector<Preset> brakePresets()
{
    std::vector<Preset> presets;
    // The first stick comes at tau = 553: the run is 2000 long so that it shows what the note describes.
    presets.push_back(reviewPreset("amr2005-fig22-run", "Review Fig. 22's parameters at α₁ = 3: stick-slip of the brake block",
                                   with(kFig22, {{"t_end", 2000.0}, {"dt", 0.1}}),
                                   "The block sticks to the belt, is pulled back by the springs and slips; the angle body presses harder as it is dragged along. "
                                   "The oscillation grows for a while: the first stick comes at τ = 553.", "Event-driven, tol 1e-10, over τ ∈ [1000, 2000]: no period settles (quasi-periodic: λ₁ = 1.4e-4, zero within the "
                                   "estimate, regularized ε = 1e-4 over 4000 time units), 5.5 % of the time in stick, x₁ ∈ [−1.32, 1.22], "
                                   "170 stick/slip switches from τ = 0 to 2000. At α₁ = 4: period-1, 3.2 % stick, x₁ ∈ [−0.86, 0.86]."));
    Preset fig22 = reviewPreset("amr2005-fig22", "Review Fig. 22: bifurcation diagram over α₁ ∈ [2.72, 4.32]", kFig22,
                                "The review's Fig. 22: x₁ at its maxima over α₁ from 2.72 to 4.32 (401 values).", "Measured (frictionlab-cli sweep --preset amr2005-fig22: 401 values in 19 s on two threads; 60 maxima after τ = 1000): "
                                "irregular from α₁ = 2.72 to 3.48 (quasi-periodic: λ₁ = 1.4e-4 at 3.0 and 1.6e-4 at 3.3, zero within the estimate) "
                                "with periodic windows (period 4 at 2.81–2.87, 15 near 3.08–3.14, 10 at 3.48); period-1 with a 1e-3 "
                                "modulation at 3.49–3.54; period-1 stick-slip from 3.55 to 4.32 (x₁ max 0.857 at α₁ = 4). The review's "
                                "period tripling near 3.1 and back near 4.0 is not reproduced (see the help page: the law is a reading).");
    fig22.sweep = alphaSweep(2.72, 4.32, 401);
    presets.push_back(fig22);
    presets.push_back(reviewPreset("amr2005-fig23-run", "Review Fig. 23's parameters at α₁ = 3.2", kFig23, "Fig. 23's slower belt (v_d = 0.1) and stronger coupling.",
                                   "Event-driven, tol 1e-10, over τ ∈ [1000, 2000]: period-1 stick-slip, 45 % of the time in stick, x₁ ∈ [−0.11, 0.395], "
                                   "981 stick/slip switches from τ = 0 to 2000."));
    Preset fig23 = reviewPreset("amr2005-fig23", "Review Fig. 23: bifurcation diagram over α₁ ∈ [2.83, 3.58]", kFig23,
                                "The review's Fig. 23: x₁ at its maxima over α₁ from 2.83 to 3.58 (376 values).", "Measured (frictionlab-cli sweep --preset amr2005-fig23: 376 values in 27 s on two threads): period-1 stick-slip "
                                "throughout; from α₁ = 2.83 to 3.01 x₁ has two maxima per period (0.205 and 0.327 at 2.9: a second "
                                "maximum, not a period doubling), from 3.01 on one (0.393 at 3.3). The review's period doubling into chaos "
                                "near 2.9 and its windows are not reproduced.");
    fig23.sweep = alphaSweep(2.83, 3.58, 376);
    presets.push_back(fig23);
    return presets;
}

} // namespace fl
