#include "analysis/poincare_section_text.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

/// Section times t_k = k T for one period T (the stroboscopic section starts at phase 0).
bool stroboscopicPeriod(const std::vector<double>& times, double& period)
{
    const size_t n = times.size();
    period = (times[n - 1] - times[0]) / static_cast<double>(n - 1);
    if (!(period > 0.0))
        return false;
    for (size_t k = 1; k < n; ++k)
        if (std::abs(times[k] - times[k - 1] - period) > 1e-7 * period)
            return false;
    const double multiple = times[0] / period;
    return std::abs(multiple - std::round(multiple)) < 1e-6;
}

/// Range of state variable j over the output samples (0 if there are none).
double sampleRange(const std::vector<double>& samples, size_t dim, size_t j)
{
    if (samples.size() < dim)
        return 0.0;
    double lo = samples[j], hi = lo;
    for (size_t i = j; i < samples.size(); i += dim) {
        lo = std::min(lo, samples[i]);
        hi = std::max(hi, samples[i]);
    }
    return hi - lo;
}

/// +1 if y_j grows through every section point, -1 if it falls, 0 if both or unknown.
int crossingDirection(const std::vector<double>& times, const std::vector<double>& t, const std::vector<double>& samples,
                      size_t dim, size_t j)
{
    int up = 0, down = 0;
    const size_t count = std::min(t.size(), samples.size() / dim);
    const auto end = t.begin() + long(count);
    for (double ts : times) {
        const auto after = std::upper_bound(t.begin(), end, ts);
        if (after == t.begin() || after == end)
            continue;
        const size_t i = static_cast<size_t>(after - t.begin());
        const double change = samples[i * dim + j] - samples[(i - 1) * dim + j];
        if (change > 0.0)
            ++up;
        else if (change < 0.0)
            ++down;
    }
    return up > 0 && down == 0 ? 1 : down > 0 && up == 0 ? -1 : 0;
}

} // namespace

QString describeSection(const fl::RunResult& run)
{
    return describeSection(run.stateNames, run.sectionTimes, run.sectionStates, run.t, run.states);
}

QString describeSection(const std::vector<std::string>& names, const std::vector<double>& times,
                        const std::vector<double>& states, const std::vector<double>& t, const std::vector<double>& samples)
{
    const size_t n = times.size();
    const size_t dim = names.size();
    if (n < 2 || dim == 0 || states.size() != n * dim)
        return QString();
    double period = 0.0;
    if (stroboscopicPeriod(times, period))
        return QObject::tr("stroboscopic, T = %1").arg(period, 0, 'g', 7);
    // The hyperplane variable is the one (nearly) constant at the points, relative to its range.
    const bool withSamples = !t.empty() && samples.size() >= dim;
    int best = -1;
    double bestRatio = 1e-6, bestLevel = 0.0;
    for (size_t j = 0; j < dim; ++j) {
        double lo = states[j], hi = lo, sum = 0.0;
        for (size_t k = 0; k < n; ++k) {
            const double v = states[k * dim + j];
            lo = std::min(lo, v);
            hi = std::max(hi, v);
            sum += v;
        }
        // Relative to the variable's range over the run; without samples, to its magnitude.
        const double range = withSamples ? sampleRange(samples, dim, j) : 1.0 + std::abs(hi);
        if (!(range > 0.0))
            continue; // constant all along: not a crossing variable
        const double ratio = (hi - lo) / range;
        if (ratio < bestRatio) {
            best = int(j);
            bestRatio = ratio;
            bestLevel = sum / double(n);
            if (std::abs(bestLevel) < 1e-8 * range)
                bestLevel = 0.0;
        }
    }
    if (best < 0)
        return QString();
    const int direction = withSamples ? crossingDirection(times, t, samples, dim, size_t(best)) : 0;
    const QString way = direction > 0 ? QObject::tr(", upward") : direction < 0 ? QObject::tr(", downward") : QString();
    return QStringLiteral("%1 = %2%3").arg(QString::fromStdString(names[size_t(best)])).arg(bestLevel, 0, 'g', 6).arg(way);
}

} // namespace fl::ui
