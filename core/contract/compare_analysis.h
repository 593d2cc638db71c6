#pragma once
// The scenario run event-driven and regularized, and their difference (analysis/method_difference.h,
// JTAM Fig. 4), as an analysis of the contract: the Compare methods view, `frictionlab-cli compare`
// and `session run` share its setup, check, run and CSV files.
#include "analysis/method_difference.h"
#include "contract/analysis_contract.h"
#include "params/parameter_spec.h"

#include <string>
#include <vector>

namespace fl {

struct CompareSetup {
    double eps = 1e-5;      ///< width of the regularized run's law
    std::string eventLaw;   ///< the event-driven run's law (empty: the scenario's counterpart)
    bool logScale = false;  ///< the difference plot's log axis; not in the CSV
    std::string variable;   ///< the time history's variable on display (empty: the first); not in the CSV
};

struct CompareAnalysis {
    using Setup = CompareSetup;
    using Result = MethodComparisonRuns;
    /// The scenario's eps and its event-driven counterpart law.
    static Setup defaults(const Scenario& scenario);
    static SetupRecord write(const Scenario&, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario&, Setup& setup);
    /// eps within its parameter's range, an event-driven law the system has, and
    /// fl::comparisonScenarios for the rest.
    static SetupProblem check(const Scenario& scenario, const Setup& setup);
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context);
    /// Both runs finished with samples.
    static Status status(const Result& result);
    /// "event" and "regularized": each run as `run --out` writes it; "difference": the table of
    /// io/method_difference_csv.h (`compare --out`).
    static std::vector<CsvFile> csvFiles(const Scenario&, const Setup&, const Result& result);
};

/// The regularized run's eps: the numerics parameter's spec (its range, unit and help).
ParameterSpec comparisonEpsSpec();

} // namespace fl
