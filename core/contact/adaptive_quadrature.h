#pragma once
// Globally adaptive Gauss-Kronrod (10, 21) quadrature of vector-valued functions on [a, b], with
// caller-given break points: the outer, angular integral of the contact models. Nodes and weights
// are Boost.Math's (boost/math/quadrature/gauss_kronrod.hpp); Boost's own adaptive routine is
// scalar, and integrating T_sx, T_sy and M_s separately would triple the cost.
#include <Eigen/Core>

#include <boost/math/quadrature/gauss.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>

#include <algorithm>
#include <vector>

namespace fl::contact {

template <int N>
struct QuadratureResult {
    Eigen::Matrix<double, N, 1> value = Eigen::Matrix<double, N, 1>::Zero();
    /// Sum over the final panels of max_i |K21_i - G10_i|: a conservative bound for smooth
    /// integrands (the true error is usually orders of magnitude smaller).
    double errorEstimate = 0.0;
    int evaluations = 0;
    bool converged = false;
};

namespace detail {

template <int N>
struct Panel {
    double a, b;
    Eigen::Matrix<double, N, 1> value;
    double error;
    bool operator<(const Panel& o) const { return error < o.error; }
};

template <int N, class F>
Panel<N> gaussKronrod21(F& f, double a, double b)
{
    using GK = boost::math::quadrature::gauss_kronrod<double, 21>;
    using G = boost::math::quadrature::gauss<double, 10>;
    const auto& x = GK::abscissa();
    const auto& wk = GK::weights();
    const auto& wg = G::weights();
    const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
    Eigen::Matrix<double, N, 1> kronrod = wk[0] * f(mid);
    Eigen::Matrix<double, N, 1> gauss = Eigen::Matrix<double, N, 1>::Zero();
    for (std::size_t i = 1; i < x.size(); ++i) {
        const Eigen::Matrix<double, N, 1> pair = f(mid - half * x[i]) + f(mid + half * x[i]);
        kronrod += wk[i] * pair;
        if (i % 2 == 1) // the Gauss-Legendre 10 nodes are the odd Kronrod ones
            gauss += wg[i / 2] * pair;
    }
    kronrod *= half;
    gauss *= half;
    return {a, b, kronrod, (kronrod - gauss).cwiseAbs().maxCoeff()};
}

} // namespace detail

/// ∫ f over [breaks[0], breaks[count-1]], split at every break point (f may have kinks or
/// end-point singularities there). The panel with the largest error estimate is bisected until the
/// summed estimate is <= absTolerance or maxPanels panels exist (then converged = false).
/// f: double -> Eigen::Matrix<double, N, 1>; 21 evaluations per panel.
template <int N, class F>
QuadratureResult<N> integrateAdaptive(F&& f, const double* breaks, int count, double absTolerance, int maxPanels = 2000)
{
    QuadratureResult<N> result;
    std::vector<detail::Panel<N>> heap;
    heap.reserve(64);
    double total = 0.0;
    for (int i = 0; i + 1 < count; ++i)
        if (breaks[i + 1] > breaks[i]) {
            heap.push_back(detail::gaussKronrod21<N>(f, breaks[i], breaks[i + 1]));
            total += heap.back().error;
        }
    std::make_heap(heap.begin(), heap.end());
    result.evaluations = 21 * int(heap.size());
    while (total > absTolerance && int(heap.size()) < maxPanels && !heap.empty()) {
        std::pop_heap(heap.begin(), heap.end());
        const detail::Panel<N> worst = heap.back();
        heap.pop_back();
        const double mid = 0.5 * (worst.a + worst.b);
        if (!(mid > worst.a && mid < worst.b)) { // cannot split further in double precision
            heap.push_back(worst);
            std::push_heap(heap.begin(), heap.end());
            break;
        }
        for (const auto& p : {detail::gaussKronrod21<N>(f, worst.a, mid), detail::gaussKronrod21<N>(f, mid, worst.b)}) {
            heap.push_back(p);
            std::push_heap(heap.begin(), heap.end());
        }
        result.evaluations += 42;
        total = 0.0; // re-summed: a running difference would drift below zero
        for (const auto& p : heap)
            total += p.error;
    }
    for (const auto& p : heap)
        result.value += p.value;
    result.errorEstimate = total;
    result.converged = total <= absTolerance;
    return result;
}

} // namespace fl::contact
