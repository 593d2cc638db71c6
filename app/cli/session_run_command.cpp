// `frictionlab-cli session run FILE [--view ID ...] [--out-dir DIR]`: recomputes the views of a
// saved session from the file alone (scenario, model text, setups) through the analysis contract
// (core/contract/), and writes each view's CSV: the bytes the window's File > Export from This Tab
// writes for that view of the same session.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"
#include "cli/command_files.h"

#include "bridge/session.h"
#include "bridge/session_setups.h"
#include "contract/analysis_registry.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <thread>

namespace cli {

namespace {

QString registeredIds()
{
    QStringList ids;
    for (const fl::AnalysisDefinition* definition : fl::analysisDefinitions())
        ids << q(definition->id());
    return ids.join(", ");
}

/// The views to compute: those named (each registered), else every view whose setup the state holds.
fl::Status chooseViews(const QStringList& named, const fl::ui::SessionState& state, std::vector<const fl::AnalysisDefinition*>& out)
{
    for (const QString& id : named) {
        const fl::AnalysisDefinition* definition = fl::findAnalysisDefinition(id.toStdString());
        if (!definition)
            return fl::Status::error("--view '" + echo(id).toStdString() + "' is not a view that session run computes (" +
                                     registeredIds().toStdString() + ")");
        if (std::find(out.begin(), out.end(), definition) == out.end())
            out.push_back(definition);
    }
    if (named.isEmpty())
        for (const fl::AnalysisDefinition* definition : fl::analysisDefinitions())
            if (fl::ui::storedSetup(state, definition->id()))
                out.push_back(definition);
    if (out.empty())
        return fl::Status::error("the session keeps no setup of a view that session run computes (" + registeredIds().toStdString() +
                                 "); name one with --view ID to compute its default setup");
    return fl::Status::success();
}

} // namespace

int sessionRunCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Recompute the views of a saved session from the file alone and write each view's CSV as DIR/<view>.csv,\n"
        "the same bytes as the window's File > Export from This Tab for that view, e.g.\n"
        "  frictionlab-cli session run lecture.frictionlab --view bifurcation --out-dir figures\n"
        "Without --view: every view whose setup the session keeps (frictionlab-cli session show lists them).");
    parser.addHelpOption();
    parser.addPositionalArgument("file", "The session file (.frictionlab).");
    parser.addOptions({
        {"view", "A view to compute (" + registeredIds() + "); may be given several times.", "id"},
        {"out-dir", "The folder the CSV files go to (it must exist; default: the current folder).", "dir", "."},
        {"scene", "Compute scene N's state (1-based) instead of the state on screen when saved.", "N"},
        {"threads", "Worker threads (default: all cores; the results do not depend on it).", "n"},
        {"quiet", "No summary lines on stderr."},
    });
    if (const std::optional<int> exit = parseOrExit(parser, arguments, Positionals::Allowed))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return fail(2, "session run takes one file");
    const QString path = parser.positionalArguments().first();
    fl::ui::Session session;
    if (const fl::Status status = loadSession(path, session); !status.ok())
        return fail(2, q(status.message()));
    fl::ui::SessionState state = session.state;
    if (parser.isSet("scene")) {
        bool ok = false;
        const int scene = parser.value("scene").toInt(&ok);
        if (!ok)
            return fail(2, "--scene '" + echo(parser.value("scene")) + "' is not a whole number");
        if (const fl::Status status = fl::ui::sceneState(session, scene - 1, state); !status.ok())
            return fail(2, q(status.message()));
    }
    int threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    if (parser.isSet("threads") && !parseThreads(parser, threads))
        return fail(2, "--threads must be in [1, 256]");
    std::vector<const fl::AnalysisDefinition*> views;
    if (const fl::Status status = chooseViews(parser.values("view"), state, views); !status.ok())
        return fail(2, q(status.message()));

    // Every setup read and checked before anything is computed.
    std::vector<fl::SetupRecord> setups;
    for (const fl::AnalysisDefinition* view : views) {
        const std::optional<fl::SetupRecord> stored = fl::ui::storedSetup(state, view->id());
        std::vector<std::string> warnings;
        setups.push_back(stored ? view->readSetup(state.scenario, *stored, "view.setups." + view->id(), warnings)
                                : view->defaultSetup(state.scenario));
        for (const std::string& warning : warnings)
            QTextStream(stderr) << "warning: " << escapeControls(q(warning)) << "\n";
        if (const fl::SetupProblem problem = view->check(state.scenario, setups.back()); !problem.ok())
            return fail(2, q(view->id() + ": " + fl::describe(problem)));
    }
    // The folder checked before anything is computed (exists, writable, not the session).
    const QDir dir(parser.value("out-dir"));
    {
        CommandFiles probe;
        probe.input("session", path);
        for (const fl::AnalysisDefinition* view : views)
            probe.output("out-dir", dir.filePath(q(view->id()) + ".csv"));
        if (const fl::Status status = probe.check(); !status.ok())
            return fail(2, q(status.message()));
    }
    // Computed first, then every file written and replaced at once (CommandFiles): a view's files
    // are known only from its result (their names are the analysis's).
    fl::AnalysisContext context;
    context.threads = threads;
    std::vector<std::vector<fl::CsvFile>> results(views.size());
    for (size_t i = 0; i < views.size(); ++i) {
        QElapsedTimer timer;
        timer.start();
        const fl::Status status = views[i]->runToFiles(state.scenario, setups[i], context, results[i]);
        if (!status.ok())
            return fail(1, q(views[i]->id() + ": " + status.message()));
        if (!parser.isSet("quiet"))
            QTextStream(stderr) << q(views[i]->id()) << ": " << q(fl::describe(state.scenario))
                                << QString(", %1 s").arg(timer.elapsed() * 1e-3, 0, 'f', 2) << "\n";
    }
    CommandFiles files;
    files.input("session", path);
    std::vector<std::pair<TextOutput*, const std::string*>> outputs;
    for (size_t i = 0; i < views.size(); ++i)
        for (const fl::CsvFile& file : results[i])
            outputs.emplace_back(&files.output("out-dir", dir.filePath(q(file.fileName(views[i]->id())))), &file.text);
    if (const fl::Status status = files.open(); !status.ok())
        return fail(2, q(status.message()));
    for (const auto& [output, text] : outputs)
        if (const fl::Status written = output->write(*text); !written.ok())
            return files.fail(2, q(written.message()));
    if (const fl::Status status = files.commit(); !status.ok())
        return files.fail(2, q(status.message()));
    if (!parser.isSet("quiet"))
        for (size_t i = 0; i < views.size(); ++i)
            for (const fl::CsvFile& file : results[i])
                QTextStream(stderr) << dir.filePath(q(file.fileName(views[i]->id()))) << "\n";
    return 0;
}

} // namespace cli
