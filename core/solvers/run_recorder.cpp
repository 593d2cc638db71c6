#include "solvers/run_recorder.h"

#include <cmath>

namespace fl {

const char* modeName(ContactMode mode) { return mode == ContactMode::Stick ? "stick" : "slip"; }

int RunResult::columnIndex(const std::string& name) const
{
    for (size_t i = 0; i < stateNames.size(); ++i)
        if (stateNames[i] == name)
            return static_cast<int>(i);
    for (size_t k = 0; k < outputNames.size(); ++k)
        if (outputNames[k] == name)
            return static_cast<int>(stateNames.size() + k);
    return -1;
}

RunRecorder::RunRecorder(const Dynamics& dynamics, double dt, double tEnd, RunResult& out)
    : RunRecorder(dynamics, dt, GridRange{0, static_cast<long>(std::floor(tEnd / dt + 1e-9)) + 1}, out)
{
    const auto n = static_cast<size_t>(m_count);
    m_out.t.reserve(n);
    m_out.states.reserve(n * m_state.size());
    m_out.outputs.reserve(n * m_outputs.size());
}

RunRecorder::RunRecorder(const Dynamics& dynamics, double dt, GridRange range, RunResult& out)
    : m_dynamics(dynamics), m_out(out), m_dt(dt), m_k(range.first), m_count(range.end),
      m_state(static_cast<size_t>(dynamics.dimension())), m_outputs(dynamics.outputNames().size())
{
    m_out.stateNames = dynamics.stateNames();
    m_out.outputNames = dynamics.outputNames();
}

bool RunRecorder::onStep(const StepView& step, int mode)
{
    if (!m_started) {
        m_started = true;
        m_inStick = mode == static_cast<int>(ContactMode::Stick);
        m_stickBegin = step.t0;
    }
    while (!done()) {
        const double t = static_cast<double>(m_k) * m_dt;
        if (t > step.t1)
            break;
        step.stateAt(t, m_state.data());
        m_dynamics.outputs(t, m_state.data(), mode, m_outputs.data());
        m_out.t.push_back(t);
        m_out.states.insert(m_out.states.end(), m_state.begin(), m_state.end());
        m_out.outputs.insert(m_out.outputs.end(), m_outputs.begin(), m_outputs.end());
        if (mode >= 0)
            m_out.mode.push_back(static_cast<ContactMode>(mode));
        ++m_k;
    }
    return !done();
}

void RunRecorder::onSwitch(double t, ContactMode entered)
{
    m_out.switches.push_back({t, entered});
    if (entered == ContactMode::Stick) {
        m_inStick = true;
        m_stickBegin = t;
    } else if (m_inStick) {
        m_inStick = false;
        m_out.stickIntervals.push_back({m_stickBegin, t});
    }
}

void RunRecorder::finish(double tEnd)
{
    if (m_inStick && m_started)
        m_out.stickIntervals.push_back({m_stickBegin, tEnd});
}

} // namespace fl
