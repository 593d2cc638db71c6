#include "solvers/simulate.h"
#include "solvers/dynamics_factory.h"
#include "solvers/run_recorder.h"

#include <chrono>

namespace fl {
namespace {

/// Copies the "v_r" and "F" output columns into RunResult::relativeVelocity / force.
void fillContactColumns(RunResult& result)
{
    const int vr = result.columnIndex("v_r"), force = result.columnIndex("F");
    if (vr < 0 || force < 0)
        return;
    for (size_t i = 0; i < result.size(); ++i) {
        result.relativeVelocity.push_back(result.column(i, vr));
        result.force.push_back(result.column(i, force));
    }
}

} // namespace

RunResult simulate(const Scenario& scenario, const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    RunResult result;
    result.status = validate(scenario);
    if (!result.status.ok())
        return result;
    const std::unique_ptr<Dynamics> dynamics = makeDynamics(scenario, cancel);
    const double tEnd = scenario.params.value("t_end");
    RunRecorder recorder(*dynamics, scenario.params.value("dt"), tEnd, result);
    std::vector<double> y = dynamics->initialState();
    double t = 0.0;
    IntegrationStats stats;
    result.status = dynamics->integrate(y, t, tEnd, recorder, stats);
    if (result.status.ok() && !recorder.done())
        result.status = Status::error("integration ended before t_end");
    recorder.finish(std::min(t, tEnd));
    result.steps = stats.steps;
    result.warning = dynamics->warning();
    fillContactColumns(result);
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace fl
