#include "input_checks.h"
#include "bridge/session.h"
#include "cli/cli_commands.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QRegularExpression>

#include <cstdio>
#include <functional>
#include <unistd.h>

namespace fuzz {
namespace {

struct Captured {
    int code;
    QByteArray out, err;
};

QByteArray readBack(std::FILE* file)
{
    std::fflush(file);
    std::rewind(file);
    QByteArray bytes;
    char buffer[65536];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;)
        bytes.append(buffer, static_cast<qsizetype>(n));
    std::fclose(file);
    return bytes;
}

/// Runs body with file descriptors 1 and 2 sent to temporary files.
Captured captured(const std::function<int()>& body)
{
    std::fflush(stdout);
    std::fflush(stderr);
    const int savedOut = dup(1), savedErr = dup(2);
    std::FILE* out = std::tmpfile();
    std::FILE* err = std::tmpfile();
    dup2(fileno(out), 1);
    dup2(fileno(err), 2);
    const int code = body();
    std::fflush(stdout);
    std::fflush(stderr);
    dup2(savedOut, 1);
    dup2(savedErr, 2);
    close(savedOut);
    close(savedErr);
    return {code, readBack(out), readBack(err)};
}

int runCli(const QStringList& arguments)
{
    QStringList rest = arguments;
    rest[0] = QStringLiteral("frictionlab-cli");
    return cli::dispatchCommand(arguments.value(0), rest).value_or(2);
}

QString validity(const fl::Scenario& scenario, const QString& where)
{
    const fl::Status status = fl::validate(scenario);
    return status.ok() ? QString() : where + ": accepted but invalid: " + QString::fromStdString(status.message());
}

} // namespace

QString checkSession(const QByteArray& bytes)
{
    fl::ui::Session out;
    out.title = QStringLiteral("sentinel");
    QStringList warnings;
    const fl::Status status = fl::ui::readSession(bytes, out, &warnings);
    if (!status.ok()) {
        const QString message = QString::fromStdString(status.message());
        if (message.isEmpty() || message.contains('\n'))
            return "refusal is not one line: '" + message + "'";
        if (out.title != "sentinel")
            return "a refused document changed the target";
        return {};
    }
    if (warnings.size() > fl::ui::kMaxWarnings + 1)
        return QString("%1 warnings (at most %2 and one line of how many more)").arg(warnings.size()).arg(fl::ui::kMaxWarnings);
    if (QString problem = validity(out.state.scenario, "state"); !problem.isEmpty())
        return problem;
    for (int i = 0; i < static_cast<int>(out.scenes.size()); ++i) {
        fl::ui::SessionState scene;
        const fl::Status sceneStatus = fl::ui::sceneState(out, i, scene);
        if (!sceneStatus.ok())
            return QString("scene %1 of an accepted document: %2").arg(i).arg(QString::fromStdString(sceneStatus.message()));
        if (QString problem = validity(scene.scenario, QString("scene %1").arg(i)); !problem.isEmpty())
            return problem;
    }
    const QByteArray written = fl::ui::writeSession(out);
    fl::ui::Session again;
    const fl::Status reread = fl::ui::readSession(written, again);
    if (!reread.ok())
        return "an accepted document writes a file that is refused: " + QString::fromStdString(reread.message());
    if (fl::ui::writeSession(again) != written)
        return "an accepted document does not round-trip";
    return {};
}

CliFuzzer::CliFuzzer(QString sessionFile, QString workDir) : m_sessionFile(std::move(sessionFile)), m_workDir(std::move(workDir))
{
    // "  --name <value>", "  -b <b>" (the first column of a command's --help).
    static const QRegularExpression optionLine(QStringLiteral("^\\s+(?:-\\w, )?(--[a-z0-9-]+|-\\w)( <[^>]+>)?"));
    for (const char* name : {"list", "run", "sweep", "lyapunov", "continue", "contact", "session", "slip-events", "compare"}) {
        const QString commandName = QString::fromLatin1(name);
        Command command{commandName, {}, {}, {}};
        if (commandName == "contact")
            command.positionals = {"eval", "fit", "stick"};
        if (commandName == "session")
            command.positionals = {"new", "show"};
        QStringList helpArguments{commandName};
        if (!command.positionals.isEmpty())
            helpArguments << command.positionals.first();
        const Captured help = captured([&] { return runCli(helpArguments << "--help"); });
        for (const QString& line : QString::fromUtf8(help.out).split('\n')) {
            const QRegularExpressionMatch m = optionLine.match(line);
            if (!m.hasMatch() || m.captured(1).startsWith("--help") || m.captured(1) == "-h")
                continue;
            command.options << m.captured(1);
            if (!m.captured(2).isEmpty())
                command.valueOptions << m.captured(1);
        }
        if (command.options.isEmpty())
            qFatal("fuzz: no options found in 'frictionlab-cli %s --help'", qPrintable(helpArguments.join(' ')));
        m_commands << command;
    }
    for (const fl::SystemInfo& system : fl::systems()) {
        m_systemIds << QString::fromStdString(system.id);
        for (const fl::ParameterSpec& spec : system.specs)
            m_parameterIds << QString::fromStdString(spec.id);
        for (const fl::FrictionLawInfo* law : fl::lawsOf(system)) {
            m_lawIds << QString::fromStdString(law->id);
            for (const fl::ParameterSpec& spec : law->specs)
                m_parameterIds << QString::fromStdString(spec.id);
        }
        for (const fl::Preset& preset : system.presets)
            m_presetIds << QString::fromStdString(preset.id);
    }
    for (const fl::ParameterSpec& spec : fl::numericsSpecs())
        m_parameterIds << QString::fromStdString(spec.id);
    m_parameterIds.removeDuplicates();
    m_lawIds.removeDuplicates();
}

QString CliFuzzer::valueFor(const QString& option, Mutator& mutator) const
{
    if (mutator.chance(0.08))
        return mutator.hostileNumberText();
    if (option == "system")
        return mutator.pick(m_systemIds);
    if (option == "law" || option == "event-law")
        return mutator.pick(m_lawIds);
    if (option == "preset")
        return mutator.pick(m_presetIds);
    if (option == "method")
        return mutator.pick(QStringList{"event", "regularized", "explicit", "implicit"});
    if (option == "reg")
        return mutator.pick(QStringList{"kudra", "tanh", "atan", "sqrt", "smooth"});
    if (option == "integrator")
        return mutator.pick(QStringList{"bdf", "rosenbrock4", "rk4"});
    if (option == "observable")
        return mutator.pick(QStringList{"maxima", "section", "strobe", "minima"});
    if (option == "model")
        return mutator.pick(QStringList{"integral", "I00", "I11", "coulomb"});
    if (option == "direction" || option == "crossing")
        return mutator.pick(QStringList{"up", "down", "both", "-1", "1", "0"});
    if (option == "param" || option == "variable" || option == "section-variable")
        return mutator.chance(0.8) ? mutator.pick(m_parameterIds) : mutator.pick(QStringList{"x", "v", "phi", "X_C", "z", "nothing"});
    if (option == "set")
        return mutator.pick(m_parameterIds) + "=" + (mutator.chance(0.7) ? mutator.plausibleNumberText(-2.0, 50.0) : mutator.hostileNumberText());
    if (option == "session")
        return mutator.pick(QStringList{m_sessionFile, m_workDir, m_workDir + "/missing.frictionlab", "/dev/null"});
    if (option == "out" || option == "events" || option == "histogram")
        return mutator.pick(QStringList{"/dev/null", m_workDir + "/out.csv", m_workDir + "/events.csv", m_workDir, "-"});
    if (option == "polygon" || option == "ellipse" || option == "load" || option == "pressure") {
        QStringList numbers;
        for (int i = 1 + mutator.below(7); i > 0; --i)
            numbers << (mutator.chance(0.85) ? mutator.plausibleNumberText(-2.0, 2.0) : mutator.hostileNumberText());
        return numbers.join(mutator.chance(0.9) ? "," : ";");
    }
    if (option == "b" || option == "m")
        return mutator.plausibleNumberText(-0.5, 3.0);
    if (option == "title" || option == "description")
        return QString(mutator.below(300), QChar(0x3bc));
    // Counts stay small and times short when valid, so that an accepted case runs quickly.
    if (option == "steps" || option == "samples" || option == "count" || option == "history" || option == "threads" || option == "scene")
        return mutator.plausibleNumberText(-1.0, 12.0).section('.', 0, 0);
    if (option == "t-end" || option == "transient" || option == "duration" || option == "max-time" || option == "interval"
        || option == "period")
        return mutator.plausibleNumberText(1e-3, 5.0);
    return mutator.plausibleNumberText(-3.0, 30.0);
}

QStringList CliFuzzer::randomArguments(Mutator& mutator) const
{
    const Command& command = mutator.pick(m_commands);
    QStringList arguments{command.name};
    if (!command.positionals.isEmpty() && mutator.chance(0.9))
        arguments << (mutator.chance(0.95) ? mutator.pick(command.positionals) : QStringLiteral("frobnicate"));
    if (command.name == "session" && arguments.value(1) == "show")
        arguments << mutator.pick(QStringList{m_sessionFile, m_workDir + "/missing", m_workDir});
    for (int i = mutator.below(7); i > 0; --i) {
        if (mutator.chance(0.05)) {
            arguments << (mutator.chance(0.5) ? QStringLiteral("--no-such-option") : QStringLiteral("stray"));
            continue;
        }
        const QString flag = mutator.pick(command.options);
        arguments << flag;
        if (command.valueOptions.contains(flag) && mutator.chance(0.97))
            arguments << valueFor(QString(flag).remove(0, flag.startsWith("--") ? 2 : 1), mutator);
    }
    return arguments;
}

QString CliFuzzer::check(const QStringList& arguments) const
{
    // Bounds on the work of an accepted case (the steps of each integration, and short default
    // times for the analyses, whose defaults are minutes of computing): first, so that the
    // case's own values win and a value-taking option at its end cannot swallow them.
    QStringList bounded = arguments;
    const QString command = arguments.value(0);
    QStringList bounds;
    if (command == "run" || command == "sweep" || command == "lyapunov" || command == "slip-events" || command == "compare"
        || command == "continue")
        bounds << "--set" << "max_steps=2000";
    if (command == "continue")
        bounds << "--transient" << "2" << "--max-points" << "3";
    if (command == "sweep")
        bounds << "--transient" << "1" << "--max-time" << "2" << "--steps" << "3";
    if (command == "lyapunov")
        bounds << "--transient" << "1" << "--duration" << "2";
    bounded = QStringList{command} + bounds + arguments.mid(1);
    const Captured result = captured([&] { return runCli(bounded); });
    if (result.code < 0 || result.code > 2)
        return QString("exit code %1").arg(result.code);
    if (result.code == 0)
        return {};
    QStringList errors;
    for (const QString& line : QString::fromUtf8(result.err).split('\n', Qt::SkipEmptyParts))
        if (!line.startsWith("warning: "))
            errors << line;
    if (errors.size() != 1 || !errors.first().startsWith("error: "))
        return QString("exit code %1 with stderr: %2").arg(result.code).arg(QString::fromUtf8(result.err).left(600));
    return {};
}

} // namespace fuzz
