#include "solvers/event_driven_disk_dynamics.h"

#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>

#include "contact/stick_solver.h"

#include <cmath>

namespace fl {
namespace odeint = boost::numeric::odeint;
using State = std::vector<double>;

namespace {
double mNorm(double a, double b, double m) { return std::pow(std::pow(std::abs(a), m) + std::pow(std::abs(b), m), 1.0 / m); }
} // namespace

double EventDrivenDiskDynamics::stickRatio(const double* y, double* direction) const
{
    double fx = 0.0, fphi = 0.0;
    m_m.elasticForces(y, fx, fphi);
    // In stick x″ = φ″ = 0, so the holding load is (Γ_h, Ω_h) = (−fx, −fphi); u = (Γ_h, 0, Ω_h)/μ.
    const double uT = -fx / m_m.mu, uM = -fphi / m_m.mu;
    if (m_law.closedFormI00) {
        if (direction) {
            const double z1 = -uT, z2 = -uM / m_law.c; // (v, b ω) ∝ −(u_T, u_M/c)
            const double n = std::hypot(z1, z2 / m_law.b);
            direction[0] = n > 0.0 ? z1 / n : 1.0;
            direction[1] = n > 0.0 ? z2 / (m_law.b * n) : 0.0;
        }
        return mNorm(uT, uM / m_law.c, m_law.m);
    }
    const contact::StickResult r = contact::solveStick(*m_law.model, {uT, 0.0, uM});
    if (direction) {
        const contact::RelativeMotion q = contact::motionFromAngles(r.theta, r.phi);
        const double n = std::hypot(q.vx, q.omega);
        direction[0] = n > 0.0 ? q.vx / n : 1.0;
        direction[1] = n > 0.0 ? q.omega / n : 0.0;
    }
    return r.xi;
}

void EventDrivenDiskDynamics::slipFriction(double v, double w, const double* direction, double& gamma, double& omega) const
{
    if (std::hypot(v, w) < 1e-300) {
        v = direction[0];
        w = direction[1];
    }
    const contact::FrictionLoad f = m_law.model->load(v, 0.0, w);
    gamma = -m_m.mu * f.tx;
    omega = -m_m.mu * f.m;
}

void EventDrivenDiskDynamics::outputs(double, const double* y, int mode, double* out) const
{
    const double v = y[2] - m_m.vb, w = y[3];
    out[0] = v;
    out[1] = w;
    out[2] = std::hypot(v, w);
    if (mode == static_cast<int>(ContactMode::Stick)) {
        double fx = 0.0, fphi = 0.0;
        m_m.elasticForces(y, fx, fphi);
        out[3] = -fx;
        out[4] = -fphi;
    } else {
        const double none[2] = {1.0, 0.0};
        slipFriction(v, w, none, out[3], out[4]);
    }
}

Status EventDrivenDiskDynamics::integrate(State& y, double& t, double tEnd, DynamicsObserver& observer,
                                          IntegrationStats& stats) const
{
    const IntegrationSettings& s = m_settings;
    ContactMode mode = ContactMode::Slip;
    double direction[2] = {1.0, 0.0}; // unit (v_s, ω_s) used while the motion vanishes
    auto lambda = [&](const double* state) { return std::hypot(state[2] - m_m.vb, state[3]); };
    auto project = [&](double* state) {
        state[2] = m_m.vb;
        state[3] = 0.0;
    };
    auto rhs = [&](const State& x, State& dxdt, double) {
        dxdt[0] = x[2];
        dxdt[1] = x[3];
        if (mode == ContactMode::Stick) {
            dxdt[2] = dxdt[3] = 0.0;
            return;
        }
        double fx = 0.0, fphi = 0.0, gamma = 0.0, omega = 0.0;
        m_m.elasticForces(x.data(), fx, fphi);
        slipFriction(x[2] - m_m.vb, x[3], direction, gamma, omega);
        dxdt[2] = fx + gamma;
        dxdt[3] = (fphi + omega) / m_m.J;
    };
    // Positive inside the mode; in slip it is armed only once lambda has exceeded the threshold.
    bool armed = true;
    auto eventFunction = [&](const double* state) {
        return mode == ContactMode::Stick ? m_law.eta - stickRatio(state) : lambda(state) - kStickThreshold;
    };
    auto startSlip = [&](double* state) {
        // JTAM (2.5): slip begins in the direction (θ′, φ′) found by the stick test.
        stickRatio(state, direction);
        state[2] = m_m.vb + kSlipStart * direction[0];
        state[3] = kSlipStart * direction[1];
        mode = ContactMode::Slip;
        armed = false;
    };
    if (lambda(y.data()) <= kStickThreshold) {
        project(y.data());
        mode = stickRatio(y.data()) <= m_law.eta ? ContactMode::Stick : ContactMode::Slip;
        if (mode == ContactMode::Slip)
            startSlip(y.data());
    }

    auto stepper = odeint::make_dense_output(s.tol, s.tol, s.maxStep, odeint::runge_kutta_dopri5<State>());
    State scratch = y;
    StepView view;
    view.stateAt = [&](double time, double* out) {
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
        if (!std::isfinite(y[2]) || !std::isfinite(y[3]) || !(t1 > t0))
            return Status::error("solver failed at t = " + std::to_string(t0) + ": non-finite state");
        const double g1 = eventFunction(y.data());
        if (!armed && g1 > 0.0)
            armed = true;
        if (g1 > 0.0 || !armed) {
            view.t0 = t0;
            view.t1 = t1;
            view.y1 = y.data();
            if (!observer.onStep(view, static_cast<int>(mode)))
                return Status::success();
            continue;
        }
        auto g = [&](double time) {
            stepper.calc_state(time, scratch);
            return eventFunction(scratch.data());
        };
        std::uintmax_t iterations = 100;
        auto [lo, hi] = boost::math::tools::toms748_solve(g, t0, t1, g(t0), g1, boost::math::tools::eps_tolerance<double>(48), iterations);
        const double tEvent = g(hi) <= 0.0 ? hi : lo;
        stepper.calc_state(tEvent, y);
        t = tEvent;
        view.t0 = t0;
        view.t1 = tEvent;
        view.y1 = y.data();
        const bool goOn = observer.onStep(view, static_cast<int>(mode));
        if (mode == ContactMode::Stick) {
            startSlip(y.data());
            observer.onSwitch(tEvent, ContactMode::Slip);
        } else {
            State stuck = y;
            project(stuck.data());
            if (stickRatio(stuck.data()) <= m_law.eta) {
                y = stuck;
                mode = ContactMode::Stick;
                observer.onSwitch(tEvent, ContactMode::Stick);
            } else {
                armed = false; // passes near lambda = 0 and slips on
            }
        }
        if (!goOn)
            return Status::success();
        stepper.initialize(y, tEvent, lastDt);
    }
    return Status::success();
}

} // namespace fl
