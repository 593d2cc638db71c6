#pragma once
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <atomic>

namespace fl {

/// Runs a scenario with its method. Deterministic; never throws. A cancelled, diverged or
/// invalid run returns a result whose status says why (the samples so far are kept).
/// cancel, if given, is polled once per integrator step.
RunResult simulate(const Scenario& scenario, const std::atomic<bool>* cancel = nullptr);

} // namespace fl
