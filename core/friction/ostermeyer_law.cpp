// Ostermeyer's energetic brake model, review (18)-(19) (docs/physics.md sec. 2; the review's eta is
// theta here): the friction coefficient mu and a temperature-like theta evolve with the friction
// power nv = N |v_r| (N = 1 in S1's units):
//   mu' = -a (nv mu - theta),   theta' = -c (theta - theta0 - alpha nv) - gamma (theta^4 - theta0^4),
//   F = -mu s(v_r / eps)  (sgn(v_r) regularized as the scenario chooses).
// Stationary: theta = theta0 + alpha nv and mu = theta0/nv + alpha when gamma = 0; with gamma > 0
// theta solves the quartic c (theta - theta0 - alpha nv) + gamma (theta^4 - theta0^4) = 0. So mu
// falls as the sliding power rises (fading), and grows while the contact rests (mu' = a theta).
#include "friction/law_specs.h"
#include "friction/memory_laws.h"
#include "friction/state_law.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

class OstermeyerLaw final : public StateFrictionLaw {
public:
    OstermeyerLaw(const ParameterSet& p, Regularization kind)
        : m_a(p.value("a_mu")), m_c(p.value("c_theta")), m_theta0(p.value("theta0")), m_alpha(p.value("alpha")),
          m_gamma(p.value("gamma")), m_mu0(p.value("mu_init")), m_sign{kind, p.value("eps")}
    {
    }
    /// The stationary theta at sliding power nv (Newton on the quartic, increasing in theta).
    double stationaryTheta(double nv) const
    {
        double theta = m_theta0 + m_alpha * nv;
        if (m_gamma == 0.0)
            return theta;
        for (int i = 0; i < 100; ++i) {
            const double f = m_c * (theta - m_theta0 - m_alpha * nv) + m_gamma * (std::pow(theta, 4) - std::pow(m_theta0, 4));
            const double df = m_c + 4.0 * m_gamma * theta * theta * theta;
            const double step = f / df;
            theta -= step;
            if (std::abs(step) <= 1e-15 * std::max(1.0, std::abs(theta)))
                break;
        }
        return theta;
    }
    /// Stationary mu = theta/nv (infinite at rest).
    double slipMagnitude(double s) const override { return s > 0.0 ? stationaryTheta(s) / s : INFINITY; }
    double slipMagnitudeSlope(double s) const override
    {
        const double h = 1e-6 * std::max(s, 1e-6);
        return (slipMagnitude(s + h) - slipMagnitude(std::max(s - h, 0.5 * s))) / (s + h - std::max(s - h, 0.5 * s));
    }
    double staticLimit() const override { return std::max(m_mu0, m_alpha); }

    int stateCount() const override { return 2; }
    void initialState(double* z) const override
    {
        z[0] = m_mu0;
        z[1] = m_theta0;
    }
    double evaluate(double v, const double* z, double* dz) const override
    {
        const double nv = std::abs(v);
        dz[0] = -m_a * (nv * z[0] - z[1]);
        dz[1] = -m_c * (z[1] - m_theta0 - m_alpha * nv) - m_gamma * (std::pow(z[1], 4) - std::pow(m_theta0, 4));
        return -z[0] * m_sign.value(v);
    }
    void jacobian(double v, const double* z, StateLawJacobian& J) const override
    {
        const double nv = std::abs(v);
        const double sign = v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0);
        J.dRdz[0] = -m_a * nv;
        J.dRdz[1] = m_a;
        J.dRdz[2] = 0.0;
        J.dRdz[3] = -m_c - 4.0 * m_gamma * z[1] * z[1] * z[1];
        J.dRdv[0] = -m_a * sign * z[0];
        J.dRdv[1] = m_c * m_alpha * sign;
        J.dFdz[0] = -m_sign.value(v);
        J.dFdz[1] = 0.0;
        J.dFdv = -z[0] * m_sign.slope(v);
    }

private:
    double m_a, m_c, m_theta0, m_alpha, m_gamma, m_mu0;
    SmoothSign m_sign;
};

} // namespace

FrictionLawInfo ostermeyerLawInfo()
{
    FrictionLawInfo law;
    law.id = "ostermeyer";
    law.name = "Ostermeyer (brake, temperature-like state)";
    law.formula = "μ′ = −a(|v_r|μ − θ),  θ′ = −c(θ − θ_0 − α|v_r|) − γ(θ⁴ − θ_0⁴),  F = −μ s(v_r/ε) (review (18)–(19))";
    law.specs = {{"a_mu", "Rate of μ", "a", "–", "How fast the friction coefficient follows θ/|v_r|; at rest μ grows at the rate aθ.", 1.0, 1e-3, 1e4, true},
                 {"c_theta", "Rate of θ", "c", "–", "How fast θ relaxes to θ_0 + α|v_r| (heating by the friction power).",
                  1.0, 1e-3, 1e4, true},
                 {"theta0", "Rest level of θ", "θ_0", "–", "θ at rest (ambient); the stationary μ is θ_0/|v_r| + α.", 0.1, 0.0, 10.0},
                 {"alpha", "High-power friction level", "α", "–", "Stationary μ at high sliding power, reached as θ_0/|v_r| fades.",
                  0.8, 0.0, 10.0},
                 {"gamma", "Radiation loss", "γ", "–", "Quartic loss term γ(θ⁴ − θ_0⁴) of θ; with γ > 0 the stationary θ solves a quartic.",
                  0.0, 0.0, 100.0},
                 {"mu_init", "Initial friction coefficient", "μ(0)", "–", "Friction coefficient at t = 0 (θ starts at θ_0).", 1.0, 0.0, 10.0}};
    law.states = {{"mu", "μ", "", "Friction coefficient (Ostermeyer's dynamic μ)."},
                  {"theta", "θ", "", "Temperature-like state of the contact (the review's η)."}};
    law.eventDriven = false;
    law.regularized = true;
    law.memoryScales = [](const ParameterSet& p) {
        const double a = p.value("a_mu"), c = p.value("c_theta");
        LawMemoryScales scales; // no pre-sliding: the memory is of the sliding power
        scales.lagSpeed = 0.5;
        scales.relaxationRate = [a, c](double v) { return std::min(c, a * v); }; // the slower of mu's and theta's rates
        return scales;
    };
    law.create = [](const ParameterSet& p) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<OstermeyerLaw>(p, Regularization::Tanh);
    };
    law.createWithState = [](const ParameterSet& p, Regularization kind) -> std::unique_ptr<StateFrictionLaw> {
        return std::make_unique<OstermeyerLaw>(p, kind);
    };
    law.validate = lawspec::noRelation;
    return law;
}

} // namespace fl
