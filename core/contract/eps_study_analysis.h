#pragma once
// The study of the regularization width (analysis/eps_study.h, Acta Mech 2016 Fig. 9) as an
// analysis of the contract: the ε study view and `session run` share its setup, check, run and CSV.
#include "analysis/eps_study.h"
#include "contract/analysis_contract.h"

#include <string>
#include <vector>

namespace fl {

/// Most widths a study takes (each is one run; more do not plot legibly).
inline constexpr size_t kMaxStudyEps = 64;

struct EpsStudySetup {
    std::vector<double> eps = {1e-4, 1e-3, 1e-2, 1e-1}; ///< the smallest is the reference ("pattern") run
    std::string variable;  ///< the view's variable on display (empty: the first); not in the CSV
    bool logScale = true;  ///< the difference plot's log axis; not in the CSV
};

struct EpsStudyAnalysis {
    using Setup = EpsStudySetup;
    using Result = EpsStudy;
    static Setup defaults(const Scenario&) { return {}; }
    static SetupRecord write(const Scenario&, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario&, Setup& setup);
    /// 1 .. kMaxStudyEps widths, each in the eps parameter's range; fl::epsStudyScenarios.
    static SetupProblem check(const Scenario& scenario, const Setup& setup);
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context);
    static Status status(const Result& result) { return result.status; }
    /// '#' lines (scenario, tolerance, max |Δ| per eps and variable), then t and per variable each
    /// run's value and its |difference| from the reference run.
    static std::string csv(const Scenario&, const Setup&, const Result& result);
};

/// "1e-4" for powers of ten, otherwise three significant digits ("3e-4" reads "0.0003", "0.025").
std::string epsLabel(double eps);

} // namespace fl
