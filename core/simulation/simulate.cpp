#include "simulation/simulate.h"
#include "simulation/dynamics_factory.h"
#include "solvers/run_recorder.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"
#include "common/guarded.h"

#include <chrono>

namespace fl {
namespace {

using Clock = std::chrono::steady_clock;

/// Copies the "v_r" and "F" output columns into RunResult::relativeVelocity / force.
void fillContactColumns(RunResult& result)
{
    const int vr = result.columnIndex("v_r"), force = result.columnIndex("F");
    if (vr < 0 || force < 0)
        return;
    result.relativeVelocity.clear();
    result.force.clear();
    for (size_t i = 0; i < result.size(); ++i) {
        result.relativeVelocity.push_back(result.column(i, vr));
        result.force.push_back(result.column(i, force));
    }
}

/// The recorder plus the Poincaré section and the throttled progress reports.
class RunObserver final : public DynamicsObserver {
public:
    RunObserver(RunRecorder& recorder, RunResult& result, const RunOptions& options, std::vector<double> y0)
        : m_recorder(recorder), m_result(result), m_options(options), m_previous(std::move(y0)), m_lastReport(Clock::now())
    {
    }
    bool onStep(const StepView& step, int mode) override
    {
        const bool more = m_recorder.onStep(step, mode);
        if (m_options.section) {
            m_points.clear();
            m_options.section->collect(step, m_previous, m_points);
            for (const SectionPoint& p : m_points) {
                if (!m_recorder.admitSection(p.y.size() + 1))
                    break;
                m_result.sectionTimes.push_back(p.t);
                m_result.sectionStates.insert(m_result.sectionStates.end(), p.y.begin(), p.y.end());
            }
            m_previous.assign(step.y1, step.y1 + m_previous.size());
        }
        if (m_options.progress && (++m_steps % 64 == 0) && Clock::now() - m_lastReport > std::chrono::duration<double>(m_options.progressInterval))
            report();
        if (m_options.drain && (m_result.size() >= m_options.drainRows || m_result.eventRecords() >= m_options.drainEvents) && !drain())
            return false;
        return more;
    }
    /// The error of a drain that failed (success if none did).
    const Status& drainStatus() const { return m_drainStatus; }
    void onSwitch(double t, ContactMode entered, int contact) override { m_recorder.onSwitch(t, entered, contact); }
    void onGraze(double t, ContactMode mode) override { m_recorder.onGraze(t, mode); }
    void report()
    {
        m_options.progress(m_result, m_reportedSamples, m_reportedSections);
        m_reportedSamples = m_result.size();
        m_reportedSections = m_result.sectionTimes.size();
        m_lastReport = Clock::now();
    }

private:
    /// Hands the samples and events held so far to RunOptions::drain and drops them (keeping the
    /// capacity; the counts go on).
    bool drain()
    {
        fillContactColumns(m_result);
        m_drainStatus = m_options.drain(m_result);
        for (auto* column : {&m_result.t, &m_result.states, &m_result.outputs, &m_result.relativeVelocity, &m_result.force,
                             &m_result.sectionTimes, &m_result.sectionStates})
            column->clear();
        m_result.mode.clear();
        m_result.switches.clear();
        m_result.grazes.clear();
        m_result.stickIntervals.clear();
        m_reportedSamples = 0;
        m_reportedSections = 0;
        return m_drainStatus.ok();
    }

    RunRecorder& m_recorder;
    RunResult& m_result;
    const RunOptions& m_options;
    std::vector<double> m_previous;
    std::vector<SectionPoint> m_points;
    Clock::time_point m_lastReport;
    long m_steps = 0;
    size_t m_reportedSamples = 0, m_reportedSections = 0;
    Status m_drainStatus = Status::success();
};

/// simulate() without its guard: the status of the run, result filled as far as it got.
Status simulateUnguarded(const Scenario& scenario, const RunOptions& options, RunResult& result);

} // namespace

RunResult simulate(const Scenario& scenario, const std::atomic<bool>* cancel)
{
    RunOptions options;
    options.cancel = cancel;
    return simulate(scenario, options);
}

RunResult simulate(const Scenario& scenario, const RunOptions& options)
{
    RunResult result;
    const auto start = Clock::now();
    const Status status = guarded("simulation", [&] { return simulateUnguarded(scenario, options, result); });
    if (!status.ok()) {
        result.status = status;
        result.wallSeconds = std::chrono::duration<double>(Clock::now() - start).count();
    }
    return result;
}

namespace {

Status simulateUnguarded(const Scenario& scenario, const RunOptions& options, RunResult& result)
{
    const auto start = Clock::now();
    result.status = validate(scenario, options.drain ? SampleStorage::Streamed : SampleStorage::InMemory);
    if (!result.status.ok())
        return result.status;
    const std::unique_ptr<Dynamics> dynamics = makeDynamics(scenario, options.cancel);
    const double tEnd = scenario.params.value("t_end");
    RunRecorder recorder(*dynamics, scenario.params.value("dt"), tEnd, result, options.drain ? options.drainRows : SIZE_MAX);
    if (!options.drain) // a streamed run keeps its events one block at a time
        recorder.setEventCap(options.maxEventRecords);
    if (options.section && !options.section->isStroboscopic() && options.section->variable() < 0)
        result.sectionDefinition = sectionDefinitionText(*options.section, result.stateNames);
    std::vector<double> y = dynamics->initialState();
    RunObserver observer(recorder, result, options, y);
    double t = 0.0;
    IntegrationStats stats;
    result.status = dynamics->integrate(y, t, tEnd, observer, stats);
    if (!observer.drainStatus().ok())
        result.status = observer.drainStatus();
    else if (result.status.ok() && !recorder.done())
        result.status = Status::error("integration ended before t_end");
    recorder.finish(std::min(t, tEnd));
    result.steps = stats.steps;
    const std::string warning = dynamics->warning();
    result.warning = warning.empty() ? recorder.capWarning()
                     : recorder.capWarning().empty() ? warning : warning + "; " + recorder.capWarning();
    fillContactColumns(result);
    result.wallSeconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result.status;
}

} // namespace

PoincareSection defaultSection(const Scenario& scenario)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    if (system && system->defaultSection)
        return system->defaultSection(scenario);
    return PoincareSection::hyperplane(1, 0.0, -1);
}

} // namespace fl
