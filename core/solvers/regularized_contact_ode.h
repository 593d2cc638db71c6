#pragma once
#include "solvers/smooth_friction.h"
#include "solvers/smooth_ode.h"
#include "solvers/contact_system.h"

namespace fl {

/// A single-contact system closed with a regularized friction law, F = F_eps(v_r): a smooth
/// (for small eps, stiff) ODE.
class RegularizedContactOde final : public SmoothOde {
public:
    RegularizedContactOde(const ContactSystem& system, const SmoothFriction& friction) : m_system(system), m_friction(friction) {}

    int dimension() const override { return m_system.dimension(); }
    void rhs(double t, const double* y, double* dydt) const override
    {
        m_system.rhs(t, y, m_friction.force(m_system.relativeVelocity(t, y)), dydt);
    }
    void jacobian(double t, const double* y, double* dfdy, double* dfdt) const override
    {
        const double vr = m_system.relativeVelocity(t, y);
        m_system.jacobian(t, y, m_friction.force(vr), m_friction.slope(vr), dfdy, dfdt);
    }
    double force(double t, const double* y) const { return m_friction.force(m_system.relativeVelocity(t, y)); }

private:
    const ContactSystem& m_system;
    const SmoothFriction& m_friction;
};

} // namespace fl
