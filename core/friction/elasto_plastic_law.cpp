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
#include "friction/state_law.h"

#include <cmath>
#include <numbers>

namespace fl {
namespace {

class ElastoPlasticLaw final : public StateFrictionLaw {
public:
    explicit ElastoPlasticLaw(const ParameterSet& p)
        : m_g(p), m_s0(p.value("sigma0")),
          m_s1(p.value("sigma1")), m_s2(p.value("sigma2")), m_zba(p.value("beta") * p.value("mu_k") / p.value("sigma0"))
    {
    }
    double g(double v) const { return m_g(v); }
    double gSlope(double v) const { return m_g.slope(v); }

    double slipMagnitude(double s) const override { return g(s) + m_s2 * s; }
    double slipMagnitudeSlope(double s) const override { return gSlope(s) + m_s2; }
    double staticLimit() const override { return std::max(m_g.muS, m_g.muK); }

    int stateCount() const override { return 1; }
    void initialState(double* z) const override { z[0] = 0.0; }

    /// alpha with its partial derivatives in z and v.
    void alpha(double z, double v, double& a, double& dadz, double& dadv) const
    {
        a = dadz = dadv = 0.0;
        const double w = std::abs(z);
        if (v == 0.0 || z == 0.0 || (z > 0.0) != (v > 0.0) || w <= m_zba)
            return;
        const double zss = g(v) / m_s0;
        if (w >= zss) {
            a = 1.0;
            return;
        }
        const double width = zss - m_zba;
        const double phi = std::numbers::pi * (w - 0.5 * (zss + m_zba)) / width;
        a = 0.5 * std::sin(phi) + 0.5;
        const double c = 0.5 * std::cos(phi);
        dadz = c * std::numbers::pi / width * (z > 0.0 ? 1.0 : -1.0);
        dadv = c * std::numbers::pi * (m_zba - w) / (width * width) * gSlope(v) / m_s0;
    }
    double evaluate(double v, const double* z, double* dz) const override
    {
        double a, dadz, dadv;
        alpha(z[0], v, a, dadz, dadv);
        dz[0] = v - a * m_s0 * std::abs(v) * z[0] / g(v);
        return -(m_s0 * z[0] + m_s1 * dz[0] + m_s2 * v);
    }
    void jacobian(double v, const double* z, StateLawJacobian& J) const override
    {
        double a, dadz, dadv;
        alpha(z[0], v, a, dadz, dadv);
        const double gv = g(v);
        const double sign = v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0);
        const double q = m_s0 * std::abs(v) * z[0] / gv; // R = v - alpha q
        const double dqdz = m_s0 * std::abs(v) / gv;
        const double dqdv = m_s0 * z[0] * (sign * gv - std::abs(v) * gSlope(v)) / (gv * gv);
        const double dRdz = -(dadz * q + a * dqdz);
        const double dRdv = 1.0 - (dadv * q + a * dqdv);
        J.dRdz[0] = dRdz;
        J.dRdv[0] = dRdv;
        J.dFdz[0] = -(m_s0 + m_s1 * dRdz);
        J.dFdv = -(m_s1 * dRdv + m_s2);
    }

private:
    lawspec::GaussStribeck m_g;
    double m_s0, m_s1, m_s2, m_zba;
};

} // namespace

FrictionLawInfo elastoPlasticLawInfo()
{
    FrictionLawInfo law = lugreLawInfo(); // the same parameters, plus the breakaway fraction
    law.id = "elasto-plastic";
    law.name = "Elasto-plastic (true stiction)";
    law.formula = "z′ = v_r − α(z, v_r) σ_0|v_r| z / g(v_r),  F = −(σ_0 z + σ_1 z′ + σ_2 v_r); α = 0 for |z| ≤ z_ba "
                  "(Dupont et al. 2002; replaces the ill-posed review (16))";
    law.specs.push_back({"beta", "Breakaway fraction", "β", "–",
                         "z_ba = β μ_k/σ_0: below this bristle deflection the contact is purely elastic (no creep); 0 < β < 1.",
                         0.7, 0.01, 0.99});
    law.states = {{"z", "z", "", "Bristle deflection, in units of N/k; purely elastic while |z| ≤ z_ba."}};
    law.create = [](const ParameterSet& p) -> std::unique_ptr<FrictionLaw> { return std::make_unique<ElastoPlasticLaw>(p); };
    law.createWithState = [](const ParameterSet& p, Regularization) -> std::unique_ptr<StateFrictionLaw> {
        return std::make_unique<ElastoPlasticLaw>(p);
    };
    return law;
}

} // namespace fl
