#include "solvers/dynamics_factory.h"
#include "friction/friction_law.h"
#include "solvers/contact_dynamics.h"
#include "systems/system_registry.h"

#include <numbers>

namespace fl {

IntegrationSettings integrationSettings(const Scenario& scenario, const std::atomic<bool>* cancel)
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

std::unique_ptr<Dynamics> makeDynamics(const Scenario& scenario, const std::atomic<bool>* cancel)
{
    const IntegrationSettings settings = integrationSettings(scenario, cancel);
    std::unique_ptr<ContactSystem> system = findSystem(scenario.systemId)->create(scenario.params);
    std::unique_ptr<FrictionLaw> law = findFrictionLaw(scenario.lawId)->create(scenario.params);
    if (scenario.method == Method::EventDriven)
        return std::make_unique<EventDrivenContactDynamics>(std::move(system), std::move(law), settings);
    const Integrator integrator = scenario.method == Method::Regularized ? Integrator::Rosenbrock4 : Integrator::DormandPrince;
    return std::make_unique<RegularizedContactDynamics>(std::move(system), std::move(law), scenario.regularization,
                                                        scenario.params.value("eps"), integrator, settings);
}

} // namespace fl
