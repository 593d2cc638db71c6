#include "simulation/dynamics_factory.h"
#include "simulation/start_state_dynamics.h"
#include "systems/system_registry.h"

#include <numbers>

namespace fl {

Integrator integratorOf(StiffIntegrator kind)
{
    return kind == StiffIntegrator::Bdf ? Integrator::Bdf : Integrator::Rosenbrock4;
}

IntegrationSettings integrationSettings(const Scenario& scenario, const std::atomic<bool>* cancel)
{
    IntegrationSettings s;
    s.tEnd = scenario.params.value("t_end");
    s.dt = scenario.params.value("dt");
    s.tol = scenario.params.value("tol");
    s.maxSteps = static_cast<long>(scenario.params.value("max_steps"));
    s.cancel = cancel;
    s.stiffIntegrator = integratorOf(scenario.stiffIntegrator);
    // Resolve the forcing: at least 20 steps per forcing period.
    if (scenario.params.has("A") && scenario.params.value("A") != 0.0 && scenario.params.has("w"))
        s.maxStep = std::min(s.maxStep, 2.0 * std::numbers::pi / scenario.params.value("w") / 20.0);
    return s;
}

std::unique_ptr<Dynamics> makeDynamics(const Scenario& scenario, const std::atomic<bool>* cancel)
{
    std::unique_ptr<Dynamics> dynamics = findSystem(scenario.systemId)->makeDynamics(scenario, integrationSettings(scenario, cancel));
    // A state of the user's to start from (a loaded orbit); validate() checked its size.
    if (!scenario.initialState.empty() && dynamics && scenario.initialState.size() == static_cast<size_t>(dynamics->dimension()))
        return startingFrom(std::move(dynamics), scenario.initialState);
    return dynamics;
}

} // namespace fl
