#include "analysis/lyapunov.h"

#include <Eigen/QR>

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

/// The state and k tangent vectors: y' = f(t, y), Phi' = J(t, y) Phi (n + n k unknowns).
class VariationalOde final : public SmoothOde {
public:
    VariationalOde(const SmoothOde& ode, int k) : m_ode(ode), m_n(ode.dimension()), m_k(k),
        m_jac(static_cast<size_t>(m_n * m_n)), m_dfdt(static_cast<size_t>(m_n)) {}

    int dimension() const override { return m_n + m_n * m_k; }
    void rhs(double t, const double* y, double* dydt) const override
    {
        m_ode.rhs(t, y, dydt);
        m_ode.jacobian(t, y, m_jac.data(), m_dfdt.data());
        using Map = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;
        const Map J(m_jac.data(), m_n, m_n);
        const Eigen::Map<const Eigen::MatrixXd> phi(y + m_n, m_n, m_k);
        Eigen::Map<Eigen::MatrixXd>(dydt + m_n, m_n, m_k) = J * phi;
    }
    /// Block form [J 0; d(J Phi)/dy  diag(J)], with d(J Phi)/dy by forward differences of J.
    void jacobian(double t, const double* y, double* dfdy, double* dfdt) const override
    {
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

private:
    const SmoothOde& m_ode;
    int m_n, m_k;
    mutable std::vector<double> m_jac, m_dfdt;
};

} // namespace

LyapunovResult lyapunovSpectrum(const SmoothOde& ode, std::vector<double> y0, double t0, const LyapunovOptions& o)
{
    LyapunovResult result;
    const int n = ode.dimension();
    const int k = o.count > 0 ? std::min(o.count, n) : n;
    double t = t0;
    if (o.transient > 0.0) {
        result.status = integrateOde(ode, y0, t, t + o.transient, o.integration, {}, nullptr, &t);
        if (!result.status.ok())
            return result;
    }
    const VariationalOde variational(ode, k);
    std::vector<double> z(static_cast<size_t>(n + n * k), 0.0);
    std::copy(y0.begin(), y0.end(), z.begin());
    for (int i = 0; i < k; ++i)
        z[static_cast<size_t>(n + i * n + i)] = 1.0;
    Eigen::VectorXd sums = Eigen::VectorXd::Zero(k);
    const double tStart = t;
    const int intervals = std::max(1, static_cast<int>(std::lround(o.duration / o.interval)));
    for (int step = 1; step <= intervals; ++step) {
        const double target = tStart + step * o.interval;
        // Stop exactly at the interval end: the loop steps past it, so integrate in one piece with
        // the last step clipped by restarting from the dense output.
        std::vector<double> zEnd = z;
        result.status = integrateOde(variational, z, t, target, o.integration,
                                     [&](const StepView& s) {
                                         if (s.t1 >= target) {
                                             s.stateAt(target, zEnd.data());
                                             return false;
                                         }
                                         return true;
                                     });
        if (!result.status.ok())
            return result;
        z = zEnd;
        t = target;
        Eigen::Map<Eigen::MatrixXd> phi(z.data() + n, n, k);
        Eigen::HouseholderQR<Eigen::MatrixXd> qr(phi);
        const Eigen::MatrixXd r = qr.matrixQR().topRows(k).triangularView<Eigen::Upper>();
        Eigen::MatrixXd q = qr.householderQ() * Eigen::MatrixXd::Identity(n, k);
        for (int i = 0; i < k; ++i) {
            // Keep Q's columns aligned with Phi's (positive diagonal of R).
            if (r(i, i) < 0.0)
                q.col(i) = -q.col(i);
            sums(i) += std::log(std::abs(r(i, i)));
        }
        phi = q;
        result.times.push_back(t - tStart);
        result.history.emplace_back(sums.data(), sums.data() + k);
        for (double& v : result.history.back())
            v /= (t - tStart);
    }
    result.exponents = result.history.back();
    std::sort(result.exponents.begin(), result.exponents.end(), std::greater<>());
    result.finalState.assign(z.begin(), z.begin() + n);
    return result;
}

} // namespace fl
