#pragma once
// The Poincaré section of the scenario's run (simulation/simulate.h, defaultSection) as an analysis
// of the contract: the Poincaré view, `session run` and the sessions share its setup (the plane
// shown) and its CSV of the section points. The points are those of the window's own run of the
// scenario (its t_end, the system's section), so the view's export and the command's file agree.
#include "contract/analysis_contract.h"
#include "solvers/run_result.h"

#include <string>
#include <vector>

namespace fl {

struct PoincareSetup {
    std::string horizontal;      ///< a state variable's name (the plot's horizontal axis)
    std::string vertical;        ///< a state variable's name (the vertical axis)
    bool wrapHorizontal = false; ///< the axis modulo 2π, in (-π, π] (angles with full rotations)
    bool wrapVertical = false;
};

struct PoincareAnalysis {
    using Setup = PoincareSetup;
    using Result = RunResult;
    /// The system's first phase portrait made of state variables, else the first two variables.
    static Setup defaults(const Scenario& scenario);
    static SetupRecord write(const Scenario&, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario&, Setup& setup);
    /// Both axes name state variables of the scenario.
    static SetupProblem check(const Scenario& scenario, const Setup& setup);
    /// The scenario's run recording its section (as the window's run does); progress in simulated time.
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context);
    static Status status(const Result& result) { return result.status; }
    static std::string csv(const Scenario&, const Setup&, const Result& result)
    {
        return poincarePointsCsv(result.stateNames, result.sectionTimes, result.sectionStates);
    }
    /// "t,<state names>", one row per section point (states row-major, names.size() per point),
    /// every number in its shortest exact form.
    static std::string poincarePointsCsv(const std::vector<std::string>& names, const std::vector<double>& times,
                                         const std::vector<double>& states);
};

} // namespace fl
