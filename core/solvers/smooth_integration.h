#pragma once
// The integrate() of every Dynamics whose method is one smooth ODE (regularized laws, laws with
// memory, Karnopp's window, smooth systems): integrateOde with the observer and the step count.
#include "solvers/dynamics.h"
#include "solvers/ode_integrator.h"

namespace fl {

inline Status integrateSmooth(const SmoothOde& ode, const OdeIntegrationOptions& options, std::vector<double>& y, double& t,
                              double tEnd, DynamicsObserver& observer, IntegrationStats& stats)
{
    OdeIntegrationStats odeStats;
    odeStats.steps = stats.steps;
    Status status = integrateOde(ode, y, t, tEnd, options, [&observer](const StepView& step) { return observer.onStep(step, -1); },
                                 &odeStats, &t);
    stats.steps = odeStats.steps;
    return status;
}

} // namespace fl
