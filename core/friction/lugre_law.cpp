// LuGre (Lund-Grenoble) law, review (17) and docs/physics.md sec. 2; Canudas de Wit et al., IEEE TAC
// 40 (1995):
//   z' = v_r - sigma0 |v_r| z / g(v_r),   g(v) = mu_k + (mu_s - mu_k) exp(-(v/v_s)^2),
//   resisting force sigma0 z + sigma1 z' + sigma2 v_r (the force on the body is its negative).
// g is a force here; the review's (17) writes it in units of z (g_review = g / sigma0).
// Steady state at constant sliding: sigma0 z = g(v) sgn(v), force g(v) sgn(v) + sigma2 v.
//
// Defaults: the 1995 paper's example (m = 1 kg, k = 2 N/m, F_C = 1 N, F_S = 1.5 N,
// v_s = 0.001 m/s, sigma0 = 1e5 N/m, sigma1 = sqrt(1e5) N s/m, sigma2 = 0.4 N s/m) in S1's units:
// force unit F_C (so mu_k = 1, mu_s = 1.5), length F_C/k = 0.5 m, time 1/omega_n = 1/sqrt(2) s,
// velocity 0.7071 m/s. Hence sigma0 = 1e5 * 0.5 = 5e4, sigma1 = 316.2 * 0.7071 = 223.6 (bristle
// damping ratio 0.5 with the block's unit mass), sigma2 = 0.4 * 0.7071 = 0.2828,
// v_s = 0.001 / 0.7071 = 1.414e-3.
#include "friction/law_specs.h"
#include "friction/memory_laws.h"
#include "friction/bristle_law.h"
#include "params/parameter_spec.h"

#include <cmath>

namespace fl {

double lugrePassivityBound(double muS, double muK, double sigma2)
{
    return muS > muK ? sigma2 * muK / (muS - muK) : INFINITY;
}

FrictionLawInfo lugreLawInfo()
{
    FrictionLawInfo law;
    law.id = "lugre";
    law.name = "LuGre (bristles, Stribeck)";
    law.formula = "z′ = v_r − σ_0|v_r| z / g(v_r),  F = −(σ_0 z + σ_1 z′ + σ_2 v_r),  "
                  "g = μ_k + (μ_s − μ_k) exp(−(v_r/v_s)²) (review (17))";
    ParameterSpec muS = lawspec::muStatic();
    muS.defaultValue = 1.5;
    law.specs = {muS,
                 lawspec::muKinetic(),
                 lawspec::stribeckVelocity(),
                 lawspec::sigma0(),
                 {"sigma1", "Bristle damping", "σ_1", "–",
                  "Damping of the bristles, σ_1 z′ in the force. Critical damping of the bristle with the block's unit "
                  "mass is 2√σ_0; passivity (Barabanov & Ortega 2000) needs σ_1 ≤ σ_2 μ_k/(μ_s − μ_k).",
                  223.6, 0.0, 1e5},
                 lawspec::viscousSigma2(0.2828)};
    law.states = {{"z", "z", "", "Mean bristle deflection, in units of N/k; σ_0 z is the elastic part of the force."}};
    law.eventDriven = false;
    law.regularized = false;
    law.memoryScales = [](const ParameterSet& p) {
        LawMemoryScales scales = lawspec::bristleScales(p);
        // Around the Stribeck velocity, where the steady force falls: lag at 2 v_s, steps 0.2 v_s -> 5 v_s.
        scales.lagSpeed = 2.0 * p.value("v_s");
        scales.stepLow = 0.2 * p.value("v_s");
        scales.stepHigh = 5.0 * p.value("v_s");
        return scales;
    };
    law.counterpart = "stribeck-gauss"; // the steady state, with the same parameter ids
    law.create = [](const ParameterSet& p) -> std::unique_ptr<FrictionLaw> { return std::make_unique<BristleLaw>(p, false); };
    law.createWithState = [](const ParameterSet& p, Regularization) -> std::unique_ptr<StateFrictionLaw> {
        return std::make_unique<BristleLaw>(p, false);
    };
    law.validate = [](const ParameterSet& p) {
        if (p.value("mu_k") <= 0.0)
            return Status::error("mu_k must be > 0 for LuGre (z′ divides by g(v_r) >= mu_k)");
        return lawspec::requireAtLeast(p, "mu_s", "mu_k");
    };
    return law;
}

} // namespace fl
