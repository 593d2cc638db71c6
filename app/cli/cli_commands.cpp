#include "cli/cli_commands.h"
#include "cli/background_csv_writer.h"
#include "cli/cli_support.h"
#include "cli/command_files.h"
#include "systems/scenario_setup.h"

#include "contract/analysis_registry.h"
#include "analysis/analysis_catalog.h"

#include "friction/friction_law.h"
#include "io/csv_writer.h"
#include "scenario/scenario.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "systems/system_registry.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace cli {
namespace {

QJsonObject specJson(const fl::ParameterSpec& spec)
{
    return QJsonObject{{"id", q(spec.id)},       {"label", q(spec.label)},   {"symbol", q(spec.symbol)},
                       {"unit", q(spec.unit)},   {"help", q(spec.help)},     {"default", spec.defaultValue},
                       {"min", spec.min},        {"max", spec.max},          {"log", spec.logScale},
                       {"kind", fl::parameterKindId(spec.kind)}};
}

QJsonArray specsJson(const fl::ParameterSpecs& specs)
{
    QJsonArray array;
    for (const fl::ParameterSpec& spec : specs)
        array.append(specJson(spec));
    return array;
}

QJsonObject catalogueJson()
{
    QJsonArray systems, laws, methods, regs;
    QJsonArray presets;
    for (const fl::SystemInfo& s : fl::systems()) {
        QJsonArray methodIds, lawIds;
        for (fl::Method m : s.methods)
            methodIds.append(q(fl::methodInfo(m).id));
        for (const fl::FrictionLawInfo* law : fl::lawsOf(s))
            lawIds.append(q(law->id));
        systems.append(QJsonObject{{"id", q(s.id)}, {"name", q(s.name)}, {"equation", q(s.equation)},
                                   {"lawFamily", fl::lawFamilyId(s.lawFamily)},
                                   {"laws", lawIds},
                                   {"methods", methodIds}, {"parameters", specsJson(s.specs)}});
        for (const fl::Preset& p : s.presets) {
            QJsonObject preset{{"id", q(p.id)},        {"system", q(s.id)},          {"law", q(p.lawId)},
                               {"method", q(fl::methodInfo(p.method).id)}, {"title", q(p.title)}, {"note", q(p.note)},
                               {"group", q(p.group)},  {"summary", q(p.summary)}};
            if (p.regularization)
                preset.insert("regularization", q(fl::regularizationInfo(*p.regularization).id));
            if (!p.epsStudy.empty()) {
                QJsonArray eps;
                for (double e : p.epsStudy)
                    eps.append(e);
                preset.insert("epsStudy", eps);
            }
            presets.append(preset);
        }
    }
    for (const fl::LawFamilyInfo& family : fl::lawFamilies())
        for (const fl::FrictionLawInfo& l : family.laws())
            laws.append(QJsonObject{{"id", q(l.id)}, {"name", q(l.name)}, {"formula", q(l.formula)},
                                    {"family", q(family.id)},
                                    {"parameters", specsJson(l.specs)}});
    for (const fl::MethodInfo& m : fl::methods())
        methods.append(QJsonObject{{"id", q(m.id)}, {"name", q(m.name)}, {"description", q(m.description)}, {"regularized", m.smooth}});
    for (const fl::RegularizationInfo& r : fl::regularizations())
        regs.append(QJsonObject{{"id", q(r.id)}, {"name", q(r.name)}, {"formula", q(r.formula)}});
    QJsonArray integrators;
    for (const fl::StiffIntegratorInfo& i : fl::stiffIntegrators())
        integrators.append(QJsonObject{{"id", q(i.id)}, {"name", q(i.name)}, {"default", i.kind == fl::Scenario{}.stiffIntegrator}});
    QJsonArray analyses;
    for (const fl::AnalysisInfo& a : fl::analyses())
        analyses.append(QJsonObject{{"id", q(a.id)}, {"title", q(a.title)}, {"summary", q(a.summary)},
                                    {"place", a.place == fl::AnalysisPlace::Tab ? "tab" : a.place == fl::AnalysisPlace::Side ? "side" : "part"},
                                    {"host", q(a.host)},
                                    {"command", q(a.command)}, {"help", q(a.helpPage)},
                                    {"sessionRun", fl::findAnalysisDefinition(a.id) != nullptr}});
    return QJsonObject{{"systems", systems}, {"laws", laws}, {"methods", methods}, {"regularizations", regs}, {"presets", presets},
                       {"integrators", integrators}, {"numerics", specsJson(fl::numericsSpecs())}, {"analyses", analyses}};
}

void printSpecs(QTextStream& out, const fl::ParameterSpecs& specs)
{
    for (const fl::ParameterSpec& spec : specs)
        out << QString("    %1 %2 unit=%3 default=%4 range=%5  %6\n")
                   .arg(q(spec.id), -9)
                   .arg(q(spec.symbol), -6)
                   .arg(q(spec.unit))
                   .arg(q(fl::formatNumber(spec.defaultValue)))
                   .arg(q(fl::rangeText(spec)))
                   .arg(q(spec.label));
}

} // namespace

int listCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("List systems, friction laws, methods, regularizations, stiff integrators, presets and analyses.");
    parser.addHelpOption();
    parser.addOption({"json", "Machine-readable JSON output."});
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    QTextStream out(stdout);
    if (parser.isSet("json")) {
        out << QJsonDocument(catalogueJson()).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << "Systems (--system):\n";
    for (const fl::SystemInfo& s : fl::systems()) {
        out << "  " << q(s.id) << ": " << q(s.name) << "   " << q(s.equation) << "\n";
        printSpecs(out, s.specs);
    }
    for (const fl::LawFamilyInfo& family : fl::lawFamilies()) {
        out << q(family.heading) << "\n";
        for (const fl::FrictionLawInfo& l : family.laws()) {
            out << "  " << q(l.id) << ": " << q(l.name) << "   " << q(l.formula) << "\n";
            printSpecs(out, l.specs);
        }
    }
    out << "Presets (--preset), by system and group:\n";
    for (const fl::SystemInfo& s : fl::systems()) {
        // Groups in order of first appearance; an empty group reads "Published cases".
        std::vector<std::string> groups;
        for (const fl::Preset& p : s.presets)
            if (std::find(groups.begin(), groups.end(), p.group) == groups.end())
                groups.push_back(p.group);
        for (const std::string& group : groups) {
            out << "  " << q(s.id) << " / " << (group.empty() ? QString("Published cases") : q(group)) << ":\n";
            for (const fl::Preset& p : s.presets) {
                if (p.group != group)
                    continue;
                out << "    " << q(p.id) << " (" << q(p.lawId) << ", " << q(fl::methodInfo(p.method).id);
                if (p.regularization)
                    out << ", " << q(fl::regularizationInfo(*p.regularization).id);
                out << "): " << q(p.title) << "\n";
                if (!p.summary.empty())
                    out << "        " << q(p.summary) << "\n";
            }
        }
    }
    out << "Methods (--method):\n";
    for (const fl::MethodInfo& m : fl::methods())
        out << "  " << q(m.id) << ": " << q(m.name) << ". " << q(m.description) << "\n";
    out << "Regularizations (--reg, regularized methods):\n";
    for (const fl::RegularizationInfo& r : fl::regularizations())
        out << "  " << q(r.id) << ": " << q(r.name) << "   " << q(r.formula) << "\n";
    out << "Stiff integrators (--integrator, regularized method):\n";
    for (const fl::StiffIntegratorInfo& i : fl::stiffIntegrators())
        out << "  " << q(i.id) << ": " << q(i.name) << (i.kind == fl::Scenario{}.stiffIntegrator ? " (default)" : "") << "\n";
    out << "Numerics (--set, or --t-end / --dt / --tol):\n";
    printSpecs(out, fl::numericsSpecs());
    out << "Analyses (the window's tabs, side tabs and parts of tabs; the commands computing each here: its own, and\n"
           "session run FILE --view ID, which recomputes a saved session's view as the window exports it):\n";
    for (const fl::AnalysisInfo& a : fl::analyses()) {
        QStringList commands;
        if (!a.command.empty())
            commands << "frictionlab-cli " + q(a.command);
        if (fl::findAnalysisDefinition(a.id))
            commands << "session run --view " + q(a.id);
        out << "  " << q(a.id) << ": " << q(a.title) << (a.place == fl::AnalysisPlace::Side ? QString(" (side tab)")
                                                                        : a.place == fl::AnalysisPlace::Part ? " (in the " + q(fl::findAnalysis(a.host)->title) + " tab)"
                                                                                                             : QString()) << ". "
            << q(a.summary) << (commands.isEmpty() ? QString("  [window only: a plot of the run]") : "  [" + commands.join("; ") + "]")
            << "\n";
    }
    return 0;
}

int runCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Simulate one scenario and write its samples as CSV. The scenario: --system/--law/--method ...,\n"
        "or --preset ID, or --session FILE (a .frictionlab file; --scene N runs scene N of a lecture);\n"
        "--set, --method, --law, --reg, --t-end, --dt, --tol, --eps apply on top. A session run gives\n"
        "exactly the rows of the equivalent direct run. Rows and switches are written while the run goes on,\n"
        "a block at a time, so memory does not grow with their number (t_end/dt up to 1e10). Every output is\n"
        "checked before the run starts and replaces an existing file only when the run is complete; a run that\n"
        "stops early replaces nothing (exit 1; --partial keeps its rows, ending in a '# status:' line).");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"out", "CSV file of the samples ('-' = stdout).", "file", "-"},
        {"events", "CSV file of the stick/slip switches (event-driven runs).", "file"},
        {"quiet", "No summary line on stderr."},
    });
    addPartialOption(parser);
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    fl::Scenario scenario;
    fl::Status status = buildScenario(parser, scenario);
    if (!status.ok())
        return fail(2, q(status.message()));
    if (parser.isSet("events") && scenario.method != fl::Method::EventDriven)
        return fail(2, "--events needs --method event (regularized runs have no stick/slip switches)");

    CommandFiles files(parser.isSet("partial"));
    files.input("session", parser.value("session"));
    files.input("model", parser.value("model"));
    TextOutput& out = files.output("out", parser.value("out"));
    TextOutput* events = parser.isSet("events") ? &files.output("events", parser.value("events")) : nullptr;
    status = files.open(); // before the run: a wrong folder costs nothing
    const std::vector<std::string> contacts = events ? fl::makeDynamics(scenario)->contactNames() : std::vector<std::string>();
    if (status.ok() && events)
        status = events->write(fl::eventsCsvHead(contacts));
    if (!status.ok())
        return fail(2, q(status.message()));

    // The rows go to the file while the run goes on, a block at a time, and so do the switches:
    // memory stays bounded whatever the number of rows and switches.
    bool headWritten = false;
    size_t drainedRows = 0;
    fl::RunOptions options;
    options.drainRows = 1024; // finer blocks share the formatting more evenly between the two threads (measured: 4096 -> 1024 rows, pendulum 42.8 -> 41.3 ms)
    BackgroundCsvWriter writer(out); // formats and writes the rows while the run goes on
    std::string eventsText;
    fl::Status eventsWritten = fl::Status::success(); // a failed write is exit 2, not a run that stopped
    options.drain = [&](const fl::RunResult& block) {
        std::string head = headWritten ? std::string() : fl::runCsvHead(scenario, block);
        headWritten = true;
        drainedRows += block.size();
        if (events && (!block.switches.empty() || !block.grazes.empty())) {
            eventsText.clear();
            fl::appendEventsCsvRows(eventsText, block, contacts);
            if (eventsWritten = events->write(eventsText); !eventsWritten.ok())
                return eventsWritten;
        }
        return writer.submit(std::move(head), block);
    };
    const fl::RunResult result = fl::simulate(scenario, options);
    // The rows left after the last drained block go through the writer too, so that they are
    // formatted while the blocks still queued are (two threads), not after them.
    status = result.size() > 0 || !headWritten || !result.switches.empty() || !result.grazes.empty() ? options.drain(result)
                                                                                                      : fl::Status::success();
    const fl::Status written = writer.finish();
    if (!eventsWritten.ok())
        status = eventsWritten;
    else if (status.ok())
        status = written;
    if (status.ok())
        status = out.write(fl::runCsvStatusLine(result));
    if (!status.ok()) // a write failed: nothing replaced, nothing partial (an output is broken)
        return files.fail(2, q(status.message()));
    if (!result.status.ok())
        return files.fail(1, "run stopped: " + q(result.status.message()));
    if (!(status = files.commit()).ok())
        return files.fail(2, q(status.message()));
    if (!parser.isSet("quiet"))
    {
        QString summary = q(fl::describe(scenario)) + QString(": %1 samples, %2 steps").arg(drainedRows).arg(result.steps);
        const std::string& eventsNote = fl::findSystem(scenario.systemId)->eventsNote;
        if (!eventsNote.empty())
            summary += ", " + q(eventsNote);
        else if (scenario.method == fl::Method::EventDriven)
            summary += QString(", %1 stick/slip switches").arg(result.switchCount);
        if (result.grazeCount > 0)
            summary += QString(", %1 grazes").arg(result.grazeCount);
        summary += QString(", %1 ms").arg(result.wallSeconds * 1e3, 0, 'f', 2);
        if (!result.warning.empty())
            summary += "; warning: " + q(result.warning);
        QTextStream(stderr) << summary << "\n";
    }
    return 0;
}

} // namespace cli
