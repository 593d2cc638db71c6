#include "solvers/smooth_system.h"
#include "solvers/smooth_integration.h"

namespace fl {

SmoothSystemDynamics::SmoothSystemDynamics(std::unique_ptr<SmoothSystem> system, Integrator integrator,
                                           const IntegrationSettings& settings)
    : m_system(std::move(system)), m_options(odeOptions(settings, integrator))
{
}

Status SmoothSystemDynamics::integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                                       IntegrationStats& stats) const
{
    return integrateSmooth(*m_system, m_options, y, t, tEnd, observer, stats);
}

} // namespace fl
