// Speed figures of the core: median wall time over repeated runs on this machine.
#include "chain_bench.h"
#include "disk_period_bench.h"
#include "event_location_bench.h"
#include "memory_bench.h"
#include "pendulum_bench.h"
#include "stiff_bench.h"
#include "io/csv_writer.h"
#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <numbers>
#include <fstream>
#include <vector>

namespace {

struct Timing {
    double medianMs;
    double minMs;
    fl::RunResult last;
};

Timing timeRuns(const fl::Scenario& scenario, int repeats)
{
    std::vector<double> ms;
    Timing timing{};
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        timing.last = fl::simulate(scenario);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    timing.medianMs = ms[ms.size() / 2];
    timing.minMs = ms.front();
    return timing;
}

fl::Scenario scenario(fl::Method method, double tEnd, double dt, double eps,
                      fl::StiffIntegrator integrator = fl::StiffIntegrator::Bdf)
{
    fl::Scenario s = fl::defaultScenario();
    s.method = method;
    s.stiffIntegrator = integrator;
    s.params.set("t_end", tEnd);
    s.params.set("dt", dt);
    s.params.set("eps", eps);
    return s;
}

/// Largest |x_max - exact| / exact over the maxima after t = 20 (closed form of the default case).
double xMaxError(const fl::RunResult& run)
{
    const double exact = 1.0 + std::sqrt(1.0 + 0.25);
    double worst = 0.0;
    for (size_t i = 1; i + 1 < run.size(); ++i) {
        const double a = run.state(i - 1, 0), b = run.state(i, 0), c = run.state(i + 1, 0);
        if (run.t[i] < 20.0 || !(b > a && b >= c))
            continue;
        const double offset = 0.5 * (a - c) / (a - 2.0 * b + c);
        worst = std::max(worst, std::abs(b - 0.25 * (a - c) * offset - exact) / exact);
    }
    return worst;
}

/// The run CSV writer alone (the output target: >= 5 million numbers per second): the
/// default belt case, 100001 rows x 5 numbers, written into memory; median of 15.
void benchCsv()
{
    const fl::RunResult run = fl::simulate(scenario(fl::Method::EventDriven, 1000, 0.01, 1e-4));
    std::vector<double> ms;
    size_t bytes = 0;
    for (int k = 0; k < 15; ++k) {
        const auto start = std::chrono::steady_clock::now();
        const std::string text = fl::runCsvText(scenario(fl::Method::EventDriven, 1000, 0.01, 1e-4), run);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        bytes = text.size();
    }
    std::sort(ms.begin(), ms.end());
    std::vector<double> msNull;
    for (int k = 0; k < 15; ++k) {
        std::ofstream null("/dev/null");
        const auto start = std::chrono::steady_clock::now();
        fl::writeRunCsv(null, scenario(fl::Method::EventDriven, 1000, 0.01, 1e-4), run);
        msNull.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(msNull.begin(), msNull.end());
    const double numbers = static_cast<double>(run.size()) * (1 + run.dimension() + run.outputNames.size());
    std::printf("Run CSV writer, belt default case, %zu rows x %zu numbers (%zu bytes):\n", run.size(),
                1 + run.dimension() + run.outputNames.size(), bytes);
    std::printf("  runCsvText (CLI and GUI export): median %.2f ms, %.1f million numbers/s\n", ms[ms.size() / 2],
                numbers / (ms[ms.size() / 2] * 1e-3) / 1e6);
    std::printf("  writeRunCsv into a file stream (/dev/null): median %.2f ms, %.1f million numbers/s\n\n", msNull[msNull.size() / 2],
                numbers / (msNull[msNull.size() / 2] * 1e-3) / 1e6);
}

void report(const char* name, const Timing& t)
{
    std::printf("%-58s %9.3f ms (min %8.3f)  %9ld steps  %6ld switches  status: %s\n", name, t.medianMs, t.minMs,
                t.last.steps, t.last.switchCount, t.last.status.ok() ? "ok" : t.last.status.message().c_str());
}

} // namespace

int main(int argc, char** argv)
{
    const std::string only = argc > 1 ? argv[1] : "all";
    std::printf("FrictionLab core benchmarks (median of repeated runs, wall time). Usage: frictionlab_bench [all|belt|disk|pendulum|sweep|stiff|memory|csv|chain|events]\n\n");
    if (only == "events") // not in "all": its lambda_1 runs take minutes
        benchEventLocation(argc > 2 ? std::atof(argv[2]) : 20000.0);
    if (only == "chain" || only == "all")
        benchChain();
    if (only == "csv" || only == "all")
        benchCsv();
    if (only == "disk" || only == "all")
        benchDiskPeriod();
    if (only == "pendulum" || only == "all")
        benchPendulum();
    if (only == "sweep" || only == "all")
        benchPendulumSweep(601);
    if (only == "stiff" || only == "all")
        benchStiff();
    if (only == "memory" || only == "all")
        benchMemoryLaws();
    if (only != "belt" && only != "all")
        return 0;
    std::printf("1000 time units of the default case (belt, Coulomb mu_s=2, mu_k=1, v_b=0.5), tol 1e-10:\n");
    report("  event-driven, output every 0.01 (100001 samples)", timeRuns(scenario(fl::Method::EventDriven, 1000, 0.01, 1e-4), 30));
    report("  event-driven, output every 0.1 (10001 samples)", timeRuns(scenario(fl::Method::EventDriven, 1000, 0.1, 1e-4), 30));
    report("  event-driven, output every 1 (1001 samples)", timeRuns(scenario(fl::Method::EventDriven, 1000, 1.0, 1e-4), 30));

    std::printf("\nKudra law (eta = 2), eps = 1e-5, 100 time units, output every 0.01, tol 1e-10:\n");
    const Timing implicitRun = timeRuns(scenario(fl::Method::Regularized, 100, 0.01, 1e-5), 11);
    report("  implicit BDF (CVODE)", implicitRun);
    const Timing rosenbrockRun = timeRuns(scenario(fl::Method::Regularized, 100, 0.01, 1e-5, fl::StiffIntegrator::Rosenbrock4), 11);
    report("  implicit Rosenbrock4", rosenbrockRun);
    const Timing explicitRun = timeRuns(scenario(fl::Method::Explicit, 100, 0.01, 1e-5), 3);
    report("  explicit Dormand-Prince 5(4)", explicitRun);
    std::printf("  x_max error vs closed form: BDF %.3g, Rosenbrock4 %.3g, explicit %.3g (regularization error, eps = 1e-5)\n",
                xMaxError(implicitRun.last), xMaxError(rosenbrockRun.last), xMaxError(explicitRun.last));
    std::printf("  speed-up implicit over explicit: %.0fx\n", explicitRun.medianMs / implicitRun.medianMs);

    std::printf("\nImplicit, Kudra law, 100 time units, by eps:\n");
    for (fl::StiffIntegrator integrator : {fl::StiffIntegrator::Bdf, fl::StiffIntegrator::Rosenbrock4})
        for (double eps : {1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7}) {
            char name[64];
            std::snprintf(name, sizeof name, "  %s, eps = %g", fl::stiffIntegratorInfo(integrator).id.c_str(), eps);
            report(name, timeRuns(scenario(fl::Method::Regularized, 100, 0.01, eps, integrator), 5));
        }
    return 0;
}
