#include "systems/disk_on_belt.h"

#include <cmath>

namespace fl {

void RegularizedDiskOnBelt::rhs(double, const double* y, double* dydt) const
{
    double fx = 0.0, fphi = 0.0;
    m_m.elasticForces(y, fx, fphi);
    const contact::FrictionLoad f = m_law.load(y[2] - m_m.vb, 0.0, y[3]);
    dydt[0] = y[2];
    dydt[1] = y[3];
    dydt[2] = fx - m_m.mu * f.tx;
    dydt[3] = (fphi - m_m.mu * f.m) / m_m.J;
}

void RegularizedDiskOnBelt::jacobian(double, const double* y, double* J, double* dfdt) const
{
    Eigen::Matrix3d Jc;
    m_law.loadAndJacobian(y[2] - m_m.vb, 0.0, y[3], Jc);
    // Rows of d(T_sx, M_s)/d(v_s, omega_s): entries (0,0), (0,2), (2,0), (2,2) of Jc.
    const double mu = m_m.mu, inertia = m_m.J;
    const double rows[16] = {0.0, 0.0, 1.0, 0.0,
                             0.0, 0.0, 0.0, 1.0,
                             -1.0, -m_m.k12, -m_m.c - mu * Jc(0, 0), -m_m.c12 - mu * Jc(0, 2),
                             -m_m.k12 / inertia, -1.0 / inertia, (-m_m.c12 - mu * Jc(2, 0)) / inertia, (-m_m.c - mu * Jc(2, 2)) / inertia};
    std::copy(rows, rows + 16, J);
    dfdt[0] = dfdt[1] = dfdt[2] = dfdt[3] = 0.0;
}

void RegularizedDiskOnBelt::outputs(double, const double* y, double* out) const
{
    const double v = y[2] - m_m.vb, w = y[3];
    const contact::FrictionLoad f = m_law.load(v, 0.0, w);
    out[0] = v;
    out[1] = w;
    out[2] = std::hypot(v, w);
    out[3] = -m_m.mu * f.tx;
    out[4] = -m_m.mu * f.m;
}

} // namespace fl
