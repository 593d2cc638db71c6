#include "systems/brake_system.h"

#include "params/parameter_set.h"

#include <algorithm>

namespace fl {

double BrakeSystem::normalLoad(const double* y) const
{
    // N = N0 + k3 y + c2 y' in units of N0 (brake_system.h).
    return std::max(0.0, 1.0 + (m_p.beta3 - 1.0) * y[2] + m_p.etaC2 * y[3]);
}

void BrakeSystem::rhs(double, const double* y, double F, double* dydt) const
{
    // S4 rebuilt (brake_system.h); F is the law's force at unit normal load, scaled by N here.
    dydt[0] = y[1];
    dydt[1] = -y[0] + (pull(y) + normalLoad(y) * F) / m_p.alpha1;
    dydt[2] = y[3];
    dydt[3] = (y[0] - m_p.beta3 * y[2] - (m_p.eta1 + m_p.etaC2) * y[3] + m_p.eta1 * y[1]) / m_p.alpha2;
}

void BrakeSystem::relativeAcceleration(double, const double* y, double& a, double& b) const
{
    a = -y[0] + pull(y) / m_p.alpha1;
    // b > 0 while the block is pressed; a lifted block (N = 0) holds nothing: b tiny, |F_h| huge.
    b = std::max(normalLoad(y) / m_p.alpha1, 1e-300);
}

void BrakeSystem::jacobian(double, const double* y, double F, double dFdvr, double* J, double* dfdt) const
{
    // Row-major 4x4 of (x1, x2, y1, y2)' with the friction N(y1, y2) F(x2 - v_d).
    const double a1 = m_p.alpha1, a2 = m_p.alpha2, e1 = m_p.eta1, ec = m_p.etaC2;
    const double N = normalLoad(y);
    const double dNdy1 = N > 0.0 ? m_p.beta3 - 1.0 : 0.0, dNdy2 = N > 0.0 ? ec : 0.0;
    const double rows[16] = {
        0.0, 1.0, 0.0, 0.0, //
        -1.0, (-e1 + N * dFdvr) / a1, (1.0 + dNdy1 * F) / a1, (e1 + dNdy2 * F) / a1, //
        0.0, 0.0, 0.0, 1.0, //
        1.0 / a2, e1 / a2, -m_p.beta3 / a2, -(e1 + ec) / a2,
    };
    std::copy(rows, rows + 16, J);
    std::fill(dfdt, dfdt + 4, 0.0);
}

BrakeSystem::Parameters brakeParameters(const ParameterSet& p)
{
    BrakeSystem::Parameters b;
    b.alpha1 = p.value("alpha1");
    b.alpha2 = p.value("alpha2");
    b.beta3 = p.value("beta3");
    b.eta1 = p.value("eta1");
    b.etaC2 = p.value("eta_c2");
    b.beltSpeed = p.value("v_d");
    b.x1 = p.value("x1_0");
    b.x2 = p.value("x2_0");
    b.y1 = p.value("y1_0");
    b.y2 = p.value("y2_0");
    return b;
}

} // namespace fl
