#include "systems/event_driven_disk_dynamics.h"

#include "solvers/event_loop.h"

#include "contact/stick_solver.h"

#include <cmath>

namespace fl {
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
    // The modes of JTAM sec. 5 as hooks of the shared event loop.
    struct Hooks {
        const EventDrivenDiskDynamics& d;
        ContactMode current = ContactMode::Slip;
        double direction[2] = {1.0, 0.0}; ///< unit (v_s, ω_s) used while the motion vanishes
        bool armed = true;                ///< in slip: once lambda has exceeded the stick threshold

        double lambda(const double* x) const { return std::hypot(x[2] - d.m_m.vb, x[3]); }
        void project(double* x) const
        {
            x[2] = d.m_m.vb;
            x[3] = 0.0;
        }
        void rhs(const State& x, State& dxdt, double) const
        {
            dxdt[0] = x[2];
            dxdt[1] = x[3];
            if (current == ContactMode::Stick) {
                dxdt[2] = dxdt[3] = 0.0;
                return;
            }
            double fx = 0.0, fphi = 0.0, gamma = 0.0, omega = 0.0;
            d.m_m.elasticForces(x.data(), fx, fphi);
            d.slipFriction(x[2] - d.m_m.vb, x[3], direction, gamma, omega);
            dxdt[2] = fx + gamma;
            dxdt[3] = (fphi + omega) / d.m_m.J;
        }
        double event(double, const double* x) const
        {
            return current == ContactMode::Stick ? d.m_law.eta - d.stickRatio(x) : lambda(x) - kStickThreshold;
        }
        int mode() const { return static_cast<int>(current); }
        bool eventWhenUnarmed() const { return false; }
        /// JTAM (2.5): slip begins in the direction (θ′, φ′) found by the stick test.
        void startSlip(double* x)
        {
            d.stickRatio(x, direction);
            x[2] = d.m_m.vb + kSlipStart * direction[0];
            x[3] = kSlipStart * direction[1];
            current = ContactMode::Slip;
            armed = false;
        }
        void switchMode(double t, State& x, DynamicsObserver& observer)
        {
            if (current == ContactMode::Stick) {
                startSlip(x.data());
                observer.onSwitch(t, ContactMode::Slip, -1);
                return;
            }
            State stuck = x;
            project(stuck.data());
            if (d.stickRatio(stuck.data()) <= d.m_law.eta) {
                x = stuck;
                current = ContactMode::Stick;
                observer.onSwitch(t, ContactMode::Stick, -1);
            } else {
                armed = false; // passes near lambda = 0 and slips on
            }
        }
    } hooks{*this};

    if (hooks.lambda(y.data()) <= kStickThreshold) {
        hooks.project(y.data());
        hooks.current = stickRatio(y.data()) <= m_law.eta ? ContactMode::Stick : ContactMode::Slip;
        if (hooks.current == ContactMode::Slip)
            hooks.startSlip(y.data());
    }
    return detail::runEventLoop(hooks, y, t, tEnd, m_settings, observer, stats);
}

} // namespace fl
