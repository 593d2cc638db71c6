#pragma once
// The largest Lyapunov exponent as a curve over a parameter range (docs/physics.md sec. 5), every value
// from the scenario's initial state, on a pool of threads (deterministic whatever their number).
#include "analysis/lyapunov.h"
#include "scenario/scenario.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace fl {

struct LyapunovCurvePoint {
    double parameter = 0.0;
    double largest = 0.0;
    Status status = Status::success();
};

/// Lyapunov options for a scenario: its integrator (the scenario's stiff integrator for
/// `regularized`, Dormand-Prince 8(5,3) for `explicit`), tolerance and step limits. Error if the method is not smooth.
Status lyapunovOptionsFor(const Scenario& scenario, LyapunovOptions& options);

/// lambda_1 at `steps` equally spaced values of `parameter` in [from, to]. onPoint is called from
/// worker threads as points finish.
std::vector<LyapunovCurvePoint> largestLyapunovCurve(const Scenario& base, const std::string& parameter, double from, double to,
                                                     int steps, LyapunovOptions options, int threads,
                                                     const std::atomic<bool>* cancel = nullptr,
                                                     const std::function<void(int index, const LyapunovCurvePoint&)>& onPoint = {});

} // namespace fl
