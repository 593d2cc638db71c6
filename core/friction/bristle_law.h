#pragma once
// The bristle laws with LuGre's Stribeck function g (review (17)), one class:
//   z' = v_r - alpha(z, v_r) sigma0 |v_r| z / g(v_r),   F = -(sigma0 z + sigma1 z' + sigma2 v_r).
// LuGre: alpha = 1. Elasto-plastic (Dupont et al. 2002, friction/elasto_plastic_law.cpp): alpha = 0
// for |z| <= z_ba = beta mu_k / sigma0 or sgn z != sgn v_r, 1 for |z| >= z_ss = g(v_r)/sigma0, and
// (1 + sin(pi (|z| - (z_ss + z_ba)/2) / (z_ss - z_ba)))/2 between.
#include "friction/law_specs.h"
#include "friction/state_law.h"

namespace fl {

class BristleLaw final : public StateFrictionLaw {
public:
    /// From mu_s, mu_k, v_s, sigma0, sigma1, sigma2 (and beta when elastoPlastic).
    BristleLaw(const ParameterSet& p, bool elastoPlastic);

    double slipMagnitude(double s) const override { return m_g(s) + m_s2 * s; }
    double slipMagnitudeSlope(double s) const override { return m_g.slope(s) + m_s2; }
    double staticLimit() const override;
    int stateCount() const override { return 1; }
    void initialState(double* z) const override { z[0] = 0.0; }
    double evaluate(double v, const double* z, double* dz) const override;
    void jacobian(double v, const double* z, StateLawJacobian& J) const override;
    double stateScale(int) const override { return staticLimit() / m_s0; } // the bristles' reach

private:
    /// alpha with its partial derivatives in z and v.
    void alpha(double z, double v, double& a, double& dadz, double& dadv) const;

    lawspec::GaussStribeck m_g;
    double m_s0, m_s1, m_s2;
    bool m_elastoPlastic;
    double m_zba; ///< breakaway deflection (elasto-plastic only)
};

} // namespace fl
