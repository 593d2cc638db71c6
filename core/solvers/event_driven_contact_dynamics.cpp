#include "solvers/contact_dynamics.h"

#include "solvers/event_loop.h"
#include "solvers/saltation.h"

#include <algorithm>
#include <cmath>
#include <limits>
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
    /// F_s - |F_h| at a state: positive while friction can hold the contact.
    double holdingMargin(double t, const double* y) const
    {
        const double hold = holdingForce(t, y);
        return staticLimitAgainst(hold) - std::abs(hold);
    }
    /// Positive inside the current mode; its zero is the switching event.
    double eventFunction(double t, const double* y) const
    {
        if (mode == ContactMode::Stick)
            return holdingMargin(t, y);
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
            observer.onSwitch(t, mode, -1);
    }

    /// How close to zero a local minimum of the guard counts as a graze: in stick the
    /// holding force's round-off (a stick phase of S1 is exact, so a tangency is known to a few
    /// ulps and any deeper excursion is a breakaway); in slip the integrator's accuracy of v_r.
    double grazeBand(double tol) const
    {
        if (mode == ContactMode::Stick)
            return 16.0 * std::numeric_limits<double>::epsilon() * (1.0 + m_law.staticLimit());
        return 100.0 * tol;
    }
    /// A guard that touches zero tangentially at t (a local minimum within grazeBand), decided the
    /// same way at every tolerance. Stick: |F_h| reaches the limit and turns back (g'' > 0), so the
    /// contact holds: it stays stuck. Slip: v_r touches 0, where the set-valued law applies as at a
    /// crossing: stick if |F_h| is within the static limit (for Coulomb always, since there
    /// F_h = -d mu_k), else slip on. Returns whether the mode changed (y is then projected).
    bool graze(double t, State& y, DynamicsObserver& observer)
    {
        observer.onGraze(t, mode);
        if (mode == ContactMode::Stick)
            return false;
        const double before = direction;
        State stuck = y;
        enterAtZeroRelativeVelocity(t, stuck.data());
        if (mode == ContactMode::Slip && direction == before)
            return false; // passes: the slip goes on, y untouched
        y = stuck;
        armed = mode == ContactMode::Stick;
        if (mode == ContactMode::Stick)
            observer.onSwitch(t, mode, -1);
        return true;
    }

    /// A graze into stick maps phi by the saltation matrix's limit at a tangential entry,
    /// S = I - (df/dF) (grad v_r)^T / b (finite, unlike its two factors): v_r's part is removed.
    template <class Tracker>
    void mapGraze(double t, const State& yBefore, Tracker& tracker) const
    {
        if (mode != ContactMode::Stick)
            return;
        State fF, grad;
        double b = 1.0;
        stickEntryMap(t, yBefore.data(), fF, grad, b);
        tracker.rankOne(fF, grad, -1.0 / b);
    }
    /// The factors of the tangent map into stick: df/dF, grad v_r and b of v_r' = a + b F.
    void stickEntryMap(double t, const double* y, State& fF, State& grad, double& b) const
    {
        const size_t n = static_cast<size_t>(m_system.dimension());
        fF.assign(n, 0.0);
        grad.assign(n, 0.0);
        m_system.forceColumn(t, y, fF.data());
        double dvdt = 0.0, a = 0.0;
        m_system.relativeVelocityGradient(t, y, grad.data(), dvdt);
        m_system.relativeAcceleration(t, y, a, b);
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
    /// The mode of an arbitrary starting state, and whether its event is armed: a slip that starts
    /// at v_r = 0 may end only after v_r has left zero.
    void enter(double t, double* y)
    {
        const double vr = m_system.relativeVelocity(t, y);
        if (vr == 0.0) {
            enterAtZeroRelativeVelocity(t, y);
        } else {
            mode = ContactMode::Slip;
            direction = vr > 0.0 ? 1.0 : -1.0;
        }
        armed = mode == ContactMode::Stick || vr != 0.0;
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
    double grazeBand(double tol) const { return dyn.grazeBand(tol); }
    bool graze(double t, State& y, DynamicsObserver& observer)
    {
        const bool changed = dyn.graze(t, y, observer);
        armed = dyn.armed;
        return changed;
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

bool EventDrivenContactDynamics::slipField(double t, const double* y, double* dydt) const
{
    const double vr = m_system->relativeVelocity(t, y);
    const double direction = vr >= 0.0 ? 1.0 : -1.0;
    m_system->rhs(t, y, -direction * m_law->branchMagnitude(std::abs(vr), direction), dydt);
    return true;
}

bool EventDrivenContactDynamics::switchConditions(double t, const double* y, double* vr, double* margin) const
{
    const ModeDynamics dyn(*m_system, *m_law);
    vr[0] = m_system->relativeVelocity(t, y);
    State stuck(y, y + m_system->dimension());
    m_system->projectToStick(t, stuck.data());
    margin[0] = dyn.holdingMargin(t, stuck.data());
    return true;
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
    ModeHooks hooks{dyn};
    return detail::runEventLoop(hooks, y, t, tEnd, s, observer, stats);
}

Status EventDrivenContactDynamics::integrateVariational(State& y, double& t, double tEnd, std::vector<double>& phi, int k,
                                                        IntegrationStats& stats) const
{
    ModeDynamics dyn(*m_system, *m_law);
    dyn.enter(t, y.data());
    auto startInStick = [&](auto& tracker) {
        if (dyn.mode != ContactMode::Stick)
            return; // a start in stick: v_r's part removed, as its entry would have
        State fF, grad;
        double b = 1.0;
        dyn.stickEntryMap(t, y.data(), fF, grad, b);
        tracker.rankOne(fF, grad, -1.0 / b);
    };
    return detail::integrateWithSaltation(dyn, y, t, tEnd, phi, k, m_settings, stats, startInStick,
                                          [&](int mode) { settleMode(t, y, mode); });
}

} // namespace fl
