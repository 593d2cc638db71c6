#include "solvers/smooth_friction.h"

namespace fl {

SmoothFriction::SmoothFriction(const FrictionLaw& law, Regularization kind, double eps)
    : m_law(law), m_kind(kind), m_eps(eps)
{
    const double g0 = law.slipMagnitude(0.0);
    m_eta = g0 > 0.0 ? std::max(1.0, law.staticLimit() / g0) : 1.0;
    if (kind == Regularization::Kudra)
        m_etaPrime = kudraEtaPrime(m_eta);
}

} // namespace fl
