#include "solvers/contact_dynamics.h"
#include "solvers/smooth_integration.h"

namespace fl {

StateLawContactDynamics::StateLawContactDynamics(std::unique_ptr<ContactSystem> system, std::unique_ptr<StateFrictionLaw> law,
                                                 std::vector<std::string> lawStateNames, Integrator integrator,
                                                 const IntegrationSettings& settings)
    : m_system(std::move(system)), m_law(std::move(law)), m_lawStateNames(std::move(lawStateNames)),
      m_ode(*m_system, *m_law), m_options(odeOptions(settings, integrator))
{
}

std::vector<std::string> StateLawContactDynamics::stateNames() const
{
    std::vector<std::string> names = m_system->stateNames();
    names.insert(names.end(), m_lawStateNames.begin(), m_lawStateNames.end());
    return names;
}

Status StateLawContactDynamics::integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                                          IntegrationStats& stats) const
{
    return integrateSmooth(m_ode, m_options, y, t, tEnd, observer, stats);
}

void StateLawContactDynamics::outputs(double t, const double* y, int, double* out) const
{
    out[0] = m_system->relativeVelocity(t, y);
    out[1] = m_ode.force(t, y);
}

std::unique_ptr<Dynamics> makeStateLawDynamics(std::unique_ptr<ContactSystem> system, const FrictionLawInfo& info,
                                               const ParameterSet& params, Regularization regularization,
                                               Integrator integrator, const IntegrationSettings& settings)
{
    std::vector<std::string> names;
    for (const LawStateSpec& state : info.states)
        names.push_back(state.id);
    return std::make_unique<StateLawContactDynamics>(std::move(system), info.createWithState(params, regularization),
                                                     std::move(names), integrator, settings);
}

} // namespace fl
