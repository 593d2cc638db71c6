#pragma once
// The stepping loop shared by the smooth (regularized) methods; included only by their .cpp files.
#include "solvers/integration_settings.h"
#include "solvers/output_recorder.h"
#include "solvers/smooth_friction.h"

#include <cmath>
#include <string>

namespace fl {
namespace detail {

template <class State>
bool allFinite(const State& y)
{
    for (size_t i = 0; i < y.size(); ++i)
        if (!std::isfinite(y[i]))
            return false;
    return true;
}

/// Steps a dense-output stepper to t_end, sampling the grid; stops on cancel, step limit or a
/// non-finite state with a status message. Shared by both smooth methods.
template <class Stepper, class State, class Rhs>
RunResult integrateSmooth(Stepper stepper, Rhs rhs, State y, const ContactSystem& system,
                          const SmoothFriction& friction, const IntegrationSettings& s)
{
    RunResult result;
    OutputRecorder recorder(system, s.dt, s.tEnd, result);
    auto forceAt = [&](double t, const double* state) { return friction.force(system.relativeVelocity(t, state)); };
    State scratch = y;
    stepper.initialize(y, 0.0, std::min(s.maxStep, 1e-3));
    recorder.add(&y[0], forceAt(0.0, &y[0]), -1);
    while (!recorder.done()) {
        if (s.cancelled()) {
            result.status = Status::error("cancelled");
            break;
        }
        if (result.steps >= s.maxSteps) {
            result.status = Status::error("step limit of " + std::to_string(s.maxSteps) + " reached at t = "
                                          + std::to_string(stepper.current_time()) + " (stiff? try the implicit method)");
            break;
        }
        stepper.do_step(rhs);
        ++result.steps;
        if (!allFinite(stepper.current_state()) || !(stepper.current_time() > stepper.previous_time())) {
            result.status = Status::error("solver failed at t = " + std::to_string(stepper.previous_time())
                                          + ": the state is not finite or the step size vanished");
            break;
        }
        recorder.sampleUntil(stepper, stepper.current_time(), scratch, forceAt, -1);
    }
    return result;
}

} // namespace detail

} // namespace fl
