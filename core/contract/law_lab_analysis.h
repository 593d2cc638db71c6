#pragma once
// A law with memory under a prescribed motion (analysis/law_experiments.h) as an analysis of the
// contract: the Law lab and `session run` share its setup, check, run and CSV.
#include "analysis/law_experiments.h"
#include "contract/analysis_contract.h"

#include <string>
#include <vector>

namespace fl {

/// Most amplitudes or frequencies an experiment takes (each is one curve).
inline constexpr size_t kMaxLawLabValues = 8;

struct LawLabSetup {
    /// "pre-sliding", "frictional-lag" or "speed-steps"; empty: the law has no memory (no experiment).
    std::string experiment;
    /// Pre-sliding: amplitudes X; lag: frequencies w; speed steps: v1, v2.
    std::vector<double> values;
};

struct LawLabAnalysis {
    using Setup = LawLabSetup;
    using Result = LawExperimentResult;
    /// The law's first experiment with its default values (law_experiments.h defaultExperiment).
    static Setup defaults(const Scenario& scenario);
    static SetupRecord write(const Scenario&, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario&, Setup& setup);
    /// An experiment the law offers; 1 .. kMaxLawLabValues values > 0, two different ones for speed steps.
    static SetupProblem check(const Scenario& scenario, const Setup& setup);
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context);
    static Status status(const Result& result) { return result.status; }
    /// '#' lines (law, experiment, the law's parameters), then "curve,<x>,<y>" per point.
    static std::string csv(const Scenario& scenario, const Setup& setup, const Result& result);

    /// The experiment the setup names, with its values, over the law's defaults.
    static LawExperimentSpec spec(const Scenario& scenario, const Setup& setup);
};

const char* lawExperimentId(LawExperimentKind kind);
bool parseLawExperiment(const std::string& id, LawExperimentKind& kind);
/// "Pre-sliding: force against displacement", ...
const char* lawExperimentName(LawExperimentKind kind);
/// The scenario's law when it has memory (internal states), else null.
const FrictionLawInfo* lawWithMemory(const Scenario& scenario);

} // namespace fl
