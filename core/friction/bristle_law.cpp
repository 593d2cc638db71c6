#include "friction/bristle_law.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fl {

BristleLaw::BristleLaw(const ParameterSet& p, bool elastoPlastic)
    : m_g(p), m_s0(p.value("sigma0")), m_s1(p.value("sigma1")), m_s2(p.value("sigma2")), m_elastoPlastic(elastoPlastic),
      m_zba(elastoPlastic ? p.value("beta") * p.value("mu_k") / p.value("sigma0") : 0.0)
{
}

double BristleLaw::staticLimit() const { return std::max(m_g.muS, m_g.muK); }

void BristleLaw::alpha(double z, double v, double& a, double& dadz, double& dadv) const
{
    dadz = dadv = 0.0;
    a = 1.0;
    if (!m_elastoPlastic)
        return; // LuGre
    a = 0.0;
    const double w = std::abs(z);
    if (v == 0.0 || z == 0.0 || (z > 0.0) != (v > 0.0) || w <= m_zba)
        return;
    const double zss = m_g(v) / m_s0;
    if (w >= zss) {
        a = 1.0;
        return;
    }
    const double width = zss - m_zba;
    const double phi = std::numbers::pi * (w - 0.5 * (zss + m_zba)) / width;
    a = 0.5 * std::sin(phi) + 0.5;
    const double c = 0.5 * std::cos(phi);
    dadz = c * std::numbers::pi / width * (z > 0.0 ? 1.0 : -1.0);
    dadv = c * std::numbers::pi * (m_zba - w) / (width * width) * m_g.slope(v) / m_s0;
}

double BristleLaw::evaluate(double v, const double* z, double* dz) const
{
    double a, dadz, dadv;
    alpha(z[0], v, a, dadz, dadv);
    dz[0] = v - a * m_s0 * std::abs(v) * z[0] / m_g(v);
    return -(m_s0 * z[0] + m_s1 * dz[0] + m_s2 * v);
}

void BristleLaw::jacobian(double v, const double* z, StateLawJacobian& J) const
{
    double a, dadz, dadv;
    alpha(z[0], v, a, dadz, dadv);
    const double gv = m_g(v);
    const double sign = v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0);
    const double q = m_s0 * std::abs(v) * z[0] / gv; // z' = v - alpha q
    const double dqdz = m_s0 * std::abs(v) / gv;
    const double dqdv = m_s0 * z[0] * (sign * gv - std::abs(v) * m_g.slope(v)) / (gv * gv);
    const double dRdz = -(dadz * q + a * dqdz);
    const double dRdv = 1.0 - (dadv * q + a * dqdv);
    J.dRdz[0] = dRdz;
    J.dRdv[0] = dRdv;
    J.dFdz[0] = -(m_s0 + m_s1 * dRdz);
    J.dFdv = -(m_s1 * dRdv + m_s2);
}

} // namespace fl
