#include "systems/absorber_system.h"

#include <cmath>

namespace fl {

void AbsorberSystem::springForces(double t, const double* y, double& f1, double& f2) const
{
    // docs/physics.md S6 made nondimensional (absorber_system.h): base u = A cos wt, u' = -A w sin wt.
    const double wt = m_p.frequency * t;
    const double u = m_p.amplitude == 0.0 ? 0.0 : m_p.amplitude * std::cos(wt);
    const double du = m_p.amplitude == 0.0 ? 0.0 : -m_p.amplitude * m_p.frequency * std::sin(wt);
    const double coupling = kappa() * (y[1] - y[0]) + gamma() * (y[3] - y[2]);
    f1 = -(y[0] - u) - 2.0 * m_p.zeta1 * (y[2] - du) + coupling;
    f2 = -coupling;
}

void AbsorberSystem::rhs(double t, const double* y, double F, double* dydt) const
{
    double f1, f2;
    springForces(t, y, f1, f2);
    dydt[0] = y[2];
    dydt[1] = y[3];
    dydt[2] = f1 - F;                     // the guide's reaction on the housing
    dydt[3] = (f2 + F) / m_p.massRatio;   // friction on the absorber
}

void AbsorberSystem::relativeAcceleration(double t, const double* y, double& a, double& b) const
{
    double f1, f2;
    springForces(t, y, f1, f2);
    a = f2 / m_p.massRatio - f1;
    b = 1.0 / m_p.massRatio + 1.0;
}

void AbsorberSystem::projectToStick(double, double* y) const
{
    // The common velocity that keeps the momentum m1 x1' + m2 x2' (the switch is located where
    // v_r = 0 already, so this only removes the solver's residual).
    const double v = (y[2] + m_p.massRatio * y[3]) / (1.0 + m_p.massRatio);
    y[2] = y[3] = v;
}

void AbsorberSystem::jacobian(double t, const double*, double /*F*/, double dFdvr, double* J, double* dfdt) const
{
    // Row-major 4x4 of (x1, x2, v1, v2)' with F = F(v2 - v1): dF/dv1 = -dFdvr, dF/dv2 = dFdvr.
    const double k = kappa(), g = gamma(), m = m_p.massRatio, z = 2.0 * m_p.zeta1;
    const double rows[16] = {
        0.0, 0.0, 1.0, 0.0, //
        0.0, 0.0, 0.0, 1.0, //
        -1.0 - k, k, -z - g + dFdvr, g - dFdvr, //
        k / m, -k / m, (g - dFdvr) / m, (-g + dFdvr) / m,
    };
    for (int i = 0; i < 16; ++i)
        J[i] = rows[i];
    const double w = m_p.frequency, wt = w * t, A = m_p.amplitude;
    dfdt[0] = dfdt[1] = dfdt[3] = 0.0;
    // d/dt of u + 2 zeta1 u' = A cos wt - 2 zeta1 A w sin wt.
    dfdt[2] = A == 0.0 ? 0.0 : -A * w * std::sin(wt) - z * A * w * w * std::cos(wt);
}

void absorberLinearResponse(const AbsorberSystem::Parameters& p, std::complex<double>& X1, std::complex<double>& X2)
{
    using C = std::complex<double>;
    const double w = p.frequency, m = p.massRatio;
    const double kappa = m * p.tuning * p.tuning, gamma = 2.0 * p.zeta2 * m * p.tuning;
    const C i(0.0, 1.0);
    const C coupling = kappa + i * w * gamma;
    // [1 + 2 i zeta1 w + coupling - w^2, -coupling; -coupling, coupling - m w^2] X = [(1 + 2 i zeta1 w) A; 0]
    const C a11 = 1.0 + 2.0 * i * p.zeta1 * w + coupling - w * w, a12 = -coupling, a22 = coupling - m * w * w;
    const C b1 = (1.0 + 2.0 * i * p.zeta1 * w) * p.amplitude;
    const C det = a11 * a22 - a12 * a12;
    X1 = b1 * a22 / det;
    X2 = -a12 * b1 / det;
}

} // namespace fl
