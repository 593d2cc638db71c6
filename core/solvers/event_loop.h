#pragma once
// The mode-switching loop shared by the event-driven methods (included by their .cpp files only).
// Hooks is a class with:
//   void rhs(const State& y, State& dydt, double t) const;   the current mode's right-hand side
//   double event(double t, const double* y) const;           positive inside the current mode
//   int mode() const;                                        reported to the observer (ContactMode)
//   bool armed;                                              set by the loop once event() > 0
//   bool eventWhenUnarmed() const;                           event() < 0 before arming is an event at the step end
//   void switchMode(double t, State& y, DynamicsObserver&);  after an event: next mode, switches, armed
// and optionally (grazing):
//   double grazeBand(double tol) const;                      |event| below it at a local minimum is a graze
//   bool graze(double t, State& y, DynamicsObserver&);       decides a graze; true: the mode changed at t
// Dormand-Prince 5(4) inside each mode; events located by TOMS 748 on the dense output to ~1e-14.
//
// Finding every crossing. Checking the guard only at step ends misses an excursion that
// begins and ends inside one step: in stick the motion is often linear in t, the steps grow to
// maxStep, and a forced holding force can exceed the static limit for a fraction of a step. So
// every accepted step is scanned on its dense output: g at kScan + 1 equally spaced points (the
// ends known), and g' at the step's end (a one-sided difference, carried over as the next step's
// g' at its start). Then, in time order,
//   - a local minimum of the samples (a sample below both neighbours; at an end, g' pointing into
//     the step) brackets a local minimum of g between its neighbours. When the samples leave room
//     for it to reach zero (the parabola through them dips at most (d1 + d2) / 8 below the lowest
//     sample, d1, d2 the rises to the neighbours; a margin of 16 is kept) it is located as the zero
//     of g': below -band it brackets a crossing before it, within [-band, band] it is a graze;
//   - the first sample with g <= 0 brackets a crossing with the sample before it.
// The crossing is then located by TOMS 748. Guarantee: an excursion of g below zero, however short,
// is found when it is deeper than the guard's round-off and its minimum is the only extremum of g
// within two sample spacings (2 h / kScan <= maxStep / 2). The integrator resolves the state's own
// time scales at every step, so only a guard's explicit time dependence (a forcing) can vary faster;
// for a forcing cos(w t) that holds for w maxStep / 2 < pi, i.e. w < 25 at the default maxStep 0.25.
// Sampling g rather than bounding g'' keeps the method free of per-system constants; it costs
// kScan more guard evaluations per step, and a minimisation only where g may come near zero.
//
// Approaching an event. A crossing is located on the dense output of the step that contains it; the
// step's error estimate vouches for that output only where its stages sampled the right-hand side.
// A law that changes on a scale between them (a steep Stribeck law near v_r = 0) leaves the event
// late. So at every crossing the guard's slope on the dense output is compared with its slope along
// the mode's vector field at the event (approachResolved); where the difference, over the step,
// would move the event by more than the tolerance, the step is integrated again from its start in
// steps of at most a quarter of it, until it agrees.
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"

#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace fl::detail {

using EventState = std::vector<double>;

/// What the scan of one step found.
struct StepScan {
    enum Kind { None, Crossing, Graze } kind = None;
    double lo = 0.0, hi = 0.0; ///< Crossing: g(lo) > 0 >= g(hi)
    double tGraze = 0.0;       ///< Graze: the local minimum of g
};

template <class Hooks>
double grazeBandOf(const Hooks& hooks, double tol)
{
    if constexpr (requires { hooks.grazeBand(tol); })
        return hooks.grazeBand(tol);
    else
        return 0.0; // no graze classification: an interior minimum at or below zero is a crossing
}

/// The local minimum of g in [lo, hi] (one extremum there): the zero of g' (a central difference
/// on the dense output) by TOMS 748, which finds it to ~1e-9 where g is flat to round-off (Brent's
/// minimisation, comparing values of g alone, stops ~1e-7 away: g there is ~1e-14 above the
/// minimum, more than a stick graze's band); Brent's minimisation if g' does not change sign.
template <class Guard>
double locateMinimum(const Guard& g, double lo, double hi, double delta)
{
    auto slope = [&](double t) { return (g(t + delta) - g(t - delta)) / (2.0 * delta); };
    const double sLo = slope(lo), sHi = slope(hi);
    if (!(sLo < 0.0 && sHi > 0.0))
        return boost::math::tools::brent_find_minima(g, lo, hi, 40).first;
    std::uintmax_t iterations = 60;
    const auto [a, b] = boost::math::tools::toms748_solve(slope, lo, hi, sLo, sHi, boost::math::tools::eps_tolerance<double>(50), iterations);
    return 0.5 * (a + b);
}

/// Scans the step [t0, t1] of the guard g (on the dense output) as described above. g0, g1: g at
/// the ends; dg0: g' at t0 (NaN: unknown, estimated here); dg1 receives g' at t1. armed0: whether
/// the guard was armed at t0 (else the scan starts where g is first positive).
template <class Guard>
StepScan scanStep(const Guard& g, double t0, double t1, double g0, double dg0, double g1, double& dg1, bool armed0, double band)
{
    constexpr int kScan = 4;
    const double h = t1 - t0, delta = 1e-6 * h, spacing = h / kScan;
    double tau[kScan + 1], gv[kScan + 1];
    for (int j = 0; j <= kScan; ++j) {
        tau[j] = j == kScan ? t1 : t0 + h * j / kScan;
        gv[j] = j == 0 ? g0 : (j == kScan ? g1 : g(tau[j]));
    }
    dg1 = (g1 - g(t1 - delta)) / delta;
    int first = 0; // the first sample of the armed part
    if (!armed0)
        for (first = 1; first <= kScan && !(gv[first] > 0.0); ++first) {
        }
    int crossing = kScan + 1; // the first sample at or below zero
    for (int j = first + 1; j <= kScan && crossing > kScan; ++j)
        if (gv[j] <= 0.0)
            crossing = j;
    for (int j = first; j < crossing && j <= kScan; ++j) {
        if (!(gv[j] > 0.0))
            continue;
        double fallIn = 0.0, riseOut = 0.0; // g's rise to the left and to the right of sample j
        if (j == 0) {
            if (std::isnan(dg0))
                dg0 = (g(t0 + delta) - g0) / delta;
            fallIn = -dg0 * spacing;
        } else {
            fallIn = gv[j - 1] - gv[j];
        }
        riseOut = j == kScan ? dg1 * spacing : gv[j + 1] - gv[j];
        if (!(fallIn > 0.0 && riseOut > 0.0))
            continue; // not a local minimum of the samples
        if (gv[j] - 2.0 * (fallIn + riseOut) > band && (band > 0.0 || gv[j] - 2.0 * (fallIn + riseOut) > 0.0))
            continue; // too high for the minimum between the neighbours to reach the band
        const double lo = tau[std::max(0, j - 1)], hi = tau[std::min(kScan, j + 1)];
        const double tm = locateMinimum(g, lo, hi, delta), gm = g(tm);
        if (gm < -band || (band == 0.0 && gm <= 0.0))
            return {StepScan::Crossing, lo, tm, 0.0};
        if (gm <= band && band > 0.0)
            return {StepScan::Graze, 0.0, 0.0, tm};
    }
    if (crossing <= kScan)
        return {StepScan::Crossing, tau[crossing - 1], tau[crossing], 0.0};
    return {};
}

/// Whether the dense output resolved the approach to the event at tE of a step of length h: the
/// guard's slope on it and along the mode's vector field f at the event differ by d, and d h / 2
/// (the guard's error over the last half step, ~ the event's displacement times its slope) is
/// within agree times that slope.
template <class Hooks, class Guard, class Stepper>
bool approachResolved(Hooks& hooks, const Guard& guard, Stepper& stepper, double tE, double h, double agree)
{
    EventState yE, f, shifted;
    yE.resize(stepper.current_state().size());
    stepper.calc_state(tE, yE);
    f.resize(yE.size());
    hooks.rhs(yE, f, tE);
    const double delta = 1e-4 * h;
    auto along = [&](double sign) {
        shifted = yE;
        for (size_t i = 0; i < yE.size(); ++i)
            shifted[i] += sign * delta * f[i];
        return hooks.event(tE + sign * delta, shifted.data());
    };
    const double slopeFlow = (along(1.0) - along(-1.0)) / (2.0 * delta);
    const double slopeDense = (guard(tE + delta) - guard(tE - delta)) / (2.0 * delta);
    hooks.event(tE, yE.data()); // the hooks' caches back at the event
    return std::abs(slopeDense - slopeFlow) * 0.5 * h <= agree * std::max(std::abs(slopeFlow), 1e-300)
           || !std::isfinite(slopeFlow);
}

template <class Hooks>
Status runEventLoop(Hooks& hooks, EventState& y, double& t, double tEnd, const IntegrationSettings& s,
                    DynamicsObserver& observer, IntegrationStats& stats)
{
    namespace odeint = boost::numeric::odeint;
    auto rhs = [&hooks](const EventState& x, EventState& dxdt, double time) { hooks.rhs(x, dxdt, time); };
    auto stepper = odeint::make_dense_output(s.tol, s.tol, s.maxStep, odeint::runge_kutta_dopri5<EventState>());
    // The approach to an event (the header's "Approaching an event", approachResolved): the first
    // location of the pending event, and the step cap of its re-integration (s.maxStep when none).
    double candidate = std::numeric_limits<double>::quiet_NaN(), cap = s.maxStep;
    auto capSteps = [&](double maxStep) {
        cap = maxStep;
        stepper = odeint::make_dense_output(s.tol, s.tol, maxStep, odeint::runge_kutta_dopri5<EventState>());
    };
    EventState scratch = y;
    StepView view;
    view.stateAt = [&stepper, &scratch](double time, double* out) {
        stepper.calc_state(time, scratch);
        std::copy(scratch.begin(), scratch.end(), out);
    };
    auto guard = [&](double time) {
        stepper.calc_state(time, scratch);
        return hooks.event(time, scratch.data());
    };
    double lastDt = std::min(s.maxStep, 1e-3);
    stepper.initialize(y, t, lastDt);
    // The guard and its slope at the stepper's current time, carried from step to step (the slope
    // is unknown after a restart: NaN).
    const double nan = std::numeric_limits<double>::quiet_NaN();
    double gNow = hooks.event(t, y.data()), dgNow = nan;
    while (stepper.current_time() < tEnd) {
        if (s.cancelled())
            return Status::error("cancelled");
        if (stats.steps >= s.maxSteps)
            return Status::error("step limit of " + std::to_string(s.maxSteps) + " reached at t = " + std::to_string(t));
        const bool armed0 = hooks.armed;
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
        view.t0 = t0;
        // Unarmed (a mode entered on its own boundary): an end below zero re-decides the mode there.
        const bool unarmedEvent = !armed0 && hooks.eventWhenUnarmed() && g1 < 0.0;
        double dg1 = nan;
        const double band = grazeBandOf(hooks, s.tol);
        StepScan scan;
        bool passed = false; // a graze in this step that the hooks passed
        if (!unarmedEvent) {
            // The guard counts as armed from t0 only where it is positive there.
            scan = scanStep(guard, t0, t1, gNow, dgNow, g1, dg1, armed0 && gNow > 0.0, band);
            // A graze the hooks pass (no change of mode) leaves the rest of the step to scan, from
            // the graze on, armed again where the guard is positive.
            for (int passes = 0; scan.kind == StepScan::Graze && passes < 64; ++passes) {
                if constexpr (requires { hooks.graze(t, y, observer); }) {
                    EventState yg = y;
                    stepper.calc_state(scan.tGraze, yg);
                    const int modeBefore = hooks.mode();
                    if (hooks.graze(scan.tGraze, yg, observer)) {
                        // A new mode at the graze: the step up to it in the old mode, then restart.
                        view.t1 = scan.tGraze;
                        view.y1 = yg.data();
                        if (!observer.onStep(view, modeBefore))
                            return Status::success();
                        y = yg;
                        t = scan.tGraze;
                        if (cap < s.maxStep) { // a new mode: no pending approach
                            candidate = std::numeric_limits<double>::quiet_NaN();
                            capSteps(s.maxStep);
                        }
                        stepper.initialize(y, t, lastDt);
                        break;
                    }
                    passed = true;
                    const double from = scan.tGraze, gFrom = guard(from);
                    scan = from < t1 ? scanStep(guard, from, t1, gFrom, nan, g1, dg1, gFrom > 0.0, band) : StepScan{};
                } else {
                    scan = {};
                }
            }
            if (t < t1) { // restarted at a graze
                gNow = hooks.event(t, y.data());
                dgNow = nan;
                continue;
            }
        }
        gNow = g1;
        dgNow = dg1;
        if (!hooks.armed && g1 > 0.0)
            hooks.armed = true;
        // An armed guard that ends a step at or below zero with no crossing found (it began the
        // step at or below zero after a graze, and did not come back): the mode ends here. Without
        // this a guard held below zero would hide every later event (the chain's guard is the
        // minimum over all blocks).
        const bool stuckBelow = scan.kind == StepScan::None && !unarmedEvent && !passed && armed0 && g1 <= 0.0;
        if (scan.kind != StepScan::Crossing && !unarmedEvent && !stuckBelow) {
            view.t1 = t1;
            view.y1 = y.data();
            if (!observer.onStep(view, hooks.mode()))
                return Status::success();
            if (cap < s.maxStep && t1 > candidate) { // the re-integration passed it: no event there after all
                candidate = std::numeric_limits<double>::quiet_NaN();
                capSteps(s.maxStep);
                stepper.initialize(y, t1, lastDt);
            }
            continue;
        }
        // The event lies in (lo, hi]: locate it on the dense output (unarmed: take the step end).
        double tEvent = t1;
        if (scan.kind == StepScan::Crossing) {
            std::uintmax_t iterations = 100;
            const double gLo = guard(scan.lo), gHi = guard(scan.hi);
            if (gLo > 0.0 && gHi <= 0.0) {
                const auto [lo, hi] = boost::math::tools::toms748_solve(guard, scan.lo, scan.hi, gLo, gHi,
                                                                        boost::math::tools::eps_tolerance<double>(48), iterations);
                tEvent = guard(hi) <= 0.0 ? hi : lo;
            } else {
                tEvent = gLo <= 0.0 ? scan.lo : scan.hi; // (round-off at the bracket's ends)
            }
            // Approach (the header's "Approaching an event"): where the dense output did not resolve
            // the approach, the step again from t0 in steps of at most a quarter of it.
            const double h = t1 - t0, agree = s.tol * std::max(1.0, std::abs(tEvent));
            const bool settled = !(h > 64.0 * agree) || approachResolved(hooks, guard, stepper, tEvent, h, agree);
            if (!settled) {
                candidate = tEvent;
                y = stepper.previous_state();
                t = t0;
                capSteps(std::max(0.25 * h, 16.0 * agree));
                stepper.initialize(y, t0, std::min(lastDt, cap));
                gNow = hooks.event(t0, y.data());
                dgNow = nan;
                hooks.armed = armed0;
                continue;
            }
            hooks.armed = true;
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
        if (cap < s.maxStep) {
            candidate = std::numeric_limits<double>::quiet_NaN();
            capSteps(s.maxStep);
        }
        stepper.initialize(y, tEvent, lastDt);
        gNow = hooks.event(tEvent, y.data());
        dgNow = nan;
    }
    return Status::success();
}

} // namespace fl::detail
