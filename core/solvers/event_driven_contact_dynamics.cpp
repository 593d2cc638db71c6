#include "solvers/contact_dynamics.h"

#include "solvers/event_loop.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace fl {

namespace {

using State = std::vector<double>;

/// The current mode and the mode-dependent right-hand side and event function.
class ModeDynamics {
public:
    ModeDynamics(const ContactSystem& system, const FrictionLaw& law) : m_system(system), m_law(law) {}

    ContactMode mode = ContactMode::Slip;
    double direction = 1.0; ///< sign of v_r during slip
    bool armed = true;      ///< a slip that starts at v_r = 0 may end only after d v_r > 0

    double holdingForce(double t, const double* y) const
    {
        double a = 0.0, b = 1.0;
        m_system.relativeAcceleration(t, y, a, b);
        return -a / b;
    }
    double force(double t, const double* y) const
    {
        if (mode == ContactMode::Stick)
            return holdingForce(t, y);
        return -direction * m_law.branchMagnitude(std::abs(m_system.relativeVelocity(t, y)), direction);
    }
    /// The static limit against the holding force F_h: a slip would start in direction -sgn(F_h)
    /// (the branches of an asymmetric law may hold differently in the two directions).
    double staticLimitAgainst(double hold) const { return m_law.branchStaticLimit(hold > 0.0 ? -1.0 : 1.0); }
    /// Positive inside the current mode; its zero is the switching event.
    double eventFunction(double t, const double* y) const
    {
        if (mode == ContactMode::Stick) {
            const double hold = holdingForce(t, y);
            return staticLimitAgainst(hold) - std::abs(hold);
        }
        return direction * m_system.relativeVelocity(t, y);
    }
    void rhs(const State& y, State& dydt, double t) const { m_system.rhs(t, y.data(), force(t, y.data()), dydt.data()); }
    double event(double t, const double* y) const { return eventFunction(t, y); }
    int modeId() const { return static_cast<int>(mode); }
    /// A slip started at v_r = 0 that goes the wrong way re-decides its mode at the step end.
    bool eventWhenUnarmed() const { return true; }
    /// Stick -> slip against the holding force; slip -> stick or reversal where v_r = 0.
    void switchMode(double t, State& y, DynamicsObserver& observer)
    {
        const ContactMode before = mode;
        if (before == ContactMode::Stick) {
            mode = ContactMode::Slip;
            direction = holdingForce(t, y.data()) > 0.0 ? -1.0 : 1.0;
        } else {
            enterAtZeroRelativeVelocity(t, y.data());
        }
        armed = mode == ContactMode::Stick;
        if (mode != before)
            observer.onSwitch(t, mode);
    }

    /// Chooses the mode where v_r = 0: stick if the holding force is within the static limit,
    /// else slip against the holding force.
    void enterAtZeroRelativeVelocity(double t, double* y)
    {
        m_system.projectToStick(t, y);
        const double hold = holdingForce(t, y);
        if (std::abs(hold) <= staticLimitAgainst(hold)) {
            mode = ContactMode::Stick;
        } else {
            mode = ContactMode::Slip;
            direction = hold > 0.0 ? -1.0 : 1.0;
        }
    }
    /// The mode of an arbitrary starting state.
    void enter(double t, double* y)
    {
        const double vr = m_system.relativeVelocity(t, y);
        if (vr == 0.0) {
            enterAtZeroRelativeVelocity(t, y);
        } else {
            mode = ContactMode::Slip;
            direction = vr > 0.0 ? 1.0 : -1.0;
        }
    }

private:
    const ContactSystem& m_system;
    const FrictionLaw& m_law;
};

/// Adapts ModeDynamics to the hooks runEventLoop expects (mode() is taken by the member).
struct ModeHooks {
    ModeDynamics& dyn;
    bool armed = dyn.armed;
    void rhs(const State& y, State& dydt, double t) const { dyn.rhs(y, dydt, t); }
    double event(double t, const double* y) const { return dyn.event(t, y); }
    int mode() const { return dyn.modeId(); }
    bool eventWhenUnarmed() const { return dyn.eventWhenUnarmed(); }
    void switchMode(double t, State& y, DynamicsObserver& observer)
    {
        dyn.switchMode(t, y, observer);
        armed = dyn.armed;
    }
};

} // namespace

EventDrivenContactDynamics::EventDrivenContactDynamics(std::unique_ptr<ContactSystem> system, std::unique_ptr<FrictionLaw> law,
                                                       const IntegrationSettings& settings)
    : m_system(std::move(system)), m_law(std::move(law)), m_settings(settings)
{
}

void EventDrivenContactDynamics::outputs(double t, const double* y, int mode, double* out) const
{
    ModeDynamics dyn(*m_system, *m_law);
    out[0] = m_system->relativeVelocity(t, y);
    dyn.mode = static_cast<ContactMode>(mode);
    dyn.direction = out[0] > 0.0 ? 1.0 : (out[0] < 0.0 ? -1.0 : (dyn.holdingForce(t, y) > 0.0 ? -1.0 : 1.0));
    out[1] = dyn.force(t, y);
}

void EventDrivenContactDynamics::settleMode(double t, State& y, int mode) const
{
    // Round-off only: a state written with 15+ significant digits or recomputed from its parts.
    // A larger v_r is a real change (e.g. of the belt speed) and starts a slip.
    constexpr double kRoundOff = 1e-12;
    if (mode != static_cast<int>(ContactMode::Stick) || static_cast<int>(y.size()) != m_system->dimension())
        return;
    State stuck = y;
    m_system->projectToStick(t, stuck.data());
    double change = 0.0, scale = 1.0;
    for (size_t i = 0; i < y.size(); ++i) {
        change = std::max(change, std::abs(stuck[i] - y[i]));
        scale = std::max(scale, std::abs(stuck[i]));
    }
    if (change <= kRoundOff * scale)
        y = stuck;
}

Status EventDrivenContactDynamics::integrate(State& y, double& t, double tEnd, DynamicsObserver& observer,
                                             IntegrationStats& stats) const
{
    const IntegrationSettings& s = m_settings;
    ModeDynamics dyn(*m_system, *m_law);
    dyn.enter(t, y.data());
    dyn.armed = dyn.mode == ContactMode::Stick || m_system->relativeVelocity(t, y.data()) != 0.0;
    ModeHooks hooks{dyn};
    return detail::runEventLoop(hooks, y, t, tEnd, s, observer, stats);
}

} // namespace fl
