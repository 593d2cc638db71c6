#pragma once
#include "solvers/ode_integrator.h"

#include <atomic>

namespace fl {

/// Numerical settings shared by every method.
struct IntegrationSettings {
    double tEnd = 200.0;
    double dt = 0.01;        ///< output interval
    double tol = 1e-10;      ///< relative and absolute tolerance
    double maxStep = 0.25;   ///< largest step (so that no event or forcing period is stepped over)
    long maxSteps = 20'000'000;
    const std::atomic<bool>* cancel = nullptr;
    /// The integrator of the regularized method (Scenario::stiffIntegrator).
    Integrator stiffIntegrator = Integrator::Bdf;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

} // namespace fl
