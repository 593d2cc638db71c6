#pragma once
// One Lyapunov computation (fl::lyapunovSpectrum on a scenario's smooth ODE) as a plain function
// that runs on any thread, with a cooperative cancel and a progress fraction it keeps up to date.
#include "analysis/lyapunov.h"
#include "scenario/scenario.h"

#include <QString>

#include <atomic>
#include <functional>

namespace fl::ui {

/// What to compute: the scenario from its initial state, and the averaging settings.
struct LyapunovRequest {
    fl::Scenario scenario;
    double transient = 100.0; ///< time integrated first and discarded
    double duration = 1000.0; ///< averaging time
    double interval = 1.0;    ///< re-orthonormalisation period
    int count = 1;            ///< exponents wanted (0 = the full spectrum)
};

/// Why the scenario has no Lyapunov exponents here (event-driven method, invalid scenario), or
/// an empty string when it has.
QString lyapunovUnavailableReason(const fl::Scenario& scenario);

/// Checks the averaging settings: empty if valid, else a message with the allowed values.
QString checkLyapunovRequest(const LyapunovRequest& request);

/// Computes the exponents. cancel (may be null) is polled once per integrator step; progress (may
/// be empty) receives the fraction of the integration time done, 0..1.
/// Receives the fraction of the integration time done, 0..1 (on the computing thread).
using LyapunovProgress = std::function<void(double)>;

fl::LyapunovResult computeLyapunov(const LyapunovRequest& request, const std::atomic<bool>* cancel,
                                   const LyapunovProgress& progress);

} // namespace fl::ui
