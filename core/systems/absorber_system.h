#pragma once
#include "solvers/contact_system.h"

#include <complex>

namespace fl {

/// S6: passive vibration absorber with dry friction (review Fig. 5, docs/physics.md S6). The housing m1
/// hangs on a spring k1 (with a dashpot) from a base that moves as u = A cos(w t); the absorber m2
/// slides on a guide fixed to the housing, tied to it by a spring k2 and a damper c, with dry
/// friction F(v_r) on the guide, v_r = x2' - x1' (absorber relative to housing). Nondimensional
/// like S1: time in units of 1/w1 (w1 = sqrt(k1/m1)), lengths in units of N/k1 (N the normal force
/// on the guide), so forces are in units of N:
///   x1'' = -(x1 - u) - 2 zeta1 (x1' - u') + kappa (x2 - x1) + gamma (x2' - x1') - F
///   m x2'' = -kappa (x2 - x1) - gamma (x2' - x1') + F
/// with m = m2/m1, kappa = k2/k1 = m w2^2, gamma = c w1/k1 = 2 zeta2 m w2 (w2 = sqrt(k2/m2)/w1).
/// State (x1, x2, x1', x2').
class AbsorberSystem final : public ContactSystem {
public:
    struct Parameters {
        double massRatio = 0.1;   ///< m = m2/m1
        double tuning = 1.0;      ///< w2 = sqrt(k2/m2) / w1
        double zeta1 = 0.02;      ///< housing damping ratio (dashpot parallel to k1)
        double zeta2 = 0.0;       ///< absorber damping ratio, c / (2 m2 sqrt(k2/m2))
        double amplitude = 0.0;   ///< A, base motion amplitude (units of N/k1)
        double frequency = 1.0;   ///< w, forcing frequency (units of w1)
        double x1 = 0.0, x2 = 0.0, v1 = 0.0, v2 = 0.0; ///< initial state
    };
    explicit AbsorberSystem(const Parameters& p) : m_p(p) {}

    int dimension() const override { return 4; }
    std::vector<std::string> stateNames() const override { return {"x1", "x2", "v1", "v2"}; }
    std::vector<double> initialState() const override { return {m_p.x1, m_p.x2, m_p.v1, m_p.v2}; }
    void rhs(double t, const double* y, double F, double* dydt) const override;
    double relativeVelocity(double, const double* y) const override { return y[3] - y[2]; }
    void relativeAcceleration(double t, const double* y, double& a, double& b) const override;
    void projectToStick(double t, double* y) const override;
    void jacobian(double t, const double* y, double F, double dFdvr, double* dfdy, double* dfdt) const override;
    void relativeVelocityGradient(double, const double*, double* dvdy, double& dvdt) const override
    {
        dvdy[0] = dvdy[1] = 0.0;
        dvdy[2] = -1.0;
        dvdy[3] = 1.0;
        dvdt = 0.0;
    }

    double kappa() const { return m_p.massRatio * m_p.tuning * m_p.tuning; }
    double gamma() const { return 2.0 * m_p.zeta2 * m_p.massRatio * m_p.tuning; }

private:
    /// The forces on housing and absorber without friction.
    void springForces(double t, const double* y, double& f1, double& f2) const;
    Parameters m_p;
};

/// The parameters of a scenario of the absorber (its ids: m_ratio, w2, zeta1, zeta2, A, w, x1_0, x2_0).
AbsorberSystem::Parameters absorberParameters(const class ParameterSet& p);

/// The steady-state complex amplitudes (X1, X2) of the frictionless absorber (F = 0) under the base
/// motion u = A cos(w t): x_i = Re(X_i e^{i w t}) (the linear 2-DOF closed form).
void absorberLinearResponse(const AbsorberSystem::Parameters& p, std::complex<double>& X1, std::complex<double>& X2);

} // namespace fl
