#include "contract/compare_analysis.h"
#include "io/csv_writer.h"
#include "io/method_difference_csv.h"
#include "params/parameter_spec.h"
#include "systems/law_counterpart.h"
#include "systems/system_registry.h"

#include <algorithm>

namespace fl {

namespace {

std::vector<std::string> eventLawIds(const Scenario& scenario)
{
    std::vector<std::string> ids;
    if (const SystemInfo* system = findSystem(scenario.systemId))
        for (const FrictionLawInfo* law : eventDrivenLaws(*system))
            ids.push_back(law->id);
    return ids;
}

} // namespace

ParameterSpec comparisonEpsSpec()
{
    for (const ParameterSpec& spec : numericsSpecs())
        if (spec.id == "eps")
            return spec;
    return {};
}

CompareSetup CompareAnalysis::defaults(const Scenario& scenario)
{
    CompareSetup setup;
    if (scenario.params.has("eps"))
        setup.eps = scenario.params.value("eps");
    setup.eventLaw = eventDrivenCounterpart(scenario);
    return setup;
}

SetupRecord CompareAnalysis::write(const Scenario&, const Setup& setup)
{
    SetupRecord record;
    record.number("eps", setup.eps).flag("logScale", setup.logScale);
    if (!setup.eventLaw.empty()) // none: a system without an event-driven method
        record.text("eventLaw", setup.eventLaw);
    if (!setup.variable.empty())
        record.text("variable", setup.variable);
    return record;
}

void CompareAnalysis::read(SetupRecordReader& reader, const Scenario&, Setup& setup)
{
    reader.number("eps", setup.eps);
    reader.flag("logScale", setup.logScale);
    reader.text("eventLaw", setup.eventLaw);
    reader.text("variable", setup.variable);
}

SetupProblem CompareAnalysis::check(const Scenario& scenario, const Setup& setup)
{
    const ParameterSpec eps = comparisonEpsSpec();
    if (!(setup.eps >= eps.min && setup.eps <= eps.max))
        return SetupProblem::at("eps", formatNumber(setup.eps) + " is outside " + rangeText(eps));
    const std::vector<std::string> laws = eventLawIds(scenario);
    if (!setup.eventLaw.empty() && std::find(laws.begin(), laws.end(), setup.eventLaw) == laws.end()) {
        if (laws.empty())
            return SetupProblem::at("eventLaw", "system '" + scenario.systemId + "' has no event-driven method");
        return SetupProblem::at("eventLaw", "'" + setup.eventLaw + "' is not one of " + joinWords(laws));
    }
    Scenario eventDriven, regularized;
    if (const Status status = comparisonScenarios(scenario, setup.eps, setup.eventLaw, eventDriven, regularized); !status.ok())
        return SetupProblem::at("", status.message());
    return SetupProblem::none();
}

MethodComparisonRuns CompareAnalysis::run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context)
{
    Scenario eventDriven, regularized;
    MethodComparisonRuns runs;
    if (const Status status = comparisonScenarios(scenario, setup.eps, setup.eventLaw, eventDriven, regularized); !status.ok()) {
        runs.eventResult.status = status;
        return runs;
    }
    runs = runMethodComparison(eventDriven, regularized, context.cancel);
    context.report(1.0);
    return runs;
}

Status CompareAnalysis::status(const Result& result)
{
    for (const RunResult* run : {&result.eventResult, &result.regularizedResult})
        if (!run->status.ok())
            return run->status;
    if (!result.difference.eventRun.succeeded() || !result.difference.regularizedRun.succeeded())
        return Status::error("a run of the comparison has no samples");
    return Status::success();
}

std::vector<CsvFile> CompareAnalysis::csvFiles(const Scenario&, const Setup&, const Result& result)
{
    return {CsvFile{"event", runCsvText(result.eventScenario, result.eventResult)},
            CsvFile{"regularized", runCsvText(result.regularizedScenario, result.regularizedResult)},
            CsvFile{"difference", methodDifferenceCsv(result.difference)}};
}

} // namespace fl
