#pragma once
// Integrates a SmoothOde with a dense-output stepper and hands every accepted step to a callback
// that can evaluate the solution anywhere inside the step (for output grids, Poincaré sections
// and event location to solver accuracy, not to an output grid).
#include "common/status.h"
#include "solvers/smooth_ode.h"

#include <atomic>
#include <functional>
#include <vector>

namespace fl {

enum class Integrator {
    DormandPrince, ///< explicit Runge-Kutta 5(4), dense output of order 4
    Dop853,        ///< explicit Runge-Kutta 8(5,3), dense output of order 7 (solvers/ode_dop853.cpp)
    Rosenbrock4,   ///< stiff, L-stable, order 4, dense output of order 3
    Bdf,           ///< stiff, SUNDIALS CVODE: variable-order BDF 1-5, Newton on the analytic Jacobian,
                   ///< dense output by CVODE's interpolant (solvers/ode_cvode.cpp)
};

/// One accepted step [t0, t1] of a dense-output stepper.
struct StepView {
    double t0;
    double t1;
    const double* y1;                                   ///< state at t1
    std::function<void(double t, double* y)> stateAt;   ///< dense output on [t0, t1]
};

/// Return false to stop the integration (e.g. enough section points collected).
using StepCallback = std::function<bool(const StepView&)>;

struct OdeIntegrationOptions {
    Integrator integrator = Integrator::DormandPrince;
    double tol = 1e-10;     ///< relative and absolute
    double maxStep = 0.25;
    double firstStep = 1e-3;
    long maxSteps = 20'000'000;
    const std::atomic<bool>* cancel = nullptr;
};

/// The options of a scenario's integration settings with the given integrator.
OdeIntegrationOptions odeOptions(const struct IntegrationSettings& settings, Integrator integrator);

struct OdeIntegrationStats {
    long steps = 0;
};

/// Integrates from (t0, y) up to t1 (or until the callback says stop); y holds the final state,
/// which is the state at the last step end (t >= t1 when not stopped early). Status: cancelled,
/// step limit, or a non-finite state, with a message.
Status integrateOde(const SmoothOde& ode, std::vector<double>& y, double t0, double t1,
                    const OdeIntegrationOptions& options, const StepCallback& onStep, OdeIntegrationStats* stats = nullptr,
                    double* tFinal = nullptr);

} // namespace fl
