#include "solvers/output_recorder.h"

namespace fl {

const char* modeName(ContactMode mode) { return mode == ContactMode::Stick ? "stick" : "slip"; }

OutputRecorder::OutputRecorder(const ContactSystem& system, double dt, double tEnd, RunResult& out)
    : m_system(system), m_out(out), m_dt(dt), m_count(static_cast<long>(std::floor(tEnd / dt + 1e-9)) + 1)
{
    m_out.stateNames = system.stateNames();
    const auto n = static_cast<size_t>(m_count);
    m_out.t.reserve(n);
    m_out.states.reserve(n * static_cast<size_t>(system.dimension()));
    m_out.relativeVelocity.reserve(n);
    m_out.force.reserve(n);
}

void OutputRecorder::add(const double* y, double force, int mode)
{
    const double t = nextTime();
    m_out.t.push_back(t);
    m_out.states.insert(m_out.states.end(), y, y + m_system.dimension());
    m_out.relativeVelocity.push_back(m_system.relativeVelocity(t, y));
    m_out.force.push_back(force);
    if (mode >= 0)
        m_out.mode.push_back(static_cast<ContactMode>(mode));
    ++m_k;
}

} // namespace fl
