#pragma once
// Regularized approximants with a static peak (JTAM (4.3)-(4.5), Acta Mech (6)): smooth right-hand
// sides for stiff solvers, finite at rest, with analytic Jacobians.
#include "contact/approximants.h"

#include <Eigen/Core>

namespace fl::contact {

/// eps: small velocity scale of the regularization; eta = mu_s / mu_k >= 1 (eta' = kudraEtaPrime(eta)).
struct RegularizationParams {
    double eps = 1e-5;
    double eta = 1.0;
};

/// f_eps = N(q) lambda(D^2), q = (v_sx, v_sy, omega_s), with the approximant's numerator N (degree n
/// in q) and denominator D (degree n), n = 1 for I(0,0) and 3 for I(1,1):
///   lambda = 1/sqrt(D^2 + eps^(2n)) + eta' eps^(3n) / (D^2 + eps^(2n))^2.
/// n = 1 is JTAM (4.3)-(4.4) (and (4.5) for circular symmetry with m = 2, D^2 = v^2 + b^2 w^2);
/// n = 3 is Acta Mech (6), whose eps^6 and eps^9 come from this scaling: eps stays a velocity scale
/// (the peak lies at |q| ~ eps for both orders). JTAM (4.3) applied to n = 3 as printed (eps^2,
/// eps^3 with a degree-3 D) is the same function with eps_JTAM = eps^3.
///
/// Properties (tested): along a ray q = t q_hat, f_eps = f(q_hat) s(t^n D(q_hat)/eps^n) with Kudra's
/// 1-D law s(u) = u (1/sqrt(u^2+1) + eta'/(u^2+1)^2) (JTAM (4.2)), whose maximum is exactly eta; so
/// every component peaks at exactly eta times the fully-developed-sliding value, in every direction
/// (|T| peaks at eta itself for pure translation, M at eta c00m1 for pure spin). f_eps -> f as
/// eps -> 0 with error O(eps^(2n) / D^(2n)); f_eps(0) = 0.
///
/// Jacobian d(T_sx, T_sy, M_s)/d(v_sx, v_sy, omega_s) = lambda dN + N (dlambda/dD^2) grad D^2 with
/// grad D^2 = 2 n D^2 (wv v_sx/v^2, wv v_sy/v^2, ww/omega) (weights of denominatorSquared()).
/// The terms |v|^(nm-2) v and |w|^(nm-1) sgn(w) in grad D^2 make the Jacobian continuous when
/// n m > 1, bounded but discontinuous at v = 0 and omega = 0 when n m = 1, and unbounded there when
/// n m < 1 (I(0,0) with m < 1, e.g. Acta's 0.674). At v = 0 or omega = 0 exactly those terms are
/// set to 0: the symmetric derivative (D is even in v and in omega), finite everywhere.
/// For stiff solves use I(0,0) with m >= 1 (JTAM Fig. 4: m = 2) or I(1,1) with m > 1/3.
class RegularizedApproximant {
public:
    /// I(0,0), JTAM (4.4).
    RegularizedApproximant(const I00Coefficients& coefficients, ApproximantParams params, RegularizationParams reg);
    /// I(1,1), Acta Mech (6).
    RegularizedApproximant(const I11Coefficients& coefficients, ApproximantParams params, RegularizationParams reg);

    FrictionLoad load(double vsx, double vsy, double omegaS) const;
    Eigen::Matrix3d jacobian(double vsx, double vsy, double omegaS) const;
    /// Both at once (shares the denominator).
    FrictionLoad loadAndJacobian(double vsx, double vsy, double omegaS, Eigen::Matrix3d& jacobian) const;

    ApproximantKind kind() const { return m_kind; }
    const ApproximantParams& params() const { return m_p; }
    const RegularizationParams& regularization() const { return m_reg; }
    double etaPrime() const { return m_etaPrime; }
    /// The unregularized approximant's value (eps -> 0).
    FrictionLoad limit(double vsx, double vsy, double omegaS) const;

private:
    Eigen::Vector3d numerator(double vsx, double vsy, double omegaS, Eigen::Matrix3d* gradient) const;
    void cacheConstants();

    ApproximantKind m_kind;
    I00Coefficients m_c00;
    I11Coefficients m_c11;
    ApproximantParams m_p;
    RegularizationParams m_reg;
    double m_etaPrime;
    int m_n;
    double m_eps2n = 0.0, m_eps3n = 0.0, m_bRoot = 1.0; ///< eps^(2n), eps^(3n), b^(1/n)
};

} // namespace fl::contact
