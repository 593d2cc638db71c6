#include "analysis/method_comparison_data.h"
#include "systems/law_counterpart.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace fl::ui {
namespace {

bool succeeded(const RunOutputPtr& run) { return run && run->result.status.ok() && run->result.size() > 0; }

/// The same output grid (t_k = k dt for both methods when dt and t_end agree).
bool sameGrid(const std::vector<double>& a, const std::vector<double>& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::abs(a[i] - b[i]) > 1e-9 * std::max(1.0, std::abs(a[i])))
            return false;
    return true;
}

/// values(t) at the times ts by linear interpolation (ts increasing, inside [t.front(), t.back()]).
std::vector<double> interpolate(const std::vector<double>& t, const std::vector<double>& values, const std::vector<double>& ts)
{
    std::vector<double> out;
    out.reserve(ts.size());
    size_t k = 0;
    for (double s : ts) {
        while (k + 2 < t.size() && t[k + 1] < s)
            ++k;
        const double h = t[k + 1] - t[k];
        const double w = h > 0.0 ? std::clamp((s - t[k]) / h, 0.0, 1.0) : 0.0;
        out.push_back((1.0 - w) * values[k] + w * values[k + 1]);
    }
    return out;
}

/// The state variables the system's time history shows, present in both runs.
std::vector<std::string> comparedVariables(const fl::RunResult& a, const fl::RunResult& b, const fl::SystemInfo& system)
{
    std::vector<std::string> names;
    for (const std::string& name : system.plots.timeHistory) {
        const int ia = a.columnIndex(name), ib = b.columnIndex(name);
        if (ia >= 0 && ia < a.dimension() && ib >= 0 && ib < b.dimension())
            names.push_back(name);
    }
    return names;
}

} // namespace

QVector<QCPGraphData> envelope(const std::vector<double>& t, const std::vector<double>& y)
{
    QVector<QCPGraphData> out;
    const size_t n = t.size();
    if (n <= kMaxSeriesPoints) {
        for (size_t i = 0; i < n; ++i)
            out << QCPGraphData(t[i], y[i]);
        return out;
    }
    for (size_t b = 0; b < kEnvelopeBuckets; ++b) {
        const auto begin = y.begin() + static_cast<long>(b * n / kEnvelopeBuckets);
        const auto end = y.begin() + static_cast<long>((b + 1) * n / kEnvelopeBuckets);
        const auto [lo, hi] = std::minmax_element(begin, end);
        for (auto it : {std::min(lo, hi), std::max(lo, hi)})
            out << QCPGraphData(t[static_cast<size_t>(it - y.begin())], *it);
    }
    return out;
}

fl::Status comparisonScenarios(const fl::Scenario& scenario, double eps, const std::string& eventLawId,
                               fl::Scenario& eventDriven, fl::Scenario& regularized)
{
    const fl::SystemInfo* system = fl::findSystem(scenario.systemId);
    if (!system)
        return fl::Status::error("unknown system '" + scenario.systemId + "'");
    for (fl::Method method : {fl::Method::EventDriven, fl::Method::Regularized})
        if (std::find(system->methods.begin(), system->methods.end(), method) == system->methods.end())
            return fl::Status::error(system->name + " has no " + fl::methodInfo(method).name
                                     + " method: comparing methods needs both event-driven and regularized");
    fl::Scenario event = scenario;
    const std::string eventLaw = eventLawId.empty() ? fl::eventDrivenCounterpart(scenario) : eventLawId;
    if (eventLaw.empty())
        return fl::Status::error(system->name + " has no law with a set-valued stick branch for the event-driven run");
    if (eventLaw != scenario.lawId) {
        const fl::Status changed = fl::changeModel(event, scenario.systemId, eventLaw);
        if (!changed.ok())
            return fl::Status::error("event-driven run: " + changed.message());
    }
    event.method = fl::Method::EventDriven;
    fl::Scenario smooth = scenario;
    smooth.method = fl::Method::Regularized;
    fl::Status status = smooth.params.set("eps", eps);
    if (!status.ok())
        return status;
    status = fl::validate(event);
    if (!status.ok())
        return fl::Status::error("event-driven run: " + status.message());
    status = fl::validate(smooth);
    if (!status.ok())
        return fl::Status::error("regularized run: " + status.message());
    eventDriven = std::move(event);
    regularized = std::move(smooth);
    return fl::Status::success();
}

MethodComparisonPtr compareRuns(const RunOutputPtr& eventDriven, const RunOutputPtr& regularized)
{
    auto data = std::make_shared<MethodComparisonData>();
    data->eventRun = eventDriven;
    data->regularizedRun = regularized;
    if (succeeded(eventDriven))
        data->eventDriven = preparePlotData(eventDriven);
    if (succeeded(regularized))
        data->regularized = preparePlotData(regularized);
    const fl::SystemInfo* system = eventDriven ? fl::findSystem(eventDriven->scenario.systemId) : nullptr;
    if (!data->eventDriven || !data->regularized || !system)
        return data;
    const fl::RunResult& a = eventDriven->result;
    const fl::RunResult& b = regularized->result;
    const bool same = sameGrid(a.t, b.t);
    if (!same && b.t.size() < 2)
        return data;
    std::vector<size_t> rows; // samples of the event-driven run inside the regularized run's time span
    for (size_t i = 0; i < a.t.size(); ++i)
        if (same || (a.t[i] >= b.t.front() && a.t[i] <= b.t.back())) {
            rows.push_back(i);
            data->t.push_back(a.t[i]);
        }
    if (rows.empty())
        return data;
    bool first = true;
    for (const std::string& name : comparedVariables(a, b, *system)) {
        DifferenceSeries s;
        s.name = QString::fromStdString(name);
        const std::vector<double> eventColumn = columnValues(a, name);
        for (size_t i : rows)
            s.eventValues.push_back(eventColumn[i]);
        s.regularizedValues = same ? columnValues(b, name) : interpolate(b.t, columnValues(b, name), data->t);
        for (size_t i = 0; i < data->t.size(); ++i) {
            s.difference.push_back(std::abs(s.eventValues[i] - s.regularizedValues[i]));
            if (s.difference.back() > s.max) {
                s.max = s.difference.back();
                s.maxTime = data->t[i];
            }
        }
        s.points = envelope(data->t, s.difference);
        const QCPRange range = finiteRange(s.difference);
        data->differenceRange = first ? range : QCPRange(std::min(data->differenceRange.lower, range.lower),
                                                         std::max(data->differenceRange.upper, range.upper));
        first = false;
        data->differences.push_back(std::move(s));
    }
    return data;
}

QByteArray differenceCsv(const MethodComparisonData& data)
{
    // Every number as the shortest text that reads back as the same double.
    const auto n = [](double v) { return fl::formatNumber(v); };
    std::ostringstream out;
    out << "# FrictionLab method comparison: event-driven vs regularized\n";
    for (const PlotDataPtr& plot : {data.eventDriven, data.regularized})
        if (plot)
            out << "# " << fl::describe(plot->run->scenario) << ": " << plot->run->result.steps << " steps, "
                << n(plot->run->result.wallSeconds) << " s\n";
    out << "t";
    for (const DifferenceSeries& s : data.differences) {
        const std::string name = s.name.toStdString();
        out << ',' << name << "_event," << name << "_regularized,abs_d" << name;
    }
    out << '\n';
    for (size_t i = 0; i < data.t.size(); ++i) {
        out << n(data.t[i]);
        for (const DifferenceSeries& s : data.differences)
            out << ',' << n(s.eventValues[i]) << ',' << n(s.regularizedValues[i]) << ',' << n(s.difference[i]);
        out << '\n';
    }
    return QByteArray::fromStdString(out.str());
}

} // namespace fl::ui
