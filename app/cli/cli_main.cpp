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
        err << "error: no command given\n" << cli::usageText();
        return 2;
    }
    if (command == "--help" || command == "--help-all" || command == "-h" || command == "help") {
        QTextStream(stdout) << cli::usageText();
        return 0;
    }
    err << "error: unknown command '" << cli::escapeControls(cli::echo(command)) << "' (expected " << cli::commandNames() << ")\n";
    return 2;
}
} // namespace
