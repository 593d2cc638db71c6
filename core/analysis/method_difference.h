#pragma once
// The comparison of a scenario run event-driven (exact stick/slip switching) and regularized
// (smooth law of width eps, the scenario's stiff integrator), as in JTAM Fig. 4: how the two
// scenarios are derived, both runs, and |event - regularized| of the compared state variables.
// The GUI's "Compare methods" and `frictionlab-cli compare` both read these numbers. Deterministic
// and pure: safe on any thread.
#include "common/status.h"
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace fl {

/// The scenario with the event-driven method and with the regularized one at eps (every other
/// value as given). The event-driven run takes eventLawId (empty: fl::eventDrivenCounterpart, the
/// scenario's own law when it has a set-valued form), with the values of the parameters both laws
/// have; so LuGre runs against event-driven stribeck-gauss. An error names the method the system
/// or its law cannot run.
Status comparisonScenarios(const Scenario& scenario, double eps, const std::string& eventLawId,
                           Scenario& eventDriven, Scenario& regularized);

/// What a comparison tells of one of its runs (its samples stay with the run).
struct ComparedRunInfo {
    std::string description;  ///< fl::describe of its scenario
    std::string lawId;
    Method method = Method::EventDriven;
    Status status = Status::success();
    std::size_t samples = 0;  ///< 0: no run (then it is not succeeded either)
    long steps = 0;
    long switchCount = 0;     ///< stick/slip switches (event-driven runs)
    double wallSeconds = 0.0;
    /// Finished with samples: the difference and the CSV use it.
    bool succeeded() const { return status.ok() && samples > 0; }
};
ComparedRunInfo comparedRunInfo(const Scenario& scenario, const RunResult& result);

/// |event - regularized| of one variable on the event-driven run's output grid.
struct VariableDifference {
    std::string name;                      ///< the variable, e.g. "x"
    std::vector<double> eventValues;
    std::vector<double> regularizedValues; ///< linearly interpolated when the grids differ
    std::vector<double> difference;        ///< |event - regularized|, bit for bit
    double max = 0.0;                      ///< the largest difference (the first if repeated)
    double maxTime = 0.0;                  ///< and where it is
};

/// The difference of two runs: the state variables among the system's PlotHints::timeHistory that
/// both have (x and phi for the disk, x for the block), sampled on the event-driven run's grid where
/// it overlaps the regularized run's.
struct MethodDifference {
    ComparedRunInfo eventRun;
    ComparedRunInfo regularizedRun;
    std::vector<double> t;                 ///< grid of the differences (empty if a run failed)
    std::vector<VariableDifference> variables;
};

/// Compares two finished runs; a failed run (or one without samples) gives no differences.
MethodDifference methodDifference(const Scenario& eventScenario, const RunResult& eventDriven,
                                  const Scenario& regularizedScenario, const RunResult& regularized);

/// Both runs of a comparison and their difference.
struct MethodComparisonRuns {
    Scenario eventScenario;
    Scenario regularizedScenario;
    RunResult eventResult;
    RunResult regularizedResult;
    MethodDifference difference;
    double wallSeconds = 0.0;              ///< both runs (at once) and the comparison
};

/// Runs the two scenarios of comparisonScenarios at once (two copies of fl::runWorkers: the GUI's
/// pool, or threads; fl::simulate with default options, as the GUI's runs: the same samples) and
/// compares them.
MethodComparisonRuns runMethodComparison(const Scenario& eventDriven, const Scenario& regularized,
                                         const std::atomic<bool>* cancel = nullptr);

} // namespace fl
