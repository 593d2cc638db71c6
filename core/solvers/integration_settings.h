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
    /// The integrator of the explicit method: Dormand-Prince 8(5,3) (~6x fewer steps than
    /// 5(4) at the default tol = 1e-10, 2x less time on the pendulum).
    static constexpr Integrator kExplicitIntegrator = Integrator::Dop853;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

} // namespace fl
