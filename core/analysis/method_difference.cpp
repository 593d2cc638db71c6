#include "analysis/method_difference.h"
#include "common/workers.h"
#include "simulation/simulate.h"
#include "systems/law_counterpart.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace fl {
namespace {

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

/// The samples of column c (as RunResult::columnIndex numbers them).
std::vector<double> columnValues(const RunResult& result, int c)
{
    std::vector<double> values;
    values.reserve(result.size());
    for (size_t i = 0; i < result.size(); ++i)
        values.push_back(result.column(i, c));
    return values;
}

/// Every state variable of the first run that the second has too (every coordinate, velocity and
/// law state: the largest difference can be in any of them, e.g. a third block's position).
std::vector<std::string> comparedVariables(const RunResult& a, const RunResult& b)
{
    std::vector<std::string> names;
    for (const std::string& name : a.stateNames) {
        const int ib = b.columnIndex(name);
        if (ib >= 0 && ib < b.dimension())
            names.push_back(name);
    }
    return names;
}

} // namespace

Status comparisonScenarios(const Scenario& scenario, double eps, const std::string& eventLawId,
                           Scenario& eventDriven, Scenario& regularized)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    if (!system)
        return Status::error("unknown system '" + scenario.systemId + "'");
    for (Method method : {Method::EventDriven, Method::Regularized})
        if (std::find(system->methods.begin(), system->methods.end(), method) == system->methods.end())
            return Status::error(system->name + " has no " + methodInfo(method).name
                                 + " method: comparing methods needs both event-driven and regularized");
    Scenario event = scenario;
    const std::string eventLaw = eventLawId.empty() ? eventDrivenCounterpart(scenario) : eventLawId;
    if (eventLaw.empty())
        return Status::error(system->name + " has no law with a set-valued stick branch for the event-driven run");
    if (eventLaw != scenario.lawId) {
        const Status changed = changeModel(event, scenario.systemId, eventLaw);
        if (!changed.ok())
            return Status::error("event-driven run: " + changed.message());
    }
    event.method = Method::EventDriven;
    Scenario smooth = scenario;
    smooth.method = Method::Regularized;
    Status status = smooth.params.set("eps", eps);
    if (!status.ok())
        return status;
    status = validate(event);
    if (!status.ok())
        return Status::error("event-driven run: " + status.message());
    status = validate(smooth);
    if (!status.ok())
        return Status::error("regularized run: " + status.message());
    eventDriven = std::move(event);
    regularized = std::move(smooth);
    return Status::success();
}

ComparedRunInfo comparedRunInfo(const Scenario& scenario, const RunResult& result)
{
    ComparedRunInfo info;
    info.description = describe(scenario);
    info.lawId = scenario.lawId;
    info.method = scenario.method;
    info.status = result.status;
    info.samples = result.size();
    info.steps = result.steps;
    info.switchCount = result.switchCount;
    info.wallSeconds = result.wallSeconds;
    return info;
}

MethodDifference methodDifference(const Scenario& eventScenario, const RunResult& a,
                                  const Scenario& regularizedScenario, const RunResult& b)
{
    MethodDifference d;
    d.eventRun = comparedRunInfo(eventScenario, a);
    d.regularizedRun = comparedRunInfo(regularizedScenario, b);
    const SystemInfo* system = findSystem(eventScenario.systemId);
    if (!d.eventRun.succeeded() || !d.regularizedRun.succeeded() || !system)
        return d;
    const bool same = sameGrid(a.t, b.t);
    if (!same && b.t.size() < 2)
        return d;
    std::vector<size_t> rows; // samples of the event-driven run inside the regularized run's time span
    for (size_t i = 0; i < a.t.size(); ++i)
        if (same || (a.t[i] >= b.t.front() && a.t[i] <= b.t.back())) {
            rows.push_back(i);
            d.t.push_back(a.t[i]);
        }
    if (rows.empty())
        return d;
    for (const std::string& name : comparedVariables(a, b)) {
        VariableDifference v;
        v.name = name;
        const int ia = a.columnIndex(name);
        v.eventValues.reserve(rows.size());
        for (size_t i : rows)
            v.eventValues.push_back(a.column(i, ia));
        const std::vector<double> smooth = columnValues(b, b.columnIndex(name));
        v.regularizedValues = same ? smooth : interpolate(b.t, smooth, d.t);
        v.difference.reserve(d.t.size());
        for (size_t i = 0; i < d.t.size(); ++i) {
            v.difference.push_back(std::abs(v.eventValues[i] - v.regularizedValues[i]));
            if (v.difference.back() > v.max) {
                v.max = v.difference.back();
                v.maxTime = d.t[i];
            }
        }
        d.variables.push_back(std::move(v));
    }
    return d;
}

MethodComparisonRuns runMethodComparison(const Scenario& eventDriven, const Scenario& regularized,
                                         const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    MethodComparisonRuns runs;
    runs.eventScenario = eventDriven;
    runs.regularizedScenario = regularized;
    // The two runs share nothing: side by side they take the longer one's time, as in the GUI. Two
    // copies of a worker pull them from one counter (common/workers.h: the GUI's pool, or threads).
    std::atomic<int> next{0};
    runWorkers(2, [&] {
        for (int task = next++; task < 2; task = next++) {
            if (task == 0)
                runs.eventResult = simulate(runs.eventScenario, cancel);
            else
                runs.regularizedResult = simulate(runs.regularizedScenario, cancel);
        }
    });
    runs.difference = methodDifference(runs.eventScenario, runs.eventResult, runs.regularizedScenario, runs.regularizedResult);
    runs.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return runs;
}

} // namespace fl
