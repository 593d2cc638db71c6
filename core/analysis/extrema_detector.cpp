#include "analysis/extrema_detector.h"

#include <boost/math/tools/roots.hpp>

namespace fl {
namespace {
/// Relative height a maximum must have above its bracket (round-off of an equilibrium is ~1e-15).
constexpr double kNoiseFloor = 1e-10;
} // namespace

void MaximaDetector::collect(const StepView& step, std::vector<SectionPoint>& out)
{
    const auto j = static_cast<size_t>(m_variable);
    const double length = step.t1 - step.t0;
    if (!(length > 0.0))
        return;
    auto valueAt = [&](double t) {
        step.stateAt(t, m_y.data());
        return m_y[j];
    };
    // Derivative of the step's interpolating polynomial by central differences inside the step.
    const double h = 1e-4 * length;
    auto slopeAt = [&](double t) {
        const double a = std::max(step.t0, t - h), b = std::min(step.t1, t + h);
        return (valueAt(b) - valueAt(a)) / (b - a);
    };
    auto record = [&](double t) {
        SectionPoint p{t, std::vector<double>(m_y.size())};
        step.stateAt(t, p.y.data());
        out.push_back(std::move(p));
    };
    double tPrev = step.t0;
    double sPrev = slopeAt(step.t0);
    if (m_primed && m_lastSlope > 0.0 && sPrev <= 0.0)
        record(step.t0); // the maximum sits on the step boundary
    for (int i = 1; i <= m_subdivisions; ++i) {
        const double t = step.t0 + length * static_cast<double>(i) / m_subdivisions;
        const double s = slopeAt(t);
        if (sPrev > 0.0 && s <= 0.0) {
            std::uintmax_t iterations = 60;
            const auto [lo, hi] = boost::math::tools::toms748_solve(slopeAt, tPrev, t, sPrev, s,
                                                                    boost::math::tools::eps_tolerance<double>(40), iterations);
            // Round-off wiggles of a settled state are not maxima: the peak must stand out.
            const double tMax = 0.5 * (lo + hi), peak = valueAt(tMax);
            if (peak - std::min(valueAt(tPrev), valueAt(t)) > kNoiseFloor * (1.0 + std::abs(peak)))
                record(tMax);
        }
        tPrev = t;
        sPrev = s;
    }
    m_lastSlope = sPrev;
    m_primed = true;
}

} // namespace fl
