// Right-hand-side and stepper speed of the pendulum on the disk (S3, Acta Mech (6)-(9)).
#include "pendulum_bench.h"
#include "scenario/scenario.h"
#include "simulation/dynamics_factory.h"
#include "solvers/ode_integrator.h"
#include "simulation/simulate.h"
#include "solvers/smooth_ode.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

// odeint's Fehlberg 7(8) copies its not-yet-sized scratch states when a controlled stepper is made
// (GCC 12: -Wuninitialized on std::array members that are written before they are read).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/numeric/odeint.hpp>
#pragma GCC diagnostic pop

#include <algorithm>
#include <array>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

fl::Scenario fig5a(double tol)
{
    fl::Scenario s = fl::defaultScenario();
    fl::applyPreset("acta2016-fig5a", s);
    s.params.set("omega0", 40.0);
    s.params.set("t_end", 45.0);
    s.params.set("dt", 0.01);
    s.params.set("tol", tol);
    return s;
}

double medianMs(const fl::Scenario& s, int repeats, fl::RunResult& last)
{
    std::vector<double> ms;
    for (int i = 0; i < repeats; ++i) {
        const auto start = Clock::now();
        last = fl::simulate(s);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

namespace odeint = boost::numeric::odeint;
using State6 = std::array<double, 6>;

struct Integration {
    State6 y;
    long steps;
    double ms;
};

/// Integrates the pendulum's ODE over [0, tEnd] with a controlled odeint stepper (no output grid).
template <class Stepper>
Integration integrateWith(const fl::SmoothOde& ode, const std::vector<double>& y0, double tEnd, double tol)
{
    auto rhs = [&ode](const State6& x, State6& dxdt, double t) { ode.rhs(t, x.data(), dxdt.data()); };
    Integration r{};
    std::vector<double> ms;
    for (int repeat = 0; repeat < 5; ++repeat) {
        std::copy(y0.begin(), y0.end(), r.y.begin());
        auto stepper = odeint::make_controlled(tol, tol, Stepper());
        const auto start = Clock::now();
        r.steps = static_cast<long>(odeint::integrate_adaptive(stepper, rhs, r.y, 0.0, tEnd, 1e-4));
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    r.ms = ms[ms.size() / 2];
    return r;
}

/// The same with FrictionLab's own integrators (fl::integrateOde; the state at tEnd from the last
/// step's dense output, since the steps do not stop at tEnd).
Integration integrateWithFl(const fl::SmoothOde& ode, const std::vector<double>& y0, double tEnd, double tol,
                            fl::Integrator integrator)
{
    Integration r{};
    std::vector<double> ms;
    for (int repeat = 0; repeat < 5; ++repeat) {
        std::vector<double> y = y0;
        fl::OdeIntegrationOptions o;
        o.integrator = integrator;
        o.tol = tol;
        o.firstStep = 1e-4;
        fl::OdeIntegrationStats stats;
        const auto start = Clock::now();
        fl::integrateOde(ode, y, 0.0, tEnd, o, [&](const fl::StepView& step) {
            if (step.t1 >= tEnd)
                step.stateAt(tEnd, r.y.data());
            return true;
        }, &stats);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        r.steps = stats.steps;
    }
    std::sort(ms.begin(), ms.end());
    r.ms = ms[ms.size() / 2];
    return r;
}

double distance(const State6& a, const State6& b)
{
    double d = 0.0;
    for (size_t i = 0; i < a.size(); ++i)
        d = std::max(d, std::abs(a[i] - b[i]) / (1.0 + std::abs(b[i])));
    return d;
}

/// Dormand-Prince 5(4) against Fehlberg 7(8) and Dormand-Prince 8(5,3) at tight tolerances, over the first 5 s (before the
/// motion's sensitivity to the initial state amplifies the differences): steps, time, error
/// against a Fehlberg 7(8) reference at tol 1e-14.
void comparePairs(const fl::SmoothOde& ode, const std::vector<double>& y0)
{
    const double tEnd = 5.0;
    const State6 reference = integrateWith<odeint::runge_kutta_fehlberg78<State6>>(ode, y0, tEnd, 1e-14).y;
    std::printf("  explicit pairs without output grid, 0..%g s, error = max relative deviation at %g s from RKF78 at tol 1e-14:\n", tEnd, tEnd);
    for (double tol : {1e-8, 1e-10, 1e-12}) {
        const Integration dp = integrateWith<odeint::runge_kutta_dopri5<State6>>(ode, y0, tEnd, tol);
        const Integration f78 = integrateWith<odeint::runge_kutta_fehlberg78<State6>>(ode, y0, tEnd, tol);
        const Integration d853 = integrateWithFl(ode, y0, tEnd, tol, fl::Integrator::Dop853);
        std::printf("    tol %-6g  DOPRI5: %7ld steps %7.2f ms (%6.0f steps/s simulated) error %8.2g |"
                    "  RKF78: %7ld steps %7.2f ms (%6.0f steps/s simulated) error %8.2g |"
                    "  DOP853 (FrictionLab, dense output): %7ld steps %7.2f ms (%6.0f steps/s simulated) error %8.2g\n",
                    tol, dp.steps, dp.ms, dp.steps / tEnd, distance(dp.y, reference), f78.steps, f78.ms, f78.steps / tEnd,
                    distance(f78.y, reference), d853.steps, d853.ms, d853.steps / tEnd, distance(d853.y, reference));
    }
}

} // namespace

void benchPendulum()
{
    std::printf("\nPendulum on the disk (acta2016-fig5a, omega0 = 40 rad/s, 45 s, output every 0.01 s):\n");
    {
        const fl::Scenario s = fig5a(1e-8);
        const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(s, nullptr);
        const fl::SmoothOde& ode = *dynamics->smoothOde();
        std::vector<double> y = dynamics->initialState(), dydt(y.size());
        y[3] = 0.3, y[4] = -0.2, y[5] = 5.0; // moving: the contact law's general branch
        const int n = 2'000'000;
        double sink = 0.0;
        const auto start = Clock::now();
        for (int i = 0; i < n; ++i) {
            y[5] = 5.0 + 1e-7 * i;
            ode.rhs(1e-3 * i, y.data(), dydt.data());
            sink += dydt[5];
        }
        const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count() / n;
        std::printf("  right-hand side: %.0f ns per evaluation (checksum %.6g)\n", ns, sink);
        comparePairs(ode, dynamics->initialState());
    }
    std::printf("  the application's runs (fl::simulate, the explicit method: Dormand-Prince 8(5,3) with dense output, samples recorded):\n");
    for (double tol : {1e-8, 1e-10, 1e-12}) {
        fl::RunResult run;
        const double ms = medianMs(fig5a(tol), 7, run);
        std::printf("    dt 0.01, tol %-6g %8.2f ms  %8ld steps  %6.2f us/step  %8.0f steps per simulated s  %s\n", tol, ms,
                    run.steps, 1e3 * ms / static_cast<double>(run.steps), static_cast<double>(run.steps) / 45.0,
                    run.status.ok() ? "ok" : run.status.message().c_str());
    }
    fl::Scenario preset = fig5a(1e-8);
    preset.params.set("dt", 1e-3);
    fl::RunResult run;
    const double ms = medianMs(preset, 7, run);
    std::printf("    dt 0.001 (the preset's output grid, 45001 samples), tol 1e-8: %.2f ms, %ld steps, %.2f us/step\n", ms, run.steps,
                1e3 * ms / static_cast<double>(run.steps));
}
