#pragma once
// A study of the regularization width (Acta Mech 2016 Fig. 9): one smooth scenario run at several
// eps on the same output grid, and the differences of each run from the run at the smallest eps
// (the "pattern" solution). Deterministic; safe on any thread.
#include "common/status.h"
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fl {

struct EpsStudyOptions {
    std::vector<double> eps;              ///< widths; sorted ascending, the smallest is the reference
    /// Columns compared (state variables or outputs); empty: the system's time-history variables
    /// (PlotHints::timeHistory), then the state variables not among them.
    std::vector<std::string> variables;
    /// Smooth method of every run; absent: the scenario's if smooth, else Regularized.
    std::optional<Method> method;
    /// Integrator tolerance of every run; <= 0: epsStudyTolerance(scenario, eps).
    double tolerance = 0.0;
    int threads = 1;                      ///< runs computed at once
    const std::atomic<bool>* cancel = nullptr;
    /// Fraction of the whole study done (0..1), from any worker thread (calls are serialized).
    std::function<void(double fraction)> progress;
};

/// |run - reference| of one variable over the common grid.
struct EpsDifference {
    std::string variable;
    std::vector<double> values;           ///< the run's values
    std::vector<double> difference;       ///< |values - reference values|
    double max = 0.0;
    double maxTime = 0.0;
};

struct EpsStudyRun {
    double eps = 0.0;
    Scenario scenario;
    RunResult result;
    std::vector<EpsDifference> differences; ///< one per variable; zero for the reference run
};

struct EpsStudy {
    Status status = Status::success();    ///< the first failure (naming its eps), or cancelled
    std::vector<std::string> variables;
    std::vector<double> t;                ///< the grid shared by every finished run
    std::vector<EpsStudyRun> runs;        ///< ascending eps; runs[0] is the reference
    double tolerance = 0.0;               ///< the integrator tolerance used
    double wallSeconds = 0.0;
    /// max |Δ| of a variable for each run (0 for the reference; NaN where a run failed).
    std::vector<double> maxDifferences(std::size_t variable) const;
};

/// The tolerance an eps study needs: in stick a regularized contact creeps at speeds of order
/// eps, so the absolute tolerance must lie well below the smallest eps: min(scenario tol,
/// 1e-6 eps_min). Measured on Acta Fig. 9 (eps = 1e-4, BDF, against Dormand-Prince at 1e-12): phi
/// is off by 3.4 rad at tol 1e-6, 7.6e-3 at 1e-8, 1.6e-6 at 1e-10, while eps = 1e-3 differs by 4.3e-3.
double epsStudyTolerance(const Scenario& scenario, const std::vector<double>& eps);

/// The scenarios of a study (ascending eps, duplicates removed): an error for no eps, an eps out of
/// the parameter's range, a system without the smooth method, or an invalid scenario.
Status epsStudyScenarios(const Scenario& scenario, const EpsStudyOptions& options, std::vector<Scenario>& out);

/// Runs the study. Runs that fail keep their status and samples; differences are taken over the
/// samples every finished run has.
EpsStudy runEpsStudy(const Scenario& scenario, const EpsStudyOptions& options);

} // namespace fl
