#include "chain_bench.h"

#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/system_registry.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

fl::Scenario quakes()
{
    fl::Scenario s;
    if (!fl::applyPreset("bk-chain-quakes", s).ok())
        std::abort();
    return s;
}

struct Run {
    double ms = 0.0;
    fl::RunResult result;
};

Run timed(const fl::Scenario& s, int repeats)
{
    std::vector<double> ms;
    Run run;
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        run.result = fl::simulate(s);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    run.ms = ms[ms.size() / 2];
    return run;
}

/// Largest |x_i(T) - x_i,ref(T)| over the blocks at the last sample.
double endError(const fl::RunResult& r, const fl::RunResult& ref)
{
    const size_t n = r.stateNames.size(), k = r.size() - 1, kr = ref.size() - 1;
    double e = 0.0;
    for (size_t i = 0; i < n; i += 2)
        e = std::max(e, std::abs(r.states[k * n + i] - ref.states[kr * n + i]));
    return e;
}

} // namespace

void benchChain()
{
    std::printf("Burridge-Knopoff chain (bk-chain-quakes: k_c = 25, k_p = 1, v_b = 0.01, rational law gamma = 3):\n");
    {
        const Run r = timed(quakes(), 3);
        std::printf("  n = 100, event-driven, 1000 time units, tol 1e-9: %.0f ms, %ld steps, %ld switches: %.0f switches/s, %.1f us per switch\n",
                    r.ms, r.result.steps, r.result.switchCount, double(r.result.switchCount) / (r.ms * 1e-3),
                    r.ms * 1e3 / double(std::max(1L, r.result.switchCount)));
    }
    std::printf("  n = 100, 50 time units, error max_i |x_i(50) - reference| (event-driven at tol 1e-12):\n");
    fl::Scenario s = quakes();
    s.params.set("t_end", 50.0);
    s.params.set("dt", 1.0);
    s.params.set("tol", 1e-12);
    const Run reference = timed(s, 1);
    for (double tol : {1e-6, 1e-8, 1e-10}) {
        s.params.set("tol", tol);
        const Run r = timed(s, 3);
        std::printf("    event-driven, tol %.0e: %8.1f ms  %8ld steps  error %.2e\n", tol, r.ms, r.result.steps, endError(r.result, reference.result));
    }
    s.method = fl::Method::Regularized;
    for (double eps : {1e-3, 1e-4, 1e-5}) {
        s.params.set("eps", eps);
        s.params.set("tol", 1e-9);
        const Run r = timed(s, 1);
        std::printf("    regularized (BDF, band), eps %.0e, tol 1e-9: %8.1f ms  %8ld steps  error %.2e  %s\n", eps, r.ms, r.result.steps,
                    endError(r.result, reference.result), r.result.status.ok() ? "" : r.result.status.message().c_str());
    }
    std::printf("  n = 1000, regularized (BDF, band Jacobian), tol 1e-9, 5 time units:\n");
    s = quakes();
    s.method = fl::Method::Regularized;
    s.params.set("n", 1000.0);
    s.params.set("dt", 1.0);
    s.params.set("tol", 1e-9);
    for (double eps : {1e-3, 1e-4}) {
        s.params.set("eps", eps);
        s.params.set("t_end", 5.0);
        const Run r = timed(s, 1);
        std::printf("    eps %.0e: %.0f ms, %ld steps: %.0f ms per time unit  %s\n", eps, r.ms, r.result.steps, r.ms / 5.0,
                    r.result.status.ok() ? "" : r.result.status.message().c_str());
    }
    s.method = fl::Method::EventDriven;
    s.params.set("t_end", 5.0);
    const Run ed = timed(s, 1);
    std::printf("    event-driven for comparison: %.0f ms, %ld steps, %ld switches: %.0f ms per time unit\n", ed.ms, ed.result.steps,
                ed.result.switchCount, ed.ms / 5.0);
}
