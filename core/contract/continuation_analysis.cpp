#include "contract/continuation_analysis.h"
#include "contract/scenario_record.h"
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

namespace {

void writeBranch(SetupRecord& record, const ContinuationSetup& b)
{
    record.text("kind", continuationKindIds()[b.equilibrium ? 1 : 0])
        .text("parameter", b.parameter)
        .number("start", b.start)
        .number("from", b.from)
        .number("to", b.to)
        .number("periods", b.periods)
        .number("transient", b.transientPeriods)
        .number("maxPoints", b.maxPoints)
        .number("segments", b.segments)
        .numbers("guess", b.guess);
}

void readBranch(SetupRecordReader& r, ContinuationSetup& b)
{
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
    r.integer("segments", 0, kMaxInt, b.segments);
    r.numbers("guess", 0, 100000, b.guess);
}

/// The drawn branches: a record of records "1", "2", ..., each {case = the scenario, the branch's
/// fields}. One that does not read or check is left out with a warning.
void readDrawn(SetupRecordReader& r, std::vector<DrawnBranch>& drawn)
{
    const SetupRecord* list = r.record("drawn");
    if (!list)
        return;
    SetupRecordReader items(*list, r.pathOf("drawn"), r.warnings());
    bool full = false;
    for (const SetupRecord::Field& field : list->fields()) {
        const SetupRecord* item = items.record(field.key);
        if (!item || full)
            continue;
        if (drawn.size() == kMaxDrawnBranches) {
            items.warn(field.key, "at most " + std::to_string(kMaxDrawnBranches) + " drawn branches are kept; this one and the rest are left out");
            full = true;
            continue;
        }
        SetupRecordReader one(*item, items.pathOf(field.key), r.warnings());
        DrawnBranch d;
        const SetupRecord* scenario = one.record("case");
        if (!scenario) {
            one.warn("case", "a drawn branch needs its case");
            continue;
        }
        SetupRecordReader caseReader(*scenario, one.pathOf("case"), r.warnings());
        if (!readScenarioRecord(caseReader, d.scenario))
            continue;
        caseReader.finish();
        readBranch(one, d.branch);
        one.finish();
        std::string field2;
        if (const Status status = checkContinuation(d.scenario, d.branch, &field2); !status.ok()) {
            one.warn(field2, status.message() + " (this drawn branch is left out)");
            continue;
        }
        drawn.push_back(std::move(d));
    }
    items.finish();
}

} // namespace

SetupRecord ContinuationAnalysis::write(const Scenario&, const Setup& setup)
{
    SetupRecord record;
    writeBranch(record, setup.branch);
    record.text("parameter2", setup.curves.parameter)
        .number("from2", setup.curves.from)
        .number("to2", setup.curves.to)
        .number("steps2", setup.curves.steps);
    if (!setup.drawn.empty()) {
        SetupRecord list;
        for (size_t i = 0; i < setup.drawn.size(); ++i) {
            SetupRecord item;
            item.record("case", scenarioRecord(setup.drawn[i].scenario));
            writeBranch(item, setup.drawn[i].branch);
            list.record(std::to_string(i + 1), std::move(item));
        }
        record.record("drawn", std::move(list));
    }
    return record;
}

void ContinuationAnalysis::read(SetupRecordReader& r, const Scenario&, Setup& setup)
{
    readBranch(r, setup.branch);
    r.text("parameter2", setup.curves.parameter);
    r.number("from2", setup.curves.from);
    r.number("to2", setup.curves.to);
    r.integer("steps2", 0, 1 << 30, setup.curves.steps);
    readDrawn(r, setup.drawn);
}

SetupProblem ContinuationAnalysis::check(const Scenario& scenario, const Setup& setup)
{
    std::string field;
    if (const Status status = checkContinuation(scenario, setup.branch, &field); !status.ok())
        return SetupProblem::at(field, status.message());
    if (setup.followsCurves())
        if (const Status status = checkCurves(scenario, setup.branch, setup.curves, &field); !status.ok())
            return SetupProblem::at(field, status.message());
    if (setup.drawn.size() > kMaxDrawnBranches)
        return SetupProblem::at("drawn", "at most " + std::to_string(kMaxDrawnBranches) + " drawn branches");
    for (size_t i = 0; i < setup.drawn.size(); ++i)
        if (const Status status = checkContinuation(setup.drawn[i].scenario, setup.drawn[i].branch, &field); !status.ok())
            return SetupProblem::at("drawn." + std::to_string(i + 1) + "." + field, status.message());
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
    // Each drawn branch and the setup's own take an equal share of the progress.
    const double parts = static_cast<double>(setup.drawn.size() + 1);
    std::vector<Branch> drawn;
    for (size_t i = 0; i < setup.drawn.size() && !context.cancelled(); ++i) {
        drawn.push_back(continueBranch(setup.drawn[i].scenario, setup.drawn[i].branch, context.cancel,
                                       [&](double f) { context.report((static_cast<double>(i) + f) / parts); }));
        if (!drawn.back().status.ok()) {
            Result failed;
            failed.branch.status = Status::error("drawn branch " + std::to_string(i + 1) + ": " + drawn.back().status.message());
            return failed;
        }
    }
    AnalysisContext own = context;
    own.progress = [&](double f) { context.report((parts - 1.0 + f) / parts); };
    Result result = runObserved(scenario, setup, own, {});
    result.drawn = std::move(drawn);
    return result;
}

std::vector<CsvFile> ContinuationAnalysis::csvFiles(const Scenario& scenario, const Setup& setup, const Result& result)
{
    std::vector<CsvFile> files{
        CsvFile{"branch", branchCsv(scenario, setup.branch, result.branch)},
        CsvFile{"points", setup.followsCurves() ? locatedCurvesCsv(scenario, setup.branch, result.branch, setup.curves, result.curves)
                                                : locatedPointsCsv(scenario, setup.branch, result.branch)}};
    for (size_t i = 0; i < result.drawn.size() && i < setup.drawn.size(); ++i) {
        const DrawnBranch& d = setup.drawn[i];
        files.push_back(CsvFile{"branch-" + std::to_string(i + 1), branchCsv(d.scenario, d.branch, result.drawn[i])});
        files.push_back(CsvFile{"points-" + std::to_string(i + 1), locatedPointsCsv(d.scenario, d.branch, result.drawn[i])});
    }
    return files;
}

} // namespace fl
