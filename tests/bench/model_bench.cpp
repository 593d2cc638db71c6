// Models written by users against the built-in systems (systems/model_registry.h): time per step of
// the block on the belt and of the Burridge-Knopoff chain exported as models (`model export`) and
// run by each method, against the built-in run of the same scenario; the time to parse and prepare
// (compile the tapes and the exact derivatives of) a model file of about 50 lines.
//   ./build/tests/bench/model_bench
// Not a test (timings vary with the machine); the figures go in the notes.
#include "model/model_parser.h"
#include "simulation/simulate.h"
#include "systems/model_equations.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

namespace {

using Clock = std::chrono::steady_clock;
using namespace fl;

/// Best of `repeats` runs: microseconds per step and the steps.
std::pair<double, long> perStep(const Scenario& s, int repeats)
{
    double best = 1e300;
    long steps = 0;
    for (int r = 0; r < repeats; ++r) {
        const auto start = Clock::now();
        const RunResult result = simulate(s);
        const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
        if (!result.status.ok()) {
            std::printf("  run failed: %s\n", result.status.message().c_str());
            return {0.0, 0};
        }
        steps = result.steps;
        best = std::min(best, us / static_cast<double>(std::max(1L, result.steps)));
    }
    return {best, steps};
}

Scenario asModel(const Scenario& original)
{
    std::string text;
    (void)exportModel(original, text);
    const ModelRegistration r = registerModel(text);
    Scenario s;
    s.stiffIntegrator = original.stiffIntegrator;
    (void)makeScenario(r.system->id, original.lawId, original.method, original.regularization, s);
    return s;
}

void compare(const char* name, const char* system, const char* law, Method method, std::vector<std::pair<const char*, double>> values)
{
    Scenario s;
    (void)makeScenario(system, law, method, Regularization::Kudra, s);
    for (const auto& [id, v] : values)
        (void)s.params.set(id, v);
    const Scenario m = asModel(s);
    const auto [builtIn, steps] = perStep(s, 3);
    const auto [model, modelSteps] = perStep(m, 3);
    std::printf("%-34s %-12s built-in %7.3f us/step (%ld steps)   model %7.3f us/step (%ld steps)   ratio %.2f\n", name,
                methodInfo(method).id.c_str(), builtIn, steps, model, modelSteps, model / builtIn);
}

} // namespace

int main()
{
    std::printf("Time per accepted step, best of 3 runs (simulate(): integration, event location, output samples):\n");
    compare("belt, Coulomb, stick-slip", "belt", "coulomb", Method::EventDriven, {{"t_end", 2000.0}});
    compare("belt, Stribeck, forced", "belt", "stribeck-exp", Method::EventDriven, {{"t_end", 2000.0}, {"A", 1.2}, {"w", 0.7}});
    compare("belt, Coulomb, eps 1e-4", "belt", "coulomb", Method::Regularized, {{"t_end", 2000.0}});
    compare("belt, Coulomb, eps 1e-4", "belt", "coulomb", Method::Explicit, {{"t_end", 200.0}});
    compare("chain n = 5, rational", "bk-chain", "rational", Method::EventDriven, {{"n", 5.0}, {"dx0", 0.5}, {"t_end", 400.0}});
    compare("chain n = 20, rational", "bk-chain", "rational", Method::EventDriven, {{"n", 20.0}, {"dx0", 0.5}, {"t_end", 200.0}});
    compare("chain n = 5, rational, eps 1e-4", "bk-chain", "rational", Method::Regularized, {{"n", 5.0}, {"dx0", 0.5}, {"t_end", 200.0}});

    // Parse and prepare: the chain of 6 exported is a 60-line model with 6 contacts.
    Scenario chain;
    (void)makeScenario("bk-chain", "coulomb", Method::EventDriven, Regularization::Kudra, chain);
    (void)chain.params.set("n", 6.0);
    std::string text;
    (void)exportModel(chain, text);
    const long lines = std::count(text.begin(), text.end(), '\n');
    double parse = 1e300, prepare = 1e300, specialise = 1e300;
    for (int r = 0; r < 200; ++r) {
        const auto t0 = Clock::now();
        model::ParsedModel parsed = model::parseModel(text);
        const auto t1 = Clock::now();
        const auto compiled = compileModel(std::move(parsed.model)).compiled;
        const auto t2 = Clock::now();
        const ModelEquations equations(compiled, chain.params);
        const auto t3 = Clock::now();
        parse = std::min(parse, std::chrono::duration<double, std::milli>(t1 - t0).count());
        prepare = std::min(prepare, std::chrono::duration<double, std::milli>(t2 - t1).count());
        specialise = std::min(specialise, std::chrono::duration<double, std::milli>(t3 - t2).count());
    }
    std::printf("a %ld-line model (6 coordinates, 6 contacts): parse %.3f ms, prepare (trees, exact derivatives) %.3f ms, "
                "each run's tapes with its values folded in %.3f ms\n", lines, parse, prepare, specialise);
    return 0;
}
