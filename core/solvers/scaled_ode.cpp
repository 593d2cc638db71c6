#include "solvers/scaled_ode.h"

namespace fl {

ScaledOde::ScaledOde(const SmoothOde& ode, std::vector<double> scales) : m_ode(ode), m_s(std::move(scales)), m_y(m_s.size()) {}

const double* ScaledOde::stateOf(const double* u) const
{
    toState(u, m_y.data());
    return m_y.data();
}

void ScaledOde::toState(const double* u, double* y) const
{
    for (size_t i = 0; i < m_s.size(); ++i)
        y[i] = m_s[i] * u[i];
}

void ScaledOde::rhs(double t, const double* u, double* dudt) const
{
    m_ode.rhs(t, stateOf(u), dudt);
    for (size_t i = 0; i < m_s.size(); ++i)
        dudt[i] /= m_s[i];
}

void ScaledOde::jacobian(double t, const double* u, double* dfdu, double* dfdt) const
{
    const size_t n = m_s.size();
    m_ode.jacobian(t, stateOf(u), dfdu, dfdt);
    for (size_t i = 0; i < n; ++i) {
        for (size_t j = 0; j < n; ++j)
            dfdu[i * n + j] *= m_s[j] / m_s[i];
        dfdt[i] /= m_s[i];
    }
}

bool ScaledOde::bandJacobian(double t, const double* u, JacobianSink& sink) const
{
    struct Scaled final : JacobianSink {
        JacobianSink& inner;
        const std::vector<double>& s;
        Scaled(JacobianSink& i, const std::vector<double>& scales) : inner(i), s(scales) {}
        void set(int row, int column, double value) override
        {
            inner.set(row, column, value * s[static_cast<size_t>(column)] / s[static_cast<size_t>(row)]);
        }
    } scaled(sink, m_s);
    return m_ode.bandJacobian(t, stateOf(u), scaled);
}

std::vector<double> stateScales(const SmoothOde& ode)
{
    std::vector<double> s(static_cast<size_t>(ode.dimension()));
    bool any = false;
    for (int i = 0; i < ode.dimension(); ++i) {
        const double scale = ode.stateScale(i);
        s[static_cast<size_t>(i)] = scale > 0.0 && scale < 1e300 ? scale : 1.0;
        any = any || s[static_cast<size_t>(i)] != 1.0;
    }
    return any ? s : std::vector<double>{};
}

} // namespace fl
