#pragma once
// Lyapunov exponents of a smooth system by Benettin's method: the variational equations
// Phi' = J(t, y) Phi integrated with the state, Phi re-orthonormalised by QR every `interval`
// time units, the exponents the time averages of log |R_ii| (docs/physics.md sec. 5).
#include "common/status.h"
#include "solvers/ode_integrator.h"

#include <functional>
#include <vector>

namespace fl {

/// Event-driven exponents: the most n^2 (k + 2) (n states, k exponents) a run may cost per sub-step.
inline constexpr double kMaxTangentWork = 2e7;

struct LyapunovOptions {
    double transient = 100.0;   ///< integrated first and discarded (state only)
    double duration = 1000.0;   ///< averaging time
    double interval = 1.0;      ///< re-orthonormalisation period
    int count = 0;              ///< exponents wanted (0 = all, the full spectrum)
    OdeIntegrationOptions integration;
    /// Event-driven runs: called after each period with the fraction of the whole run done.
    std::function<void(double fraction)> progress;
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

/// Benettin's method through the stick/slip switches of an event-driven run: the
/// tangent vectors follow each mode's linearisation and are mapped by saltation matrices at the
/// switches (Dynamics::integrateVariational; Müller 1995). A tangent direction that a switch maps
/// to zero (entering stick confines the motion to v_r = 0) has the exponent -infinity, reported as
/// -inf: exactly, not a finite-time estimate. options.integration is not used (the dynamics
/// integrates with its own settings).
LyapunovResult lyapunovSpectrumNonsmooth(const class Dynamics& dynamics, std::vector<double> y0, double t0,
                                         const LyapunovOptions& options);

/// The scenario's dynamics by the method it has: smoothOde() by lyapunovSpectrum, an event-driven
/// method with saltation matrices by lyapunovSpectrumNonsmooth; else an error.
LyapunovResult lyapunovOfDynamics(const class Dynamics& dynamics, const LyapunovOptions& options);

} // namespace fl
