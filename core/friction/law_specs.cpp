#include "friction/law_specs.h"
#include "params/parameter_spec.h"

namespace fl::lawspec {

ParameterSpec muStatic()
{
    return {"mu_s", "Static friction coefficient", "μ_s", "–",
            "Largest friction force (per unit normal force) the contact holds in stick. Must be ≥ μ_k.",
            2.0, 0.0, 10.0};
}

ParameterSpec muKinetic()
{
    return {"mu_k", "Kinetic friction coefficient", "μ_k", "–",
            "Friction force (per unit normal force) while slipping.", 1.0, 0.0, 10.0};
}

ParameterSpec mu0()
{
    return {"mu_0", "Static friction coefficient", "μ_0", "–",
            "Friction coefficient at v_r → 0; also the stick limit of the law.", 2.0, 0.0, 10.0};
}

ParameterSpec sigma0()
{
    return {"sigma0", "Bristle stiffness", "σ_0", "–",
            "Stiffness of the bristles: the slope of force against displacement at the start of pre-sliding, "
            "in units of the spring stiffness k (force N per length N/k).",
            5e4, 1.0, 1e6, true};
}

ParameterSpec stribeckVelocity()
{
    return {"v_s", "Stribeck velocity", "v_s", "–",
            "Sliding speed over which friction falls from μ_s to μ_k, in units of ω_n·(N/k).", 1.414e-3, 1e-5, 10.0, true};
}

ParameterSpec viscousSigma2(double defaultValue)
{
    return {"sigma2", "Viscous friction", "σ_2", "–", "Viscous part of the force, σ_2 v_r.", defaultValue, 0.0, 10.0};
}

Status requireAtLeast(const ParameterSet& p, const char* big, const char* small)
{
    if (p.value(big) < p.value(small))
        return Status::error(std::string(big) + " = " + formatNumber(p.value(big)) + " must be >= " + small + " = "
                             + formatNumber(p.value(small)));
    return Status::success();
}

Status noRelation(const ParameterSet&) { return Status::success(); }

LawMemoryScales bristleScales(const ParameterSet& p)
{
    const double sigma0 = p.value("sigma0"), muK = p.value("mu_k");
    LawMemoryScales scales;
    scales.bristleStiffness = sigma0;
    scales.preslidingReach = muK / sigma0;
    // z' = v - sigma0 |v| z / g(v) settles at the rate sigma0 v / g(v), sigma0 v / mu_k once sliding.
    scales.relaxationRate = [sigma0, muK](double v) { return sigma0 * v / muK; };
    return scales;
}

} // namespace fl::lawspec
