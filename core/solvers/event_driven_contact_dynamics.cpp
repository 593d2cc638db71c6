#include "solvers/contact_dynamics.h"

#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <vector>

namespace fl {
namespace odeint = boost::numeric::odeint;

namespace {

using State = std::vector<double>;

/// The current mode and the mode-dependent right-hand side and event function.
class ModeDynamics {
public:
    ModeDynamics(const ContactSystem& system, const FrictionLaw& law) : m_system(system), m_law(law) {}

    ContactMode mode = ContactMode::Slip;
    double direction = 1.0; ///< sign of v_r during slip

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
        return -direction * m_law.slipMagnitude(std::abs(m_system.relativeVelocity(t, y)));
    }
    /// Positive inside the current mode; its zero is the switching event.
    double eventFunction(double t, const double* y) const
    {
        if (mode == ContactMode::Stick)
            return m_law.staticLimit() - std::abs(holdingForce(t, y));
        return direction * m_system.relativeVelocity(t, y);
    }
    void rhs(const State& y, State& dydt, double t) const { m_system.rhs(t, y.data(), force(t, y.data()), dydt.data()); }

    /// Chooses the mode where v_r = 0: stick if the holding force is within the static limit,
    /// else slip against the holding force.
    void enterAtZeroRelativeVelocity(double t, double* y)
    {
        m_system.projectToStick(t, y);
        const double hold = holdingForce(t, y);
        if (std::abs(hold) <= m_law.staticLimit()) {
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

boost::math::tools::eps_tolerance<double> eventTolerance() { return boost::math::tools::eps_tolerance<double>(48); }

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

Status EventDrivenContactDynamics::integrate(State& y, double& t, double tEnd, DynamicsObserver& observer,
                                             IntegrationStats& stats) const
{
    const IntegrationSettings& s = m_settings;
    ModeDynamics dyn(*m_system, *m_law);
    auto rhs = [&dyn](const State& x, State& dxdt, double time) { dyn.rhs(x, dxdt, time); };
    dyn.enter(t, y.data());
    // A slip that starts at v_r = 0 may trigger its event only after d v_r has become positive.
    bool armed = dyn.mode == ContactMode::Stick || m_system->relativeVelocity(t, y.data()) != 0.0;

    auto stepper = odeint::make_dense_output(s.tol, s.tol, s.maxStep, odeint::runge_kutta_dopri5<State>());
    State scratch = y;
    StepView view;
    view.stateAt = [&stepper, &scratch](double time, double* out) {
        stepper.calc_state(time, scratch);
        std::copy(scratch.begin(), scratch.end(), out);
    };
    double lastDt = std::min(s.maxStep, 1e-3);
    stepper.initialize(y, t, lastDt);

    while (stepper.current_time() < tEnd) {
        if (s.cancelled())
            return Status::error("cancelled");
        if (stats.steps >= s.maxSteps)
            return Status::error("step limit of " + std::to_string(s.maxSteps) + " reached at t = " + std::to_string(t));
        stepper.do_step(rhs);
        ++stats.steps;
        const double t0 = stepper.previous_time();
        const double t1 = stepper.current_time();
        lastDt = t1 - t0;
        y = stepper.current_state();
        t = t1;
        if (!std::isfinite(y[0]) || !std::isfinite(y.back()) || !(t1 > t0))
            return Status::error("solver failed at t = " + std::to_string(t0) + ": non-finite state");
        const double g1 = dyn.eventFunction(t1, y.data());
        if (!armed && g1 > 0.0)
            armed = true;
        if (g1 > 0.0 || (!armed && g1 == 0.0)) {
            view.t0 = t0;
            view.t1 = t1;
            view.y1 = y.data();
            if (!observer.onStep(view, static_cast<int>(dyn.mode)))
                return Status::success();
            continue;
        }
        // The event lies in (t0, t1]: locate it on the dense output.
        double tEvent = t1;
        if (armed) {
            auto g = [&](double time) {
                stepper.calc_state(time, scratch);
                return dyn.eventFunction(time, scratch.data());
            };
            std::uintmax_t iterations = 100;
            auto [lo, hi] = boost::math::tools::toms748_solve(g, t0, t1, g(t0), g1, eventTolerance(), iterations);
            tEvent = g(hi) <= 0.0 ? hi : lo;
        }
        stepper.calc_state(tEvent, y);
        t = tEvent;
        // The step up to the event, in the old mode.
        view.t0 = t0;
        view.t1 = tEvent;
        view.y1 = y.data();
        const bool goOn = observer.onStep(view, static_cast<int>(dyn.mode));
        const ContactMode before = dyn.mode;
        if (before == ContactMode::Stick) {
            const double hold = dyn.holdingForce(tEvent, y.data());
            dyn.mode = ContactMode::Slip;
            dyn.direction = hold > 0.0 ? -1.0 : 1.0;
        } else {
            dyn.enterAtZeroRelativeVelocity(tEvent, y.data());
        }
        armed = dyn.mode == ContactMode::Stick;
        if (dyn.mode != before)
            observer.onSwitch(tEvent, dyn.mode);
        if (!goOn)
            return Status::success();
        stepper.initialize(y, tEvent, lastDt);
    }
    return Status::success();
}

} // namespace fl
