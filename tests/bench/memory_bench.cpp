// The laws with memory are stiff (bristle stiffness 1e4-1e6 times the spring). For each
// case: accepted steps and median wall time with BDF (CVODE), Rosenbrock4 and Dormand-Prince 8(5,3) (the explicit method).
//   frictionlab_bench memory
#include "memory_bench.h"
#include "systems/scenario_setup.h"

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

void row(const char* name, fl::Scenario s)
{
    std::printf("  %-44s", name);
    const fl::Method methods[] = {fl::Method::Regularized, fl::Method::Regularized, fl::Method::Explicit};
    const fl::StiffIntegrator integrators[] = {fl::StiffIntegrator::Bdf, fl::StiffIntegrator::Rosenbrock4, fl::StiffIntegrator::Bdf};
    for (int k = 0; k < 3; ++k) {
        s.method = methods[k];
        s.stiffIntegrator = integrators[k];
        std::vector<double> ms;
        fl::RunResult run;
        for (int i = 0; i < 5; ++i) {
            const auto start = std::chrono::steady_clock::now();
            run = fl::simulate(s);
            ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
            if (ms.back() > 2000.0)
                break;
        }
        std::sort(ms.begin(), ms.end());
        if (run.status.ok())
            std::printf(" | %9ld %9.1f", run.steps, ms[ms.size() / 2]);
        else
            std::printf(" | %19s", "failed");
    }
    std::printf("\n");
}

fl::Scenario preset(const char* id)
{
    fl::Scenario s;
    fl::applyPreset(id, s);
    return s;
}

} // namespace

void benchMemoryLaws()
{
    std::printf("Laws with memory on the belt, tol 1e-10, output every 0.01 (steps | median ms):\n");
    std::printf("  %-44s | %19s | %19s | %19s\n", "case", "BDF", "Rosenbrock4", "explicit (DOP853)");
    for (double sigma0 : {1e4, 1e5, 1e6}) {
        fl::Scenario s;
        fl::makeScenario("belt", "lugre", fl::Method::Regularized, fl::Regularization::Kudra, s);
        for (const auto& [id, value] : std::vector<std::pair<const char*, double>>{
                 {"mu_s", 2.0}, {"sigma0", sigma0}, {"v_s", std::sqrt(0.1 / sigma0)}, {"sigma1", 2.0 * std::sqrt(sigma0)},
                 {"sigma2", 0.0}, {"t_end", 60.0}, {"dt", 0.01}, {"tol", 1e-10}})
            s.params.set(id, value);
        const std::string name = "LuGre -> Coulomb, sigma0 = " + std::to_string(static_cast<long>(sigma0)) + ", t 60";
        row(name.c_str(), s);
    }
    row("belt-lugre-stick-slip (t 100)", preset("belt-lugre-stick-slip"));
    row("lugre-presliding belt run (t 100)", preset("lugre-presliding"));
    row("ostermeyer-fading belt run (t 100)", preset("ostermeyer-fading"));
    for (const char* law : {"dahl", "elasto-plastic", "bliman-sorine"}) {
        fl::Scenario s;
        fl::makeScenario("belt", law, fl::Method::Regularized, fl::Regularization::Kudra, s);
        s.params.set("t_end", 100.0);
        s.params.set("A", 1.0);
        s.params.set("w", 0.8);
        const std::string name = std::string(law) + ", forced A = 1, w = 0.8 (t 100)";
        row(name.c_str(), s);
    }
    fl::Scenario karnopp;
    fl::makeScenario("belt", "karnopp", fl::Method::Regularized, fl::Regularization::Kudra, karnopp);
    karnopp.params.set("t_end", 100.0);
    row("karnopp dv = 1e-3 (t 100)", karnopp);
    std::printf("\n");
}
