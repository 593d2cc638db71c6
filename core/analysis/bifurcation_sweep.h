#pragma once
// Brute-force bifurcation diagrams (docs/physics.md sec. 5): sweep one parameter, discard a transient,
// record an observable (Poincaré section points or local maxima of a variable). Continuation (each
// value starts from the previous value's final state, up and/or down) shows hysteresis and
// coexisting attractors; otherwise every value starts from the scenario's initial state. Each
// column is a pure function of its inputs, so the result does not depend on the thread count.
#include "common/status.h"
#include "scenario/scenario.h"
#include "scenario/sweep_spec.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace fl {

struct SweepColumn {
    int index = 0;              ///< position in the sweep order (0 .. steps-1, then down branch)
    int branch = 0;             ///< 0 sweep up, 1 sweep down
    double parameter = 0.0;
    std::vector<double> values; ///< the recorded observable
    /// An equilibrium: every state variable's range while recording is below the noise floor
    /// (1e-6 of 1 + its magnitude); values then holds the final value only. A motion that never
    /// meets the section (or has no maximum) is not settled and records no values.
    bool settled = false;
    Status status = Status::success();
    long steps = 0;
};

/// Most time a sweep integrates per parameter value (transient + recording), and most stroboscopic
/// section times per value: beyond, a sweep would not finish (or exhaust memory) and is refused.
inline constexpr double kMaxSweepTime = 1e9;
inline constexpr double kMaxStrobeTimes = 1e7;

/// Checks a sweep against a scenario (parameter exists, range inside its allowed range, finite
/// times within kMaxSweepTime and kMaxStrobeTimes, ...).
Status validateSweep(const Scenario& base, const SweepSpec& spec);
/// Whether a message of validateSweep is about the strobe's period (the field a window marks).
bool isPeriodProblem(const std::string& message);

/// Worker threads a sweep keeps busy out of `threads`: with continuation each branch is one
/// sequential job (1 for up or down, 2 for both), otherwise one job per column.
int sweepThreads(const SweepSpec& spec, int threads);

/// The parameter's value at column i (0 .. steps - 1), from .. to inclusive.
double sweepValue(const SweepSpec& spec, int i);

/// The sweep's independent jobs: with continuation one per branch (its columns in order), else one
/// per column; the unit that threads and MPI ranks are handed.
int sweepJobCount(const SweepSpec& spec);
/// Runs job `job` (0 .. sweepJobCount - 1) and returns its columns (index and branch set);
/// onColumn is called as each finishes. runSweep is these jobs on a pool of threads.
std::vector<SweepColumn> runSweepJob(const Scenario& base, const SweepSpec& spec, int job, const std::atomic<bool>* cancel,
                                     const std::function<void(const SweepColumn&)>& onColumn = {});

/// Runs the sweep on `threads` worker threads (>= 1). onColumn is called once per finished
/// column, from a worker thread, in no particular order (use SweepColumn::index). Returns the
/// columns in sweep order. A cancel stops within the column being computed.
std::vector<SweepColumn> runSweep(const Scenario& base, const SweepSpec& spec, int threads,
                                  const std::atomic<bool>* cancel,
                                  const std::function<void(const SweepColumn&)>& onColumn = {});

} // namespace fl
