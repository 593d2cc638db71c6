// `frictionlab-cli model check FILE`: parses and checks a model file (*.flmodel, the grammar in
// docs/model-files.md) and prints its coordinates, contacts and parameters, or one line
// "FILE:LINE:COL: reason" and exit 2.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"

#include "model/model_parser.h"
#include "model/model_summary.h"
#include "systems/model_equations.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <cstdio>

namespace cli {
namespace {

int checkCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Parse and check a model file; print its coordinates, contacts and parameters, or "
                                     "FILE:LINE:COL: reason (exit 2).");
    parser.addHelpOption();
    parser.addPositionalArgument("file", "The model file (.flmodel).");
    if (const std::optional<int> exit = parseOrExit(parser, arguments, Positionals::Allowed))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return fail(2, "model check takes one file");
    const QString path = parser.positionalArguments().first();
    QFile file(path);
    if (QFileInfo(path).isDir())
        return fail(2, echoPath(path) + ": is a folder, not a model file");
    if (!file.open(QIODevice::ReadOnly))
        return fail(2, echoPath(path) + ": " + file.errorString());
    // One byte more than allowed tells a file that is too large without reading all of it.
    const QByteArray bytes = file.read(static_cast<qint64>(fl::model::kMaxFileBytes) + 1);
    // Parsed, checked and prepared as a run prepares it (the budget on its derivatives too), so that
    // a file that checks also runs.
    const fl::PreparedModel parsed = fl::prepareModel(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
    if (!parsed.ok()) {
        // As compilers write it (no "error:" before it), so that editors jump to the place.
        QTextStream(stderr) << QString("%1:%2:%3: %4\n")
                                   .arg(escapeControls(path))
                                   .arg(parsed.error.where.line)
                                   .arg(parsed.error.where.column)
                                   .arg(oneLine(q(parsed.error.reason)));
        return 2;
    }
    // The names and texts come from the file: each line is printed with its control characters escaped.
    QTextStream out(stdout);
    out << "file: " << escapeControls(path) << "\n";
    for (const QString& line : q(fl::model::summarize(parsed.compiled->model)).split('\n', Qt::SkipEmptyParts))
        out << escapeControls(line) << "\n";
    return 0;
}

int exportCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Write a built-in system (belt, absorber, bk-chain, brake) with its law and values as a model file "
                                     "to standard output; run it with --model FILE.");
    parser.addHelpOption();
    addScenarioOptions(parser);
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    if (!parser.isSet("system") && !parser.isSet("preset") && !parser.isSet("session"))
        return fail(2, "model export needs --system ID (belt, absorber, bk-chain or brake)");
    if (parser.isSet("model"))
        return fail(2, "model export writes a built-in system: --model does not apply");
    fl::Scenario scenario;
    fl::Status status = buildScenario(parser, scenario);
    std::string text;
    if (status.ok())
        status = fl::exportModel(scenario, text);
    if (!status.ok())
        return fail(2, q(status.message()));
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
        return fail(1, "could not write to standard output");
    return 0;
}

} // namespace

int modelCommand(const QStringList& arguments)
{
    const QString action = arguments.size() > 1 ? arguments.at(1) : QString();
    QStringList rest = arguments;
    if (rest.size() > 1)
        rest.removeAt(1);
    if (action == "check")
        return checkCommand(rest);
    if (action == "export")
        return exportCommand(rest);
    if (action == "--help" || action == "-h") {
        QTextStream(stdout) << "Usage: frictionlab-cli model check FILE | model export --system ID [--law ID] [--set ID=VALUE ...]\n"
                               "  check FILE   parse and check a model file (.flmodel): its coordinates, contacts and\n"
                               "               parameters, or FILE:LINE:COL: reason and exit 2\n"
                               "  export       write a built-in system (belt, absorber, bk-chain, brake) with its law and\n"
                               "               values as a model file to standard output (run it with --model FILE)\n";
        return 0;
    }
    return fail(2, action.isEmpty() ? QString("model: expected an action (check, export)")
                                     : QString("model: unknown action '%1' (expected check or export)").arg(echo(action)));
}

} // namespace cli
