#include "widgets/axis_range.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace fl::ui {

QCPRange fittedRange(double lo, double hi, const RangeFit& fit)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        return QCPRange(-1.0, 1.0);
    if (lo > hi)
        std::swap(lo, hi);
    // QCustomPlot rejects ranges beyond +-QCPRange::maxRange (and spans that large): keep the data
    // well inside, with room for the padding.
    const double limit = 0.25 * QCPRange::maxRange;
    lo = std::clamp(lo, -limit, limit);
    hi = std::clamp(hi, -limit, limit);
    const double magnitude = std::max(std::abs(lo), std::abs(hi));
    // Never below a few hundred ulps, whatever the caller asks: the ends must stay apart.
    const double minSpan = std::max({fit.absoluteFloor, fit.relativeFloor * magnitude,
                                     256.0 * std::numeric_limits<double>::epsilon() * magnitude, 1e6 * QCPRange::minRange});
    if (hi - lo < minSpan) {
        const double centre = 0.5 * lo + 0.5 * hi;
        lo = centre - 0.5 * minSpan;
        hi = centre + 0.5 * minSpan;
    }
    const double pad = std::clamp(fit.padding, 0.0, 0.5) * (hi - lo);
    const double outer = 0.45 * QCPRange::maxRange;
    return QCPRange(std::max(lo - pad, -outer), std::min(hi + pad, outer));
}

QCPRange fittedLogRange(double lo, double hi, double factor)
{
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo > 0.0) || !(hi > 0.0))
        return QCPRange(0.1, 10.0);
    if (lo > hi)
        std::swap(lo, hi);
    // Far enough from QCustomPlot's limits that the widening and padding stay representable.
    lo = std::clamp(lo, 1e-200, 1e200);
    hi = std::clamp(hi, 1e-200, 1e200);
    if (hi < 100.0 * lo) {
        const double centre = std::sqrt(lo) * std::sqrt(hi);
        lo = centre / 10.0;
        hi = centre * 10.0;
    }
    factor = std::clamp(factor, 1.0, 1e10);
    return QCPRange(lo / factor, hi * factor);
}

} // namespace fl::ui
