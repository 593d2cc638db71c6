#include "event_location_bench.h"
#include "systems/scenario_setup.h"

#include "coulomb_belt_reference.h"
#include "analysis/lyapunov.h"
#include "scenario/scenario.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

namespace {

const fltest::CoulombBelt kPoint{0.02, 1.0, 1.75, 2.0, 1.0, 0.2}; // the forced point

fl::Scenario forcedBelt(double x0, double v0, double tEnd, double dt)
{
    fl::Scenario s = fl::defaultScenario();
    s.method = fl::Method::EventDriven;
    for (const auto& [id, value] : {std::pair<const char*, double>{"zeta", kPoint.zeta}, {"A", kPoint.A}, {"w", kPoint.w},
                                    {"mu_s", kPoint.muS}, {"mu_k", kPoint.muK}, {"v_b", kPoint.vb}, {"x0", x0}, {"v0", v0},
                                    {"t_end", tEnd}, {"dt", dt}})
        s.params.set(id, value);
    return s;
}

double seconds(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

void benchEventLocation(double periods)
{
    std::printf("Forced Coulomb belt (zeta 0.02, A 1, w 1.75, mu_s 2, mu_k 1, v_b 0.2), event-driven, tol 1e-10:\n");
    {
        const fl::RunResult run = fl::simulate(forcedBelt(0.378008, -0.875301, 40.0, 0.01));
        const auto ref = fltest::CoulombBeltReference(kPoint).switches(0.0, 0.378008, -0.875301, 40.0);
        std::printf("  from (0.378008, -0.875301): switch 12 at t = %.10f (%s), reference %.10f (%s)\n",
                    run.switches.size() > 11 ? run.switches[11].t : -1.0,
                    run.switches.size() > 11 ? fl::modeName(run.switches[11].entered) : "-", ref.size() > 11 ? ref[11].t : -1.0,
                    ref.size() > 11 ? (ref[11].toStick ? "stick" : "slip") : "-");
    }
    {
        const auto start = std::chrono::steady_clock::now();
        const fl::RunResult run = fl::simulate(forcedBelt(0.0, 0.0, 20000.0, 0.005));
        long above = 0;
        double worst = 0.0;
        for (size_t i = 0; i < run.size(); ++i)
            if (run.mode[i] == fl::ContactMode::Stick && std::abs(run.force[i]) > kPoint.muS) {
                ++above;
                worst = std::max(worst, std::abs(run.force[i]) - kPoint.muS);
            }
        std::printf("  20 000 time units from rest, dt 0.005: %zu samples, %zu switches, %zu grazes, %ld stick samples with |F| > mu_s "
                    "(worst by %.3g), %.2f s\n", run.size(), run.switches.size(), run.grazes.size(), above, worst, seconds(start));
    }
    const double T = 2.0 * std::numbers::pi / kPoint.w, transient = 100.0, duration = periods * T;
    std::printf("\nlambda_1 over %.0f forcing periods (%.0f time units) after a transient of %.0f from rest:\n", periods, duration, transient);
    const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(forcedBelt(0.0, 0.0, duration, 0.01));
    for (const double interval : {T, 1.0, 0.5, 0.2, 0.05}) {
        fl::LyapunovOptions o;
        o.transient = transient;
        o.duration = duration;
        o.interval = interval;
        o.count = 1;
        const auto start = std::chrono::steady_clock::now();
        const fl::LyapunovResult r = fl::lyapunovOfDynamics(*dynamics, o);
        // The standard error from 20 blocks of the running sum.
        double sum = 0.0, sq = 0.0;
        int blocks = 0;
        double previousSum = 0.0, previousTime = 0.0;
        for (size_t i = 0; i < r.times.size(); ++i)
            if (r.times[i] >= (blocks + 1) * duration / 20.0 - 1e-9) {
                const double total = r.history[i][0] * r.times[i], block = (total - previousSum) / (r.times[i] - previousTime);
                sum += block;
                sq += block * block;
                ++blocks;
                previousSum = total;
                previousTime = r.times[i];
            }
        const double mean = sum / blocks, se = std::sqrt(std::max(0.0, sq / blocks - mean * mean) / (blocks - 1));
        std::printf("  event-driven, interval %-8.4f lambda_1 = %.5f  (20-block standard error %.5f)  %s  %.1f s\n", interval,
                    r.status.ok() ? r.exponents[0] : NAN, se, r.status.ok() ? "ok" : r.status.message().c_str(), seconds(start));
    }
    const auto start = std::chrono::steady_clock::now();
    std::vector<double> blocks;
    const double mean = fltest::CoulombBeltReference(kPoint).lambda1(0.0, 0.0, transient, duration, T, &blocks);
    double sq = 0.0;
    for (double b : blocks)
        sq += (b - mean) * (b - mean);
    const double se = std::sqrt(sq / static_cast<double>(blocks.size() - 1) / static_cast<double>(blocks.size()));
    std::printf("  exact reference (two trajectories 1e-8 apart, renormalised every T): lambda_1 = %.5f  (standard error %.5f)  %.1f s\n",
                mean, se, seconds(start));
}
