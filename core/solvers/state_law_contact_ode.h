#pragma once
// A single-contact system closed with a law with memory (friction/state_law.h): the state is the
// mechanical state y (n values) followed by the law's states z (m values),
//   y' = f(t, y; F(v_r, z)),  z' = R(v_r, z),  v_r = v_r(t, y),
// with the analytic Jacobian assembled from the system's and the law's partial derivatives:
//   [ J_sys(dF/dv_r)        (df/dF) (dF/dz)^T ]
//   [ (dR/dv_r)(dv_r/dy)^T   dR/dz            ]
#include "friction/state_law.h"
#include "solvers/smooth_ode.h"
#include "solvers/contact_system.h"

namespace fl {

class StateLawContactOde final : public SmoothOde {
public:
    StateLawContactOde(const ContactSystem& system, const StateFrictionLaw& law) : m_system(system), m_law(law) {}

    int dimension() const override { return m_system.dimension() + m_law.stateCount(); }
    double stateScale(int i) const override { return i < m_system.dimension() ? 1.0 : m_law.stateScale(i - m_system.dimension()); }
    void rhs(double t, const double* y, double* dydt) const override
    {
        const int n = m_system.dimension();
        const double vr = m_system.relativeVelocity(t, y);
        m_system.rhs(t, y, m_law.evaluate(vr, y + n, dydt + n), dydt);
    }
    void jacobian(double t, const double* y, double* dfdy, double* dfdt) const override;
    /// The friction force on the body at a state.
    double force(double t, const double* y) const;
    /// The initial state: the system's, then the law's.
    std::vector<double> initialState() const;

private:
    const ContactSystem& m_system;
    const StateFrictionLaw& m_law;
};

} // namespace fl
