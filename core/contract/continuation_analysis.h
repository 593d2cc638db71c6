#pragma once
// Continuation of periodic orbits and equilibria (analysis/orbit_continuation.h,
// docs/continuation.md) as an analysis of the contract (contract/analysis_contract.h): the
// Bifurcation view's Continuation box, `frictionlab-cli continue` and `session run` share its
// setup, its check, its run and its two files (the branch, the located points or their curves).
#include "analysis/located_curves.h"
#include "analysis/orbit_continuation.h"
#include "contract/analysis_contract.h"

#include <string>
#include <vector>

namespace fl {

/// A branch drawn beside the one being set up, with its own case (another damping, another law):
/// what a session keeps of a diagram of several branches.
struct DrawnBranch {
    Scenario scenario;
    ContinuationSetup branch;
};

/// Most drawn branches a setup keeps (a session's; each is one continuation's work).
inline constexpr size_t kMaxDrawnBranches = 12;

struct ContinuationAnalysisSetup {
    ContinuationSetup branch;
    /// The located points followed in a second parameter (curves.parameter empty: not followed).
    CurveSetup curves;
    /// The branches drawn in the window when the session was saved, oldest first (the last may be
    /// this setup's own): `session run` recomputes each, the window draws them again on request.
    std::vector<DrawnBranch> drawn;
    bool followsCurves() const { return !curves.parameter.empty(); }
};

struct ContinuationResult {
    Branch branch;
    std::vector<LocatedCurve> curves; ///< with a second parameter
    std::vector<Branch> drawn;        ///< of setup.drawn, in its order (run(), not runObserved())
};

struct ContinuationAnalysis {
    using Setup = ContinuationAnalysisSetup;
    using Result = ContinuationResult;
    /// Periodic orbits in the first real parameter of the system, over the Bifurcation view's
    /// default range, from its current value (clamped into the range).
    static Setup defaults(const Scenario& scenario);
    static SetupRecord write(const Scenario&, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario&, Setup& setup);
    /// fl::checkContinuation and, with a second parameter, fl::checkCurves, with the field at fault.
    static SetupProblem check(const Scenario& scenario, const Setup& setup);
    /// The drawn branches, the branch, then the curves.
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context);
    /// A run of the branch (and its curves, not the drawn branches) with pointFound(point,
    /// direction) as each point is accepted (the view draws the branch growing).
    static Result runObserved(const Scenario& scenario, const Setup& setup, const AnalysisContext& context,
                              const std::function<void(const BranchPoint&, int)>& pointFound);
    static Status status(const Result& result) { return result.branch.status; }
    /// "branch": fl::branchCsv; "points": fl::locatedPointsCsv, or fl::locatedCurvesCsv with curves
    /// (the files of `frictionlab-cli continue --out --points`); then "branch-K" and "points-K" of
    /// the K-th drawn branch (1-based) when the result has them.
    static std::vector<CsvFile> csvFiles(const Scenario& scenario, const Setup& setup, const Result& result);
};

/// The words of the setup's "kind" field: periodic orbits or equilibria (steady sliding).
const std::vector<std::string>& continuationKindIds();

} // namespace fl
