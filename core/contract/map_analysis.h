#pragma once
// The two-parameter map (analysis/parameter_map.h) as an analysis of the contract: the Map view,
// `frictionlab-cli map` and `session run` share its setup, check, run and CSV.
#include "analysis/parameter_map.h"
#include "contract/analysis_contract.h"

#include <string>

namespace fl {

struct MapSetup {
    MapSpec spec;
    int threads = 0; ///< 0: the context's (every core); the values do not depend on it
};

struct MapAnalysis {
    using Setup = MapSetup;
    using Result = MapResult;
    /// The Map view's first grid for the scenario: its first two parameters, 21 x 21.
    static Setup defaults(const Scenario& scenario);
    /// x and y as {parameter, from, to, steps}; the amplitude's variable by its state name.
    static SetupRecord write(const Scenario& scenario, const Setup& setup);
    static void read(SetupRecordReader& reader, const Scenario& scenario, Setup& setup);
    /// fl::validateMap, the longest period in [1, 64] and threads in [0, 256].
    static SetupProblem check(const Scenario& scenario, const Setup& setup);
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context);
    static Status status(const Result& result);
    /// fl::writeMapCsv: '#' metadata, then "x,y,value".
    static std::string csv(const Scenario& scenario, const Setup& setup, const Result& result);
};

/// An axis's range around its parameter's value (half of it either side, inside the allowed range),
/// or the lowest tenth of the allowed range where the value is 0.
void defaultMapRange(const Scenario& scenario, MapAxis& axis);

} // namespace fl
