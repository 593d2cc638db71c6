#include "solvers/run_recorder.h"

#include <algorithm>
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

RunRecorder::RunRecorder(const Dynamics& dynamics, double dt, double tEnd, RunResult& out, size_t reserveLimit)
    : RunRecorder(dynamics, dt, GridRange{0, static_cast<long>(std::floor(tEnd / dt + 1e-9)) + 1}, out)
{
    const size_t n = std::min(static_cast<size_t>(m_count), reserveLimit);
    m_out.t.reserve(n);
    m_out.states.reserve(n * m_state.size());
    m_out.outputs.reserve(n * m_outputs.size());
}

RunRecorder::RunRecorder(const Dynamics& dynamics, double dt, GridRange range, RunResult& out)
    : m_dynamics(dynamics), m_out(out), m_dt(dt), m_k(range.first), m_count(range.end),
      m_state(static_cast<size_t>(dynamics.dimension())), m_outputs(dynamics.outputNames().size())
{
    const double perUnit = std::round(1.0 / dt);
    if (perUnit >= 1.0 && perUnit < 1e15 && std::abs(1.0 / dt - perUnit) <= 1e-9 * perUnit)
        m_perUnit = perUnit;
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
        const double t = m_perUnit > 0.0 ? static_cast<double>(m_k) / m_perUnit : static_cast<double>(m_k) * m_dt;
        if (t > step.t1)
            break;
        step.stateAt(t, m_state.data());
        m_dynamics.outputs(t, m_state.data(), mode, m_outputs.data());
        m_out.t.push_back(t);
        for (const double value : m_state) // a few values a row: no call to memcpy
            m_out.states.push_back(value);
        for (const double value : m_outputs)
            m_out.outputs.push_back(value);
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
