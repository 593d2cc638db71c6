// The static laws of docs/physics.md section 1 (review = Awrejcewicz & Olejnik, Appl. Mech. Rev. 2005).
#include "friction/friction_law.h"
#include "friction/brake_law.h"
#include "friction/law_specs.h"
#include "friction/memory_laws.h"
#include "params/parameter_spec.h"

#include <cmath>

namespace fl {
namespace {

using lawspec::noRelation;
using lawspec::requireAtLeast;
ParameterSpec muS() { return lawspec::muStatic(); }
ParameterSpec muK() { return lawspec::muKinetic(); }
ParameterSpec mu0() { return lawspec::mu0(); }

/// Coulomb: g = mu_k, stick limit mu_s (review sec. 2.1). With k_v: g = mu_k + k_v s (review (16)).
class CoulombViscousLaw final : public FrictionLaw {
public:
    CoulombViscousLaw(double muStatic, double muKinetic, double kViscous)
        : m_muS(muStatic), m_muK(muKinetic), m_kV(kViscous) {}
    double slipMagnitude(double s) const override { return m_muK + m_kV * s; }
    double slipMagnitudeSlope(double) const override { return m_kV; }
    double staticLimit() const override { return m_muS; }

private:
    double m_muS, m_muK, m_kV;
};

/// Exponential Stribeck, review (4): g = (mu_0 - mu_k) exp(-delta s / (mu_0 - mu_k)) + mu_k.
class ExponentialStribeckLaw final : public FrictionLaw {
public:
    ExponentialStribeckLaw(double mu0, double muK, double delta) : m_mu0(mu0), m_muK(muK), m_delta(delta) {}
    double slipMagnitude(double s) const override
    {
        const double drop = m_mu0 - m_muK;
        return drop > 0.0 ? drop * std::exp(-m_delta * s / drop) + m_muK : m_muK;
    }
    double slipMagnitudeSlope(double s) const override
    {
        const double drop = m_mu0 - m_muK;
        return drop > 0.0 ? -m_delta * std::exp(-m_delta * s / drop) : 0.0;
    }
    double staticLimit() const override { return m_mu0; }

private:
    double m_mu0, m_muK, m_delta;
};

/// Rational decay, review (5): g = mu_0 / (1 + delta s).
class RationalLaw final : public FrictionLaw {
public:
    RationalLaw(double mu0, double delta) : m_mu0(mu0), m_delta(delta) {}
    double slipMagnitude(double s) const override { return m_mu0 / (1.0 + m_delta * s); }
    double slipMagnitudeSlope(double s) const override
    {
        const double d = 1.0 + m_delta * s;
        return -m_mu0 * m_delta / (d * d);
    }
    double staticLimit() const override { return m_mu0; }

private:
    double m_mu0, m_delta;
};

/// Rational + quadratic, review (8): g = (mu_0 - mu_1)/(1 + lambda_0 s) + mu_1 + lambda_1 s^2.
class RationalQuadraticLaw final : public FrictionLaw {
public:
    RationalQuadraticLaw(double mu0, double mu1, double l0, double l1) : m_mu0(mu0), m_mu1(mu1), m_l0(l0), m_l1(l1) {}
    double slipMagnitude(double s) const override
    {
        return (m_mu0 - m_mu1) / (1.0 + m_l0 * s) + m_mu1 + m_l1 * s * s;
    }
    double slipMagnitudeSlope(double s) const override
    {
        const double d = 1.0 + m_l0 * s;
        return -(m_mu0 - m_mu1) * m_l0 / (d * d) + 2.0 * m_l1 * s;
    }
    double staticLimit() const override { return m_mu0; }

private:
    double m_mu0, m_mu1, m_l0, m_l1;
};

/// LuGre's steady-state characteristic as a law of v_r (review (17) at z' = 0, docs/physics.md sec. 2):
/// g = mu_k + (mu_s - mu_k) exp(-(s/v_s)^2) + sigma2 s, stick limit mu_s. The event-driven
/// counterpart of LuGre and the elasto-plastic law: same parameter ids, no bristles.
class GaussStribeckLaw final : public FrictionLaw {
public:
    explicit GaussStribeckLaw(const ParameterSet& p) : m_g(p), m_sigma2(p.value("sigma2")) {}
    double slipMagnitude(double s) const override { return m_g(s) + m_sigma2 * s; }
    double slipMagnitudeSlope(double s) const override { return m_g.slope(s) + m_sigma2; }
    double staticLimit() const override { return m_g.muS; }

private:
    lawspec::GaussStribeck m_g;
    double m_sigma2;
};

std::vector<FrictionLawInfo> makeLaws()
{
    std::vector<FrictionLawInfo> laws;
    laws.push_back({"coulomb", "Coulomb (μ_s, μ_k)", "g = μ_k; stick while |F| ≤ μ_s", {muS(), muK()},
                    [](const ParameterSet& p) {
                        return std::make_unique<CoulombViscousLaw>(p.value("mu_s"), p.value("mu_k"), 0.0);
                    },
                    [](const ParameterSet& p) { return requireAtLeast(p, "mu_s", "mu_k"); }});
    laws.push_back({"coulomb-viscous", "Coulomb + viscous", "g = μ_k + k_v |v_r|; stick while |F| ≤ μ_s (review (16))",
                    {muS(), muK(),
                     {"k_v", "Viscous friction coefficient", "k_v", "–",
                      "Slope of the friction force against sliding speed (viscous part).", 0.2, 0.0, 10.0}},
                    [](const ParameterSet& p) {
                        return std::make_unique<CoulombViscousLaw>(p.value("mu_s"), p.value("mu_k"), p.value("k_v"));
                    },
                    [](const ParameterSet& p) { return requireAtLeast(p, "mu_s", "mu_k"); }});
    laws.push_back({"stribeck-exp", "Exponential Stribeck",
                    "g = (μ_0 − μ_k) exp(−δ|v_r|/(μ_0 − μ_k)) + μ_k (review (4))",
                    {mu0(), muK(),
                     {"delta", "Initial slope of the decay", "δ", "–",
                      "Magnitude of dg/d|v_r| at v_r = 0: how fast friction falls from μ_0 to μ_k.", 3.0, 0.0, 100.0}},
                    [](const ParameterSet& p) {
                        return std::make_unique<ExponentialStribeckLaw>(p.value("mu_0"), p.value("mu_k"), p.value("delta"));
                    },
                    [](const ParameterSet& p) { return requireAtLeast(p, "mu_0", "mu_k"); }});
    laws.push_back({"rational", "Rational decay", "g = μ_0 / (1 + δ|v_r|) (review (5))",
                    {mu0(),
                     {"delta", "Decay rate", "δ", "–", "How fast friction falls with sliding speed.", 3.0, 0.0, 100.0}},
                    [](const ParameterSet& p) { return std::make_unique<RationalLaw>(p.value("mu_0"), p.value("delta")); },
                    noRelation});
    laws.push_back({"rational-quadratic", "Rational + quadratic",
                    "g = (μ_0 − μ_1)/(1 + λ_0|v_r|) + μ_1 + λ_1 v_r² (review (8))",
                    {mu0(),
                     {"mu_1", "Asymptotic friction coefficient", "μ_1", "–",
                      "Level the rational part decays to at high sliding speed.", 1.0, 0.0, 10.0},
                     {"lambda_0", "Decay rate", "λ_0", "–", "How fast friction falls from μ_0 towards μ_1.", 3.0, 0.0, 100.0},
                     {"lambda_1", "Quadratic rise", "λ_1", "–", "Coefficient of the rise of friction with v_r².", 0.05, 0.0, 10.0}},
                    [](const ParameterSet& p) {
                        return std::make_unique<RationalQuadraticLaw>(p.value("mu_0"), p.value("mu_1"), p.value("lambda_0"),
                                                                      p.value("lambda_1"));
                    },
                    noRelation});
    laws.push_back({"stribeck-gauss", "Gaussian Stribeck + viscous (LuGre's steady state)",
                    "g = μ_k + (μ_s − μ_k) exp(−(v_r/v_s)²) + σ_2|v_r|; stick while |F| ≤ μ_s (review (17) at z′ = 0)",
                    {muS(), muK(), lawspec::stribeckVelocity(), lawspec::viscousSigma2(0.0)},
                    [](const ParameterSet& p) { return std::make_unique<GaussStribeckLaw>(p); },
                    [](const ParameterSet& p) { return requireAtLeast(p, "mu_s", "mu_k"); }});
    laws.push_back(brakeLawInfo()); // asymmetric: S4's rig (friction/brake_law.cpp)
    // Laws with memory (friction/state_law.h), one file each.
    laws.push_back(dahlLawInfo());
    laws.push_back(lugreLawInfo());
    laws.push_back(elastoPlasticLawInfo());
    laws.push_back(blimanSorineLawInfo());
    laws.push_back(ostermeyerLawInfo());
    laws.push_back(karnoppLawInfo());
    return laws;
}

} // namespace

const std::vector<FrictionLawInfo>& frictionLaws()
{
    static const std::vector<FrictionLawInfo> laws = makeLaws();
    return laws;
}

} // namespace fl
