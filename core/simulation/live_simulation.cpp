#include "simulation/live_simulation.h"
#include "solvers/dynamics.h"
#include "simulation/dynamics_factory.h"
#include "solvers/run_recorder.h"
#include "systems/scenario_setup.h"

#include <cmath>
#include <exception>
#include <string>

// How a piece ends and the next one begins:
// - A piece integrates (time(), state()) -> tEnd with a fresh stepper (the first step size is the
//   solver's initial one again) and ends at exactly tEnd, with the state from the dense output of
//   the step that reaches tEnd; a switch located after tEnd is dropped, the next piece finds it
//   again from that state.
// - The mode carries over through the state: integrate() of the event-driven methods starts in stick
//   exactly where v_r == 0 (belt) or lambda_s <= 1e-7 (disk) and the stick test passes, else in slip in
//   the direction of v_r. States in stick keep v_r == 0 exactly (the stick right-hand side is exactly
//   zero in the velocity, and so is the dense output); Dynamics::settleMode restores that for a state
//   handed in from outside (restartFrom) whose v_r is zero only up to round-off. So a sticking block
//   goes on sticking, or slips at once when its new static limit is below the holding force; a
//   slipping one goes on slipping in its direction. (The disk decides by its own threshold: a piece
//   that ends while a new slip is still below lambda_s = 1e-7 restarts it through the stick test in
//   the direction of JTAM (2.5), changing the velocity by at most that threshold.)
// - A mode that differs from the carried one at the start of a piece is recorded as a switch there.
// - A stick interval still open at tEnd is closed at tEnd; the next piece opens a new one at the
//   same time (the GUI shades per-sample modes).

namespace fl {

namespace {

bool allFinite(const std::vector<double>& y)
{
    for (double v : y)
        if (!std::isfinite(v))
            return false;
    return true;
}

/// The smallest grid index k with k dt > t (times as RunRecorder computes them).
long gridIndexAfter(double t, double dt)
{
    auto k = static_cast<long>(std::floor(t / dt));
    while (static_cast<double>(k) * dt <= t)
        ++k;
    while (static_cast<double>(k - 1) * dt > t)
        --k;
    return k;
}

/// Grid indices fit a long far beyond any time a run reaches.
bool gridTime(double t, double dt) { return std::isfinite(t) && std::abs(t / dt) < 1e15; }

/// The state y of `from` as a state of `to`: variables of the same name keep their values, the
/// others (e.g. the internal state of another law) start at the initial values of `to`.
std::vector<double> carryState(const Dynamics& from, const Dynamics& to, const std::vector<double>& y)
{
    const std::vector<std::string> names = from.stateNames(), newNames = to.stateNames();
    if (names == newNames)
        return y;
    std::vector<double> carried = to.initialState();
    for (size_t i = 0; i < newNames.size(); ++i)
        for (size_t j = 0; j < names.size(); ++j)
            if (names[j] == newNames[i])
                carried[i] = y[j];
    return carried;
}

/// Appends the "v_r" and "F" columns of samples first.. to RunResult::relativeVelocity / force, as
/// simulate() fills them.
void appendContactColumns(RunResult& out, size_t first)
{
    const int vr = out.columnIndex("v_r"), force = out.columnIndex("F");
    if (vr < 0 || force < 0)
        return;
    for (size_t i = first; i < out.size(); ++i) {
        out.relativeVelocity.push_back(out.column(i, vr));
        out.force.push_back(out.column(i, force));
    }
}

} // namespace

/// Hands the steps to a RunRecorder and keeps the state at tEnd (dense output of the step that
/// reaches it), the last good step end (for failures) and the modes.
class LiveSimulation::Chunk final : public DynamicsObserver {
public:
    Chunk(RunRecorder& recorder, double tEnd, int carriedMode, size_t dimension)
        : m_recorder(recorder), m_tEnd(tEnd), m_mode(carriedMode), m_endY(dimension), m_lastY(dimension)
    {
    }
    bool onStep(const StepView& step, int mode) override
    {
        // A mode other than the carried one (e.g. a lower mu_s under a sticking block) switches here.
        if (!m_stepped && m_mode >= 0 && mode >= 0 && mode != m_mode)
            m_recorder.onSwitch(step.t0, static_cast<ContactMode>(mode), -1);
        m_stepped = true;
        m_recorder.onStep(step, mode);
        m_mode = m_lastMode = mode;
        m_lastT = step.t1;
        m_lastY.assign(step.y1, step.y1 + m_lastY.size());
        if (!m_reached && step.t1 >= m_tEnd) {
            m_reached = true;
            m_endMode = mode;
            if (step.t1 == m_tEnd)
                m_endY = m_lastY;
            else
                step.stateAt(m_tEnd, m_endY.data());
        }
        return true;
    }
    void onSwitch(double t, ContactMode entered, int contact) override
    {
        if (t > m_tEnd)
            return;
        m_recorder.onSwitch(t, entered, contact);
        m_mode = static_cast<int>(entered);
    }
    void onGraze(double t, ContactMode mode) override
    {
        if (t <= m_tEnd)
            m_recorder.onGraze(t, mode);
    }

    bool stepped() const { return m_stepped; }
    bool reached() const { return m_reached; }
    int mode() const { return m_mode; } ///< after the last step or switch
    int endMode() const { return m_endMode; }
    const std::vector<double>& endState() const { return m_endY; }
    double lastTime() const { return m_lastT; }
    int lastStepMode() const { return m_lastMode; }
    const std::vector<double>& lastState() const { return m_lastY; }

private:
    RunRecorder& m_recorder;
    double m_tEnd;
    int m_mode;
    int m_lastMode = -1;
    int m_endMode = -1;
    bool m_stepped = false;
    bool m_reached = false;
    double m_lastT = 0.0;
    std::vector<double> m_endY;
    std::vector<double> m_lastY;
};

LiveSimulation::LiveSimulation() { reset(defaultScenario()); }
LiveSimulation::~LiveSimulation() = default;
LiveSimulation::LiveSimulation(LiveSimulation&&) noexcept = default;
LiveSimulation& LiveSimulation::operator=(LiveSimulation&&) noexcept = default;

Status LiveSimulation::build(const Scenario& scenario, std::unique_ptr<Dynamics>& dynamics) const
{
    Status status = validate(scenario);
    if (!status.ok())
        return status;
    try {
        dynamics = makeDynamics(scenario, m_cancel);
    } catch (const std::exception& e) {
        return Status::error(std::string("cannot build the dynamics: ") + e.what());
    }
    return Status::success();
}

Status LiveSimulation::reset(const Scenario& scenario)
{
    std::unique_ptr<Dynamics> dynamics;
    Status status = build(scenario, dynamics);
    if (!status.ok())
        return status;
    m_scenario = scenario;
    m_dynamics = std::move(dynamics);
    m_t = 0.0;
    m_y = m_dynamics->initialState();
    m_mode = -1;
    m_steps = 0;
    m_nextSample = 0;
    return Status::success();
}

Status LiveSimulation::change(const Scenario& scenario)
{
    if (!m_dynamics || scenario.systemId != m_scenario.systemId)
        return reset(scenario);
    std::unique_ptr<Dynamics> dynamics;
    Status status = build(scenario, dynamics);
    if (!status.ok())
        return status;
    std::vector<double> y = carryState(*m_dynamics, *dynamics, m_y);
    dynamics->settleMode(m_t, y, m_mode);
    const double dt = scenario.params.value("dt");
    // Another output interval: the new grid goes on after time() (the first sample, if none yet).
    if (dt != m_scenario.params.value("dt") && !(m_nextSample == 0 && m_t == 0.0))
        m_nextSample = gridIndexAfter(m_t, dt);
    m_scenario = scenario;
    m_dynamics = std::move(dynamics);
    m_y = std::move(y);
    return Status::success();
}

Status LiveSimulation::restartFrom(const Scenario& scenario, double t, const std::vector<double>& y, int mode)
{
    std::unique_ptr<Dynamics> dynamics;
    Status status = build(scenario, dynamics);
    if (!status.ok())
        return status;
    if (!gridTime(t, scenario.params.value("dt")))
        return Status::error("cannot restart at t = " + std::to_string(t));
    if (static_cast<int>(y.size()) != dynamics->dimension() || !allFinite(y))
        return Status::error("cannot restart from this state: " + std::to_string(dynamics->dimension())
                             + " finite values expected");
    m_y = y;
    m_mode = mode == static_cast<int>(ContactMode::Stick) || mode == static_cast<int>(ContactMode::Slip) ? mode : -1;
    dynamics->settleMode(t, m_y, m_mode);
    m_scenario = scenario;
    m_dynamics = std::move(dynamics);
    m_t = t;
    m_nextSample = gridIndexAfter(t, scenario.params.value("dt"));
    return Status::success();
}

Status LiveSimulation::advance(double tEnd, RunResult& out, const std::atomic<bool>* cancel)
{
    if (!m_dynamics)
        return Status::error("no scenario");
    const double dt = m_scenario.params.value("dt");
    if (!gridTime(tEnd, dt))
        return Status::error("cannot advance to t = " + std::to_string(tEnd));
    if (tEnd <= m_t)
        return Status::success();
    if (!out.t.empty() && (out.stateNames != m_dynamics->stateNames() || out.outputNames != m_dynamics->outputNames()))
        return Status::error("the result holds samples of another system");
    if (cancel != m_cancel) {
        m_cancel = cancel;
        const Status status = build(m_scenario, m_dynamics);
        if (!status.ok())
            return status;
    }
    const size_t firstSample = out.size();
    RunRecorder recorder(*m_dynamics, dt, RunRecorder::GridRange{m_nextSample, gridIndexAfter(tEnd, dt)}, out);
    Chunk chunk(recorder, tEnd, m_mode, m_y.size());
    std::vector<double> y = m_y;
    double t = m_t;
    IntegrationStats stats;
    Status status = Status::success();
    try {
        status = m_dynamics->integrate(y, t, tEnd, chunk, stats);
    } catch (const std::exception& e) {
        status = Status::error(std::string("solver failed: ") + e.what());
    }
    m_steps += stats.steps;
    status = settle(status, y, t, tEnd, chunk);
    m_nextSample = recorder.nextIndex();
    recorder.finish(m_t);
    appendContactColumns(out, firstSample);
    return status;
}

Status LiveSimulation::settle(Status status, const std::vector<double>& y, double t, double tEnd, const Chunk& chunk)
{
    if (status.ok() && chunk.reached()) {
        // Ended exactly at tEnd: y is the state after a switch located there, if any.
        const bool exact = t == tEnd && allFinite(y);
        m_y = exact ? y : chunk.endState();
        m_mode = exact ? chunk.mode() : chunk.endMode();
        m_t = tEnd;
        return status;
    }
    if (status.ok())
        status = Status::error("integration ended at t = " + std::to_string(t) + " before " + std::to_string(tEnd));
    // Cancel and step limit leave a good state in (y, t); a non-finite state falls back to the
    // last accepted step.
    if (allFinite(y) && std::isfinite(t) && t >= m_t) {
        m_y = y;
        m_t = t;
        m_mode = chunk.mode();
    } else if (chunk.stepped()) {
        m_y = chunk.lastState();
        m_t = chunk.lastTime();
        m_mode = chunk.lastStepMode();
    }
    return status;
}

} // namespace fl
