#include "solvers/smooth_solver.h"
#include "solvers/output_recorder.h"
#include "solvers/regularized_contact_ode.h"

namespace fl {

RunResult runRegularized(const ContactSystem& system, const SmoothFriction& friction, Integrator integrator,
                         const IntegrationSettings& s)
{
    RunResult result;
    OutputRecorder recorder(system, s.dt, s.tEnd, result);
    const RegularizedContactOde ode(system, friction);
    std::vector<double> y = system.initialState();
    std::vector<double> scratch(y.size());
    recorder.add(y.data(), ode.force(0.0, y.data()), -1);

    OdeIntegrationOptions options;
    options.integrator = integrator;
    options.tol = s.tol;
    options.maxStep = s.maxStep;
    options.maxSteps = s.maxSteps;
    options.cancel = s.cancel;
    auto forceAt = [&ode](double t, const double* state) { return ode.force(t, state); };
    auto onStep = [&](const StepView& step) {
        recorder.sampleUntil(step.t1, step.stateAt, forceAt, -1, scratch.data());
        return !recorder.done();
    };
    OdeIntegrationStats stats;
    result.status = integrateOde(ode, y, 0.0, s.tEnd, options, onStep, &stats);
    result.steps = stats.steps;
    if (result.status.ok() && !recorder.done())
        result.status = Status::error("integration ended before t_end");
    return result;
}

} // namespace fl
