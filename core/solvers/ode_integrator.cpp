#include "solvers/ode_integrator.h"
#include "solvers/integration_settings.h"
#include "solvers/ode_integrator_loop.h"

#include <boost/numeric/odeint.hpp>

#include <algorithm>
#include <array>
#include <type_traits>

namespace fl {
namespace odeint = boost::numeric::odeint;

namespace {

/// Dormand-Prince 5(4) with dense output on a state of type State (std::vector, or std::array
/// when the dimension is known: odeint's loops then unroll and nothing is resized per step).
template <class State>
Status dormandPrince(const SmoothOde& ode, std::vector<double>& y, double t0, double t1, const OdeIntegrationOptions& o,
                     const StepCallback& onStep, OdeIntegrationStats& stats, double& tFinal)
{
    auto rhs = [&ode](const State& x, State& dxdt, double t) { ode.rhs(t, x.data(), dxdt.data()); };
    auto stepper = odeint::make_dense_output(o.tol, o.tol, o.maxStep, odeint::runge_kutta_dopri5<State>());
    State x;
    if constexpr (std::is_same_v<State, std::vector<double>>)
        x = y;
    else
        std::copy(y.begin(), y.end(), x.begin());
    Status status = detail::stepLoop(stepper, rhs, x, t0, t1, o, onStep, stats, tFinal);
    std::copy(x.begin(), x.end(), y.begin());
    return status;
}

} // namespace

Status integrateDormandPrince(const SmoothOde& ode, std::vector<double>& y, double t0, double t1,
                              const OdeIntegrationOptions& o, const StepCallback& onStep, OdeIntegrationStats& stats,
                              double& tFinal)
{
    // Fixed-size states for the dimensions of FrictionLab's smooth systems (issue 12): the
    // pendulum (6), the disk on the belt (4 and with a law state 5), the belt (2, 3).
    switch (y.size()) {
    case 2: return dormandPrince<std::array<double, 2>>(ode, y, t0, t1, o, onStep, stats, tFinal);
    case 3: return dormandPrince<std::array<double, 3>>(ode, y, t0, t1, o, onStep, stats, tFinal);
    case 4: return dormandPrince<std::array<double, 4>>(ode, y, t0, t1, o, onStep, stats, tFinal);
    case 6: return dormandPrince<std::array<double, 6>>(ode, y, t0, t1, o, onStep, stats, tFinal);
    default: return dormandPrince<std::vector<double>>(ode, y, t0, t1, o, onStep, stats, tFinal);
    }
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
