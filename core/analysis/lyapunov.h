#pragma once
// Lyapunov exponents of a smooth system by Benettin's method: the variational equations
// Phi' = J(t, y) Phi integrated with the state, Phi re-orthonormalised by QR every `interval`
// time units, the exponents the time averages of log |R_ii| (PHYSICS.md sec. 5).
#include "common/status.h"
#include "solvers/ode_integrator.h"

#include <vector>

namespace fl {

struct LyapunovOptions {
    double transient = 100.0;   ///< integrated first and discarded (state only)
    double duration = 1000.0;   ///< averaging time
    double interval = 1.0;      ///< re-orthonormalisation period
    int count = 0;              ///< exponents wanted (0 = all, the full spectrum)
    OdeIntegrationOptions integration;
};

struct LyapunovResult {
    Status status = Status::success();
    std::vector<double> exponents;              ///< descending
    std::vector<double> times;                  ///< averaging time at each re-orthonormalisation
    std::vector<std::vector<double>> history;   ///< running estimates at those times (convergence)
    std::vector<double> finalState;
};

/// Benettin's method from (t0, y0). For a periodic forcing the time direction contributes the zero
/// exponent only if t is part of the state; here t is explicit, so an n-dimensional non-autonomous
/// system has n exponents.
LyapunovResult lyapunovSpectrum(const SmoothOde& ode, std::vector<double> y0, double t0, const LyapunovOptions& options);

} // namespace fl
