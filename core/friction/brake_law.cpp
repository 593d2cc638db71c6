// The review's friction law of the brake rig, (21)-(23) and Fig. 21: two branches that differ with
// the direction of slip, made nondimensional with the static force (units of mu_0 N):
//   v_r < 0 (F-, (23), a second-order exponential decay):
//       g-(s) = mu_0 [ (1 - gamma_1 - gamma_2) + gamma_1 exp(-s/tau_1) + gamma_2 exp(-s/tau_2) ]
//   v_r > 0 (F+, (22), a linear decay from F_s to F_min at v_r,max, held there beyond):
//       g+(s) = mu_0 max(rho, 1 - (1 - rho) s / v_max)
// both holding mu_0 N in stick. Decisions (the printed law is garbled; README and help page
// system-brake.html): the amplitudes of (23) normalized by the static force are the figure captions'
// gamma_1, gamma_2 (in Fig. 23 gamma_1 + gamma_2 = 0.761 = 1 - F_min/F_s of both measured branches,
// 1 - 1.42/5.94 = 0.761 and 1 - 0.86/3.63 = 0.763); the decay speeds keep the printed t_1 = 0.0342 and
// t_2 = 0.30529 as dimensionless speeds, paired as (23) pairs them: the larger amplitude (a_1 = 3.23 >
// a_2 = 2.87, the captions' gamma_2 > gamma_1) with the faster decay, so tau_1 = t_2 = 0.30529 and
// tau_2 = t_1 = 0.0342. (22) gives rho = F_min/F_s = 0.86/3.63 and v_max = 0.27.
#include "friction/brake_law.h"

#include "friction/law_specs.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

class BrakeBranchesLaw final : public FrictionLaw {
public:
    explicit BrakeBranchesLaw(const ParameterSet& p)
        : m_mu0(p.value("mu_0")), m_g1(p.value("gamma1")), m_g2(p.value("gamma2")), m_t1(p.value("tau1")), m_t2(p.value("tau2")),
          m_rho(p.value("rho_plus")), m_vmax(p.value("v_max_plus"))
    {
    }
    bool symmetric() const override { return false; }
    // The symmetric interface reads the negative branch (the one a block dragged by the belt slips on).
    double slipMagnitude(double s) const override { return negative(s); }
    double slipMagnitudeSlope(double s) const override { return negativeSlope(s); }
    double staticLimit() const override { return m_mu0; }
    double branchMagnitude(double s, double direction) const override { return direction > 0.0 ? positive(s) : negative(s); }
    double branchSlope(double s, double direction) const override { return direction > 0.0 ? positiveSlope(s) : negativeSlope(s); }
    double branchStaticLimit(double) const override { return m_mu0; }

private:
    double negative(double s) const // (23)
    {
        return m_mu0 * ((1.0 - m_g1 - m_g2) + m_g1 * std::exp(-s / m_t1) + m_g2 * std::exp(-s / m_t2));
    }
    double negativeSlope(double s) const { return -m_mu0 * (m_g1 / m_t1 * std::exp(-s / m_t1) + m_g2 / m_t2 * std::exp(-s / m_t2)); }
    double positive(double s) const { return m_mu0 * std::max(m_rho, 1.0 - (1.0 - m_rho) * s / m_vmax); } // (22)
    double positiveSlope(double s) const { return s < m_vmax ? -m_mu0 * (1.0 - m_rho) / m_vmax : 0.0; }

    double m_mu0, m_g1, m_g2, m_t1, m_t2, m_rho, m_vmax;
};

} // namespace

FrictionLawInfo brakeLawInfo()
{
    FrictionLawInfo info;
    info.id = "brake-branches";
    info.name = "Brake rig, two branches (review (21)-(23))";
    info.formula = "v_r < 0: g = μ_0[(1 − γ_1 − γ_2) + γ_1 e^(−|v_r|/τ_1) + γ_2 e^(−|v_r|/τ_2)] (23);  v_r > 0: g = μ_0 max(ρ, 1 − (1 − ρ)v_r/v_max) "
                   "(22); stick while |F| ≤ μ_0";
    info.specs = {
        lawspec::mu0(),
        {"gamma1", "First decay share", "γ_1", "–", "Share of the static force lost with the first exponential of the negative "
         "branch (23) (the review's figure captions: 0.2 and 0.152).", 0.2, 0.0, 1.0},
        {"gamma2", "Second decay share", "γ_2", "–", "Share of the static force lost with the second exponential of the negative "
         "branch (23) (captions: 0.8 and 0.609). γ_1 + γ_2 ≤ 1: the force never reverses.", 0.8, 0.0, 1.0},
        {"tau1", "First decay speed", "τ_1", "–", "Relative speed over which γ_1's exponential falls by e (the review's t_2 = 0.30529: "
         "the smaller amplitude decays slowly, as in (23)).", 0.30529, 1e-4, 100.0, true},
        {"tau2", "Second decay speed", "τ_2", "–", "Relative speed over which γ_2's exponential falls by e (the review's t_1 = 0.0342).",
         0.0342, 1e-4, 100.0, true},
        {"rho_plus", "Positive branch floor", "ρ", "–", "F_min/F_s of the positive branch (22): 0.86/3.63 = 0.237.", 0.86 / 3.63, 0.0, 1.0},
        {"v_max_plus", "Positive branch decay speed", "v_max", "–", "Relative speed at which the positive branch (22) reaches its floor "
         "(the review's v_r,max = 0.27).", 0.27, 1e-4, 100.0, true},
    };
    info.create = [](const ParameterSet& p) { return std::make_unique<BrakeBranchesLaw>(p); };
    info.validate = [](const ParameterSet& p) {
        if (p.value("gamma1") + p.value("gamma2") > 1.0)
            return Status::error("γ_1 + γ_2 = " + formatNumber(p.value("gamma1") + p.value("gamma2"))
                                 + " exceeds 1: the negative branch would reverse the friction force at high speed");
        return Status::success();
    };
    return info;
}

} // namespace fl
