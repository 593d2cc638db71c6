#pragma once
#include "friction/friction_law.h"
#include "friction/regularization.h"

#include <cmath>
#include <string>

namespace fl {

/// Regularized friction force F(v_r) = -g(|v_r|) s(v_r / eps) (docs/physics.md sec. 1; JTAM (4.1)-(4.2)).
/// For Kudra's law eta = staticLimit / g(0), so the peak of |F| near v_r = 0 is the law's static
/// limit and eta' is computed exactly from it.
class SmoothFriction {
public:
    SmoothFriction(const FrictionLaw& law, Regularization kind, double eps);

    /// An asymmetric law (FrictionLaw::symmetric() false) takes the branch of sgn(v_r); the
    /// regularized sign vanishes at v_r = 0, so F stays continuous there.
    double force(double vr) const
    {
        const int b = branch(vr);
        return -m_law.branchMagnitude(std::abs(vr), kDirection[b]) * regularizedSign(m_kind, vr / m_eps, m_etaPrime[b]);
    }
    /// dF/dv_r.
    double slope(double vr) const
    {
        const double s = std::abs(vr);
        const double u = vr / m_eps;
        const double sign = vr > 0.0 ? 1.0 : (vr < 0.0 ? -1.0 : 0.0);
        const int b = branch(vr);
        const double d = kDirection[b];
        return -(m_law.branchSlope(s, d) * sign * regularizedSign(m_kind, u, m_etaPrime[b])
                 + m_law.branchMagnitude(s, d) * regularizedSignSlope(m_kind, u, m_etaPrime[b]) / m_eps);
    }
    /// The static peak F_s/g(0) Kudra's law keeps (of the positive branch for an asymmetric law).
    double eta() const { return m_eta[0]; }
    double etaPrime() const { return m_etaPrime[0]; }
    /// A regularization without a static peak loses a law's stick limit above its slip level at
    /// v_r = 0 (eta > 1): the remark that says so ("tanh has no static peak: ... 1.5 times ..."),
    /// naming the contact when `contact` is given; empty when nothing is lost.
    std::string lostPeakWarning(const std::string& contact = {}) const;

private:
    static constexpr double kDirection[2] = {1.0, -1.0};
    int branch(double vr) const { return vr < 0.0 && !m_symmetric ? 1 : 0; }

    const FrictionLaw& m_law;
    Regularization m_kind;
    double m_eps;
    bool m_symmetric = true;
    double m_eta[2] = {1.0, 1.0};
    double m_etaPrime[2] = {0.0, 0.0};
};

} // namespace fl
