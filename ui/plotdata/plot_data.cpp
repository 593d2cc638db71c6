#include "plotdata/plot_data.h"
#include "bridge/qs.h"
#include "systems/run_variables.h"
#include "analysis/friction_curve.h"
#include "systems/system_registry.h"
#include "analysis/near_stick_run.h"
#include "plotdata/curve_decimator.h"
#include "plotdata/retrace_filter.h"
#include "plotdata/variable_text.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl::ui {
namespace {

/// A phase-plane path thinned for display: old ground left out (RetraceFilter, which places the
/// breaks), then thinned within the tolerance (CurveDecimator). t orders the points (increasing).
class PathThinner {
public:
    PathThinner(QCPRange x, QCPRange y) : m_filter(x, y), m_decimator(x, y) {}
    void add(double t, double x, double y)
    {
        m_filter.add(t, x, y, m_points);
        pass();
    }
    /// The thinned path; it ends at the last point, on old ground or not (the playback's end).
    QVector<QCPCurveData> take()
    {
        m_filter.finish(m_points);
        pass();
        return m_decimator.take();
    }

private:
    void pass()
    {
        for (const RetraceFilter::Point& p : m_points)
            m_decimator.add(p.t, p.x, p.y);
        m_points.clear();
    }

    RetraceFilter m_filter;
    CurveDecimator m_decimator;
    std::vector<RetraceFilter::Point> m_points; ///< the filter's output, passed on at once
};

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

void addTimeHistory(PlotData& data, const fl::SystemInfo& system, const std::vector<fl::TimeInterval>& stickIntervals)
{
    const fl::RunResult& r = data.run->result;
    bool first = true;
    for (const std::string& name : system.plots.timeHistory) {
        const std::vector<double> y = columnValues(r, name);
        if (y.empty())
            continue;
        data.series.push_back({qs(name), series(r.t, y), variableText(system.id, name)});
        const QCPRange range = finiteRange(y);
        data.valueRange = first ? range : QCPRange(std::min(data.valueRange.lower, range.lower),
                                                   std::max(data.valueRange.upper, range.upper));
        first = false;
    }
    if (first)
        data.valueRange = QCPRange(0.0, 1.0);
    if (const fl::FrictionLawInfo* law = fl::findLaw(system.lawFamily, data.run->scenario.lawId)) {
        bool firstState = true;
        for (const fl::LawStateSpec& state : law->states) {
            const std::vector<double> y = columnValues(r, state.id);
            if (y.empty())
                continue;
            data.lawStates.push_back({qs(state.id), series(r.t, y), variableText(system.id, state.id)});
            const QCPRange range = finiteRange(y);
            data.lawStateRange = firstState ? range : QCPRange(std::min(data.lawStateRange.lower, range.lower),
                                                                 std::max(data.lawStateRange.upper, range.upper));
            firstState = false;
        }
    }
    data.timeRange = QCPRange(r.t.front(), r.t.back());
    data.stickIntervals = stickIntervals;
}

/// Is sample i stick: the exact mode of an event-driven run, else the near-stick reading.
bool isStick(const fl::RunResult& r, const fl::NearStickRun& nearStick, size_t i)
{
    return r.mode.empty() ? !nearStick.empty() && nearStick.stick[i] : r.mode[i] == fl::ContactMode::Stick;
}

bool isAngle(const std::string& systemId, const std::string& id)
{
    const fl::VariableLabel* label = fl::findVariableLabel(systemId, id);
    return label && label->unit == "rad";
}

PhasePlane phasePlane(const std::string& systemId, const fl::RunResult& r, const fl::NearStickRun& nearStick,
                      const std::pair<std::string, std::string>& names)
{
    PhasePlane plane{qs(names.first), qs(names.second), {}, {}, {}, {}, {},
                     variableText(systemId, names.first), variableText(systemId, names.second),
                     isAngle(systemId, names.first), isAngle(systemId, names.second),
                     variableLabel(systemId, names.first) + QStringLiteral(" – ") + variableLabel(systemId, names.second)};
    const std::vector<double> xs = columnValues(r, names.first);
    const std::vector<double> ys = columnValues(r, names.second);
    if (xs.empty() || ys.empty())
        return plane;
    plane.xRange = finiteRange(xs);
    plane.yRange = finiteRange(ys);
    plane.start = QPointF(xs.front(), ys.front());
    PathThinner path(plane.xRange, plane.yRange);
    CurveDecimator stick(plane.xRange, plane.yRange);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (size_t i = 0; i < r.size(); ++i) {
        const auto t = static_cast<double>(i);
        path.add(t, xs[i], ys[i]);
        if (isStick(r, nearStick, i))
            stick.add(t, xs[i], ys[i]);
        else if (i > 0 && isStick(r, nearStick, i - 1))
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
    data.speedLabel = variableText(system.id, system.plots.characteristic.first);
    data.forceLabel = variableText(system.id, system.plots.characteristic.second);
    const QCPRange reached = finiteRange(speeds);
    // The law on a symmetric window a quarter wider than the trajectory reaches (or the system's
    // own curve on its own window: S7's μ over the slip from 0 to 1).
    const double reach = 1.25 * std::max({std::abs(reached.lower), std::abs(reached.upper), 0.1});
    data.speedRange = QCPRange(-reach, reach);
    const fl::Scenario& lawOf = system.characteristicLaw ? system.characteristicLaw(data.run->scenario) : data.run->scenario;
    const fl::Polyline law = system.lawCurve ? system.lawCurve(data.run->scenario)
                                             : fl::frictionCharacteristic(lawOf, -reach, reach);
    if (system.lawCurve && !law.x.empty()) {
        data.speedRange = finiteRange(law.x);
        data.speedRange.expand(reached);
    }
    for (size_t i = 0; i < law.x.size(); ++i)
        data.law << QCPCurveData(static_cast<double>(i), law.x[i], law.y[i]);
    data.forceRange = finiteRange(forces);
    if (!law.y.empty())
        data.forceRange.expand(finiteRange(law.y));
    PathThinner loop(reached, data.forceRange);
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
    // Smooth runs never stick exactly: they are shaded where the system's near-stick rule holds.
    const fl::NearStickRun nearStick = fl::findNearStick(run->scenario, run->result);
    data->stickLabel = nearStick.empty() ? QObject::tr("stick")
                       : nearStick.exact ? QObject::tr("stick %1 (exact)").arg(qs(fl::describeNearStick(nearStick)))
                                         : QObject::tr("near-stick %1").arg(qs(fl::describeNearStick(nearStick)));
    addTimeHistory(*data, *system, nearStick.empty() ? run->result.stickIntervals : nearStick.intervals);
    for (const fl::Graze& g : run->result.grazes)
        data->grazeTimes.push_back(g.t);
    for (const auto& names : fl::phasePlanes(run->scenario))
        data->planes.push_back(phasePlane(system->id, run->result, nearStick, names));
    addCharacteristic(*data, *system);
    return data;
}

} // namespace fl::ui
