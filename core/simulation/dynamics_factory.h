#pragma once
#include "scenario/scenario.h"
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"

#include <atomic>
#include <memory>

namespace fl {

/// The integrator that runs a scenario's stiff integrator choice.
Integrator integratorOf(StiffIntegrator kind);
/// The numerical settings of a scenario (tolerance, step limits, largest step).
IntegrationSettings integrationSettings(const Scenario& scenario, const std::atomic<bool>* cancel);
/// The scenario's system with its method, ready to integrate. Precondition: validate(scenario).ok().
std::unique_ptr<Dynamics> makeDynamics(const Scenario& scenario, const std::atomic<bool>* cancel = nullptr);

} // namespace fl
