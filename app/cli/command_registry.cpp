// The commands of frictionlab-cli, one line each: what `frictionlab-cli <command>` runs, its lines in
// the usage text, and the list an unknown command's error names.
#include "cli/cli_commands.h"

namespace cli {

const std::vector<CliCommand>& cliCommands()
{
    static const std::vector<CliCommand> list = {
        {"list", listCommand, "  list [--json]   systems, friction laws, methods and regularizations, with every parameter\n"},
        {"run", runCommand, "  run  [options]  simulate one scenario and write CSV (see: frictionlab-cli run --help)\n"},
        {"sweep", sweepCommand, "  sweep [options] bifurcation diagram over one parameter (see: frictionlab-cli sweep --help)\n"},
        {"map", mapCommand, "  map [options]   two-parameter map: one observable per grid point (see: frictionlab-cli map --help)\n"},
        {"lyapunov", lyapunovCommand,
         "  lyapunov [opts] Lyapunov exponents (smooth methods; event-driven through saltation matrices; see --help)\n"},
        {"continue", continueCommand,
         "  continue [opts] continue a periodic orbit in one parameter, with its bifurcations (see: --help)\n"},
        {"contact", contactCommand, "  contact eval|fit|stick  plane-contact models (see: frictionlab-cli contact --help)\n"},
        {"session", sessionCommand,
         "  session new [options] --out FILE   write a session file (.frictionlab) of a scenario\n"
         "  session show FILE                  print a session's title, state, numbered scenes and views' setups\n"
         "  session run FILE [--view ID ...] [--out-dir DIR]  recompute its views' CSV files from the file alone\n"},
        {"slip-events", slipEventsCommand, "  slip-events [opts] slip events of a Burridge-Knopoff chain and their power law (see: --help)\n"},
        {"compare", compareCommand, "  compare [opts]  one scenario event-driven vs regularized: |difference| per variable as CSV (see: --help)\n"},
        {"model", modelCommand,
         "  model check FILE  parse and check a model file (.flmodel): coordinates, contacts, parameters, or FILE:LINE:COL: reason\n"
         "  model export      write a built-in system as a model file (--system belt|absorber|bk-chain|brake [--law ID]); run it with --model FILE\n"},
    };
    return list;
}

std::optional<int> dispatchCommand(const QString& command, const QStringList& arguments)
{
    for (const CliCommand& c : cliCommands())
        if (command == QLatin1String(c.name))
            return c.run(arguments);
    return std::nullopt;
}

QString usageText()
{
    QString text = QStringLiteral("Usage: frictionlab-cli <command> [options]\nCommands:\n");
    for (const CliCommand& c : cliCommands())
        text += QString::fromUtf8(c.usage);
    return text + QStringLiteral(
               "Scenario options of run, sweep, map, lyapunov, continue, slip-events, compare and session new: --system ID --law ID --method ID ...,\n"
               "or --preset ID, or --session FILE [--scene N]; --set id=value etc. apply on top.\n");
}

QString commandNames()
{
    QStringList names;
    for (const CliCommand& c : cliCommands())
        names << QString::fromLatin1(c.name);
    const QString last = names.takeLast();
    return names.join(QStringLiteral(", ")) + QStringLiteral(" or ") + last;
}

} // namespace cli
