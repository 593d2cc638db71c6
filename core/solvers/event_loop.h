#pragma once
// The mode-switching loop shared by the event-driven methods (included by their .cpp files only).
// Hooks is a class with:
//   void rhs(const State& y, State& dydt, double t) const;   the current mode's right-hand side
//   double event(double t, const double* y) const;           positive inside the current mode
//   int mode() const;                                        reported to the observer (ContactMode)
//   bool armed;                                              set by the loop once event() > 0
//   bool eventWhenUnarmed() const;                           event() < 0 before arming is an event at the step end
//   void switchMode(double t, State& y, DynamicsObserver&);  after an event: next mode, switches, armed
// Dormand-Prince 5(4) inside each mode; events located by TOMS 748 on the dense output to ~1e-14.
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"

#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <string>
#include <vector>

namespace fl::detail {

using EventState = std::vector<double>;

template <class Hooks>
Status runEventLoop(Hooks& hooks, EventState& y, double& t, double tEnd, const IntegrationSettings& s,
                    DynamicsObserver& observer, IntegrationStats& stats)
{
    namespace odeint = boost::numeric::odeint;
    auto rhs = [&hooks](const EventState& x, EventState& dxdt, double time) { hooks.rhs(x, dxdt, time); };
    auto stepper = odeint::make_dense_output(s.tol, s.tol, s.maxStep, odeint::runge_kutta_dopri5<EventState>());
    EventState scratch = y;
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
        const double t0 = stepper.previous_time(), t1 = stepper.current_time();
        lastDt = t1 - t0;
        y = stepper.current_state();
        t = t1;
        bool finite = t1 > t0;
        for (double v : y)
            finite = finite && std::isfinite(v);
        if (!finite)
            return Status::error("solver failed at t = " + std::to_string(t0) + ": non-finite state");
        const double g1 = hooks.event(t1, y.data());
        if (!hooks.armed && g1 > 0.0)
            hooks.armed = true;
        const bool isEvent = hooks.armed ? g1 <= 0.0 : (hooks.eventWhenUnarmed() && g1 < 0.0);
        view.t0 = t0;
        if (!isEvent) {
            view.t1 = t1;
            view.y1 = y.data();
            if (!observer.onStep(view, hooks.mode()))
                return Status::success();
            continue;
        }
        // The event lies in (t0, t1]: locate it on the dense output (unarmed: take the step end).
        double tEvent = t1;
        if (hooks.armed) {
            auto g = [&](double time) {
                stepper.calc_state(time, scratch);
                return hooks.event(time, scratch.data());
            };
            std::uintmax_t iterations = 100;
            const auto [lo, hi] = boost::math::tools::toms748_solve(g, t0, t1, g(t0), g1, boost::math::tools::eps_tolerance<double>(48), iterations);
            tEvent = g(hi) <= 0.0 ? hi : lo;
        }
        stepper.calc_state(tEvent, y);
        t = tEvent;
        // The step up to the event, in the old mode; then the next mode.
        view.t1 = tEvent;
        view.y1 = y.data();
        const bool goOn = observer.onStep(view, hooks.mode());
        hooks.switchMode(tEvent, y, observer);
        if (!goOn)
            return Status::success();
        stepper.initialize(y, tEvent, lastDt);
    }
    return Status::success();
}

} // namespace fl::detail
