#pragma once
// The bifurcation sweep (analysis/bifurcation_sweep.h) as an analysis of the contract: the
// Bifurcation view, `frictionlab-cli sweep` and `session run` share its setup, check, run and CSV.
#include "analysis/bifurcation_sweep.h"
#include "contract/analysis_contract.h"
#include "params/parameter_spec.h"

#include <string>
#include <vector>

namespace fl {

struct SweepSetup {
    SweepSpec spec;
    int threads = 0; ///< 0: the context's (every core); the columns do not depend on it
};

struct SweepAnalysis {
    using Setup = SweepSetup;
    using Result = std::vector<SweepColumn>;
    static Setup defaults(const Scenario& scenario);
    static SetupRecord write(const Scenario&, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario&, Setup& setup);
    /// fl::validateSweep, and threads in [0, 256].
    static SetupProblem check(const Scenario& scenario, const Setup& setup);
    /// Columns in sweep order; progress counts finished columns.
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context);
    static Status status(const Result& result);
    /// fl::writeSweepCsv: '#' metadata, then "param,sample,value,branch".
    static std::string csv(const Scenario& scenario, const Setup& setup, const Result& result);
};

/// A swept parameter's first range: half to one and a half times its default (inside its allowed
/// range), or the whole allowed range where the default is 0.
void defaultSweepRange(const ParameterSpec& spec, double& from, double& to);

/// The words of a sweep's setup (the session file's and `frictionlab-cli sweep`'s): observables
/// in SweepObservable order, directions in SweepDirection order, crossings for +1, -1, 0.
const std::vector<std::string>& sweepObservableIds();
const std::vector<std::string>& sweepDirectionIds();
const std::vector<std::string>& sweepCrossingIds();

} // namespace fl
