#pragma once
// Tangent vectors through an event-driven run (included by the event-driven dynamics' .cpp files):
// inside a mode phi' = J phi (J of the mode's right-hand side by central differences, RK4 on each
// step's dense output), and at each switch phi -> S phi with the saltation matrix. Dyn is the
// event-driven method's mode state with: rhs(y, dydt, t), event(t, y), modeId(), eventWhenUnarmed(),
// switchMode(t, y, observer), armed, grazeBand(tol), graze(t, y, observer) and
// mapGraze(t, yBefore, tracker) for a graze that changed the mode.
#include "solvers/dynamics.h"
#include "solvers/event_loop.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace fl::detail {

using State = std::vector<double>;

/// Tangent vectors along an event-driven run. Inside a mode phi' = J phi, J the Jacobian
/// of that mode's right-hand side (slip: the law's branch; stick: the holding force) by central
/// differences, integrated by RK4 on the step's dense output (sub-steps of at most kTangentStep).
template <class Dyn>
class TangentTracker final : public DynamicsObserver {
public:
    TangentTracker(Dyn& dyn, int n, int k, double tEnd, std::vector<double>& phi)
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

    Dyn& m_dyn;
    int m_n, m_k;
    double m_tEnd;
    std::vector<double>& m_phi;
    State m_y, m_f1, m_f2;
};

/// ModeHooks that map the tangent vectors by the saltation matrix at every switch (Müller 1995;
/// Leine & van Campen 2002): S = I + (f+ - f-) grad h^T / (grad h . f- + dh/dt), h the event
/// function of the mode left, f- and f+ the right-hand sides before and after at the event.
template <class Dyn>
struct SaltationHooks {
    Dyn& dyn;
    TangentTracker<Dyn>& tracker;
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
        if constexpr (requires { dyn.beginSwitch(t, y); }) {
            switchContacts(t, y, observer);
            return;
        }
        const size_t n = y.size();
        State fMinus(n), fPlus(n), g(n);
        dyn.rhs(y, fMinus, t);
        const double ht = gradient([&](double time, const double* state) { return dyn.event(time, state); }, t, y, g);
        dyn.switchMode(t, y, observer);
        armed = dyn.armed;
        dyn.rhs(y, fPlus, t);
        tracker.saltation(fMinus, fPlus, g, ht);
    }
    /// Several contacts (Dyn::beginSwitch, switchContact, finishSwitch, guardAt): one saltation
    /// matrix per contact that switches at the event, each with its own guard's gradient and the
    /// vector fields just before and after its own switch, composed in the order of the switches.
    /// Two contacts that reach their bounds at one instant (two identical blocks side by side) each
    /// map their own part; the gradient of the minimum of the guards belongs to neither. A switch
    /// that makes another contact break away (a cascade) maps with the field after both.
    void switchContacts(double t, State& y, DynamicsObserver& observer)
    {
        const size_t n = y.size();
        const std::vector<int> switching = dyn.beginSwitch(t, y);
        State fMinus(n), fPlus(n), g(n);
        for (size_t k = 0; k < switching.size(); ++k) {
            const int c = switching[k];
            dyn.rhs(y, fMinus, t);
            const double ht = gradient([&](double time, const double* state) { return dyn.guardAt(c, time, state); }, t, y, g);
            dyn.switchContact(t, y, c, observer);
            if (k + 1 == switching.size())
                dyn.finishSwitch(t, y, observer);
            dyn.rhs(y, fPlus, t);
            tracker.saltation(fMinus, fPlus, g, ht);
        }
        if (switching.empty())
            dyn.finishSwitch(t, y, observer);
        armed = dyn.armed;
    }
    /// g = grad h at (t, y) by central differences; returns dh/dt.
    template <class Guard>
    static double gradient(const Guard& h, double t, const State& y, State& g)
    {
        State yp = y;
        for (size_t i = 0; i < y.size(); ++i) {
            const double d = 1e-7 * std::max(1.0, std::abs(y[i]));
            yp[i] = y[i] + d;
            const double up = h(t, yp.data());
            yp[i] = y[i] - d;
            g[i] = (up - h(t, yp.data())) / (2.0 * d);
            yp[i] = y[i];
        }
        const double dt = 1e-7 * std::max(1.0, std::abs(t));
        return (h(t + dt, y.data()) - h(t - dt, y.data())) / (2.0 * dt);
    }
    double grazeBand(double tol) const { return dyn.grazeBand(tol); }
    /// A graze that changes the mode maps phi as the dynamics says (Dyn::mapGraze: into stick, the
    /// saltation matrix's limit at a tangential entry); one that passes leaves phi alone (the flow
    /// is continuous through it).
    bool graze(double t, State& y, DynamicsObserver& observer)
    {
        const State yBefore = y;
        const bool changed = dyn.graze(t, y, observer);
        armed = dyn.armed;
        if (changed && !tracker.reachedEnd)
            dyn.mapGraze(t, yBefore, tracker);
        return changed;
    }
};

/// The body of an event-driven Dynamics::integrateVariational, the hooks already entered at (t, y):
/// k tangent vectors from phi, startInStick(tracker) removing what a start in stick removes, the
/// event loop with a saltation matrix at every switch, and the state at exactly tEnd made exact
/// for its mode by settle(mode).
template <class Dyn, class StartInStick, class Settle>
Status integrateWithSaltation(Dyn& dyn, std::vector<double>& y, double& t, double tEnd, std::vector<double>& phi, int k,
                              const IntegrationSettings& settings, IntegrationStats& stats, StartInStick startInStick, Settle settle)
{
    const int n = static_cast<int>(y.size());
    if (static_cast<int>(phi.size()) != n * k)
        return Status::error("integrateVariational: phi must hold n x k values");
    TangentTracker<Dyn> tracker(dyn, n, k, tEnd, phi);
    startInStick(tracker);
    SaltationHooks<Dyn> hooks{dyn, tracker};
    const Status status = runEventLoop(hooks, y, t, tEnd, settings, tracker, stats);
    if (status.ok() && tracker.reachedEnd) { // the loop's last step went past tEnd: the state at tEnd
        y = tracker.yEnd;
        t = tEnd;
        settle(tracker.lastMode);
    }
    return status;
}

} // namespace fl::detail
