#pragma once
// A whole smooth run read with its system's near-stick rule (SystemInfo::nearStick): which samples
// are near-stick and over which time intervals, for the plots' stick shading of regularized runs.
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <string>
#include <vector>

namespace fl {

struct NearStickRun {
    std::vector<char> stick;             ///< per sample: 1 while near-stick
    std::vector<TimeInterval> intervals; ///< near-stick intervals; ends interpolated linearly between samples
    double minThreshold = 0.0;           ///< smallest and largest threshold over the run
    double maxThreshold = 0.0;
    std::string symbol;                  ///< the speed compared, e.g. "|v_r|"
    /// An event-driven run without one mode per sample (the chain's n contacts): stick is read as
    /// the speed being exactly 0 (a stuck block keeps v_r = 0 exactly), not below a threshold.
    bool exact = false;

    bool empty() const { return stick.empty(); }
};

/// Reads a smooth run of scenario with its system's rule. Empty for runs with exact modes
/// (event-driven: RunResult::mode is set) and for systems without a rule. An event-driven run
/// without modes is read exactly (NearStickRun::exact).
NearStickRun findNearStick(const Scenario& scenario, const RunResult& run);

/// The rule as text, e.g. "|v_r| < 0.0005" (or "|(v_s, ω_s)| < 0.001…0.003" when the threshold
/// varies with a modulated surface speed; "|v_r,1| = 0" for an exact reading); empty for an empty reading.
std::string describeNearStick(const NearStickRun& reading);

/// Total length of the intervals (time unit of the system).
double totalLength(const std::vector<TimeInterval>& intervals);

} // namespace fl
