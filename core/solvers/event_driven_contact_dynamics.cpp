#include "solvers/contact_dynamics.h"

#include "solvers/event_loop.h"

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
            observer.onSwitch(t, mode);
        return true;
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

/// Tangent vectors along an event-driven run. Inside a mode phi' = J phi, J the Jacobian
/// of that mode's right-hand side (slip: the law's branch; stick: the holding force) by central
/// differences, integrated by RK4 on the step's dense output (sub-steps of at most kTangentStep).
class TangentTracker final : public DynamicsObserver {
public:
    TangentTracker(ModeDynamics& dyn, int n, int k, double tEnd, std::vector<double>& phi)
        : m_dyn(dyn), m_n(n), m_k(k), m_tEnd(tEnd), m_phi(phi), m_y(static_cast<size_t>(n)), m_f1(m_y), m_f2(m_y)
    {
    }
    bool onStep(const StepView& step, int mode) override
    {
        lastMode = mode;
        const double b = std::min(step.t1, m_tEnd);
        const int parts = std::max(1, static_cast<int>(std::ceil((b - step.t0) / kTangentStep)));
        const double h = (b - step.t0) / parts;
        for (int p = 0; p < parts && h > 0.0 && m_k > 0; ++p)
            rk4(step, step.t0 + p * h, h);
        if (step.t1 >= m_tEnd) {
            yEnd.resize(static_cast<size_t>(m_n));
            step.stateAt(m_tEnd, yEnd.data());
            reachedEnd = true;
            return false;
        }
        return true;
    }
    /// phi -> S phi at a switch: f- before, f+ after, g = grad h and ht = dh/dt of the mode left.
    void saltation(const State& fMinus, const State& fPlus, const State& g, double ht)
    {
        double den = ht;
        for (int i = 0; i < m_n; ++i)
            den += g[static_cast<size_t>(i)] * fMinus[static_cast<size_t>(i)];
        if (!(std::abs(den) > 0.0) || !std::isfinite(den))
            return; // grazing: no transversal crossing to map
        State jump(static_cast<size_t>(m_n));
        for (int i = 0; i < m_n; ++i)
            jump[static_cast<size_t>(i)] = fPlus[static_cast<size_t>(i)] - fMinus[static_cast<size_t>(i)];
        rankOne(jump, g, 1.0 / den);
    }
    /// phi -> (I + scale u g^T) phi.
    void rankOne(const State& u, const State& g, double scale)
    {
        for (int c = 0; c < m_k; ++c) {
            double gphi = 0.0;
            for (int i = 0; i < m_n; ++i)
                gphi += g[static_cast<size_t>(i)] * m_phi[static_cast<size_t>(c * m_n + i)];
            for (int i = 0; i < m_n; ++i)
                m_phi[static_cast<size_t>(c * m_n + i)] += u[static_cast<size_t>(i)] * gphi * scale;
        }
    }

    bool reachedEnd = false;
    int lastMode = -1;
    State yEnd;

private:
    static constexpr double kTangentStep = 0.01;

    /// J(t, y) v for the k columns of v (n x k), into out.
    void jacobianTimes(double t, const State& y, const std::vector<double>& v, std::vector<double>& out)
    {
        out.assign(v.size(), 0.0);
        State yp = y;
        for (int c = 0; c < m_n; ++c) {
            const double d = 1e-7 * std::max(1.0, std::abs(y[static_cast<size_t>(c)]));
            yp[static_cast<size_t>(c)] = y[static_cast<size_t>(c)] + d;
            m_dyn.rhs(yp, m_f1, t);
            yp[static_cast<size_t>(c)] = y[static_cast<size_t>(c)] - d;
            m_dyn.rhs(yp, m_f2, t);
            yp[static_cast<size_t>(c)] = y[static_cast<size_t>(c)];
            for (int col = 0; col < m_k; ++col) {
                const double w = v[static_cast<size_t>(col * m_n + c)];
                for (int r = 0; r < m_n; ++r)
                    out[static_cast<size_t>(col * m_n + r)] += (m_f1[static_cast<size_t>(r)] - m_f2[static_cast<size_t>(r)]) / (2.0 * d) * w;
            }
        }
    }
    void rk4(const StepView& step, double t, double h)
    {
        auto slope = [&](double time, const std::vector<double>& v, std::vector<double>& out) {
            step.stateAt(time, m_y.data());
            jacobianTimes(time, m_y, v, out);
        };
        std::vector<double> k1, k2, k3, k4, v(m_phi.size());
        slope(t, m_phi, k1);
        for (size_t i = 0; i < v.size(); ++i)
            v[i] = m_phi[i] + 0.5 * h * k1[i];
        slope(t + 0.5 * h, v, k2);
        for (size_t i = 0; i < v.size(); ++i)
            v[i] = m_phi[i] + 0.5 * h * k2[i];
        slope(t + 0.5 * h, v, k3);
        for (size_t i = 0; i < v.size(); ++i)
            v[i] = m_phi[i] + h * k3[i];
        slope(t + h, v, k4);
        for (size_t i = 0; i < v.size(); ++i)
            m_phi[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
    }

    ModeDynamics& m_dyn;
    int m_n, m_k;
    double m_tEnd;
    std::vector<double>& m_phi;
    State m_y, m_f1, m_f2;
};

/// ModeHooks that map the tangent vectors by the saltation matrix at every switch (Müller 1995;
/// Leine & van Campen 2002): S = I + (f+ - f-) grad h^T / (grad h . f- + dh/dt), h the event
/// function of the mode left, f- and f+ the right-hand sides before and after at the event.
struct SaltationHooks {
    ModeDynamics& dyn;
    TangentTracker& tracker;
    bool armed = dyn.armed;
    void rhs(const State& y, State& dydt, double t) const { dyn.rhs(y, dydt, t); }
    double event(double t, const double* y) const { return dyn.event(t, y); }
    int mode() const { return dyn.modeId(); }
    bool eventWhenUnarmed() const { return dyn.eventWhenUnarmed(); }
    void switchMode(double t, State& y, DynamicsObserver& observer)
    {
        if (tracker.reachedEnd) { // the interval ended before this event: the next one maps it
            dyn.switchMode(t, y, observer);
            armed = dyn.armed;
            return;
        }
        const size_t n = y.size();
        State fMinus(n), fPlus(n), g(n), yp = y;
        dyn.rhs(y, fMinus, t);
        for (size_t i = 0; i < n; ++i) {
            const double d = 1e-7 * std::max(1.0, std::abs(y[i]));
            yp[i] = y[i] + d;
            const double up = dyn.event(t, yp.data());
            yp[i] = y[i] - d;
            g[i] = (up - dyn.event(t, yp.data())) / (2.0 * d);
            yp[i] = y[i];
        }
        const double dt = 1e-7 * std::max(1.0, std::abs(t));
        const double ht = (dyn.event(t + dt, y.data()) - dyn.event(t - dt, y.data())) / (2.0 * dt);
        dyn.switchMode(t, y, observer);
        armed = dyn.armed;
        dyn.rhs(y, fPlus, t);
        tracker.saltation(fMinus, fPlus, g, ht);
    }
    double grazeBand(double tol) const { return dyn.grazeBand(tol); }
    /// A graze into stick maps phi by the saltation matrix's limit at a tangential entry,
    /// S = I - (df/dF) (grad v_r)^T / b (finite, unlike its two factors): v_r's part is removed.
    /// A graze that passes leaves phi alone (the flow is continuous through it).
    bool graze(double t, State& y, DynamicsObserver& observer)
    {
        const State yBefore = y;
        const bool changed = dyn.graze(t, y, observer);
        armed = dyn.armed;
        if (changed && !tracker.reachedEnd && dyn.mode == ContactMode::Stick) {
            State fF, grad;
            double b = 1.0;
            dyn.stickEntryMap(t, yBefore.data(), fF, grad, b);
            tracker.rankOne(fF, grad, -1.0 / b);
        }
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
    const int n = m_system->dimension();
    if (static_cast<int>(phi.size()) != n * k)
        return Status::error("integrateVariational: phi must hold n x k values");
    ModeDynamics dyn(*m_system, *m_law);
    dyn.enter(t, y.data());
    TangentTracker tracker(dyn, n, k, tEnd, phi);
    SaltationHooks hooks{dyn, tracker};
    const Status status = detail::runEventLoop(hooks, y, t, tEnd, m_settings, tracker, stats);
    if (!status.ok())
        return status;
    if (tracker.reachedEnd) { // the loop's last step went past tEnd: the state at tEnd, its mode exact
        y = tracker.yEnd;
        t = tEnd;
        settleMode(t, y, tracker.lastMode);
    }
    return Status::success();
}

} // namespace fl
