#include "solvers/ode_integrator.h"
#include "solvers/integration_settings.h"
#include "solvers/ode_integrator_loop.h"
#include "solvers/scaled_ode.h"

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

Status integrateUnscaled(const SmoothOde& ode, std::vector<double>& y, double t0, double t1, const OdeIntegrationOptions& options,
                         const StepCallback& onStep, OdeIntegrationStats& s, double& t);

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
    if (std::vector<double> scales = stateScales(ode); !scales.empty() && scales.size() == y.size()) {
        // States of their own size (a bristle deflection): integrated as y_i / scale_i, handed back as y.
        const ScaledOde scaled(ode, std::move(scales));
        std::vector<double> u(y.size()), yStep(y.size());
        for (size_t i = 0; i < y.size(); ++i)
            u[i] = y[i] / scaled.scales()[i];
        auto back = [&](const StepView& view) {
            StepView v;
            v.t0 = view.t0;
            v.t1 = view.t1;
            scaled.toState(view.y1, yStep.data());
            v.y1 = yStep.data();
            v.stateAt = [&view, &scaled](double time, double* out) {
                view.stateAt(time, out);
                scaled.toState(out, out);
            };
            return onStep(v);
        };
        const Status status = integrateUnscaled(scaled, u, t0, t1, options, onStep ? StepCallback(back) : StepCallback(), s, t);
        scaled.toState(u.data(), y.data());
        return status;
    }
    return integrateUnscaled(ode, y, t0, t1, options, onStep, s, t);
}

Status integrateUnscaled(const SmoothOde& ode, std::vector<double>& y, double t0, double t1, const OdeIntegrationOptions& options,
                         const StepCallback& onStep, OdeIntegrationStats& s, double& t)
{
    if (options.integrator == Integrator::Rosenbrock4)
        return integrateRosenbrock(ode, y, t0, t1, options, onStep, s, t);
    if (options.integrator == Integrator::Dop853)
        return integrateDop853(ode, y, t0, t1, options, onStep, s, t);
    if (options.integrator == Integrator::Bdf)
        return integrateBdf(ode, y, t0, t1, options, onStep, s, t);
    return integrateDormandPrince(ode, y, t0, t1, options, onStep, s, t);
}

} // namespace fl
