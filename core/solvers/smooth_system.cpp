#include "solvers/smooth_system.h"

namespace fl {

SmoothSystemDynamics::SmoothSystemDynamics(std::unique_ptr<SmoothSystem> system, Integrator integrator,
                                           const IntegrationSettings& settings)
    : m_system(std::move(system)), m_options(odeOptions(settings, integrator))
{
}

Status SmoothSystemDynamics::integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                                       IntegrationStats& stats) const
{
    OdeIntegrationStats odeStats;
    odeStats.steps = stats.steps;
    Status status = integrateOde(*m_system, y, t, tEnd, m_options,
                                 [&observer](const StepView& step) { return observer.onStep(step, -1); }, &odeStats, &t);
    stats.steps = odeStats.steps;
    return status;
}

} // namespace fl
