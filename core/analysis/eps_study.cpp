#include "analysis/eps_study.h"
#include "common/workers.h"
#include "systems/scenario_setup.h"

#include "params/parameter_spec.h"
#include "simulation/simulate.h"
#include "systems/system_registry.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>

namespace fl {
namespace {

bool smooth(Method method) { return methodInfo(method).smooth; }

std::vector<double> sortedUnique(std::vector<double> eps)
{
    std::sort(eps.begin(), eps.end());
    eps.erase(std::unique(eps.begin(), eps.end()), eps.end());
    return eps;
}

/// The system's time-history columns, then the run's state variables not among them.
std::vector<std::string> defaultVariables(const Scenario& scenario, const RunResult& run)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    std::vector<std::string> names = system ? system->plots.timeHistory : std::vector<std::string>{};
    for (const std::string& state : run.stateNames)
        if (std::find(names.begin(), names.end(), state) == names.end())
            names.push_back(state);
    return names;
}

/// Serializes the progress reports of the worker threads.
class Progress {
public:
    Progress(std::size_t runs, const std::function<void(double)>& report) : m_done(runs, 0.0), m_report(report) {}
    void set(std::size_t run, double fraction)
    {
        if (!m_report)
            return;
        std::lock_guard lock(m_mutex);
        m_done[run] = std::clamp(fraction, 0.0, 1.0);
        double sum = 0.0;
        for (double d : m_done)
            sum += d;
        m_report(sum / static_cast<double>(m_done.size()));
    }

private:
    std::mutex m_mutex;
    std::vector<double> m_done;
    const std::function<void(double)>& m_report;
};

void compare(EpsStudy& study)
{
    // The grid every run has: the shortest run's samples (a failed run may have stopped early).
    std::size_t n = std::numeric_limits<std::size_t>::max();
    for (const EpsStudyRun& run : study.runs)
        n = std::min(n, run.result.size());
    if (study.runs.empty() || n == 0)
        return;
    const RunResult& reference = study.runs.front().result;
    study.t.assign(reference.t.begin(), reference.t.begin() + static_cast<long>(n));
    for (EpsStudyRun& run : study.runs) {
        for (const std::string& name : study.variables) {
            EpsDifference d;
            d.variable = name;
            const int c = run.result.columnIndex(name), r = reference.columnIndex(name);
            d.values.reserve(n);
            d.difference.reserve(n);
            for (std::size_t i = 0; i < n; ++i) {
                const double v = c >= 0 ? run.result.column(i, c) : std::nan("");
                const double ref = r >= 0 ? reference.column(i, r) : std::nan("");
                d.values.push_back(v);
                d.difference.push_back(std::abs(v - ref));
                if (d.difference.back() > d.max) {
                    d.max = d.difference.back();
                    d.maxTime = study.t[i];
                }
            }
            run.differences.push_back(std::move(d));
        }
    }
}

} // namespace

std::vector<double> EpsStudy::maxDifferences(std::size_t variable) const
{
    std::vector<double> out;
    for (const EpsStudyRun& run : runs)
        out.push_back(!run.result.status.ok() || variable >= run.differences.size() ? std::nan("") : run.differences[variable].max);
    return out;
}

double epsStudyTolerance(const Scenario& scenario, const std::vector<double>& eps)
{
    const double tol = scenario.params.has("tol") ? scenario.params.value("tol") : 1e-10;
    double smallest = std::numeric_limits<double>::infinity();
    for (double e : eps)
        if (e > 0.0)
            smallest = std::min(smallest, e);
    return std::isfinite(smallest) ? std::min(tol, std::max(1e-6 * smallest, 1e-14)) : tol;
}

Status epsStudyScenarios(const Scenario& scenario, const EpsStudyOptions& options, std::vector<Scenario>& out)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    if (!system)
        return Status::error("unknown system '" + scenario.systemId + "'");
    const std::vector<double> eps = sortedUnique(options.eps);
    if (eps.empty())
        return Status::error("the ε study needs at least one ε");
    const Method method = options.method.value_or(smooth(scenario.method) ? scenario.method : Method::Regularized);
    if (!smooth(method))
        return Status::error("the ε study needs a smooth method (regularized or explicit), not " + methodInfo(method).name);
    if (std::find(system->methods.begin(), system->methods.end(), method) == system->methods.end())
        return Status::error(system->name + " has no " + methodInfo(method).name + " method");
    if (const FrictionLawInfo* law = findLaw(system->lawFamily, scenario.lawId); law && !law->regularized)
        return Status::error("the law '" + law->id + "' is smooth as it stands: ε does not enter it");
    const double tol = options.tolerance > 0.0 ? options.tolerance : epsStudyTolerance(scenario, eps);
    std::vector<Scenario> scenarios;
    for (double e : eps) {
        Scenario s = scenario;
        s.method = method;
        Status status = s.params.set("eps", e);
        if (status.ok())
            status = s.params.set("tol", tol);
        if (status.ok())
            status = validate(s);
        if (!status.ok())
            return Status::error("ε = " + formatNumber(e) + ": " + status.message());
        scenarios.push_back(std::move(s));
    }
    out = std::move(scenarios);
    return Status::success();
}

EpsStudy runEpsStudy(const Scenario& scenario, const EpsStudyOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    EpsStudy study;
    std::vector<Scenario> scenarios;
    study.status = epsStudyScenarios(scenario, options, scenarios);
    if (!study.status.ok())
        return study;
    study.tolerance = scenarios.front().params.value("tol");
    study.runs.resize(scenarios.size());
    Progress progress(scenarios.size(), options.progress);
    std::mutex next;
    std::size_t nextRun = 0;
    auto worker = [&] {
        for (;;) {
            std::size_t k;
            {
                std::lock_guard lock(next);
                if (nextRun == scenarios.size())
                    return;
                k = nextRun++;
            }
            EpsStudyRun& run = study.runs[k];
            run.eps = scenarios[k].params.value("eps");
            run.scenario = scenarios[k];
            const double tEnd = scenarios[k].params.value("t_end");
            RunOptions ro;
            ro.cancel = options.cancel;
            ro.progress = [&progress, k, tEnd](const RunResult& partial, std::size_t, std::size_t) {
                if (!partial.t.empty() && tEnd > 0.0)
                    progress.set(k, partial.t.back() / tEnd);
            };
            run.result = simulate(scenarios[k], ro);
            progress.set(k, 1.0);
        }
    };
    runWorkers(std::clamp(options.threads, 1, static_cast<int>(scenarios.size())), worker);
    for (const EpsStudyRun& run : study.runs)
        if (!run.result.status.ok()) {
            study.status = Status::error("ε = " + formatNumber(run.eps) + ": " + run.result.status.message());
            break;
        }
    study.variables = options.variables.empty() ? defaultVariables(scenario, study.runs.front().result) : options.variables;
    compare(study);
    study.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return study;
}

} // namespace fl
