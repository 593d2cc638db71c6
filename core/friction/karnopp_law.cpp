// Karnopp's stick window, review (6): Coulomb friction (mu_s, mu_k) with a velocity window dv in
// which the body is held while the applied force stays below mu_s. Solved by
// solvers/karnopp_contact_dynamics.cpp with the explicit or the stiff integrator; no state.
#include "friction/law_specs.h"
#include "friction/memory_laws.h"

namespace fl {
namespace {

class KarnoppCoulomb final : public FrictionLaw {
public:
    KarnoppCoulomb(double muS, double muK) : m_muS(muS), m_muK(muK) {}
    double slipMagnitude(double) const override { return m_muK; }
    double slipMagnitudeSlope(double) const override { return 0.0; }
    double staticLimit() const override { return m_muS; }

private:
    double m_muS, m_muK;
};

} // namespace

FrictionLawInfo karnoppLawInfo()
{
    FrictionLawInfo law;
    law.id = "karnopp";
    law.name = "Karnopp (stick window)";
    law.formula = "|v_r| < Δv: held (F = −a/b) while |F| ≤ μ_s, else F = −μ_k sgn(applied force); outside: F = −μ_k sgn(v_r) (review (6))";
    law.specs = {lawspec::muStatic(), lawspec::muKinetic(),
                 {"dv", "Stick window", "Δv", "–",
                  "Half-width of the velocity window in which the body is held; the cycle tends to the exact one as Δv → 0.",
                  1e-3, 1e-8, 1.0, true}};
    law.eventDriven = false;
    law.regularized = false;
    law.stickWindow = true;
    law.counterpart = "coulomb"; // the same mu_s and mu_k, without the window
    law.create = [](const ParameterSet& p) -> std::unique_ptr<FrictionLaw> {
        return std::make_unique<KarnoppCoulomb>(p.value("mu_s"), p.value("mu_k"));
    };
    law.validate = [](const ParameterSet& p) { return lawspec::requireAtLeast(p, "mu_s", "mu_k"); };
    return law;
}

} // namespace fl
