#include "friction/friction_law.h"
#include "scenario/scenario.h"
#include "solvers/contact_dynamics.h"

namespace fl {

std::unique_ptr<Dynamics> makeContactDynamics(std::unique_ptr<ContactSystem> system, const Scenario& scenario,
                                              const IntegrationSettings& settings)
{
    const ParameterSet& p = scenario.params;
    const FrictionLawInfo* info = findFrictionLaw(scenario.lawId);
    // Event-driven runs of the laws with memory and of Karnopp's law integrate with Dormand-Prince
    // 5(4) (a switch every few steps: a higher order would not pay).
    const Integrator integrator = scenario.method == Method::Regularized ? settings.stiffIntegrator
                                  : scenario.method == Method::Explicit  ? IntegrationSettings::kExplicitIntegrator
                                                                         : Integrator::DormandPrince;
    if (info->stickWindow)
        return makeKarnoppDynamics(std::move(system), p, integrator, settings);
    if (info->hasMemory())
        return makeStateLawDynamics(std::move(system), *info, p, scenario.regularization, integrator, settings);
    return makeContactDynamics(std::move(system), scenario, settings, info->create(p));
}

std::unique_ptr<Dynamics> makeContactDynamics(std::unique_ptr<ContactSystem> system, const Scenario& scenario,
                                              const IntegrationSettings& settings, std::unique_ptr<FrictionLaw> law)
{
    const ParameterSet& p = scenario.params;
    const Integrator integrator = scenario.method == Method::Regularized ? settings.stiffIntegrator : IntegrationSettings::kExplicitIntegrator;
    if (scenario.method == Method::EventDriven)
        return std::make_unique<EventDrivenContactDynamics>(std::move(system), std::move(law), settings);
    return std::make_unique<RegularizedContactDynamics>(std::move(system), std::move(law), scenario.regularization,
                                                        p.value("eps"), integrator, settings);
}

} // namespace fl
