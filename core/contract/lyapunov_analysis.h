#pragma once
// Lyapunov exponents of a scenario from its initial state (docs/physics.md sec. 5) as an analysis of
// the contract (contract/analysis_contract.h): the Lyapunov panel, `frictionlab-cli lyapunov` and
// `session run` share its setup, its limits, its run and its CSV of the running estimates.
#include "analysis/lyapunov.h"
#include "contract/analysis_contract.h"

#include <string>

namespace fl {

/// Bounds a run finishes within (the panel's and the command line's).
inline constexpr double kMaxLyapunovTime = 1e9;          ///< transient + duration
inline constexpr double kMaxReorthonormalisations = 1e7; ///< duration / interval

struct LyapunovSetup {
    double transient = 100.0; ///< integrated first and discarded
    double duration = 1000.0; ///< averaging time
    double interval = 1.0;    ///< re-orthonormalisation period
    bool spectrum = false;    ///< the full spectrum, else the largest exponent ("mode": "spectrum" | "largest")
};

struct LyapunovAnalysis {
    using Setup = LyapunovSetup;
    using Result = LyapunovResult;
    static Setup defaults(const Scenario&) { return {}; }
    static SetupRecord write(const Scenario&, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario&, Setup& setup);
    static SetupProblem check(const Scenario&, const Setup& setup);
    /// count: the exponents wanted (0: all); the setup's mode gives 1 or 0 (run()).
    static Result runCount(const Scenario& scenario, const Setup& setup, int count, const AnalysisContext& context);
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context)
    {
        return runCount(scenario, setup, setup.spectrum ? 0 : 1, context);
    }
    static Status status(const Result& result) { return result.status; }
    static std::string csv(const Scenario&, const Setup&, const Result& result) { return lyapunovHistoryCsv(result, result.exponents.size()); }
    /// "t,lambda_1,...": the running estimates, each row sorted descending, every number exact.
    static std::string lyapunovHistoryCsv(const Result& result, size_t exponents);
};

/// Why the scenario has no Lyapunov exponents (invalid, or an event-driven method without saltation
/// matrices for its system); empty when it has.
std::string lyapunovUnavailableReason(const Scenario& scenario);

} // namespace fl
