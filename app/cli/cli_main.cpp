// frictionlab-cli: the headless twin of the application; links the core and Qt Core only.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"

#include <QCoreApplication>
#include <QTextStream>

#include <csignal>
#include <cstdio>
#include <exception>
#include <new>

namespace {
const char* kUsage =
    "Usage: frictionlab-cli <command> [options]\n"
    "Commands:\n"
    "  list [--json]   systems, friction laws, methods and regularizations, with every parameter\n"
    "  run  [options]  simulate one scenario and write CSV (see: frictionlab-cli run --help)\n"
    "  sweep [options] bifurcation diagram over one parameter (see: frictionlab-cli sweep --help)\n"
    "  map [options]   two-parameter map: one observable per grid point (see: frictionlab-cli map --help)\n"
    "  lyapunov [opts] Lyapunov exponents (smooth methods; event-driven through saltation matrices; see --help)\n"
    "  contact eval|fit|stick  plane-contact models (see: frictionlab-cli contact --help)\n"
    "  session new [options] --out FILE   write a session file (.frictionlab) of a scenario\n"
    "  session show FILE                  print a session's title, state and numbered scenes\n"
    "  slip-events [opts] slip events of a Burridge-Knopoff chain and their power law (see: --help)\n"
    "  compare [opts]  one scenario event-driven vs regularized: |difference| per variable as CSV (see: --help)\n"
    "  model check FILE  parse and check a model file (.flmodel): coordinates, contacts, parameters, or FILE:LINE:COL: reason\n"
    "  model export      write a built-in system as a model file (--system belt|absorber|bk-chain|brake [--law ID]); run it with --model FILE\n"
    "Scenario options of run, sweep, map, lyapunov, slip-events, compare and session new: --system ID --law ID --method ID ...,\n"
    "or --preset ID, or --session FILE [--scene N]; --set id=value etc. apply on top.\n";
}

namespace {
int dispatch(int argc, char** argv);
} // namespace

int main(int argc, char** argv)
{
    // A file-size limit (ulimit -f) must make a write fail (EFBIG), which every output reports in
    // one line and leaves the old file, not kill the process by SIGXFSZ (exit 153, no message).
    std::signal(SIGXFSZ, SIG_IGN);
    // Status codes, not exceptions (docs/architecture.md idea 6); should one escape anyway (a library's
    // error, out of memory), the command still ends with one line and a non-zero code.
    try {
        return dispatch(argc, argv);
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "error: out of memory\n");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: internal: %s\n", e.what());
    }
    return 1;
}

namespace {
int dispatch(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("frictionlab-cli");
    QCoreApplication::setApplicationVersion("0.1.0");
    QStringList arguments = QCoreApplication::arguments();
    const QString command = arguments.size() > 1 ? arguments.at(1) : QString();
    if (arguments.size() > 1)
        arguments.removeAt(1);
    if (const std::optional<int> code = cli::dispatchCommand(command, arguments))
        return *code;
    QTextStream err(stderr);
    if (command.isEmpty()) { // a mistake: the usage goes where errors go, with the error's exit code
        err << "error: no command given\n" << kUsage;
        return 2;
    }
    if (command == "--help" || command == "--help-all" || command == "-h" || command == "help") {
        QTextStream(stdout) << kUsage;
        return 0;
    }
    err << "error: unknown command '" << cli::escapeControls(cli::echo(command)) << "' (expected list, run, sweep, map, lyapunov, contact, session, slip-events, compare or model)\n";
    return 2;
}
} // namespace
