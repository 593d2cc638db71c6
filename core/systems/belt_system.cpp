#include "systems/belt_system.h"

#include <cmath>

namespace fl {

double BeltSystem::forcing(double t) const
{
    return m_p.amplitude == 0.0 ? 0.0 : m_p.amplitude * std::cos(m_p.frequency * t);
}

void BeltSystem::rhs(double t, const double* y, double F, double* dydt) const
{
    dydt[0] = y[1];
    dydt[1] = -2.0 * m_p.zeta * y[1] - y[0] + forcing(t) + F;
}

void BeltSystem::relativeAcceleration(double t, const double* y, double& a, double& b) const
{
    a = -2.0 * m_p.zeta * y[1] - y[0] + forcing(t);
    b = 1.0;
}

void BeltSystem::jacobian(double t, const double* y, double /*F*/, double dFdvr, double* dfdy, double* dfdt) const
{
    (void)y;
    dfdy[0] = 0.0;
    dfdy[1] = 1.0;
    dfdy[2] = -1.0;
    dfdy[3] = -2.0 * m_p.zeta + dFdvr;
    dfdt[0] = 0.0;
    dfdt[1] = m_p.amplitude == 0.0 ? 0.0 : -m_p.amplitude * m_p.frequency * std::sin(m_p.frequency * t);
}

} // namespace fl
