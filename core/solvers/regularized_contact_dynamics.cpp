#include "params/parameter_spec.h"
#include "solvers/smooth_integration.h"
#include "solvers/contact_dynamics.h"

namespace fl {

RegularizedContactDynamics::RegularizedContactDynamics(std::unique_ptr<ContactSystem> system, std::unique_ptr<FrictionLaw> law,
                                                       Regularization regularization, double eps, Integrator integrator,
                                                       const IntegrationSettings& settings)
    : m_system(std::move(system)), m_law(std::move(law)), m_friction(*m_law, regularization, eps),
      m_ode(*m_system, m_friction), m_regularization(regularization), m_options(odeOptions(settings, integrator))
{
}

Status RegularizedContactDynamics::integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                                             IntegrationStats& stats) const
{
    return integrateSmooth(m_ode, m_options, y, t, tEnd, observer, stats);
}

void RegularizedContactDynamics::outputs(double t, const double* y, int, double* out) const
{
    out[0] = m_system->relativeVelocity(t, y);
    out[1] = m_friction.force(out[0]);
}

std::string RegularizedContactDynamics::warning() const
{
    return m_friction.lostPeakWarning();
}

} // namespace fl
