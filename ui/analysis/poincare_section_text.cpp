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

/// Range of a state variable over the output samples (0 if there are none).
double sampleRange(const fl::RunResult& run, int j)
{
    if (run.size() == 0)
        return 0.0;
    double lo = run.state(0, j), hi = lo;
    for (size_t i = 1; i < run.size(); ++i) {
        lo = std::min(lo, run.state(i, j));
        hi = std::max(hi, run.state(i, j));
    }
    return hi - lo;
}

/// +1 if y_j grows through every section point, -1 if it falls, 0 if both or unknown.
int crossingDirection(const fl::RunResult& run, int j)
{
    int up = 0, down = 0;
    for (double ts : run.sectionTimes) {
        const auto after = std::upper_bound(run.t.begin(), run.t.end(), ts);
        if (after == run.t.begin() || after == run.t.end())
            continue;
        const size_t i = static_cast<size_t>(after - run.t.begin());
        const double change = run.state(i, j) - run.state(i - 1, j);
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
    const size_t n = run.sectionTimes.size();
    const int dim = run.dimension();
    if (n < 2 || dim == 0 || run.sectionStates.size() != n * size_t(dim))
        return QString();
    double period = 0.0;
    if (stroboscopicPeriod(run.sectionTimes, period))
        return QObject::tr("stroboscopic, T = %1").arg(period, 0, 'g', 7);
    // The hyperplane variable is the one (nearly) constant at the points, relative to its range.
    int best = -1;
    double bestRatio = 1e-6, bestLevel = 0.0;
    for (int j = 0; j < dim; ++j) {
        double lo = run.sectionStates[size_t(j)], hi = lo, sum = 0.0;
        for (size_t k = 0; k < n; ++k) {
            const double v = run.sectionStates[k * size_t(dim) + size_t(j)];
            lo = std::min(lo, v);
            hi = std::max(hi, v);
            sum += v;
        }
        // Relative to the variable's range over the run; without samples, to its magnitude.
        const double range = run.size() > 0 ? sampleRange(run, j) : 1.0 + std::abs(hi);
        if (!(range > 0.0))
            continue; // constant all along: not a crossing variable
        const double ratio = (hi - lo) / range;
        if (ratio < bestRatio) {
            best = j;
            bestRatio = ratio;
            bestLevel = sum / double(n);
            if (std::abs(bestLevel) < 1e-8 * range)
                bestLevel = 0.0;
        }
    }
    if (best < 0)
        return QString();
    const int direction = crossingDirection(run, best);
    const QString way = direction > 0 ? QObject::tr(", upward") : direction < 0 ? QObject::tr(", downward") : QString();
    return QStringLiteral("%1 = %2%3").arg(QString::fromStdString(run.stateNames[size_t(best)]))
        .arg(bestLevel, 0, 'g', 6).arg(way);
}

} // namespace fl::ui
