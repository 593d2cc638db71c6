#include "solvers/variational_ode.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>

namespace fl {

VariationalOde::VariationalOde(const SmoothOde& ode, int k)
    : m_ode(ode), m_n(ode.dimension()), m_k(k), m_jac(static_cast<size_t>(m_n * m_n)), m_dfdt(static_cast<size_t>(m_n))
{
}

void VariationalOde::rhs(double tau, const double* y, double* dydt) const
{
    const double t = m_origin + tau;
    m_ode.rhs(t, y, dydt);
    m_ode.jacobian(t, y, m_jac.data(), m_dfdt.data());
    using Map = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;
    const Map J(m_jac.data(), m_n, m_n);
    const Eigen::Map<const Eigen::MatrixXd> phi(y + m_n, m_n, m_k);
    Eigen::Map<Eigen::MatrixXd>(dydt + m_n, m_n, m_k) = J * phi;
}

double VariationalOde::trace(double tau, const double* y) const
{
    m_ode.jacobian(m_origin + tau, y, m_jac.data(), m_dfdt.data());
    double sum = 0.0;
    for (int i = 0; i < m_n; ++i)
        sum += m_jac[static_cast<size_t>(i * m_n + i)];
    return sum;
}

void VariationalOde::jacobian(double tau, const double* y, double* dfdy, double* dfdt) const
{
    const double t = m_origin + tau;
    const int N = dimension();
    std::fill(dfdy, dfdy + N * N, 0.0);
    std::vector<double> J(static_cast<size_t>(m_n * m_n)), Jh(J.size()), dt(static_cast<size_t>(m_n)), yh(y, y + m_n);
    m_ode.jacobian(t, y, J.data(), dt.data());
    for (int r = 0; r < m_n; ++r) {
        dfdt[r] = dt[static_cast<size_t>(r)];
        for (int c = 0; c < m_n; ++c)
            dfdy[r * N + c] = J[static_cast<size_t>(r * m_n + c)];
    }
    for (int block = 0; block < m_k; ++block)
        for (int r = 0; r < m_n; ++r) {
            const int row = m_n + block * m_n + r;
            dfdt[row] = 0.0;
            for (int c = 0; c < m_n; ++c)
                dfdy[row * N + m_n + block * m_n + c] = J[static_cast<size_t>(r * m_n + c)];
        }
    for (int c = 0; c < m_n; ++c) {
        const double h = 1e-7 * std::max(1.0, std::abs(y[c]));
        yh[static_cast<size_t>(c)] = y[c] + h;
        m_ode.jacobian(t, yh.data(), Jh.data(), dt.data());
        yh[static_cast<size_t>(c)] = y[c];
        for (int block = 0; block < m_k; ++block)
            for (int r = 0; r < m_n; ++r) {
                double d = 0.0;
                for (int j = 0; j < m_n; ++j)
                    d += (Jh[static_cast<size_t>(r * m_n + j)] - J[static_cast<size_t>(r * m_n + j)]) / h * y[m_n + block * m_n + j];
                dfdy[(m_n + block * m_n + r) * N + c] = d;
            }
    }
}

} // namespace fl
