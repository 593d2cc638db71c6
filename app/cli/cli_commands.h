#pragma once
// The subcommands of frictionlab-cli. Each returns the process exit code:
// 0 success, 1 the run failed (solver error), 2 bad input (one line on stderr says why).
#include <QStringList>

#include <optional>
#include <vector>

namespace cli {

/// A command of frictionlab-cli: its name, what runs it, and its lines of the usage text.
struct CliCommand {
    const char* name;
    int (*run)(const QStringList& arguments);
    const char* usage; ///< "  name [opts]   what it does\n", one or more lines
};
/// Every command, one line each (app/cli/command_registry.cpp): dispatch, the usage text and the
/// error naming the commands all come from this list.
const std::vector<CliCommand>& cliCommands();
/// Runs the command named `command` with its arguments (arguments[0] the program name); nullopt
/// if no command has that name.
std::optional<int> dispatchCommand(const QString& command, const QStringList& arguments);
/// "Usage: frictionlab-cli <command> [options]" and every command's lines.
QString usageText();
/// "list, run, ... or model".
QString commandNames();

/// `list [--json]`: systems, laws, methods, regularizations with every parameter's metadata.
int listCommand(const QStringList& arguments);
/// `run --system ID --law ID --method ID [--reg ID] [--set id=value]... [--t-end T] [--dt DT]
///  [--tol TOL] [--out FILE] [--events FILE]`, or `run --preset ID ...` / `run --session FILE
///  [--scene N] ...` with the options on top: simulate and write CSV.
int runCommand(const QStringList& arguments);
/// `sweep --param ID --from A --to B --steps N ...`: bifurcation diagram as CSV.
int sweepCommand(const QStringList& arguments);
/// `map --x ID --x-from A --x-to B --x-steps N --y ID ... --observable KIND --out FILE`: a
/// two-parameter map as CSV (x, y, value per point).
int mapCommand(const QStringList& arguments);
/// `lyapunov [scenario options] [--transient T --duration T --interval tau --count k]`.
int lyapunovCommand(const QStringList& arguments);
/// `continue [scenario options] --param ID --start VALUE --from A --to B [--periods N] --out BRANCH.csv
/// [--points POINTS.csv]`.
int continueCommand(const QStringList& arguments);
/// `contact eval|fit|stick ...`: the plane-contact models.
int contactCommand(const QStringList& arguments);
/// `session new [scenario options] [--title TEXT] --out FILE`, `session show FILE` and `session run FILE ...`.
int sessionCommand(const QStringList& arguments);
/// `session run FILE [--view ID ...] [--out-dir DIR] [--scene N] [--threads N]`: each view's CSV
/// recomputed from the session file alone (app/cli/session_run_command.cpp).
int sessionRunCommand(const QStringList& arguments);
/// `slip-events [scenario options] [--skip T] [--fit-min M --fit-max M] [--out FILE] [--histogram FILE]`:
/// the slip events of a Burridge-Knopoff chain run and the power-law exponent of their sizes.
int slipEventsCommand(const QStringList& arguments);
/// `compare [scenario options] [--event-law ID] [--out FILE]`: the scenario run event-driven and
/// regularized (at the scenario's eps), and |event - regularized| of its state variables as CSV.
int compareCommand(const QStringList& arguments);
/// `model check FILE`: a model file (*.flmodel) parsed and checked, or FILE:LINE:COL: reason.
int modelCommand(const QStringList& arguments);

} // namespace cli
