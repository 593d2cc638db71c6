// `frictionlab-cli compare`: one scenario run event-driven and regularized, and |event -
// regularized| of its state variables as CSV: the numbers of the GUI's "Compare methods"
// (fl::runMethodComparison, fl::methodDifferenceCsv), with a summary of both runs on stderr.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"
#include "cli/command_files.h"

#include "analysis/method_difference.h"
#include "contract/compare_analysis.h"
#include "friction/friction_law.h"
#include "io/method_difference_csv.h"
#include "systems/law_counterpart.h"
#include "systems/system_registry.h"

#include <QTextStream>

#include <algorithm>

namespace cli {
namespace {

/// --event-law must name a law the system's event-driven method takes (a law with memory has no
/// set-valued stick branch); the list says which.
fl::Status checkEventLaw(const fl::Scenario& scenario, const QString& lawId)
{
    const fl::SystemInfo* system = fl::findSystem(scenario.systemId);
    if (!system || std::find(system->methods.begin(), system->methods.end(), fl::Method::EventDriven) == system->methods.end())
        return fl::Status::success(); // comparisonScenarios says what the system lacks
    std::string known;
    for (const fl::FrictionLawInfo* law : fl::eventDrivenLaws(*system)) {
        if (law->id == lawId.toStdString())
            return fl::Status::success();
        if (!known.empty())
            known += ", ";
        known += law->id;
    }
    return fl::Status::error("--event-law '" + echo(lawId).toStdString() + "' is not a law the event-driven " + system->name
                             + " takes (" + known + ")");
}

/// One run's line of the summary: status, steps, switches, wall time.
QString runLine(const char* role, const fl::ComparedRunInfo& run, const fl::SystemInfo& system)
{
    QString line = QString("%1 %2: %3, %4 samples, %5 steps")
                       .arg(QString(role), q(run.description), run.status.ok() ? QString("ok") : "stopped: " + q(run.status.message()))
                       .arg(run.samples)
                       .arg(run.steps);
    if (run.method == fl::Method::EventDriven)
        line += system.eventsNote.empty() ? QString(", %1 stick/slip switches").arg(run.switchCount)
                                          : QString(", %1 events (%2)").arg(run.switchCount).arg(q(system.eventsNote));
    return line + QString(", %1 ms").arg(run.wallSeconds * 1e3, 0, 'f', 1);
}

/// Both runs, then per variable the largest |difference| and where (exact numbers, as in the CSV).
void printSummary(const fl::MethodComparisonRuns& runs)
{
    const fl::SystemInfo& system = *fl::findSystem(runs.eventScenario.systemId);
    QStringList lines{runLine("event-driven", runs.difference.eventRun, system),
                      runLine("regularized ", runs.difference.regularizedRun, system)};
    for (const fl::RunResult* result : {&runs.eventResult, &runs.regularizedResult})
        if (!result->warning.empty())
            lines << "warning: " + q(result->warning);
    lines << QString("%1  %2  %3").arg("variable", -10).arg("max |event - regularized|", -26).arg("at t");
    for (const fl::VariableDifference& v : runs.difference.variables)
        lines << QString("%1  %2  %3").arg(q(v.name), -10).arg(q(fl::formatNumber(v.max)), -26).arg(q(fl::formatNumber(v.maxTime)));
    lines << QString("%1 samples compared, %2 ms (both runs side by side)")
                 .arg(runs.difference.t.size())
                 .arg(runs.wallSeconds * 1e3, 0, 'f', 1);
    QTextStream err(stderr);
    for (const QString& line : lines)
        err << escapeControls(line) << "\n";
}

} // namespace

int compareCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Compare one scenario run event-driven (exact stick/slip switching) and regularized (smooth law of width\n"
        "eps, the stiff integrator), as the GUI's \"Compare methods\": the two runs go side by side, and the CSV\n"
        "holds t and, per state variable (every coordinate, velocity and state both runs have), the event-driven value, the regularized\n"
        "value and their absolute difference on the event-driven run's grid, every number exact. A summary on\n"
        "stderr gives both runs' status, steps and switches and each variable's largest difference and its t.\n"
        "eps is the scenario's, as the GUI takes it: --eps, --set eps=..., the preset's or the session's, else the\n"
        "default 1e-4. The scenario's method is not used (both run), so --method is refused. A run that fails\n"
        "writes nothing (exit 1); the output is checked before the runs start.");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"event-law", "Law of the event-driven run (default: the scenario's law, or for a law with memory the law of v_r "
                      "with its steady state, e.g. lugre -> stribeck-gauss; parameters both laws have keep their values).", "id"},
        {"out", "CSV file of the difference table ('-' = stdout).", "file", "-"},
        {"quiet", "No summary on stderr."},
    });
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    if (const fl::Status ignored = refuseIgnored(parser, {"method"}, "commands that run one method (compare runs both)"); !ignored.ok())
        return fail(2, q(ignored.message()));
    fl::Scenario scenario;
    fl::Status status = buildScenario(parser, scenario);
    if (!status.ok())
        return fail(2, q(status.message()));
    if (parser.isSet("event-law") && !(status = checkEventLaw(scenario, parser.value("event-law"))).ok())
        return fail(2, q(status.message()));
    fl::Scenario eventDriven, regularized;
    status = fl::comparisonScenarios(scenario, scenario.params.value("eps"), parser.value("event-law").toStdString(), eventDriven,
                                     regularized);
    // Then the analysis's own check, the window's and session run's: nothing it refuses runs here.
    if (status.ok())
        if (const fl::SetupProblem problem = fl::CompareAnalysis::check(
                scenario, fl::CompareSetup{scenario.params.value("eps"), parser.value("event-law").toStdString(), false, {}});
            !problem.ok())
            status = fl::Status::error(fl::describe(problem));
    if (!status.ok())
        return fail(2, q(status.message()));

    CommandFiles files;
    files.input("session", parser.value("session"));
    files.input("model", parser.value("model"));
    TextOutput& out = files.output("out", parser.value("out"));
    if (const fl::Status opened = files.open(); !opened.ok()) // before the runs: a wrong folder costs nothing
        return fail(2, q(opened.message()));
    const fl::MethodComparisonRuns runs = fl::runMethodComparison(eventDriven, regularized);
    const fl::MethodDifference& difference = runs.difference;
    if (!difference.eventRun.status.ok() || !difference.regularizedRun.status.ok()) {
        // Nothing partial: a difference table needs both runs.
        files.abandon(nullptr);
        const bool eventFailed = !difference.eventRun.status.ok();
        const fl::ComparedRunInfo& failed = eventFailed ? difference.eventRun : difference.regularizedRun;
        const fl::ComparedRunInfo& other = eventFailed ? difference.regularizedRun : difference.eventRun;
        return fail(1, QString("the %1 run stopped: %2 (the %3 run: %4); no file was written")
                           .arg(QString(eventFailed ? "event-driven" : "regularized"), q(failed.status.message()),
                                QString(eventFailed ? "regularized" : "event-driven"),
                                other.status.ok() ? QString("ok") : "stopped: " + q(other.status.message())));
    }
    status = out.write(fl::methodDifferenceCsv(difference));
    if (status.ok())
        status = files.commit();
    if (!status.ok())
        return files.fail(2, q(status.message()));
    if (!parser.isSet("quiet"))
        printSummary(runs);
    return 0;
}

} // namespace cli
