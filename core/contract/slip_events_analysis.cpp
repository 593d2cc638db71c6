#include "contract/slip_events_analysis.h"
#include "common/number_text.h"
#include "simulation/simulate.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fl {

namespace {

std::string printed(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::vector<double> sizesOf(const std::vector<SlipEvent>& events, bool blocks)
{
    std::vector<double> x;
    x.reserve(events.size());
    for (const SlipEvent& e : events)
        x.push_back(blocks ? static_cast<double>(e.blocks()) : e.moment);
    return x;
}

} // namespace

std::string slipEventsUnavailableReason(const Scenario& scenario)
{
    if (hasSlipEvents(scenario))
        return std::string();
    return "slip events are read off a chain of blocks on one belt: the Burridge-Knopoff chain (a preset of the "
           "group Burridge-Knopoff), or a model whose every coordinate has one contact slip = x' - (one belt speed)";
}

SlipEventsSetup SlipEventsAnalysis::defaults(const Scenario& scenario)
{
    SlipEventsSetup setup;
    if (scenario.params.has("t_end"))
        setup.skipTime = 0.2 * scenario.params.value("t_end");
    return setup;
}

SetupRecord SlipEventsAnalysis::write(const Scenario&, const Setup& setup)
{
    SetupRecord record;
    record.text("size", setup.showBlocks ? "blocks" : "moment")
        .number("skipTime", setup.skipTime)
        .number("fitMin", setup.fitMin)
        .number("fitMax", setup.fitMax);
    return record;
}

void SlipEventsAnalysis::read(SetupRecordReader& reader, const Scenario&, Setup& setup)
{
    std::string size;
    if (reader.oneOf("size", {"moment", "blocks"}, size))
        setup.showBlocks = size == "blocks";
    reader.number("skipTime", setup.skipTime);
    reader.number("fitMin", setup.fitMin);
    reader.number("fitMax", setup.fitMax);
}

SetupProblem SlipEventsAnalysis::check(const Scenario& scenario, const Setup& setup)
{
    const double tEnd = scenario.params.has("t_end") ? scenario.params.value("t_end") : 0.0;
    if (!(setup.skipTime >= 0.0 && setup.skipTime < tEnd))
        return SetupProblem::at("skipTime", "must be in [0, t_end) = [0, " + formatNumber(tEnd) + ")");
    if (!(setup.fitMin >= 0.0) || !std::isfinite(setup.fitMin))
        return SetupProblem::at("fitMin", "must be a moment > 0, or 0 for the fit's choice");
    if (!(setup.fitMax >= 0.0) || !std::isfinite(setup.fitMax))
        return SetupProblem::at("fitMax", "must be a moment > 0, or 0 for the fit's choice");
    if (setup.fitMin > 0.0 && setup.fitMax > 0.0 && !(setup.fitMax > setup.fitMin))
        return SetupProblem::at("fitMax", "must be above fitMin (" + formatNumber(setup.fitMin) + ")");
    return SetupProblem::none();
}

SlipEventsResult SlipEventsAnalysis::run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context)
{
    SlipEventsResult result;
    if (const std::string reason = slipEventsUnavailableReason(scenario); !reason.empty()) {
        result.status = Status::error(reason);
        return result;
    }
    if (result.status = validate(scenario, SampleStorage::Streamed); !result.status.ok())
        return result;
    const SlipEventOptions options = slipEventOptions(scenario, setup.skipTime);
    SlipEventFinder finder(static_cast<int>(stateNames(scenario).size()) / std::max(2, options.stride), options);
    const double tEnd = scenario.params.value("t_end");
    RunOptions run;
    run.cancel = context.cancel;
    run.drain = [&](const RunResult& block) {
        finder.add(block);
        if (!block.t.empty())
            context.report(std::min(1.0, block.t.back() / tEnd));
        return Status::success();
    };
    const RunResult last = simulate(scenario, run);
    finder.add(last); // the last, partial block
    if (result.status = last.status; !result.status.ok())
        return result;
    result.events = finder.events();
    result.statistics = statistics(result.events, setup);
    context.report(1.0);
    return result;
}

SlipEventStatistics SlipEventsAnalysis::statistics(const std::vector<SlipEvent>& events, const Setup& setup)
{
    SlipEventStatistics out;
    PowerLawOptions moments;
    moments.xMin = setup.fitMin;
    moments.xMax = setup.fitMax;
    if (setup.fitMin > 0.0 && setup.fitMax > 0.0)
        moments.minCount = 10; // a range given by hand: the error bar tells how far to trust it
    PowerLawOptions blocks;
    blocks.discrete = true;
    blocks.minSpan = 10.0;
    for (const bool ofBlocks : {false, true}) {
        const std::vector<double> x = sizesOf(events, ofBlocks);
        out.fit[ofBlocks] = fitPowerLaw(x, ofBlocks ? blocks : moments);
        out.histogram[ofBlocks] = logHistogram(x, 5, ofBlocks);
    }
    return out;
}

std::string SlipEventsAnalysis::eventsCsv(const Scenario& scenario, const Setup& setup, const std::vector<SlipEvent>& events)
{
    return "# " + describe(scenario) + ", events starting at t >= " + formatNumber(setup.skipTime) + "\n" + slipEventsCsv(events);
}

std::string SlipEventsAnalysis::densitiesCsv(const Scenario& scenario, const SlipEventStatistics& statistics)
{
    std::string csv = "# " + describe(scenario) + "\n";
    for (const bool blocks : {false, true})
        csv += std::string("# ") + (blocks ? "blocks" : "moment") + ": " + describeSlipPowerLaw(statistics.fit[blocks], blocks) + "\n";
    csv += "size,centre,density,count\n"; // numbers: the shortest text that reads back as the same double
    for (const bool blocks : {false, true}) {
        const LogHistogram& h = statistics.histogram[blocks];
        for (size_t b = 0; b < h.centre.size(); ++b)
            csv += std::string(blocks ? "blocks" : "moment") + ',' + formatNumber(h.centre[b]) + ',' + formatNumber(h.density[b]) + ','
                   + std::to_string(h.count[b]) + '\n';
    }
    return csv;
}

std::vector<CsvFile> SlipEventsAnalysis::csvFiles(const Scenario& scenario, const Setup& setup, const Result& result)
{
    return {CsvFile{"events", eventsCsv(scenario, setup, result.events)}, CsvFile{"densities", densitiesCsv(scenario, result.statistics)}};
}

std::string describeSlipPowerLaw(const PowerLawFit& fit, bool blocks)
{
    const std::string what = blocks ? "block counts" : "moments";
    if (!fit.valid)
        return "No power law fitted: too few events in every range of " + what + " (" + std::to_string(fit.total)
               + " events in all); run longer or widen the range.";
    return "α = " + printed("%.2f", fit.alpha) + " ± " + printed("%.2f", fit.sigma) + " on " + what + " " + printed("%.3g", fit.xMin)
           + " … " + printed("%.3g", fit.xMax) + " (" + std::to_string(fit.count) + " of " + std::to_string(fit.total)
           + " events, KS distance " + printed("%.3f", fit.ks) + ")";
}

} // namespace fl
