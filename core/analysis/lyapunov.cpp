#include "analysis/lyapunov.h"
#include "common/number_text.h"
#include "solvers/dynamics.h"
#include "solvers/variational_ode.h"

#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl {
namespace {

/// One Benettin re-orthonormalisation: Phi = Q R (Householder). Returns |R_ii| and sets q to Q's
/// first k columns, each signed so that R's diagonal is positive (Q's columns stay aligned with
/// Phi's from one period to the next).
Eigen::VectorXd reorthonormalise(const Eigen::Ref<const Eigen::MatrixXd>& phi, Eigen::MatrixXd& q)
{
    const Eigen::Index n = phi.rows(), k = phi.cols();
    Eigen::HouseholderQR<Eigen::MatrixXd> qr(phi);
    const Eigen::VectorXd r = qr.matrixQR().diagonal().head(k);
    q = qr.householderQ() * Eigen::MatrixXd::Identity(n, k);
    for (Eigen::Index i = 0; i < k; ++i)
        if (r(i) < 0.0)
            q.col(i) = -q.col(i);
    return r.cwiseAbs();
}

} // namespace

namespace {
/// Periods of `interval` that cover `duration`, the last one possibly shorter (a remainder below
/// 1e-9 of a period is round-off, not a period of its own).
int periodCount(double duration, double interval)
{
    return std::max(1, static_cast<int>(std::ceil(duration / interval - 1e-9)));
}
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
    VariationalOde variational(ode, k);
    // Each period restarts with fresh tangent vectors that excite the fastest mode: BDF's first step
    // must be below ~sqrt(2 tol)/|lambda_min| (4e-10 for a LuGre bristle at tol 1e-10), which a fixed
    // first step misses (seven failed error tests, CV_ERR_FAILURE): CVODE estimates it instead.
    LyapunovOptions periodOptions = o;
    if (o.integration.integrator == Integrator::Bdf)
        periodOptions.integration.firstStep = 0.0;
    std::vector<double> z(static_cast<size_t>(variational.dimension()), 0.0);
    std::copy(y0.begin(), y0.end(), z.begin());
    for (int i = 0; i < k; ++i)
        z[static_cast<size_t>(n + i * n + i)] = 1.0;
    Eigen::VectorXd sums = Eigen::VectorXd::Zero(k);
    const double tStart = t;
    // The average is over exactly `duration`: the last period is shortened to fit (with
    // a whole number of periods the window, and so lambda, depended on the interval).
    const double tEnd = tStart + o.duration;
    // The re-orthonormalisation period: o.interval, shortened (for the rest of the run) when a
    // tangent vector shrank below 1e-200 over one period, e.g. across the stick phase of a
    // regularized law, where it contracts like exp(-|dF/dv| t) with |dF/dv| ~ 1/eps.
    double h = o.interval, tBase = tStart;
    long step = 0;
    // For the full spectrum: the integral of tr J over each period (Liouville: the sum of the
    // ln R_ii), by 3-point Gauss-Legendre on each step's dense output.
    const bool fullSpectrum = k == n;
    std::vector<double> zAt = z;
    while (t < tEnd) {
        double target = std::min(tEnd, tBase + static_cast<double>(++step) * h);
        if (tEnd - target < 1e-9 * h) // round-off short of the end: no sliver of a period after it
            target = tEnd;
        // Stop exactly at the interval end: the loop steps past it, so integrate in one piece with
        // the last step clipped by restarting from the dense output.
        const std::vector<double> zStart = z;
        std::vector<double> zEnd = z;
        double traceIntegral = 0.0;
        variational.setOrigin(t);
        const double span = target - t; // the period in tau
        result.status = integrateOde(variational, z, 0.0, span, periodOptions.integration,
                                     [&](const StepView& s) {
                                         const double b = std::min(s.t1, span);
                                         if (fullSpectrum)
                                             for (const auto& [node, weight] : {std::pair{-0.7745966692414834, 5.0 / 9.0},
                                                                                std::pair{0.0, 8.0 / 9.0},
                                                                                std::pair{0.7745966692414834, 5.0 / 9.0}}) {
                                                 const double tq = 0.5 * (s.t0 + b) + 0.5 * (b - s.t0) * node;
                                                 s.stateAt(tq, zAt.data());
                                                 traceIntegral += 0.5 * (b - s.t0) * weight * variational.trace(tq, zAt.data());
                                             }
                                         if (s.t1 >= span) {
                                             s.stateAt(span, zEnd.data());
                                             return false;
                                         }
                                         return true;
                                     });
        if (!result.status.ok()) {
            // Times inside the period are tau: say where the period began.
            result.status = Status::error(result.status.message() + " (in the period from t = " + std::to_string(t) + ", t counted from there)");
            return result;
        }
        Eigen::Map<Eigen::MatrixXd> phiEnd(zEnd.data() + n, n, k);
        Eigen::MatrixXd q;
        const Eigen::VectorXd r = phiEnd.allFinite() ? reorthonormalise(phiEnd, q) : Eigen::VectorXd::Zero(k);
        if (!(r.minCoeff() > 1e-200) || !r.allFinite()) {
            if (h < 1e-9 * o.interval) {
                result.status = Status::error("Lyapunov: the tangent vectors collapse at t = " + std::to_string(t)
                                              + " even over a period of " + std::to_string(h));
                return result;
            }
            z = zStart; // the same period again, an eighth as long
            h /= 8.0;
            tBase = t;
            step = 0;
            continue;
        }
        z = zEnd;
        t = target;
        Eigen::Map<Eigen::MatrixXd> phi(z.data() + n, n, k);
        sums += r.array().log().matrix();
        if (fullSpectrum) {
            // The last exponent from Liouville: sum ln R_ii = integral of tr J. A stiff integrator
            // follows the slow manifold but not the decay of a tangent vector across it (a BDF or
            // Rosenbrock step damps it by its stability function, not by exp(h lambda)), so ln R_nn
            // is replaced by the trace integral minus the other n - 1 (which are resolved).
            sums(k - 1) += traceIntegral - r.array().log().sum();
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

LyapunovResult lyapunovSpectrumNonsmooth(const Dynamics& dynamics, std::vector<double> y0, double t0, const LyapunovOptions& o)
{
    LyapunovResult result;
    const int n = dynamics.dimension();
    const int k = o.count > 0 ? std::min(o.count, n) : n;
    // Bounded work: each sub-step's Jacobian by central differences costs 2n right-hand sides and
    // n^2 k products (the chain of 1000 blocks' spectrum, 8e9 a sub-step, would never end).
    if (const double work = static_cast<double>(n) * n * (k + 2); work > kMaxTangentWork) {
        result.status = Status::error("the event-driven Lyapunov exponents of " + std::to_string(n) + " states cost n^2 (k + 2) = "
                                      + formatNumber(work) + " operations a sub-step for k = " + std::to_string(k) + " exponents, more than "
                                      + formatNumber(kMaxTangentWork) + ": ask for fewer exponents (the largest alone) or fewer states");
        return result;
    }
    double t = t0;
    IntegrationStats stats;
    if (o.transient > 0.0) {
        // integrateVariational also stops exactly at its end, so the transient ends at t0 + transient.
        std::vector<double> none;
        result.status = dynamics.integrateVariational(y0, t, t + o.transient, none, 0, stats);
        if (!result.status.ok())
            return result;
    }
    std::vector<double> phi(static_cast<size_t>(n * k), 0.0);
    for (int i = 0; i < k; ++i)
        phi[static_cast<size_t>(i * n + i)] = 1.0;
    Eigen::VectorXd sums = Eigen::VectorXd::Zero(k);
    int collapsed = 0; // the last `collapsed` exponents are -inf
    const double tStart = t;
    // Over exactly `duration`, the last period shortened to fit (as lyapunovSpectrum).
    const int intervals = periodCount(o.duration, o.interval);
    for (int m = 1; m <= intervals; ++m) {
        const double target = m == intervals ? tStart + o.duration : tStart + m * o.interval;
        result.status = dynamics.integrateVariational(y0, t, target, phi, k, stats);
        if (!result.status.ok())
            return result;
        Eigen::Map<Eigen::MatrixXd> tangent(phi.data(), n, k);
        if (!tangent.allFinite()) {
            result.status = Status::error("Lyapunov: the tangent vectors are not finite at t = " + std::to_string(t));
            return result;
        }
        Eigen::MatrixXd q;
        const Eigen::VectorXd r = reorthonormalise(tangent, q);
        const double scale = std::max(1e-300, r.maxCoeff());
        // A column mapped to zero by a saltation matrix (to round-off): a direction that contracts
        // infinitely fast. It need not be the last column: when the map's kernel lies in the span
        // of the first columns, R_ii = 0 at an earlier i and the columns after it carry the growth
        // of the ranks one up. So the surviving columns fill the ranks in order, the collapsed
        // ones (fresh orthonormal replacements, for the others' sake) go last, and the exponents
        // -inf are as many as the most columns that collapsed together over one period.
        Eigen::MatrixXd ordered(n, k);
        int rank = 0, zeros = 0;
        for (int i = 0; i < k; ++i)
            if (r(i) > 1e-12 * scale) {
                sums(rank) += std::log(r(i));
                ordered.col(rank++) = q.col(i);
            }
        for (int i = 0; i < k; ++i)
            if (!(r(i) > 1e-12 * scale)) {
                ordered.col(rank + zeros++) = q.col(i);
            }
        collapsed = std::max(collapsed, zeros);
        tangent = ordered;
        result.times.push_back(t - tStart);
        result.history.emplace_back(sums.data(), sums.data() + k);
        for (int i = 0; i < k; ++i)
            result.history.back()[static_cast<size_t>(i)] = i >= k - collapsed ? -std::numeric_limits<double>::infinity()
                                                                                : sums(i) / (t - tStart);
        if (o.progress)
            o.progress(static_cast<double>(m) / intervals);
    }
    result.exponents = result.history.back();
    std::sort(result.exponents.begin(), result.exponents.end(), std::greater<>());
    result.finalState = y0;
    return result;
}

LyapunovResult lyapunovOfDynamics(const Dynamics& dynamics, const LyapunovOptions& options)
{
    if (const SmoothOde* ode = dynamics.smoothOde())
        return lyapunovSpectrum(*ode, dynamics.initialState(), 0.0, options);
    if (dynamics.hasSaltationVariational())
        return lyapunovSpectrumNonsmooth(dynamics, dynamics.initialState(), 0.0, options);
    LyapunovResult result;
    result.status = Status::error("these dynamics have no Jacobian to linearise (a smooth method) nor saltation matrices "
                                  "(an event-driven method that has them)");
    return result;
}

} // namespace fl
