#include "analysis/orbit_phases.h"
#include "solvers/dynamics.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {
/// The phases of a run, from each step's mode and the sign of v_r inside it.
class PhaseRecorder final : public DynamicsObserver {
public:
    explicit PhaseRecorder(const Dynamics& d)
        : m_dynamics(d), m_out(d.outputNames().size()), m_contacts(d.contactNames().size()), m_y(static_cast<size_t>(d.dimension())),
          m_modes(m_contacts)
    {
        const std::vector<std::string> names = d.outputNames();
        const auto it = std::find(names.begin(), names.end(), "v_r");
        m_vr = it == names.end() ? -1 : static_cast<int>(it - names.begin());
    }
    bool onStep(const StepView& step, int mode) override
    {
        std::string label;
        if (mode < 0 && m_contacts > 1) {
            label = contactsLabel(step);
        } else if (mode == static_cast<int>(ContactMode::Stick)) {
            label = "stick";
        } else if (mode == static_cast<int>(ContactMode::Slip)) {
            label = "slip";
            if (m_vr >= 0) {
                const double tm = 0.5 * (step.t0 + step.t1);
                std::vector<double> y(static_cast<size_t>(m_dynamics.dimension()));
                step.stateAt(tm, y.data());
                m_dynamics.outputs(tm, y.data(), mode, m_out.data());
                label += m_out[static_cast<size_t>(m_vr)] >= 0.0 ? "+" : "-";
            }
        } else {
            label = "mode" + std::to_string(mode);
        }
        if (phases.empty() || phases.back().label != label)
            phases.push_back({label, step.t0, step.t1});
        else
            phases.back().t1 = step.t1;
        return true;
    }
    std::vector<ModePhase> phases;

private:
    /// Several contacts: each one's mode in the middle of the step, "stick/slip+/slip-" in the
    /// order of Dynamics::contactNames().
    std::string contactsLabel(const StepView& step)
    {
        const double tm = 0.5 * (step.t0 + step.t1);
        step.stateAt(tm, m_y.data());
        m_dynamics.contactModes(tm, m_y.data(), m_modes.data());
        std::string label;
        for (size_t c = 0; c < m_contacts; ++c) {
            if (c > 0)
                label.push_back('/');
            label.append(m_modes[c] == 0 ? "stick" : (m_modes[c] > 0 ? "slip+" : "slip-"));
        }
        return label;
    }

    const Dynamics& m_dynamics;
    std::vector<double> m_out;
    size_t m_contacts;
    std::vector<double> m_y;
    std::vector<signed char> m_modes;
    int m_vr = -1;
};
} // namespace

bool isSlipPhase(const std::string& label) { return label.rfind("slip", 0) == 0 && label.find("stick") == std::string::npos; }

std::vector<ModePhase> modePhases(const Dynamics& dynamics, const std::vector<double>& y0, double t0, double period)
{
    if (dynamics.smoothOde())
        return {};
    PhaseRecorder recorder(dynamics);
    std::vector<double> y = y0;
    if (!integrateExactly(dynamics, y, t0, t0 + period, &recorder).ok())
        return {};
    if (!recorder.phases.empty())
        recorder.phases.back().t1 = t0 + period;
    return recorder.phases;
}

std::string modeSequence(const Dynamics& dynamics, const std::vector<double>& y0, double t0, double period)
{
    if (dynamics.smoothOde())
        return "smooth";
    std::string text;
    for (const ModePhase& p : modePhases(dynamics, y0, t0, period))
        text += (text.empty() ? "" : ";") + p.label;
    return text;
}

double slipMargin(const std::vector<ModePhase>& phases, double t0, double period)
{
    if (phases.empty() || !isSlipPhase(phases.front().label))
        return 0.0;
    const ModePhase& first = phases.front();
    // The phase the period starts in goes on from the end of the period's last phase when the two are one.
    const bool wraps = phases.size() > 1 && phases.back().label == first.label;
    const double before = wraps ? t0 + period - phases.back().t0 : 0.0;
    const double after = first.t1 - t0;
    const double length = before + after;
    return length > 0.0 ? std::min(before, after) / length : 0.0;
}

Status shootInsideSlip(const Dynamics& dynamics, OrbitClosure& closure, std::vector<double>& y)
{
    if (!closure.forced || dynamics.smoothOde())
        return Status::success();
    const double t0 = shootingTime(closure);
    const std::vector<ModePhase> phases = modePhases(dynamics, y, t0, closure.period);
    // The longest slip phase, the last joined to the first when the period starts inside it.
    double best = 0.0, middle = t0;
    for (size_t i = 0; i < phases.size(); ++i) {
        const ModePhase& p = phases[i];
        if (!isSlipPhase(p.label) || (i == 0 && phases.size() > 1 && phases.back().label == p.label))
            continue;
        double a = p.t0, b = p.t1;
        if (i + 1 == phases.size() && phases.size() > 1 && phases.front().label == p.label)
            b += phases.front().t1 - t0; // wraps into the next period's first phase
        if (b - a > best) {
            best = b - a;
            middle = 0.5 * (a + b);
        }
    }
    if (best <= 0.0)
        return Status::success();
    if (const Status status = integrateExactly(dynamics, y, t0, middle); !status.ok())
        return status;
    closure.shift = std::fmod(middle - closure.phase, closure.period);
    return Status::success();
}

} // namespace fl
