#pragma once
#include "friction/friction_law.h"
#include "friction/regularization.h"

#include <cmath>

namespace fl {

/// Regularized friction force F(v_r) = -g(|v_r|) s(v_r / eps) (PHYSICS.md sec. 1; JTAM (4.1)-(4.2)).
/// For Kudra's law eta = staticLimit / g(0), so the peak of |F| near v_r = 0 is the law's static
/// limit and eta' is computed exactly from it.
class SmoothFriction {
public:
    SmoothFriction(const FrictionLaw& law, Regularization kind, double eps);

    double force(double vr) const
    {
        return -m_law.slipMagnitude(std::abs(vr)) * regularizedSign(m_kind, vr / m_eps, m_etaPrime);
    }
    /// dF/dv_r.
    double slope(double vr) const
    {
        const double s = std::abs(vr);
        const double u = vr / m_eps;
        const double sign = vr > 0.0 ? 1.0 : (vr < 0.0 ? -1.0 : 0.0);
        return -(m_law.slipMagnitudeSlope(s) * sign * regularizedSign(m_kind, u, m_etaPrime)
                 + m_law.slipMagnitude(s) * regularizedSignSlope(m_kind, u, m_etaPrime) / m_eps);
    }
    double eta() const { return m_eta; }
    double etaPrime() const { return m_etaPrime; }

private:
    const FrictionLaw& m_law;
    Regularization m_kind;
    double m_eps;
    double m_eta = 1.0;
    double m_etaPrime = 0.0;
};

} // namespace fl
