#include "widgets/plot_data.h"
#include "friction/friction_curve.h"
#include "systems/system_registry.h"
#include "widgets/curve_decimator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

/// (t_i, y_i); beyond kMaxSeriesPoints the smallest and largest value of each of
/// kEnvelopeBuckets equal runs of samples, in time order, so that no spike is lost.
QVector<QCPGraphData> series(const std::vector<double>& t, const std::vector<double>& y)
{
    const size_t n = t.size();
    QVector<QCPGraphData> out;
    if (n <= kMaxSeriesPoints) {
        out.resize(static_cast<qsizetype>(n));
        for (size_t i = 0; i < n; ++i)
            out[static_cast<qsizetype>(i)] = QCPGraphData(t[i], y[i]);
        return out;
    }
    out.reserve(static_cast<qsizetype>(2 * kEnvelopeBuckets));
    for (size_t b = 0; b < kEnvelopeBuckets; ++b) {
        const size_t begin = b * n / kEnvelopeBuckets;
        const size_t end = (b + 1) * n / kEnvelopeBuckets;
        const auto [lo, hi] = std::minmax_element(y.begin() + static_cast<long>(begin), y.begin() + static_cast<long>(end));
        const auto first = std::min(lo, hi);
        const auto second = std::max(lo, hi);
        out << QCPGraphData(t[static_cast<size_t>(first - y.begin())], *first);
        if (second != first)
            out << QCPGraphData(t[static_cast<size_t>(second - y.begin())], *second);
    }
    return out;
}

void addTimeHistory(PlotData& data, const fl::SystemInfo& system)
{
    const fl::RunResult& r = data.run->result;
    bool first = true;
    for (const std::string& name : system.plots.timeHistory) {
        const std::vector<double> y = columnValues(r, name);
        if (y.empty())
            continue;
        data.series.push_back({qs(name), series(r.t, y)});
        const QCPRange range = finiteRange(y);
        data.valueRange = first ? range : QCPRange(std::min(data.valueRange.lower, range.lower),
                                                   std::max(data.valueRange.upper, range.upper));
        first = false;
    }
    if (first)
        data.valueRange = QCPRange(0.0, 1.0);
    data.timeRange = QCPRange(r.t.front(), r.t.back());
    for (const fl::TimeInterval& interval : r.stickIntervals) {
        data.stickBoxes << QCPGraphData(interval.begin, 0.0) << QCPGraphData(interval.begin, 1.0)
                        << QCPGraphData(interval.end, 1.0) << QCPGraphData(interval.end, 0.0);
    }
}

PhasePlane phasePlane(const fl::RunResult& r, const std::pair<std::string, std::string>& names)
{
    PhasePlane plane{qs(names.first), qs(names.second), {}, {}, {}, {}, {}};
    const std::vector<double> xs = columnValues(r, names.first);
    const std::vector<double> ys = columnValues(r, names.second);
    if (xs.empty() || ys.empty())
        return plane;
    plane.xRange = finiteRange(xs);
    plane.yRange = finiteRange(ys);
    plane.start = QPointF(xs.front(), ys.front());
    CurveDecimator path(plane.xRange, plane.yRange);
    CurveDecimator stick(plane.xRange, plane.yRange);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (size_t i = 0; i < r.size(); ++i) {
        const auto t = static_cast<double>(i);
        path.add(t, xs[i], ys[i]);
        if (r.mode.empty())
            continue;
        if (r.mode[i] == fl::ContactMode::Stick)
            stick.add(t, xs[i], ys[i]);
        else if (i > 0 && r.mode[i - 1] == fl::ContactMode::Stick)
            stick.add(t, nan, nan);
    }
    plane.path = path.take();
    plane.stick = stick.take();
    return plane;
}

void addCharacteristic(PlotData& data, const fl::SystemInfo& system)
{
    const fl::RunResult& r = data.run->result;
    const std::vector<double> speeds = columnValues(r, system.plots.characteristic.first);
    const std::vector<double> forces = columnValues(r, system.plots.characteristic.second);
    if (speeds.empty() || forces.empty())
        return;
    data.speedName = qs(system.plots.characteristic.first);
    data.forceName = qs(system.plots.characteristic.second);
    const QCPRange reached = finiteRange(speeds);
    // The law on a symmetric window a quarter wider than the trajectory reaches.
    const double reach = 1.25 * std::max({std::abs(reached.lower), std::abs(reached.upper), 0.1});
    data.speedRange = QCPRange(-reach, reach);
    const fl::Polyline law = fl::frictionCharacteristic(data.run->scenario, -reach, reach);
    for (size_t i = 0; i < law.x.size(); ++i)
        data.law << QCPCurveData(static_cast<double>(i), law.x[i], law.y[i]);
    data.forceRange = finiteRange(forces);
    if (!law.y.empty())
        data.forceRange.expand(finiteRange(law.y));
    CurveDecimator loop(reached, data.forceRange);
    for (size_t i = 0; i < r.size(); ++i)
        loop.add(static_cast<double>(i), speeds[i], forces[i]);
    data.loop = loop.take();
}

} // namespace

QCPRange finiteRange(const std::vector<double>& values)
{
    double lo = INFINITY;
    double hi = -INFINITY;
    for (double v : values) {
        if (std::isnan(v))
            continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    return lo <= hi ? QCPRange(lo, hi) : QCPRange(0.0, 1.0);
}

std::vector<double> columnValues(const fl::RunResult& result, const std::string& name)
{
    const int c = result.columnIndex(name);
    std::vector<double> values;
    if (c < 0)
        return values;
    values.reserve(result.size());
    for (size_t i = 0; i < result.size(); ++i)
        values.push_back(result.column(i, c));
    return values;
}

PlotDataPtr preparePlotData(const RunOutputPtr& run)
{
    auto data = std::make_shared<PlotData>();
    data->run = run;
    const fl::SystemInfo* system = fl::findSystem(run->scenario.systemId);
    if (!system || run->result.size() == 0)
        return data;
    addTimeHistory(*data, *system);
    for (const auto& names : system->plots.phasePortraits)
        data->planes.push_back(phasePlane(run->result, names));
    addCharacteristic(*data, *system);
    return data;
}

} // namespace fl::ui
