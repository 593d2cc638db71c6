// Dahl's law, review (12) with the exponent 1 (docs/physics.md sec. 2; the review names one exponent
// twice): z' = v_r - sigma0 |v_r| z / mu_k, resisting force sigma0 z. The force depends on the
// path travelled, not on its rate: a loop under a periodic displacement is the same at every
// frequency. Steady state mu_k sgn(v_r); no static peak.
#include "friction/law_specs.h"
#include "friction/memory_laws.h"
#include "friction/state_law.h"

#include <cmath>

namespace fl {
namespace {

class DahlLaw final : public StateFrictionLaw {
public:
    explicit DahlLaw(const ParameterSet& p) : m_muK(p.value("mu_k")), m_s0(p.value("sigma0")) {}
    double slipMagnitude(double) const override { return m_muK; }
    double slipMagnitudeSlope(double) const override { return 0.0; }
    double staticLimit() const override { return m_muK; }

    int stateCount() const override { return 1; }
    double stateScale(int) const override { return m_muK / m_s0; } // the bristles' reach
    void initialState(double* z) const override { z[0] = 0.0; }
    double evaluate(double v, const double* z, double* dz) const override
    {
        dz[0] = v - m_s0 * std::abs(v) * z[0] / m_muK;
        return -m_s0 * z[0];
    }
    void jacobian(double v, const double* z, StateLawJacobian& J) const override
    {
        const double sign = v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0);
        J.dRdz[0] = -m_s0 * std::abs(v) / m_muK;
        J.dRdv[0] = 1.0 - m_s0 * sign * z[0] / m_muK;
        J.dFdz[0] = -m_s0;
        J.dFdv = 0.0;
    }

private:
    double m_muK, m_s0;
};

} // namespace

FrictionLawInfo dahlLawInfo()
{
    FrictionLawInfo law;
    law.id = "dahl";
    law.name = "Dahl (rate-independent bristles)";
    law.formula = "z′ = v_r − σ_0|v_r| z / μ_k,  F = −σ_0 z (review (12))";
    law.specs = {lawspec::muKinetic(), lawspec::sigma0()};
    law.states = {{"z", "z", "", "Bristle deflection, in units of N/k; σ_0 z is the friction force."}};
    law.eventDriven = false;
    law.regularized = false;
    law.memoryScales = lawspec::bristleScales;
    law.counterpart = "coulomb"; // the steady force mu_k sgn(v_r)
    law.create = [](const ParameterSet& p) -> std::unique_ptr<FrictionLaw> { return std::make_unique<DahlLaw>(p); };
    law.createWithState = [](const ParameterSet& p, Regularization) -> std::unique_ptr<StateFrictionLaw> {
        return std::make_unique<DahlLaw>(p);
    };
    law.validate = [](const ParameterSet& p) {
        return p.value("mu_k") > 0.0 ? Status::success() : Status::error("mu_k must be > 0 for Dahl (z′ divides by mu_k)");
    };
    return law;
}

} // namespace fl
