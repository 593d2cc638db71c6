#include "solvers/smooth_friction.h"

#include <algorithm>
#include <cstdio>

namespace fl {

SmoothFriction::SmoothFriction(const FrictionLaw& law, Regularization kind, double eps)
    : m_law(law), m_kind(kind), m_eps(eps), m_symmetric(law.symmetric())
{
    for (int b = 0; b < (m_symmetric ? 1 : 2); ++b) {
        const double d = kDirection[b], g0 = law.branchMagnitude(0.0, d);
        m_eta[b] = g0 > 0.0 ? std::max(1.0, law.branchStaticLimit(d) / g0) : 1.0;
        if (kind == Regularization::Kudra)
            m_etaPrime[b] = kudraEtaPrime(m_eta[b]);
    }
    m_eta[1] = m_symmetric ? m_eta[0] : m_eta[1];
    m_etaPrime[1] = m_symmetric ? m_etaPrime[0] : m_etaPrime[1];
}

std::string SmoothFriction::lostPeakWarning(const std::string& contact) const
{
    if (m_kind == Regularization::Kudra || eta() <= 1.0)
        return {};
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.6g", eta()); // 1.5, not the 1.4999999999999998 of its division
    return regularizationInfo(m_kind).id + " has no static peak: " + (contact.empty() ? "the" : "contact " + contact + "'s")
           + " stick limit is " + ratio + " times the slip level at v_r = 0 and is lost; use kudra";
}

} // namespace fl
