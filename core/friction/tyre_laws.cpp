// Tyre-road laws as data (S7, the ABS wheel, review (2)-(3)): the friction coefficient over the
// braking slip S = 1 - r Omega / v. The system evaluates the law itself (systems/abs_wheel.h);
// FrictionLawInfo::create is empty for this family, as for the plane-contact laws.
#include "friction/friction_law.h"

#include <cmath>

namespace fl {
namespace {

std::vector<FrictionLawInfo> makeTyreLaws()
{
    // Burckhardt (1993) as in Kiencke & Nielsen, Automotive Control Systems: mu(S) = c1 (1 - e^{-c2 S}) - c3 S;
    // defaults: dry asphalt (presets: wet asphalt, snow, ice, dry cobblestone).
    ParameterSpecs specs = {
        {"c1", "Friction maximum c₁", "c₁", "–", "Burckhardt's c₁: the curve's level (dry asphalt 1.2801, wet 0.857, snow 0.1946).", 1.2801, 0.0, 5.0},
        {"c2", "Rise c₂", "c₂", "–", "Burckhardt's c₂: how fast μ rises with slip (dry asphalt 23.99, wet 33.822, snow 94.129).", 23.99, 0.1, 1000.0},
        {"c3", "Fall c₃", "c₃", "–", "Burckhardt's c₃: the fall of μ towards the locked wheel (dry asphalt 0.52, wet 0.347, snow 0.0646).", 0.52, 0.0, 5.0},
    };
    auto validate = [](const ParameterSet& p) {
        // mu(1) = c1 (1 - e^{-c2}) - c3 must stay positive: a locked wheel still brakes.
        const double locked = p.value("c1") * (1.0 - std::exp(-p.value("c2"))) - p.value("c3");
        return locked > 0.0 ? Status::success()
                            : Status::error("Burckhardt's curve is not positive at S = 1 (c₁(1 − e^(−c₂)) − c₃ ≤ 0): a locked wheel would not brake");
    };
    FrictionLawInfo burckhardt{"burckhardt", "Burckhardt tyre curve (μ over slip)", "μ(S) = c₁ (1 − e^(−c₂ S)) − c₃ S", specs, {}, validate};
    burckhardt.regularized = false;
    burckhardt.family = LawFamily::TyreRoad;
    return {burckhardt};
}

} // namespace

const std::vector<FrictionLawInfo>& tyreLaws()
{
    static const std::vector<FrictionLawInfo> laws = makeTyreLaws();
    return laws;
}

} // namespace fl
