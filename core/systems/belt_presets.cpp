// Teaching presets of S1, the block on a moving belt: x″ + 2ζx′ + x = A cos(ωt) + F(v_r),
// v_r = x′ − v_b (docs/physics.md S1). Every figure quoted in a note was measured with
// `frictionlab-cli run --preset ID --events ev.csv` (event-driven switches located on the dense
// output) and is asserted in tests/core/test_teaching_presets.cpp.
#include "systems/belt_presets.h"

#include <utility>

namespace fl {

std::vector<Preset> beltTeachingPresets()
{
    std::vector<Preset> presets;

    // From rest, x = μ_k (1 − cos t): the block's speed never exceeds μ_k = 1 < v_b.
    presets.push_back(teachingPreset(
        "belt-pure-slip", "Pure slip: the belt is faster than the block can follow", "coulomb",
        {{"mu_s", 1.0}, {"mu_k", 1.0}, {"v_b", 1.5}, {"t_end", 50.0}},
        "Pure slip: the phase portrait is a circle below the line x′ = v_b; the friction force stays at μ_k.",
        "μ_s = μ_k = 1, v_b = 1.5, ζ = 0, from rest. The block oscillates about the steady-sliding position x = μ_k "
        "with amplitude μ_k: x = 1 − cos t, x′ = sin t ≤ 1 < v_b, so it never reaches the belt's speed. Measured: no "
        "stick/slip switch, v_r between −2.5 and −0.5, F = μ_k = 1 throughout."));

    // Closed form (tests/core/test_event_driven_solver.cpp): stick 2(μ_s − μ_k)/v_b, slip π + 2 atan(v_b/(μ_s − μ_k)).
    presets.push_back(teachingPreset(
        "belt-stick-slip", "Stick-slip: static friction above kinetic friction", "coulomb",
        {{"mu_s", 2.0}, {"mu_k", 1.0}, {"v_b", 0.5}, {"t_end", 100.0}},
        "Stick-slip (μ_s = 2 > μ_k = 1): the block rides with the belt until the spring pulls harder than μ_s, slips "
        "back, and sticks again, every 8.07 time units.",
        "μ_s = 2, μ_k = 1, v_b = 0.5, ζ = A = 0, from rest. First stick at t = π/6 (x′ = sin t reaches v_b); from then "
        "on the closed-form cycle: stick 2(μ_s − μ_k)/v_b = 4, slip π + 2 atan(v_b/(μ_s − μ_k)) = 4.0689, period "
        "8.0689, x between −0.118 and 2.118 (μ_k ∓ √((μ_s − μ_k)² + v_b²)). Measured: 13 stick phases in 100, periods "
        "8.0689, stick fraction 0.51."));

    presets.push_back(teachingPreset(
        "belt-stick-segment", "Stick segment: the block rides on the belt (long stick)", "coulomb",
        {{"mu_s", 3.0}, {"mu_k", 1.0}, {"v_b", 0.5}, {"t_end", 100.0}},
        "Phase portrait x–x′: the long straight segment on the line x′ = v_b = 0.5 (x from −1 to 3) is the block "
        "sticking to the belt; the arc below it is the slip.",
        "μ_s = 3, μ_k = 1, v_b = 0.5, from rest. The stick segment runs on x′ = v_b from x = 2μ_k − μ_s = −1 to "
        "x = μ_s = 3 (it is the chord of the slip circle about (μ_k, 0)); stick lasts 2(μ_s − μ_k)/v_b = 8, slip "
        "π + 2 atan(0.25) = 3.63, period 11.63: the block sticks 69 % of each cycle (measured 0.70 over the run from rest)."));

    presets.push_back(teachingPreset(
        "belt-friction-loop", "Friction characteristic F(v_r) and the loop the motion traces", "coulomb-viscous",
        {{"mu_s", 2.0}, {"mu_k", 1.0}, {"k_v", 0.2}, {"v_b", 0.5}, {"t_end", 100.0}},
        "Plot F against v_r: the vertical stick segment at v_r = 0 climbs to μ_s = 2, friction drops to μ_k = 1 as "
        "slip starts, runs out along F = μ_k + k_v|v_r| and back.",
        "Coulomb + viscous law (review (16)): μ_s = 2, μ_k = 1, k_v = 0.2, v_b = 0.5, from rest. On the F–v_r plot: in "
        "stick v_r = 0 and F is the holding force x, climbing the vertical segment from 0.577 (stick entry) to μ_s = 2; "
        "slip starts with a drop to μ_k = 1 at v_r = 0, runs out along F = 1 + 0.2|v_r| to v_r = −1.381 (F = 1.276) and "
        "back, and at v_r = 0 friction drops again to the holding force 0.577. Measured cycle: stick 2.847, slip 4.457, "
        "period 7.3034 (viscous friction damps the slip, so it is shorter than Coulomb's 8.07)."));

    // Review (4): g = (μ_0 − μ_k) exp(−δ s/(μ_0 − μ_k)) + μ_k; steady sliding at x = g(v_b).
    presets.push_back(teachingPreset(
        "belt-stribeck", "Stribeck: friction falling with speed excites stick-slip", "stribeck-exp",
        {{"mu_0", 2.0}, {"mu_k", 1.0}, {"delta", 3.0}, {"v_b", 0.5}, {"x0", 1.25}, {"t_end", 150.0}},
        "Velocity weakening: started next to steady sliding, the vibration grows by itself until the block sticks, "
        "then settles on a stick-slip cycle.",
        "Exponential Stribeck (review (4)): μ_0 = 2, μ_k = 1, δ = 3, v_b = 0.5, ζ = 0. Steady sliding at x = g(v_b) = "
        "1 + e^(−1.5) = 1.223 is unstable: friction falls with sliding speed, g′(v_b) = −δ e^(−δ v_b/(μ_0 − μ_k)) = "
        "−0.669, a negative damping. Started at x = 1.25 (0.027 off), the vibration grows and the block first sticks "
        "at t = 10.6; then a stick-slip cycle of period 8.8834, half of it in stick. The same start with Coulomb friction "
        "(flat slip branch) circles steady sliding for ever and never sticks."));

    presets.push_back(teachingPreset(
        "belt-damping", "Damping removes stick-slip", "stribeck-exp",
        {{"mu_0", 2.0}, {"mu_k", 1.0}, {"delta", 3.0}, {"v_b", 0.5}, {"zeta", 0.5}, {"t_end", 100.0}},
        "With ζ = 0.5 the block sticks once at the start, then slides steadily; stick-slip persists for ζ < 0.428.",
        "Stribeck law of belt-stribeck (μ_0 = 2, μ_k = 1, δ = 3), v_b = 0.5, from rest. Threshold found by bisecting ζ "
        "over runs to t = 400 (stick phases after t = 200 yes/no): stick-slip persists for ζ < 0.4277 (at ζ = 0.42 a "
        "cycle of period 6.645 with short sticks), steady sliding above. Here ζ = 0.5: one stick at t = 0.41-3.21, "
        "then the block slides steadily at x = 1.223. Steady sliding is linearly stable already for 2ζ > |g′(v_b)| = "
        "0.669 (ζ > 0.335); between 0.335 and 0.428 steady sliding and stick-slip coexist and the start decides."));

    presets.push_back(teachingPreset(
        "belt-critical-speed", "Critical belt speed: stick-slip stops above v_b = 0.962", "stribeck-exp",
        {{"mu_0", 2.0}, {"mu_k", 1.0}, {"delta", 3.0}, {"v_b", 1.0}, {"zeta", 0.2}, {"t_end", 100.0}},
        "Stick-slip for v_b < 0.962, steady sliding above (ζ = 0.2, from rest): here v_b = 1.0, just above.",
        "Stribeck law of belt-stribeck (μ_0 = 2, μ_k = 1, δ = 3), ζ = 0.2, from rest. Bisecting v_b over runs to t = "
        "400 or 800 (stick phases in the second half yes/no): stick-slip for v_b < 0.9622, steady sliding above. At "
        "v_b = 1.0 the block sticks once (until t = 2.13) and then slides steadily. Faster belts slide where friction "
        "falls less steeply: steady sliding is linearly stable when δ e^(−δ v_b/(μ_0 − μ_k)) < 2ζ, v_b > (1/3) ln 7.5 "
        "= 0.672; between 0.672 and 0.962 both coexist."));

    presets.push_back(teachingPreset(
        "belt-forced", "Forced stick-slip: harmonic force A cos ωt on the block", "coulomb",
        {{"mu_s", 2.0}, {"mu_k", 1.0}, {"v_b", 0.5}, {"A", 1.5}, {"w", 0.7}, {"t_end", 200.0}},
        "The forcing sets the rhythm: one stick phase per forcing period 2π/ω = 8.98; the block overtakes the belt "
        "and friction reverses.",
        "Coulomb μ_s = 2, μ_k = 1, v_b = 0.5, A = 1.5, ω = 0.7, from rest. After the transient the stick phases lock to "
        "the forcing: one per forcing period 2π/ω = 8.976 (measured spacing equal to 1e-4 for t > 100; unforced "
        "stick-slip has period 8.07), 13 % of the time in stick. The force drives the block faster than the belt (v_r up "
        "to 1.58), so friction also takes the value −μ_k and the phase portrait crosses the line x′ = v_b."));

    // A forced S1 with stick-slip in a chaotic regime, for Lyapunov exponents of the
    // event-driven method (saltation matrices) against the regularized method as eps -> 0.
    Preset chaos = teachingPreset(
        "belt-forced-chaos", "Forced stick-slip in chaos: λ₁ = 0.058 through stick and slip", "stribeck-exp",
        {{"mu_0", 2.0}, {"mu_k", 1.0}, {"delta", 3.0}, {"v_b", 0.5}, {"zeta", 0.05}, {"A", 1.4}, {"w", 1.2}, {"t_end", 400.0}},
        "Stick phases at irregular times: chaos. The event-driven λ₁ (saltation matrices) is 0.058; regularized runs "
        "approach it as ε shrinks.",
        "The forced belt oscillator of the review ((6)-(8), x″ + 2ζx′ + x = A cos ωt + F(v_r)) with the exponential "
        "Stribeck law of the review ((4): μ_0 = 2, μ_k = 1, δ = 3), v_b = 0.5, ζ = 0.05, from rest. The papers give no "
        "chaotic case of S1: A = 1.4 and ω = 1.2 were chosen inside the widest region of positive λ₁ of FrictionLab's "
        "own scan (frictionlab-cli map --law stribeck-exp --set zeta=0.05 --set v_b=0.5 --x w --x-from 0.3 --x-to 3 "
        "--x-steps 28 --y A --y-from 0.2 --y-to 3 --y-steps 15 --observable lyapunov --transient 100 --record 300), where "
        "neighbouring cases are positive too. Measured (transient 200, averaged over 4000, re-orthonormalised every 1): "
        "event-driven λ₁ = 0.05790, λ₂ = −∞ (each stick phase confines the motion to v_r = 0; 0.05837 when the event location checked the guard only at step ends); regularized (Kudra) "
        "λ₁ = 0.0346 at ε = 1e-2, 0.0535 at 1e-3, 0.0579 at 1e-4.");
    chaos.group = "Nonlinear dynamics";
    presets.push_back(std::move(chaos));

    Preset tanh = teachingPreset(
        "belt-tanh-vs-event", "Regularized tanh vs event-driven: tanh loses the static peak", "coulomb",
        {{"mu_s", 2.0}, {"mu_k", 1.0}, {"v_b", 0.5}, {"eps", 1e-4}, {"t_end", 100.0}},
        "μ_k tanh(v_r/ε) never exceeds μ_k: stick ends at the spring force μ_k = 1 instead of μ_s = 2, and the "
        "stick-slip shrinks; switch the method to event-driven to compare.",
        "Coulomb μ_s = 2, μ_k = 1, v_b = 0.5, method regularized with tanh, ε = 1e-4. tanh(v_r/ε) ≤ 1, so the largest "
        "friction is μ_k = 1: the near-stick phase ends when the spring force reaches μ_k, and the block then swings "
        "harmonically with amplitude v_b about x = μ_k, only touching the belt's speed. Measured (t > 50): tanh: x in "
        "[0.50, 1.50], max F = 1.000; event-driven (switch the method): x in [−0.118, 2.118], max F = μ_s = 2, stick "
        "half the time. Compare the time histories and the F–v_r loops; with the regularization set to kudra (Kudra's "
        "law keeps the static peak) the smooth run matches the event-driven one: x in [−0.120, 2.120], max F = 2.000.");
    tanh.method = Method::Regularized;
    tanh.regularization = Regularization::Tanh;
    presets.push_back(std::move(tanh));

    // LuGre (review (17)) with the 1995 paper's bristles in S1's units (friction/lugre_law.cpp).
    Preset lugre = teachingPreset(
        "belt-lugre-stick-slip", "LuGre: stick-slip with bristles (friction with memory)", "lugre",
        {{"mu_s", 2.0}, {"mu_k", 1.0}, {"v_b", 0.1}, {"v0", 0.1}, {"t_end", 100.0}},
        "Stick is now elastic: in near-stick the bristle deflection z (right axis of the time history) loads up until "
        "σ_0 z reaches the static level and the block breaks away; one cycle every 18.94.",
        "LuGre, μ_s = 2, μ_k = 1, v_s = 1.414e-3, σ_0 = 5e4, σ_1 = 223.6, σ_2 = 0.2828 (Canudas de Wit et al. 1995 scaled "
        "to S1), v_b = 0.1, starting with the belt (x′(0) = v_b: a start from rest jerks the bristles, σ_1 v_b). "
        "Measured (t > 50, BDF, tol 1e-10, 6328 steps to t = 100): period 18.94, x in [0.419, 1.982], |v_r| < 5e-4 "
        "79 % of the time, F in [0.301, 1.969], z in [−3.94e−5, −7.45e−6]. The block breaks away at F = 1.969 < μ_s "
        "(finite bristle stiffness); event-driven Coulomb friction sticks for 2(μ_s − μ_k)/v_b = 20 of a 23.34 cycle. "
        "At v_b = 0.5 the viscous σ_2 stabilises steady sliding and the stick-slip dies out.");
    lugre.method = Method::Regularized;
    presets.push_back(std::move(lugre));

    // The same LuGre case against its steady-state law run event-driven (systems/law_counterpart.h).
    Preset versus = teachingPreset(
        "belt-lugre-vs-stribeck", "LuGre against event-driven Stribeck: what the bristles change", "lugre",
        {{"mu_s", 2.0}, {"mu_k", 1.0}, {"v_b", 0.1}, {"v0", 0.1}, {"t_end", 100.0}},
        "Compare methods: LuGre (stiff, with bristles) against its own steady-state law run event-driven "
        "(exact stick, no bristles): the bristles break away early, at F = 1.969 < μ_s, and shorten the cycle.",
        "");
    versus.group = "Friction with memory";
    versus.method = Method::Regularized;
    versus.comparisonLaw = "stribeck-gauss";
    versus.note = "LuGre as in belt-lugre-stick-slip (μ_s = 2, μ_k = 1, v_s = 1.414e-3, σ_0 = 5e4, σ_1 = 223.6, σ_2 = 0.2828, "
                  "v_b = 0.1, x′(0) = v_b), against stribeck-gauss, g = μ_k + (μ_s − μ_k) exp(−(v_r/v_s)²) + σ_2|v_r|, with the "
                  "same parameters, event-driven: the same force in steady sliding, so every difference is the bristles'. "
                  "Measured (t > 50): LuGre period 18.94, x in [0.419, 1.982], F ≤ 1.969; event-driven period 19.40, x in "
                  "[0.401, 2.010], F ≤ 2.000 (exact stick until the spring force reaches μ_s). The period differs by 2.3 %, so "
                  "the time histories drift apart in phase; the phase portraits show the two orbits. Choose Coulomb in the "
                  "comparison's law box to drop the viscous σ_2 as well (period 23.34).";
    presets.push_back(std::move(versus));

    // The law lab's experiments (analysis/law_experiments.h), on the laws' default parameters; the
    // belt runs the same law (LuGre riding the belt at v_b = 0.1: stick-slip of period 11.19, x in [0.727, 1.500]).
    auto lab = [](std::string id, std::string title, std::string law, LawExperimentKind kind, std::string summary, std::string note) {
        Preset p = teachingPreset(std::move(id), std::move(title), std::move(law), {{"v_b", 0.1}, {"v0", 0.1}, {"t_end", 100.0}},
                            std::move(summary), std::move(note));
        p.group = "Friction with memory";
        p.method = Method::Regularized;
        p.lawExperiment = kind;
        return p;
    };
    presets.push_back(lab("lugre-presliding", "Pre-sliding hysteresis (LuGre)", "lugre", LawExperimentKind::PreSliding,
                          "Law lab: force against displacement for reversals of 0.25 … 4 × the bristle reach μ_k/σ_0 = 2e-5: "
                          "a spring of stiffness σ_0 for small ones, hysteresis loops that saturate for large ones.",
                          "LuGre at its defaults (Canudas de Wit et al. 1995 in S1's units: σ_0 = 5e4, σ_1 = 223.6, σ_2 = 0.2828, "
                          "μ_s = 1.5, μ_k = 1, v_s = 1.414e-3); x = X sin(0.05 t), X = 5e-6 … 8e-5, the third period drawn. "
                          "Measured: the smallest loop stays within 5 % of F = σ_0 x (|F| ≤ 0.253); the largest reaches |F| = 1.92."));
    presets.push_back(lab("lugre-frictional-lag", "Frictional lag (LuGre, Hess & Soom)", "lugre", LawExperimentKind::FrictionalLag,
                          "Law lab: a sliding speed oscillating through the Stribeck region at rising frequency: the force "
                          "follows the steady curve when slow and lags, opening a loop, when fast.",
                          "LuGre at its defaults; v_r = 2.83e-3 + 2.55e-3 sin(ωt) (v_0 = 2 v_s), ω = 0.001, 0.01, 0.1, 1 × the "
                          "relaxation rate σ_0 v_0 / μ_k = 141. Measured loop areas 4.3e-6, 4.2e-5, 2.3e-4, 1.5e-4: the lag "
                          "is widest near 0.1 × the rate (Hess & Soom 1990 measured the loop opening with frequency)."));
    Preset fading = lab("ostermeyer-fading", "Fading of a brake (Ostermeyer)", "ostermeyer", LawExperimentKind::SpeedSteps,
                          "Law lab: the sliding speed steps 0.2 → 1 → 0.2: the friction coefficient falls from 1.3 to 0.9 "
                          "as the sliding power rises and recovers with the temperature-like θ.",
                          "Ostermeyer (review (18)-(19)) at its defaults: a = 1, c = 1, θ_0 = 0.1, α = 0.8, γ = 0. Stationary μ "
                          "= θ_0/|v_r| + α: 1.3 at 0.2, 0.9 at 1; measured at the end of each level of 40: 1.2998 and 0.9000. "
                          "The step up undershoots (μ follows θ/|v_r| at once, θ heats up slowly), the step down overshoots. "
                          "The belt runs fast and damped (v_b = 2, ζ = 0.3): the block slides throughout while μ falls from 0.98 "
                          "to 0.52 and recovers to θ_0/v_b + α = 0.85 as θ heats up (in steady sliding x = μ).");
    fading.values = {{"v_b", 2.0}, {"zeta", 0.3}, {"t_end", 100.0}};
    presets.push_back(std::move(fading));

    return presets;
}

} // namespace fl
