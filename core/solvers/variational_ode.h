#pragma once
// The variational equations of a smooth system, integrated with it: the Lyapunov exponents
// (analysis/lyapunov.cpp) and the monodromy matrix of a periodic orbit (analysis/periodic_orbit.cpp).
#include "solvers/smooth_ode.h"

#include <vector>

namespace fl {

/// The state and k tangent vectors: y' = f(t, y), Phi' = J(t, y) Phi (n + n k unknowns), in the
/// time tau = t - origin of one stretch: a stretch's first steps can be far below the spacing of
/// doubles at t (CVODE's first step after a LuGre breakaway is 3e-15, which vanishes at t = 40,
/// where doubles are 7e-15 apart), but not at tau = 0. Phi is column-major after the n states.
class VariationalOde final : public SmoothOde {
public:
    VariationalOde(const SmoothOde& ode, int k);

    int dimension() const override { return m_n + m_n * m_k; }
    void setOrigin(double origin) { m_origin = origin; }
    void rhs(double tau, const double* y, double* dydt) const override;
    /// tr J(origin + tau, y) of the system (y: its n state values).
    double trace(double tau, const double* y) const;
    /// Block form [J 0; d(J Phi)/dy  diag(J)], with d(J Phi)/dy by forward differences of J.
    void jacobian(double tau, const double* y, double* dfdy, double* dfdt) const override;

private:
    const SmoothOde& m_ode;
    int m_n, m_k;
    double m_origin = 0.0;
    mutable std::vector<double> m_jac, m_dfdt;
};

} // namespace fl
