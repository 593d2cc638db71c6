#pragma once
// The stepping loop shared by the odeint integrators of ode_integrator.cpp / ode_rosenbrock.cpp,
// and the entry points of every integrator.
#include "solvers/ode_integrator.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

namespace fl {

Status integrateDormandPrince(const SmoothOde& ode, std::vector<double>& y, double t0, double t1,
                              const OdeIntegrationOptions& o, const StepCallback& onStep, OdeIntegrationStats& stats,
                              double& tFinal);
/// Dormand-Prince 8(5,3) with dense output of order 7 (solvers/ode_dop853.cpp).
Status integrateDop853(const SmoothOde& ode, std::vector<double>& y, double t0, double t1, const OdeIntegrationOptions& o,
                       const StepCallback& onStep, OdeIntegrationStats& stats, double& tFinal);
/// Compiled as C++17 (Boost 1.74 uBLAS does not build as C++20).
Status integrateRosenbrock(const SmoothOde& ode, std::vector<double>& y, double t0, double t1,
                           const OdeIntegrationOptions& o, const StepCallback& onStep, OdeIntegrationStats& stats,
                           double& tFinal);

/// SUNDIALS CVODE's BDF (solvers/ode_cvode.cpp); its own step loop (no odeint stepper).
Status integrateBdf(const SmoothOde& ode, std::vector<double>& y, double t0, double t1, const OdeIntegrationOptions& o,
                    const StepCallback& onStep, OdeIntegrationStats& stats, double& tFinal);

namespace detail {

template <class Stepper, class Rhs, class State>
Status stepLoop(Stepper& stepper, Rhs rhs, State& x, double t0, double t1, const OdeIntegrationOptions& o,
                const StepCallback& onStep, OdeIntegrationStats& stats, double& tFinal)
{
    stepper.initialize(x, t0, std::min(o.firstStep, o.maxStep));
    State scratch = x;
    Status status = Status::success();
    StepView view;
    view.stateAt = [&stepper, &scratch](double t, double* out) {
        stepper.calc_state(t, scratch);
        for (size_t i = 0; i < scratch.size(); ++i)
            out[i] = scratch[i];
    };
    tFinal = t0;
    while (stepper.current_time() < t1) {
        if (o.cancel && o.cancel->load(std::memory_order_relaxed)) {
            status = Status::error("cancelled");
            break;
        }
        if (stats.steps >= o.maxSteps) {
            status = Status::error("step limit of " + std::to_string(o.maxSteps) + " reached at t = "
                                   + std::to_string(stepper.current_time()));
            break;
        }
        stepper.do_step(rhs);
        ++stats.steps;
        const auto& y1 = stepper.current_state();
        bool finite = stepper.current_time() > stepper.previous_time();
        for (size_t i = 0; finite && i < y1.size(); ++i)
            finite = std::isfinite(y1[i]);
        if (!finite) {
            status = Status::error("solver failed at t = " + std::to_string(stepper.previous_time())
                                   + ": the state is not finite or the step size vanished");
            break;
        }
        tFinal = stepper.current_time();
        view.t0 = stepper.previous_time();
        view.t1 = tFinal;
        view.y1 = &y1[0];
        if (onStep && !onStep(view))
            break;
    }
    const auto& yEnd = stepper.current_state();
    for (size_t i = 0; i < x.size(); ++i)
        x[i] = yEnd[i];
    return status;
}

/// Calls f.template operator()<State>() with State = std::array<double, n> for the dimensions of
/// FrictionLab's smooth systems (odeint's loops then unroll and nothing is resized per
/// step): the belt (2, 3), the disk and the absorber (4, with a law state 5), the pendulum (6);
/// std::vector<double> otherwise.
template <class F>
Status withStateType(size_t n, F&& f)
{
    switch (n) {
    case 2: return f.template operator()<std::array<double, 2>>();
    case 3: return f.template operator()<std::array<double, 3>>();
    case 4: return f.template operator()<std::array<double, 4>>();
    case 6: return f.template operator()<std::array<double, 6>>();
    default: return f.template operator()<std::vector<double>>();
    }
}

/// stepLoop on a copy of y in the stepper's State type; y holds the final state afterwards.
template <class State, class Stepper, class Rhs>
Status runStepLoop(Stepper& stepper, Rhs rhs, std::vector<double>& y, double t0, double t1, const OdeIntegrationOptions& o,
                   const StepCallback& onStep, OdeIntegrationStats& stats, double& tFinal)
{
    State x{};
    if constexpr (std::is_same_v<State, std::vector<double>>)
        x = y;
    else
        std::copy(y.begin(), y.end(), x.begin());
    const Status status = stepLoop(stepper, rhs, x, t0, t1, o, onStep, stats, tFinal);
    std::copy(x.begin(), x.end(), y.begin());
    return status;
}

} // namespace detail
} // namespace fl
