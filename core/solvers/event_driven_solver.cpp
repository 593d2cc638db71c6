#include "solvers/event_driven_solver.h"
#include "solvers/output_recorder.h"

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

    /// Chooses the mode at a point where v_r = 0 (or at t = 0): stick if the holding force is
    /// within the static limit, else slip against the holding force.
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

private:
    const ContactSystem& m_system;
    const FrictionLaw& m_law;
};

boost::math::tools::eps_tolerance<double> eventTolerance() { return boost::math::tools::eps_tolerance<double>(48); }

} // namespace

RunResult runEventDriven(const ContactSystem& system, const FrictionLaw& law, const IntegrationSettings& s)
{
    RunResult result;
    OutputRecorder recorder(system, s.dt, s.tEnd, result);
    ModeDynamics dyn(system, law);
    auto rhs = [&dyn](const State& y, State& dydt, double t) { dyn.rhs(y, dydt, t); };
    auto forceAt = [&dyn](double t, const double* y) { return dyn.force(t, y); };

    State y = system.initialState();
    const double vr0 = system.relativeVelocity(0.0, y.data());
    if (vr0 == 0.0) {
        dyn.enterAtZeroRelativeVelocity(0.0, y.data());
    } else {
        dyn.direction = vr0 > 0.0 ? 1.0 : -1.0;
    }
    double stickBegin = 0.0;
    // A slip that starts at v_r = 0 may trigger its event only after d v_r has become positive.
    bool armed = dyn.mode == ContactMode::Stick || vr0 != 0.0;

    auto stepper = odeint::make_dense_output(s.tol, s.tol, s.maxStep, odeint::runge_kutta_dopri5<State>());
    State scratch = y;
    auto stateAt = [&stepper, &scratch](double t, double* out) {
        stepper.calc_state(t, scratch);
        std::copy(scratch.begin(), scratch.end(), out);
    };
    State sample = y;
    double lastDt = std::min(s.maxStep, 1e-3);
    stepper.initialize(y, 0.0, lastDt);
    recorder.add(y.data(), dyn.force(0.0, y.data()), static_cast<int>(dyn.mode));

    while (!recorder.done()) {
        if (s.cancelled()) {
            result.status = Status::error("cancelled");
            break;
        }
        if (result.steps >= s.maxSteps) {
            result.status = Status::error("step limit of " + std::to_string(s.maxSteps) + " reached at t = "
                                          + std::to_string(stepper.current_time()));
            break;
        }
        stepper.do_step(rhs);
        ++result.steps;
        const double t0 = stepper.previous_time();
        const double t1 = stepper.current_time();
        lastDt = t1 - t0;
        const State& y1 = stepper.current_state();
        if (!std::isfinite(y1[0]) || !std::isfinite(y1.back()) || !(t1 > t0)) {
            result.status = Status::error("solver failed at t = " + std::to_string(t0) + ": non-finite state");
            break;
        }
        const double g1 = dyn.eventFunction(t1, y1.data());
        if (!armed && g1 > 0.0)
            armed = true;
        if (g1 > 0.0 || (!armed && g1 == 0.0)) {
            recorder.sampleUntil(t1, stateAt, forceAt, static_cast<int>(dyn.mode), sample.data());
            continue;
        }
        // The event lies in (t0, t1]: locate it on the dense output.
        double tEvent = t1;
        if (armed) {
            auto g = [&](double t) {
                stepper.calc_state(t, scratch);
                return dyn.eventFunction(t, scratch.data());
            };
            std::uintmax_t iterations = 100;
            auto [lo, hi] = boost::math::tools::toms748_solve(g, t0, t1, g(t0), g1, eventTolerance(), iterations);
            tEvent = g(hi) <= 0.0 ? hi : lo;
        }
        recorder.sampleUntil(std::nextafter(tEvent, 0.0), stateAt, forceAt, static_cast<int>(dyn.mode), sample.data());
        State yEvent = y1;
        stepper.calc_state(tEvent, yEvent);

        const ContactMode before = dyn.mode;
        if (before == ContactMode::Stick) {
            const double hold = dyn.holdingForce(tEvent, yEvent.data());
            dyn.mode = ContactMode::Slip;
            dyn.direction = hold > 0.0 ? -1.0 : 1.0;
        } else {
            dyn.enterAtZeroRelativeVelocity(tEvent, yEvent.data());
        }
        armed = dyn.mode == ContactMode::Stick;
        if (dyn.mode != before) {
            result.switches.push_back({tEvent, dyn.mode});
            if (dyn.mode == ContactMode::Stick)
                stickBegin = tEvent;
            else
                result.stickIntervals.push_back({stickBegin, tEvent});
        }
        // A grid point exactly at tEvent is sampled after the next step, in the new mode.
        stepper.initialize(yEvent, tEvent, lastDt);
    }
    if (dyn.mode == ContactMode::Stick)
        result.stickIntervals.push_back({stickBegin, std::min(s.tEnd, recorder.nextTime())});
    return result;
}

} // namespace fl
