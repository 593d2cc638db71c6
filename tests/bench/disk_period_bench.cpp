// Benchmarks of the plane-contact systems.
#include "disk_period_bench.h"
#include "systems/scenario_setup.h"

#include "analysis/bifurcation_sweep.h"
#include "simulation/dynamics_factory.h"
#include "systems/system_registry.h"

#include <chrono>
#include <cmath>
#include <cstdio>

namespace {

using Clock = std::chrono::steady_clock;

/// Records the state at each stick entry (event-driven) so a run can start on the attractor.
class StickEntries final : public fl::DynamicsObserver {
public:
    bool onStep(const fl::StepView& step, int) override
    {
        last.assign(step.y1, step.y1 + 4);
        lastT = step.t1;
        return true;
    }
    void onSwitch(double t, fl::ContactMode entered, int) override
    {
        if (entered == fl::ContactMode::Stick)
            times.push_back(t);
    }
    std::vector<double> times;
    std::vector<double> last;
    double lastT = 0.0;
};

class StopAt final : public fl::DynamicsObserver {
public:
    explicit StopAt(double t) : m_t(t), state(4) {}
    bool onStep(const fl::StepView& step, int) override
    {
        if (step.t1 >= m_t) {
            step.stateAt(m_t, state.data());
            return false;
        }
        return true;
    }
    double m_t;
    std::vector<double> state;
};

fl::Scenario fig4a(fl::Method method, double tol)
{
    fl::Scenario s = fl::defaultScenario();
    fl::applyPreset("jtam2016-fig4a", s);
    s.method = method;
    s.params.set("tol", tol);
    return s;
}

/// Integrates [t0, t0 + T] from y0; returns the state at t0 + T and the wall time (median of 5).
std::vector<double> onePeriod(const fl::Scenario& s, std::vector<double> y0, double t0, double period, double& ms, long& steps)
{
    std::vector<double> ends;
    std::vector<double> result;
    std::vector<double> times;
    for (int r = 0; r < 5; ++r) {
        const auto dynamics = fl::makeDynamics(s);
        std::vector<double> y = y0;
        double t = t0;
        StopAt stop(t0 + period);
        fl::IntegrationStats stats;
        const auto start = Clock::now();
        dynamics->integrate(y, t, t0 + period + 1.0, stop, stats);
        times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        steps = stats.steps;
        result = stop.state;
    }
    std::sort(times.begin(), times.end());
    ms = times[2];
    return result;
}

} // namespace

void benchDiskPeriod()
{
    std::printf("\nJTAM Fig. 4a (disk on a belt, eta = 4.98): one period of the attractor\n");
    // Reach the attractor (t = 60000) and take two consecutive stick entries: state and period.
    const fl::Scenario event = fig4a(fl::Method::EventDriven, 1e-10);
    const auto dynamics = fl::makeDynamics(event);
    std::vector<double> y = dynamics->initialState();
    double t = 0.0;
    StickEntries entries;
    fl::IntegrationStats stats;
    dynamics->integrate(y, t, 60000.0, entries, stats);
    const double t0 = entries.times[entries.times.size() - 2], period = entries.times.back() - t0;
    StopAt toT0(t0);
    std::vector<double> y0 = dynamics->initialState();
    double t00 = 0.0;
    fl::IntegrationStats s0;
    fl::makeDynamics(event)->integrate(y0, t00, t0 + 1.0, toT0, s0);
    y0 = toT0.state;
    y0[2] = 0.15; // exactly in stick
    y0[3] = 0.0;
    std::printf("  period (event-driven, stick entry to stick entry): %.6f\n", period);

    double ms = 0.0;
    long steps = 0;
    const std::vector<double> reference = onePeriod(fig4a(fl::Method::EventDriven, 1e-13), y0, t0, period, ms, steps);
    auto error = [&](const std::vector<double>& v) {
        return std::max(std::abs(v[0] - reference[0]) / 16.0, std::abs(v[1] - reference[1]));
    };
    std::printf("  %-44s %10s %10s %14s\n", "method", "wall ms", "steps", "error vs ref.");
    std::printf("  %-44s %10.3f %10ld %14s\n", "event-driven, tol 1e-13 (reference)", ms, steps, "-");
    for (double tol : {1e-10, 1e-8}) {
        const std::vector<double> e = onePeriod(fig4a(fl::Method::EventDriven, tol), y0, t0, period, ms, steps);
        std::printf("  event-driven, tol %-26g %10.3f %10ld %14.3g\n", tol, ms, steps, error(e));
    }
    for (fl::StiffIntegrator integrator : {fl::StiffIntegrator::Bdf, fl::StiffIntegrator::Rosenbrock4})
        for (double eps : {1e-5, 1e-6}) {
            fl::Scenario smooth = fig4a(fl::Method::Regularized, 1e-10);
            smooth.stiffIntegrator = integrator;
            smooth.params.set("eps", eps);
            const std::vector<double> r = onePeriod(smooth, y0, t0, period, ms, steps);
            std::printf("  regularized %-11s eps %-8g tol 1e-10  %10.3f %10ld %14.3g\n",
                        fl::stiffIntegratorInfo(integrator).id.c_str(), eps, ms, steps, error(r));
        }
    std::printf("  (error: max(|dx|/16, |dphi|) at the end of the period; x spans ~20, phi ~0.6)\n");
}

void benchPendulumSweep(int steps)
{
    std::printf("\nActa Fig. 5a sweep: %d values of omega0 in [20, 80], transient 20 s, 40 maxima of X_C (<= 10 s), tol 1e-8\n", steps);
    fl::Scenario s = fl::defaultScenario();
    fl::applyPreset("acta2016-fig5a", s);
    fl::SweepSpec spec = *fl::findPreset("acta2016-fig5a")->sweep;
    spec.steps = steps;
    for (bool continuation : {false, true}) {
        spec.continuation = continuation;
        double single = 0.0;
        for (int threads : {1, 2}) {
            const auto start = Clock::now();
            const auto columns = fl::runSweep(s, spec, threads, nullptr);
            const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
            if (threads == 1)
                single = seconds;
            std::printf("  %-22s %d thread(s): %7.2f s, %6.1f values/s, speed-up %.2f\n",
                        continuation ? "continuation (up)" : "fixed initial state", threads, seconds, steps / seconds, single / seconds);
        }
    }
}
