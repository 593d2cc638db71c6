#include "solvers/ode_integrator.h"
#include "solvers/integration_settings.h"
#include "solvers/ode_integrator_loop.h"

#include <boost/numeric/odeint.hpp>

#include <algorithm>
#include <array>
#include <type_traits>

namespace fl {
namespace odeint = boost::numeric::odeint;

Status integrateDormandPrince(const SmoothOde& ode, std::vector<double>& y, double t0, double t1,
                              const OdeIntegrationOptions& o, const StepCallback& onStep, OdeIntegrationStats& stats,
                              double& tFinal)
{
    return detail::withStateType(y.size(), [&]<class State>() {
        auto rhs = [&ode](const State& x, State& dxdt, double t) { ode.rhs(t, x.data(), dxdt.data()); };
        auto stepper = odeint::make_dense_output(o.tol, o.tol, o.maxStep, odeint::runge_kutta_dopri5<State>());
        return detail::runStepLoop<State>(stepper, rhs, y, t0, t1, o, onStep, stats, tFinal);
    });
}

OdeIntegrationOptions odeOptions(const IntegrationSettings& settings, Integrator integrator)
{
    OdeIntegrationOptions options;
    options.integrator = integrator;
    options.tol = settings.tol;
    options.maxStep = settings.maxStep;
    options.maxSteps = settings.maxSteps;
    options.cancel = settings.cancel;
    return options;
}

Status integrateOde(const SmoothOde& ode, std::vector<double>& y, double t0, double t1,
                    const OdeIntegrationOptions& options, const StepCallback& onStep, OdeIntegrationStats* stats,
                    double* tFinal)
{
    OdeIntegrationStats localStats;
    double localT = t0;
    OdeIntegrationStats& s = stats ? *stats : localStats;
    double& t = tFinal ? *tFinal : localT;
    if (options.integrator == Integrator::Rosenbrock4)
        return integrateRosenbrock(ode, y, t0, t1, options, onStep, s, t);
    if (options.integrator == Integrator::Dop853)
        return integrateDop853(ode, y, t0, t1, options, onStep, s, t);
    if (options.integrator == Integrator::Bdf)
        return integrateBdf(ode, y, t0, t1, options, onStep, s, t);
    return integrateDormandPrince(ode, y, t0, t1, options, onStep, s, t);
}

} // namespace fl
