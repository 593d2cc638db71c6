// Bliman-Sorine second-order law, review (13)-(15) (docs/physics.md sec. 2). In the path length s
// (s' = |v_r|): dz/ds = B z + C sgn(v_r), F = D z, with B = diag(-1/(eta eps_f), -1/eps_f),
// C = (f1/(eta eps_f), -f2/eps_f), D = (1, 1); in time z' = |v_r| B z + C v_r. The fast state z1
// rises to f1 within a path eta eps_f, the slow z2 to -f2 within eps_f: a stiction peak that
// decays, with the path, to the sliding level f1 - f2. Rate-independent like Dahl's law.
#include "friction/law_specs.h"
#include "friction/memory_laws.h"
#include "friction/state_law.h"

#include <cmath>

namespace fl {
namespace {

class BlimanSorineLaw final : public StateFrictionLaw {
public:
    explicit BlimanSorineLaw(const ParameterSet& p)
        : m_f1(p.value("f1")), m_f2(p.value("f2")), m_eta(p.value("eta_f")), m_eps(p.value("eps_f"))
    {
    }
    double slipMagnitude(double) const override { return m_f1 - m_f2; }
    double slipMagnitudeSlope(double) const override { return 0.0; }
    /// The peak of z1 + z2 along the path from rest: at s* = eta eps ln(f1/(f2 eta)) / (1 - eta)
    /// when f1 > f2 eta, else the force rises monotonically to f1 - f2.
    double staticLimit() const override
    {
        if (m_f2 <= 0.0 || m_f1 <= m_f2 * m_eta)
            return m_f1 - m_f2;
        const double s = m_eta * m_eps * std::log(m_f1 / (m_f2 * m_eta)) / (1.0 - m_eta);
        return m_f1 * (1.0 - std::exp(-s / (m_eta * m_eps))) - m_f2 * (1.0 - std::exp(-s / m_eps));
    }

    int stateCount() const override { return 2; }
    void initialState(double* z) const override { z[0] = z[1] = 0.0; }
    double evaluate(double v, const double* z, double* dz) const override
    {
        const double a = std::abs(v);
        dz[0] = (-a * z[0] + m_f1 * v) / (m_eta * m_eps);
        dz[1] = (-a * z[1] - m_f2 * v) / m_eps;
        return -(z[0] + z[1]);
    }
    void jacobian(double v, const double* z, StateLawJacobian& J) const override
    {
        const double a = std::abs(v);
        const double sign = v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0);
        J.dRdz[0] = -a / (m_eta * m_eps);
        J.dRdz[1] = 0.0;
        J.dRdz[2] = 0.0;
        J.dRdz[3] = -a / m_eps;
        J.dRdv[0] = (-sign * z[0] + m_f1) / (m_eta * m_eps);
        J.dRdv[1] = (-sign * z[1] - m_f2) / m_eps;
        J.dFdz[0] = -1.0;
        J.dFdz[1] = -1.0;
        J.dFdv = 0.0;
    }

private:
    double m_f1, m_f2, m_eta, m_eps;
};

} // namespace

FrictionLawInfo blimanSorineLawInfo()
{
    FrictionLawInfo law;
    law.id = "bliman-sorine";
    law.name = "Bliman–Sorine (second order)";
    law.formula = "z₁′ = (f₁v_r − |v_r|z₁)/(η ε_f),  z₂′ = (−f₂v_r − |v_r|z₂)/ε_f,  F = −(z₁ + z₂) (review (13)–(15))";
    law.specs = {{"f1", "Peak level", "f₁", "–", "Level of the fast state z₁: the friction force reaches about f₁ before it decays.",
                  2.0, 0.0, 10.0},
                 {"f2", "Decay to sliding", "f₂", "–", "How far the force falls from the peak: the sliding level is f₁ − f₂.",
                  1.0, 0.0, 10.0},
                 {"eta_f", "Fast/slow path ratio", "η", "–",
                  "Ratio of the path lengths of the fast and the slow state (0 < η < 1).", 0.05, 1e-4, 0.99, true},
                 {"eps_f", "Memory path length", "ε_f", "–",
                  "Path length (units of N/k) over which the slow state z₂ settles: how far the stiction peak reaches.",
                  0.05, 1e-5, 10.0, true}};
    law.states = {{"z1", "z₁", "", "Fast state: rises to f₁ within a path η ε_f."},
                  {"z2", "z₂", "", "Slow state: falls to −f₂ within a path ε_f."}};
    law.eventDriven = false;
    law.regularized = false;
    law.memoryScales = [](const ParameterSet& p) {
        const double epsF = p.value("eps_f");
        LawMemoryScales scales;
        scales.preslidingReach = epsF; // the slow state settles within the path eps_f
        scales.relaxationRate = [epsF](double v) { return v / epsF; };
        return scales;
    };
    law.create = [](const ParameterSet& p) -> std::unique_ptr<FrictionLaw> { return std::make_unique<BlimanSorineLaw>(p); };
    law.createWithState = [](const ParameterSet& p, Regularization) -> std::unique_ptr<StateFrictionLaw> {
        return std::make_unique<BlimanSorineLaw>(p);
    };
    law.validate = [](const ParameterSet& p) { return lawspec::requireAtLeast(p, "f1", "f2"); };
    return law;
}

} // namespace fl
