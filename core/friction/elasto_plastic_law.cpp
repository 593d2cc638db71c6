// The elasto-plastic law of Dupont, Hayward, Armstrong & Altpeter (IEEE TAC 47, 2002), which the
// review's dynamic model with saturation (16) approximates. (16) as printed,
//   F = k2 v + k0 g(v) sgn(v) + (1 - |sgn v|) sat(F_u - F_g, F_S),
// is ill-posed as a right-hand side: its stick term acts only on the set v = 0 exactly, which an
// integration never lands on (between, the force jumps between +-k0 g and the motion chatters),
// and it needs the applied force F_u, so it is not a law of v_r at all: it is the switching model
// that FrictionLab's event-driven method already solves exactly. The elasto-plastic model keeps
// its intent (true stiction: no creep under forces below breakaway) as a smooth law with a state:
//   z' = v_r - alpha(z, v_r) sigma0 |v_r| z / g(v_r),   F = -(sigma0 z + sigma1 z' + sigma2 v_r),
// alpha = 0 for |z| <= z_ba or sgn z != sgn v_r (purely elastic), 1 for |z| >= z_ss = g(v_r)/sigma0,
// and (1 + sin(pi (|z| - (z_ss + z_ba)/2) / (z_ss - z_ba)))/2 between; z_ba = beta mu_k / sigma0.
// g is LuGre's Stribeck function.
#include "friction/law_specs.h"
#include "friction/memory_laws.h"
#include "friction/bristle_law.h"

#include <cmath>

namespace fl {

FrictionLawInfo elastoPlasticLawInfo()
{
    // The same parameters, plus the breakaway fraction; LuGre's scales and counterpart (stribeck-gauss).
    FrictionLawInfo law = lugreLawInfo();
    law.id = "elasto-plastic";
    law.name = "Elasto-plastic (true stiction)";
    law.formula = "z′ = v_r − α(z, v_r) σ_0|v_r| z / g(v_r),  F = −(σ_0 z + σ_1 z′ + σ_2 v_r); α = 0 for |z| ≤ z_ba "
                  "(Dupont et al. 2002; replaces the ill-posed review (16))";
    law.specs.push_back({"beta", "Breakaway fraction", "β", "–",
                         "z_ba = β μ_k/σ_0: below this bristle deflection the contact is purely elastic (no creep); 0 < β < 1.",
                         0.7, 0.01, 0.99});
    law.states = {{"z", "z", "", "Bristle deflection, in units of N/k; purely elastic while |z| ≤ z_ba."}};
    law.create = [](const ParameterSet& p) -> std::unique_ptr<FrictionLaw> { return std::make_unique<BristleLaw>(p, true); };
    law.createWithState = [](const ParameterSet& p, Regularization) -> std::unique_ptr<StateFrictionLaw> {
        return std::make_unique<BristleLaw>(p, true);
    };
    return law;
}

} // namespace fl
