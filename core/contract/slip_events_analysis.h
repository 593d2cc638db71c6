#pragma once
// The slip events of a chain's run (analysis/slip_events.h, docs/physics.md on the Burridge-Knopoff
// chain) as an analysis of the contract: the Slip events view, `session run` and the sessions
// share its setup (transient left out, moment range fitted, size shown), its statistics (the two
// power-law fits and log-binned densities) and its two files, the events and the densities.
#include "analysis/power_law_fit.h"
#include "analysis/slip_events.h"
#include "contract/analysis_contract.h"

#include <string>
#include <vector>

namespace fl {

struct SlipEventsSetup {
    double skipTime = 0.0;  ///< events starting before it are left out (default: a fifth of t_end)
    double fitMin = 0.0;    ///< moment range fitted; 0: the fit chooses the end
    double fitMax = 0.0;
    bool showBlocks = false; ///< the view's distribution: block counts, else moments ("size")
};

/// What is read off the events: a power law and a log-binned density for each size, moment
/// (index 0) and block count (index 1).
struct SlipEventStatistics {
    PowerLawFit fit[2];
    LogHistogram histogram[2];
};

struct SlipEventsResult {
    Status status = Status::success();
    std::vector<SlipEvent> events;
    SlipEventStatistics statistics;
};

struct SlipEventsAnalysis {
    using Setup = SlipEventsSetup;
    using Result = SlipEventsResult;
    static Setup defaults(const Scenario& scenario);
    static SetupRecord write(const Scenario&, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario&, Setup& setup);
    /// skipTime in [0, t_end); each fit end 0 or > 0, and fitMax > fitMin when both are given.
    static SetupProblem check(const Scenario& scenario, const Setup& setup);
    /// The scenario's run, streamed (memory grows with the events, not the samples).
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context);
    static Status status(const Result& result) { return result.status; }
    /// "events": the events (slipEventsCsv) under a line naming the scenario and skip time;
    /// "densities": both fits as '#' lines, then size,centre,density,count.
    static std::vector<CsvFile> csvFiles(const Scenario& scenario, const Setup& setup, const Result& result);

    /// The fits and densities of the events (the view's and the files'): the moments fitted over
    /// [fitMin, fitMax] where given (a range given whole needs 10 events, else 50), the block
    /// counts as discrete sizes over at least a decade.
    static SlipEventStatistics statistics(const std::vector<SlipEvent>& events, const Setup& setup);
    static std::string eventsCsv(const Scenario& scenario, const Setup& setup, const std::vector<SlipEvent>& events);
    static std::string densitiesCsv(const Scenario& scenario, const SlipEventStatistics& statistics);
};

/// "α = 1.79 ± 0.05 on moments 0.0199 … 3.92 (422 of 2692 events, KS distance 0.031)" or why
/// there is no fit; blocks: of the block counts.
std::string describeSlipPowerLaw(const PowerLawFit& fit, bool blocks);

/// Why the scenario has no slip events (not a chain of blocks on one belt), empty when it has.
std::string slipEventsUnavailableReason(const Scenario& scenario);

} // namespace fl
