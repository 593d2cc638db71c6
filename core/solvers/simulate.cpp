#include "solvers/simulate.h"
#include "friction/friction_law.h"
#include "params/parameter_spec.h"
#include "solvers/event_driven_solver.h"
#include "solvers/smooth_solver.h"
#include "systems/system_registry.h"

#include <chrono>
#include <cmath>
#include <numbers>

namespace fl {
namespace {

IntegrationSettings settingsOf(const Scenario& scenario, const std::atomic<bool>* cancel)
{
    IntegrationSettings s;
    s.tEnd = scenario.params.value("t_end");
    s.dt = scenario.params.value("dt");
    s.tol = scenario.params.value("tol");
    s.maxSteps = static_cast<long>(scenario.params.value("max_steps"));
    s.cancel = cancel;
    // Resolve the forcing: at least 20 steps per forcing period.
    if (scenario.params.has("A") && scenario.params.value("A") != 0.0 && scenario.params.has("w"))
        s.maxStep = std::min(s.maxStep, 2.0 * std::numbers::pi / scenario.params.value("w") / 20.0);
    return s;
}

std::string regularizationWarning(const Scenario& scenario, const SmoothFriction& friction)
{
    if (scenario.regularization == Regularization::Kudra || friction.eta() <= 1.0)
        return {};
    return regularizationInfo(scenario.regularization).id + " has no static peak: the stick limit is "
           + formatNumber(friction.eta()) + " times the slip level at v_r = 0 and is lost; use kudra";
}

} // namespace

RunResult simulate(const Scenario& scenario, const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    RunResult result;
    Status status = validate(scenario);
    if (!status.ok()) {
        result.status = status;
        return result;
    }
    const std::unique_ptr<ContactSystem> system = findSystem(scenario.systemId)->create(scenario.params);
    const std::unique_ptr<FrictionLaw> law = findFrictionLaw(scenario.lawId)->create(scenario.params);
    const IntegrationSettings settings = settingsOf(scenario, cancel);
    if (scenario.method == Method::EventDriven) {
        result = runEventDriven(*system, *law, settings);
    } else {
        const SmoothFriction friction(*law, scenario.regularization, scenario.params.value("eps"));
        const Integrator integrator = scenario.method == Method::Regularized ? Integrator::Rosenbrock4 : Integrator::DormandPrince;
        result = runRegularized(*system, friction, integrator, settings);
        result.warning = regularizationWarning(scenario, friction);
    }
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace fl
