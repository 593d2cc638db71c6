#include "contract/continuation_analysis.h"
#include "contract/sweep_analysis.h"
#include "io/continuation_csv.h"
#include "params/parameter_spec.h"
#include "systems/system_registry.h"

#include <algorithm>

namespace fl {

const std::vector<std::string>& continuationKindIds()
{
    static const std::vector<std::string> ids = {"orbits", "equilibria"};
    return ids;
}

ContinuationAnalysisSetup ContinuationAnalysis::defaults(const Scenario& scenario)
{
    // The sweep's first parameter and range (contract/sweep_analysis.h), so that a branch falls on
    // the diagram the Bifurcation view starts with.
    const SweepSetup sweep = SweepAnalysis::defaults(scenario);
    Setup setup;
    ContinuationSetup& b = setup.branch;
    b.parameter = sweep.spec.parameter;
    b.from = sweep.spec.from;
    b.to = sweep.spec.to;
    b.start = scenario.params.has(b.parameter) ? std::clamp(scenario.params.value(b.parameter), b.from, b.to) : b.from;
    return setup;
}

SetupRecord ContinuationAnalysis::write(const Scenario&, const Setup& setup)
{
    const ContinuationSetup& b = setup.branch;
    SetupRecord record;
    record.text("kind", continuationKindIds()[b.equilibrium ? 1 : 0])
        .text("parameter", b.parameter)
        .number("start", b.start)
        .number("from", b.from)
        .number("to", b.to)
        .number("periods", b.periods)
        .number("transient", b.transientPeriods)
        .number("maxPoints", b.maxPoints)
        .numbers("guess", b.guess)
        .text("parameter2", setup.curves.parameter)
        .number("from2", setup.curves.from)
        .number("to2", setup.curves.to)
        .number("steps2", setup.curves.steps);
    return record;
}

void ContinuationAnalysis::read(SetupRecordReader& r, const Scenario&, Setup& setup)
{
    ContinuationSetup& b = setup.branch;
    constexpr int kMaxInt = 1 << 30;
    std::string word;
    if (r.oneOf("kind", continuationKindIds(), word))
        b.equilibrium = word == "equilibria";
    r.text("parameter", b.parameter);
    r.number("start", b.start);
    r.number("from", b.from);
    r.number("to", b.to);
    r.integer("periods", 0, kMaxInt, b.periods);
    r.integer("transient", 0, kMaxInt, b.transientPeriods);
    r.integer("maxPoints", 0, kMaxInt, b.maxPoints);
    r.numbers("guess", 0, 100000, b.guess);
    r.text("parameter2", setup.curves.parameter);
    r.number("from2", setup.curves.from);
    r.number("to2", setup.curves.to);
    r.integer("steps2", 0, kMaxInt, setup.curves.steps);
}

SetupProblem ContinuationAnalysis::check(const Scenario& scenario, const Setup& setup)
{
    std::string field;
    if (const Status status = checkContinuation(scenario, setup.branch, &field); !status.ok())
        return SetupProblem::at(field, status.message());
    if (setup.followsCurves())
        if (const Status status = checkCurves(scenario, setup.branch, setup.curves, &field); !status.ok())
            return SetupProblem::at(field, status.message());
    return SetupProblem::none();
}

ContinuationResult ContinuationAnalysis::runObserved(const Scenario& scenario, const Setup& setup, const AnalysisContext& context,
                                                     const std::function<void(const BranchPoint&, int)>& pointFound)
{
    const double share = setup.followsCurves() ? 0.5 : 1.0;
    Result result;
    result.branch = continueBranch(scenario, setup.branch, context.cancel, [&](double f) { context.report(share * f); }, pointFound);
    if (setup.followsCurves() && result.branch.status.ok()) {
        result.curves = followLocatedPoints(scenario, setup.branch, result.branch, setup.curves, context.cancel);
        if (context.cancelled())
            result.branch.status = Status::error("continuation cancelled");
    }
    context.report(1.0);
    return result;
}

ContinuationResult ContinuationAnalysis::run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context)
{
    return runObserved(scenario, setup, context, {});
}

std::vector<CsvFile> ContinuationAnalysis::csvFiles(const Scenario& scenario, const Setup& setup, const Result& result)
{
    return {CsvFile{"branch", branchCsv(scenario, setup.branch, result.branch)},
            CsvFile{"points", setup.followsCurves() ? locatedCurvesCsv(scenario, setup.branch, result.branch, setup.curves, result.curves)
                                                    : locatedPointsCsv(scenario, setup.branch, result.branch)}};
}

} // namespace fl
