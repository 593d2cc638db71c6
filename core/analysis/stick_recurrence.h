#pragma once
// The period of an event-driven stick-slip attractor from the recurrence of its stick entries:
// an autonomous system that enters stick twice in the same state repeats itself from there, so
// the smallest p with entry i+p == entry i (within a tolerance, in the state space) is the number
// of stick phases per period and t_{i+p} - t_i the period.
#include "common/status.h"
#include "scenario/scenario.h"

#include <atomic>
#include <cstddef>
#include <vector>

namespace fl {

/// A slip-to-stick switch with the state at that instant (located on the dense output).
struct StickEntry {
    double t = 0.0;
    std::vector<double> state;
};

struct StickRecurrenceOptions {
    double tolerance = 1e-6; ///< largest |entry_{i+p} - entry_i| (max over the state variables)
    double afterTime = 0.0;  ///< entries before this time (the transient) are ignored
    int maxEntriesPerPeriod = 50;
    /// The recurrence must hold for this many consecutive entries i (at least 1): repeats over
    /// several periods, not one near miss.
    int confirmations = 3;
};

struct StickRecurrence {
    bool periodic = false;       ///< a recurrence within the tolerance was found
    int stickPhasesPerPeriod = 0; ///< p: stick entries (= stick phases) per period
    double period = 0.0;         ///< mean of t_{i+p} - t_i over the confirmed entries
    double mismatch = 0.0;       ///< largest state difference of the confirmed recurrences
    double periodSpread = 0.0;   ///< largest |t_{i+p} - t_i - period| over the confirmed entries
    std::size_t firstEntry = 0;  ///< index of the first confirmed entry i
    std::size_t entriesUsed = 0; ///< entries at or after afterTime
    /// For each p in 1..maxEntriesPerPeriod: the smallest mismatch of a recurrence with that p
    /// (over all i after the transient), to say how far from periodic a motion is.
    std::vector<double> bestMismatch;
};

/// Finds the smallest p such that entries i+p and i agree within the tolerance for
/// `confirmations` consecutive i (the first such i after afterTime).
StickRecurrence findStickRecurrence(const std::vector<StickEntry>& entries, const StickRecurrenceOptions& options);

/// Runs an event-driven scenario from its initial state (or from `start` at `t0` when start is
/// non-empty) to tEnd and records the state at every slip-to-stick switch.
Status recordStickEntries(const Scenario& scenario, double tEnd, std::vector<StickEntry>& entries,
                          const std::vector<double>& start = {}, double t0 = 0.0,
                          const std::atomic<bool>* cancel = nullptr);

} // namespace fl
