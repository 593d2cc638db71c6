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
    m_tEnd = tEnd;
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
    m_out.contactNames = dynamics.contactNames();
}

bool RunRecorder::onStep(const StepView& step, int mode)
{
    if (!m_started) {
        m_started = true;
        m_inStick = mode == static_cast<int>(ContactMode::Stick);
        m_stickBegin = step.t0;
        m_oneContact = mode >= 0;
    }
    while (!done()) {
        // The last sample is at t_end itself even where k dt rounds above it (100 x 0.007 =
        // 0.7000000000000001): an integrator that stops exactly at t_end (CVODE's tstop) reaches it.
        const double t = std::min(m_perUnit > 0.0 ? static_cast<double>(m_k) / m_perUnit : static_cast<double>(m_k) * m_dt, m_tEnd);
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

void RunRecorder::onSwitch(double t, ContactMode entered, int contact)
{
    ++m_out.switchCount;
    if (m_out.switches.size() < m_cap)
        m_out.switches.push_back({t, entered, contact});
    else
        capped(Switches, m_out.switches.size());
    if (entered == ContactMode::Stick) {
        m_inStick = true;
        m_stickBegin = t;
    } else if (m_inStick) {
        m_inStick = false;
        closeStickInterval(t);
    }
}

void RunRecorder::onGraze(double t, ContactMode mode)
{
    ++m_out.grazeCount;
    if (m_out.grazes.size() < m_cap)
        m_out.grazes.push_back({t, mode});
    else
        capped(Grazes, m_out.grazes.size());
}

void RunRecorder::closeStickInterval(double end)
{
    if (!m_oneContact) // n contacts: a switch of one block neither begins nor ends a stick of the system
        return;
    if (m_out.stickIntervals.size() < m_cap)
        m_out.stickIntervals.push_back({m_stickBegin, end});
    else
        capped(StickIntervals, m_out.stickIntervals.size());
}

bool RunRecorder::admitSection(size_t values)
{
    const size_t held = m_out.sectionTimes.size() + m_out.sectionStates.size();
    if (m_cap >= SIZE_MAX / 4 || held + values <= 2 * m_cap)
        return true;
    capped(SectionPoints, values == 0 ? 0 : held / values);
    return false;
}

void RunRecorder::capped(Kind kind, size_t kept)
{
    if (m_cappedKind[kind])
        return;
    m_cappedKind[kind] = true;
    static constexpr const char* names[] = {"stick/slip switches", "grazes", "stick intervals", "Poincaré section points"};
    m_cappedKinds.push_back(std::to_string(kept) + " " + names[kind]);
    std::string list;
    for (size_t i = 0; i < m_cappedKinds.size(); ++i)
        list += (i == 0 ? "" : i + 1 == m_cappedKinds.size() ? " and " : ", ") + m_cappedKinds[i];
    m_capWarning = "only the first " + list + " are kept in memory (the counts go on); "
                   + "frictionlab-cli run --events streams every switch to a file";
    m_out.eventsCapped = true;
    m_out.warning = m_capWarning;
}

void RunRecorder::finish(double tEnd)
{
    if (m_inStick && m_started)
        closeStickInterval(tEnd);
}

} // namespace fl
