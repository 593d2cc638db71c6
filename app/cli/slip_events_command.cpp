// `frictionlab-cli slip-events`: the slip events of a Burridge-Knopoff chain run (S5) as CSV, their
// size distribution (log-binned density) and the power-law exponent fitted to it. The run is
// streamed: memory grows with the events, not with the samples.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"
#include "cli/command_files.h"
#include "systems/scenario_setup.h"

#include "analysis/power_law_fit.h"
#include "analysis/slip_events.h"
#include "contract/slip_events_analysis.h"
#include "simulation/simulate.h"
#include "systems/run_variables.h"

#include <QTextStream>

#include <cmath>
#include <sstream>

namespace cli {
namespace {

QString describeFit(const fl::PowerLawFit& fit, const QString& size)
{
    if (!fit.valid)
        return QString("too few events for a %1 exponent (a range needs 50)").arg(size);
    return QString("%1 exponent alpha = %2 +- %3 on [%4, %5] (%6 of %7 events, KS %8)")
        .arg(size)
        .arg(fit.alpha, 0, 'f', 3)
        .arg(fit.sigma, 0, 'f', 3)
        .arg(fit.xMin, 0, 'g', 4)
        .arg(fit.xMax, 0, 'g', 4)
        .arg(fit.count)
        .arg(fit.total)
        .arg(fit.ks, 0, 'f', 3);
}

} // namespace

int slipEventsCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Slip events of a Burridge-Knopoff chain (--system bk-chain or a bk-chain preset): the slipping\n"
        "(block, sample interval) cells that touch form one event; its moment is the total slip of its\n"
        "blocks against the belt. Writes one CSV row per event and prints the power-law exponent of the\n"
        "moment (and block count) distribution, fitted by maximum likelihood over a range chosen by the\n"
        "Kolmogorov-Smirnov distance (or given). The run is streamed: t_end/dt is not bounded by memory.");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"skip", "Transient left out: events starting before this time (default: a fifth of t_end).", "T"},
        {"fit-min", "Lower end of the moment range fitted (default: chosen).", "M"},
        {"fit-max", "Upper end of the moment range fitted (default: chosen).", "M"},
        {"out", "CSV file of the events ('-' = stdout).", "file", "-"},
        {"histogram", "CSV file of the log-binned densities of moment and block count.", "file"},
        {"quiet", "No summary on stderr."},
    });
    addPartialOption(parser);
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    fl::Scenario scenario;
    fl::Status status = buildScenario(parser, scenario);
    if (!status.ok())
        return fail(2, q(status.message()));
    if (!fl::hasSlipEvents(scenario))
        return fail(2, "slip-events reads a Burridge-Knopoff chain: --system bk-chain or a bk-chain preset (system '"
                           + q(scenario.systemId) + "' given)");
    const double tEnd = scenario.params.value("t_end");
    double skip = 0.2 * tEnd;
    fl::PowerLawOptions fitOptions;
    const std::pair<const char*, double*> numbers[] = {{"skip", &skip}, {"fit-min", &fitOptions.xMin}, {"fit-max", &fitOptions.xMax}};
    for (const auto& [option, target] : numbers) {
        if (!parser.isSet(option))
            continue;
        bool finite = false;
        *target = toFinite(parser.value(option), &finite);
        if (!finite)
            return fail(2, QString("--%1: '%2' is not a finite number").arg(option, echo(parser.value(option))));
    }
    if (skip < 0.0 || skip >= tEnd)
        return fail(2, QString("--skip must be in [0, t_end) = [0, %1)").arg(tEnd));
    if (parser.isSet("fit-min") && !(fitOptions.xMin > 0.0))
        return fail(2, "--fit-min must be > 0");
    if (parser.isSet("fit-max") && !(fitOptions.xMax > fitOptions.xMin))
        return fail(2, "--fit-max must be > 0 and above --fit-min");
    // Then the analysis's own check, the window's and session run's: nothing it refuses runs here.
    if (const fl::SetupProblem problem = fl::SlipEventsAnalysis::check(scenario, fl::SlipEventsSetup{skip, fitOptions.xMin, fitOptions.xMax, false});
        !problem.ok())
        return fail(2, q(fl::describe(problem)));
    CommandFiles files(parser.isSet("partial"));
    files.input("session", parser.value("session"));
    files.input("model", parser.value("model"));
    TextOutput& out = files.output("out", parser.value("out"));
    TextOutput* histogram = parser.isSet("histogram") ? &files.output("histogram", parser.value("histogram")) : nullptr;
    if (const fl::Status opened = files.open(); !opened.ok()) // before the run: a wrong folder costs nothing
        return fail(2, q(opened.message()));
    const fl::SlipEventOptions eventOptions = fl::slipEventOptions(scenario, skip);
    const int blocks = static_cast<int>(fl::stateNames(scenario).size()) / eventOptions.stride;
    fl::SlipEventFinder finder(blocks, eventOptions);
    fl::RunOptions options;
    options.drain = [&](const fl::RunResult& block) {
        finder.add(block);
        return fl::Status::success();
    };
    const fl::RunResult result = fl::simulate(scenario, options);
    finder.add(result); // the last, partial block
    const std::vector<fl::SlipEvent> events = finder.events();
    status = result.status.ok() || files.keepsPartial() ? out.write(fl::slipEventsCsv(events)) : fl::Status::success();
    if (!status.ok())
        return files.fail(2, q(status.message()));
    if (!result.status.ok())
        return files.fail(1, "run stopped: " + q(result.status.message()));
    std::vector<double> moments, counts;
    for (const fl::SlipEvent& e : events) {
        moments.push_back(e.moment);
        counts.push_back(e.blocks());
    }
    const fl::PowerLawFit momentFit = fl::fitPowerLaw(moments, fitOptions);
    fl::PowerLawOptions countOptions;
    countOptions.discrete = true;
    countOptions.minSpan = 10.0;
    const fl::PowerLawFit countFit = fl::fitPowerLaw(counts, countOptions);
    if (histogram) {
        std::string csv = "size,centre,density,count\n"; // every number exact (shortest round trip)
        const std::pair<const char*, fl::LogHistogram> histograms[] = {{"moment", fl::logHistogram(moments, 5)},
                                                                       {"blocks", fl::logHistogram(counts, 5, true)}};
        for (const auto& [name, h] : histograms)
            for (size_t b = 0; b < h.centre.size(); ++b)
                csv += std::string(name) + ',' + fl::formatNumber(h.centre[b]) + ',' + fl::formatNumber(h.density[b]) + ','
                       + fl::formatNumber(static_cast<double>(h.count[b])) + '\n';
        status = histogram->write(csv);
    }
    if (status.ok())
        status = files.commit();
    if (!status.ok())
        return fail(2, q(status.message()));
    if (!parser.isSet("quiet")) {
        QTextStream err(stderr);
        err << q(fl::describe(scenario)) << QString(": %1 slip events after t = %2 (%3 ms)\n")
                                               .arg(events.size())
                                               .arg(skip)
                                               .arg(result.wallSeconds * 1e3, 0, 'f', 0);
        err << describeFit(momentFit, "moment") << "\n" << describeFit(countFit, "block-count") << "\n";
    }
    return 0;
}

} // namespace cli
