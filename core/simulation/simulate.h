#pragma once
#include "solvers/poincare_section.h"
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <atomic>
#include <functional>
#include <optional>

namespace fl {

/// Called while a run goes on: the result so far and where its new samples and section points start.
using RunProgress = std::function<void(const RunResult& partial, size_t firstNewSample, size_t firstNewSection)>;

struct RunOptions {
    const std::atomic<bool>* cancel = nullptr; ///< polled once per integrator step
    std::optional<PoincareSection> section;     ///< recorded into RunResult::section*
    RunProgress progress;                       ///< throttled to one call per progressInterval
    double progressInterval = 0.05;             ///< seconds of wall time
    /// Bounded memory for long runs written to a file: when set, as soon as the result
    /// holds drainRows samples or drainEvents event records (RunResult::eventRecords), checked at
    /// the end of an integrator step, they are handed to drain and then dropped from it, so a run
    /// of any length holds one block; the last (partial) block stays in the returned result, and
    /// t_end / dt may reach kMaxStreamedOutputSamples. A block carries the samples, switches,
    /// grazes, stick intervals (each in the block where it ends) and section points since the
    /// previous block, in time order (a block drained for its events may hold no sample);
    /// switchCount and grazeCount count from the start of the run. An error from drain stops the
    /// run with that status. Nothing is capped (maxEventRecords is for in-memory runs).
    std::function<Status(const RunResult& block)> drain;
    size_t drainRows = 4096; ///< small enough to stay in cache (fewer page faults than large blocks)
    size_t drainEvents = 65536; ///< 1 MB of events: a chain of many blocks switches ~100 times per sample
    /// In-memory runs (no drain): each event list keeps its first maxEventRecords records (see
    /// kMaxEventRecords); later events are counted, RunResult::eventsCapped set and the warning says so.
    size_t maxEventRecords = static_cast<size_t>(kMaxEventRecords);
};

/// Runs a scenario with its method. Deterministic; never throws. A cancelled, diverged or
/// invalid run returns a result whose status says why (the samples so far are kept).
RunResult simulate(const Scenario& scenario, const RunOptions& options);
RunResult simulate(const Scenario& scenario, const std::atomic<bool>* cancel = nullptr);

/// The Poincaré section the application shows for a scenario: stroboscopic at the forcing period
/// where there is a periodic forcing, otherwise a hyperplane crossing named by the system.
PoincareSection defaultSection(const Scenario& scenario);

} // namespace fl
