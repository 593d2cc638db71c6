// `frictionlab-cli session new|show`: write a session file from the scenario options, or print
// what one holds. The file format is ui/bridge/session.h, the same code the GUI uses.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"
#include "cli/command_files.h"
#include "systems/scenario_setup.h"

#include "bridge/session.h"
#include "bridge/session_setups.h"
#include "contract/analysis_registry.h"
#include "systems/system_registry.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <cstdio>

namespace cli {
namespace {

/// "mu_s = 2, v0 = 0.3": the values that differ from the defaults of the scenario's model.
QString changedValues(const fl::Scenario& scenario)
{
    fl::Scenario defaults;
    if (!fl::makeScenario(scenario.systemId, scenario.lawId, scenario.method, scenario.regularization, defaults).ok())
        return {};
    QStringList changed;
    const fl::ParameterSpecs& specs = scenario.params.specs();
    for (size_t i = 0; i < specs.size(); ++i)
        if (scenario.params.values()[i] != defaults.params.value(specs[i].id))
            changed << q(specs[i].id) + " = " + q(fl::formatNumber(scenario.params.values()[i]));
    return changed.join(", ");
}

void printState(QTextStream& out, const fl::ui::SessionState& state, const QString& indent)
{
    QString line = q(fl::describe(state.scenario));
    if (!state.presetId.isEmpty())
        line += ", preset " + state.presetId;
    out << escapeControls(line) << "\n";
    const QString changed = changedValues(state.scenario);
    out << indent << "values: " << (changed.isEmpty() ? QString("defaults") : changed) << "\n";
    for (const fl::Scenario& other : state.otherSystems)
        out << indent << "also remembers: " << q(fl::describe(other)) << "\n";
    if (const std::optional<fl::SweepSpec> sweep = fl::ui::storedSweep(state))
        out << indent
            << QString("bifurcation sweep: %1 from %2 to %3, %4 steps")
                   .arg(q(sweep->parameter), q(fl::formatNumber(sweep->from)), q(fl::formatNumber(sweep->to)))
                   .arg(sweep->steps)
            << "\n";
    // Every view's setup of the analysis contract the state keeps, as session run reads it.
    for (const fl::AnalysisDefinition* definition : fl::analysisDefinitions())
        if (const std::optional<fl::SetupRecord> stored = fl::ui::storedSetup(state, definition->id())) {
            std::vector<std::string> warnings;
            const fl::SetupRecord setup = definition->readSetup(state.scenario, *stored, "view.setups." + definition->id(), warnings);
            out << indent << "view " << q(definition->id()) << ": " << escapeControls(q(setup.describe())) << "\n";
            for (const std::string& warning : warnings)
                out << indent << "  warning: " << escapeControls(q(warning)) << "\n";
        }
}

int showCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Print what a session file holds: title, state, scenes (numbered as --scene takes them).");
    parser.addHelpOption();
    parser.addPositionalArgument("file", "The session file (.frictionlab).");
    if (const std::optional<int> exit = parseOrExit(parser, arguments, Positionals::Allowed))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return fail(2, "session show takes one file");
    const QString path = parser.positionalArguments().first();
    fl::ui::Session session;
    const fl::Status status = loadSession(path, session);
    if (!status.ok())
        return fail(2, q(status.message()));
    // Every text from the file is printed with its control characters escaped: a title must not
    // set the terminal's title, clear the screen or overwrite the lines above it.
    QTextStream out(stdout);
    out << "session: " << escapeControls(path) << "\n";
    out << "title: " << escapeControls(session.title) << "\n";
    if (!session.description.isEmpty())
        out << "description: " << escapeControls(QString(session.description).replace('\n', ' ')) << "\n";
    out << "state: ";
    printState(out, session.state, "  ");
    out << "scenes: " << session.scenes.size();
    if (session.currentScene >= 0)
        out << " (current: " << session.currentScene + 1 << ")";
    out << "\n";
    for (size_t i = 0; i < session.scenes.size(); ++i) {
        const fl::ui::Scene& scene = session.scenes[i];
        out << "  " << i + 1 << ". " << (scene.title.isEmpty() ? QString("(untitled)") : escapeControls(scene.title)) << "\n";
        out << "     ";
        printState(out, scene.state, "     ");
    }
    return 0;
}

int newCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write a session file (.frictionlab) whose state is the scenario the options describe, e.g.\n"
        "  frictionlab-cli session new --preset jtam2016-fig4a --set v_b=0.3 --out fig4a.frictionlab\n"
        "`frictionlab-cli run --session FILE` then gives exactly the rows of the equivalent direct run.");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"title", "The session's title (at most 200 characters).", "text"},
        {"description", "What the session is for (at most 4000 characters).", "text"},
        {"out", "The session file to write (required; written atomically; '-' = stdout).", "file"},
        {"quiet", "No summary line on stderr."},
    });
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    if (!parser.isSet("out"))
        return fail(2, "session new needs --out FILE");
    CommandFiles files;
    files.input("session", parser.value("session"));
    files.input("model", parser.value("model"));
    TextOutput& file = files.output("out", parser.value("out"));
    if (const fl::Status checked = files.check(); !checked.ok())
        return fail(2, q(checked.message()));
    fl::ui::Session session;
    session.title = parser.value("title");
    session.description = parser.value("description");
    if (session.title.size() > fl::ui::kMaxTitleChars)
        return fail(2, QString("--title has %1 characters, at most %2").arg(session.title.size()).arg(fl::ui::kMaxTitleChars));
    if (session.description.size() > fl::ui::kMaxNoteChars)
        return fail(2, QString("--description has %1 characters, at most %2").arg(session.description.size()).arg(fl::ui::kMaxNoteChars));
    // Control characters (terminal escapes, carriage returns) have no place in a title; a
    // description may hold line breaks and tabs.
    if (escapeControls(session.title) != session.title)
        return fail(2, "--title holds control characters (" + escapeControls(session.title) + "): a title is one line of text");
    if (escapeControls(session.description) != QString(session.description).replace('\n', "\\n").replace('\t', "\\t"))
        return fail(2, "--description holds control characters other than line breaks and tabs");
    std::optional<fl::SweepSpec> sweep;
    fl::Status status = buildScenario(parser, session.state.scenario, &sweep);
    if (!status.ok())
        return fail(2, q(status.message()));
    if (parser.isSet("preset"))
        session.state.presetId = parser.value("preset");
    // A bifurcation figure's sweep (or the session's) opens with the state, as in the GUI.
    if (sweep && fl::validateSweep(session.state.scenario, *sweep).ok())
        fl::ui::storeSweep(session.state, *sweep);

    const QByteArray json = fl::ui::writeSession(session);
    fl::ui::Session check; // what is written must read back (the reader is the stricter side)
    status = fl::ui::readSession(json, check);
    if (!status.ok())
        return fail(2, "the session cannot be read back: " + q(status.message()));
    const QString out = parser.value("out");
    status = files.open();
    if (status.ok())
        status = file.write(json.toStdString());
    if (status.ok())
        status = files.commit();
    if (!status.ok())
        return fail(2, q(status.message()));
    if (!parser.isSet("quiet") && out != "-")
        QTextStream(stderr) << out << ": " << q(fl::describe(session.state.scenario))
                            << (session.state.presetId.isEmpty() ? QString() : ", preset " + session.state.presetId) << "\n";
    return 0;
}

} // namespace

int sessionCommand(const QStringList& arguments)
{
    QStringList rest = arguments;
    const QString action = rest.size() > 1 ? rest.at(1) : QString();
    if (rest.size() > 1)
        rest.removeAt(1);
    if (action == "new")
        return newCommand(rest);
    if (action == "show")
        return showCommand(rest);
    if (action == "run")
        return sessionRunCommand(rest);
    if (action == "--help" || action == "-h" || action == "help") {
        QTextStream(stdout) << "Usage: frictionlab-cli session new [scenario options] [--title TEXT] --out FILE\n"
                               "       frictionlab-cli session show FILE\n"
                               "       frictionlab-cli session run FILE [--view ID ...] [--out-dir DIR] [--scene N]\n"
                               "Then: frictionlab-cli run --session FILE [--scene N] [--set id=value ...] [--out CSV]\n";
        return 0;
    }
    return fail(2, action.isEmpty() ? QString("session needs an action: new, show or run (see: frictionlab-cli session --help)")
                                    : "unknown session action '" + echo(action) + "' (expected new, show or run)");
}

} // namespace cli
