#include "cli/cli_support.h"
#include "bridge/session.h"
#include "bridge/session_setups.h"
#include "model/model_parser.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

namespace cli {

namespace {
/// The first `chars` characters of text, not ending inside a surrogate pair.
QString head(const QString& text, qsizetype chars)
{
    if (chars > 0 && chars < text.size() && text.at(chars - 1).isHighSurrogate())
        --chars;
    return text.left(chars);
}
/// The last `chars` characters of text, not starting inside a surrogate pair.
QString tail(const QString& text, qsizetype chars)
{
    if (chars > 0 && chars < text.size() && text.at(text.size() - chars).isLowSurrogate())
        --chars;
    return text.right(chars);
}
/// text whole up to `limit` characters, else its start, "…" and its end (`keepEnd` of them).
QString shortened(const QString& text, qsizetype limit, qsizetype keepEnd)
{
    if (text.size() <= limit)
        return text;
    return head(text, limit - keepEnd) + QChar(0x2026) + tail(text, keepEnd);
}
} // namespace

QString echo(const QString& text) { return shortened(text, kMaxEchoChars, 0); }

std::string echo(const std::string& text)
{
    return text.size() <= static_cast<size_t>(kMaxEchoChars) ? text : echo(QString::fromStdString(text)).toStdString();
}

QString echoPath(const QString& path) { return shortened(path, 160, 80); }

std::string echoPath(const std::string& path)
{
    return path.size() <= 160 ? path : echoPath(QString::fromStdString(path)).toStdString();
}

std::string idArgument(const QString& value) { return (value.size() <= kMaxEchoChars ? value : echo(value)).toStdString(); }

QString oneLine(const QString& text) { return shortened(escapeControls(text), kMaxMessageChars, kMaxMessageChars / 4); }

int fail(int code, const QString& message)
{
    // One line, whatever the user typed: control characters in echoed values are escaped, and
    // the line stays short (each echo is cut by echo(); this is the net under a forgotten one).
    QTextStream(stderr) << "error: " << oneLine(message) << "\n";
    return code;
}

std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& arguments, Positionals positionals)
{
    // Help never runs anything, whatever else is given, even options that do not parse
    // (--help-all is listed by Qt beside --help). Arguments after "--" are not options.
    for (qsizetype i = 1; i < arguments.size() && arguments[i] != QLatin1String("--"); ++i)
        if (arguments[i] == QLatin1String("--help") || arguments[i] == QLatin1String("-h") || arguments[i] == QLatin1String("--help-all")) {
            QTextStream(stdout) << parser.helpText();
            return 0;
        }
    if (!parser.parse(arguments)) {
        // Qt's text echoes each unknown option whole ("Unknown options: a, b."): the same words,
        // each name cut (echo) and at most five of them.
        const QStringList unknown = parser.unknownOptionNames();
        if (unknown.isEmpty() || !parser.errorText().startsWith(QLatin1String("Unknown option")))
            return fail(2, parser.errorText());
        if (unknown.size() == 1)
            return fail(2, "Unknown option '" + echo(unknown.first()) + "'.");
        QStringList shown;
        for (qsizetype i = 0; i < unknown.size() && i < 5; ++i)
            shown << echo(unknown[i]);
        return fail(2, "Unknown options: " + shown.join(", ") + (unknown.size() > 5 ? QString(", … (%1 in all).").arg(unknown.size()) : "."));
    }
    // An option means one thing: given twice it is refused, not silently the last (--set and
    // session run's --view repeat).
    QStringList seen;
    for (const QString& name : parser.optionNames()) {
        if (name == QLatin1String("set") || name == QLatin1String("view"))
            continue;
        if (seen.contains(name))
            return fail(2, "--" + name + " is given more than once (it takes one value)");
        seen << name;
    }
    if (positionals == Positionals::None && !parser.positionalArguments().isEmpty())
        return fail(2, "unexpected argument '" + echo(parser.positionalArguments().first()) + "'");
    return std::nullopt;
}

fl::Status refuseIgnored(const QCommandLineParser& parser, std::initializer_list<const char*> options, const QString& where)
{
    for (const char* option : options)
        if (parser.isSet(option))
            return fl::Status::error(std::string("--") + option + " applies only to " + where.toStdString() + ": here it would be ignored");
    return fl::Status::success();
}

void addPartialOption(QCommandLineParser& parser)
{
    parser.addOption({"partial", "When the command fails, write what it computed to each output's partial name "
                                 "(out.csv -> out.partial.csv); the files named stay as they were either way."});
}

void addScenarioOptions(QCommandLineParser& parser)
{
    parser.addOptions({
        {"system", "System id (see list).", "id", "belt"},
        {"model", "A model file (.flmodel, see docs/model-files.md) to simulate instead of a built-in system; "
                  "not with --system, --preset or --session (its laws are in the file: not with --law).", "file"},
        {"law", "Friction law id (see list); default: the system's first (belt and absorber: coulomb).", "id"},
        {"method", "event | regularized | explicit (default: event; regularized for the laws with memory, which have no event-driven form).", "id", "event"},
        {"reg", "Regularization for regularized methods: kudra | tanh | atan | sqrt.", "id", "kudra"},
        {"set", "Parameter value, id=value (repeatable).", "id=value"},
        {"t-end", "Simulated time (= --set t_end=T).", "T"},
        {"dt", "Output interval (= --set dt=DT).", "DT"},
        {"tol", "Integrator tolerance (= --set tol=TOL).", "TOL"},
        {"eps", "Regularization width (= --set eps=EPS).", "EPS"},
        {"integrator", "Stiff integrator of the regularized method (and its sweeps and Lyapunov exponents): bdf (SUNDIALS CVODE, default) | rosenbrock4 (odeint).", "id"},
        {"preset", "Start from a published case (see list), e.g. jtam2016-fig4a; --set etc. apply on top.", "name"},
        {"session", "Start from a session file's state (.frictionlab); --set etc. apply on top. "
                    "Not with --preset or --system.", "file"},
        {"scene", "With --session: start from scene N of the lecture (1-based) instead of its state.", "N"},
    });
}

fl::Status loadSession(const QString& path, fl::ui::Session& session)
{
    if (path.isEmpty())
        return fl::Status::error("--session: no file name given");
    QStringList warnings;
    const fl::Status status = fl::ui::loadSessionFile(path, session, &warnings);
    if (!status.ok())
        return fl::Status::error(echoPath(path).toStdString() + ": " + status.message());
    for (const QString& warning : warnings)
        QTextStream(stderr) << "warning: " << oneLine(echoPath(path) + ": " + warning) << "\n";
    return status;
}

namespace {
/// Parses "id=value" pairs (and --t-end, --dt, --tol, --eps) into the scenario's parameters. A
/// parameter takes one value: named twice (two --set, or --t-end and --set t_end=) it is refused,
/// not silently the last.
fl::Status applyValues(const QCommandLineParser& parser, fl::Scenario& scenario)
{
    struct Assignment {
        QString text;   ///< id=value
        QString option; ///< "" for --set, else the shortcut ("t-end")
    };
    std::vector<Assignment> assignments;
    for (const QString& assignment : parser.values("set"))
        assignments.push_back({assignment, {}});
    const std::pair<const char*, const char*> shortcuts[] = {{"t-end", "t_end"}, {"dt", "dt"}, {"tol", "tol"}, {"eps", "eps"}};
    for (const auto& [option, id] : shortcuts)
        if (parser.isSet(option))
            assignments.push_back({QString(id) + "=" + parser.value(option), option});
    std::vector<std::pair<std::string, const Assignment*>> seen; // id, where it was set
    for (const Assignment& a : assignments) {
        const QString& assignment = a.text;
        const qsizetype eq = assignment.indexOf('=');
        if (eq <= 0)
            return fl::Status::error("--set expects id=value, got '" + echo(assignment).toStdString() + "'");
        const std::string id = assignment.left(eq).trimmed().toStdString();
        bool ok = false;
        const double value = toFinite(assignment.mid(eq + 1).trimmed(), &ok);
        if (!scenario.params.has(id)) {
            std::string known;
            for (const fl::ParameterSpec& spec : scenario.params.specs())
                known += (known.empty() ? "" : ", ") + spec.id;
            return fl::Status::error("unknown parameter '" + echo(id) + "' for " + scenario.systemId + "/" + scenario.lawId
                                     + " (known: " + known + ")");
        }
        if (!ok)
            return fl::Status::error(id + ": '" + echo(assignment.mid(eq + 1)).toStdString() + "' is not a finite number");
        const auto twice = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == id; });
        if (twice != seen.end()) {
            const Assignment& first = *twice->second;
            if (first.option.isEmpty() && a.option.isEmpty())
                return fl::Status::error(id + " is set twice: --set " + echo(first.text).toStdString() + " and --set "
                                         + echo(assignment).toStdString() + " (give one value)");
            const QString shortcut = first.option.isEmpty() ? a.option : first.option;
            return fl::Status::error("--" + shortcut.toStdString() + " and --set " + id + "= both set " + id + " (give one of them)");
        }
        seen.emplace_back(id, &a);
        fl::Status status = scenario.params.set(id, value);
        if (!status.ok())
            return status;
    }
    // Up to the streamed limit: `run` writes its rows as they come; a command that holds them in
    // memory is held to the smaller limit by fl::simulate itself.
    return fl::validate(scenario, fl::SampleStorage::Streamed);
}

/// --integrator: the stiff integrator of the regularized method (the base's when absent).
fl::Status applyIntegrator(const QCommandLineParser& parser, fl::Scenario& scenario)
{
    if (!parser.isSet("integrator"))
        return fl::Status::success();
    const auto integrator = fl::findStiffIntegrator(parser.value("integrator").toStdString());
    if (!integrator)
        return fl::Status::error("unknown integrator '" + echo(parser.value("integrator")).toStdString() + "' (rosenbrock4, bdf)");
    scenario.stiffIntegrator = *integrator;
    return fl::Status::success();
}

/// The method of a run without --method: the given one, or the stiff regularized method for a
/// law with no set-valued form (the laws with memory), which the event-driven method cannot run.
fl::Method methodForLaw(const std::string& lawId, fl::Method method)
{
    const fl::FrictionLawInfo* law = fl::findFrictionLaw(lawId);
    return law && !law->eventDriven && !fl::methodInfo(method).smooth ? fl::Method::Regularized : method;
}

/// --reg, --method and --law on top of a preset's or session's scenario (its system stays),
/// then the values.
fl::Status applyOverrides(const QCommandLineParser& parser, fl::Scenario& scenario)
{
    if (fl::Status status = applyIntegrator(parser, scenario); !status.ok())
        return status;
    if (parser.isSet("reg")) {
        const auto reg = fl::findRegularization(parser.value("reg").toStdString());
        if (!reg)
            return fl::Status::error("unknown regularization '" + echo(parser.value("reg")).toStdString() + "' (kudra, tanh, atan, sqrt)");
        scenario.regularization = *reg;
    }
    if (parser.isSet("method")) {
        const auto method = fl::findMethod(parser.value("method").toStdString());
        if (!method)
            return fl::Status::error("unknown method '" + echo(parser.value("method")).toStdString() + "' (event, regularized, explicit)");
        scenario.method = *method;
    }
    if (parser.isSet("law")) {
        const std::string law = idArgument(parser.value("law"));
        fl::Scenario check;
        if (!parser.isSet("method"))
            scenario.method = methodForLaw(law, scenario.method);
        fl::Status status = fl::makeScenario(scenario.systemId, law, scenario.method, scenario.regularization, check);
        if (status.ok())
            status = fl::changeModel(scenario, scenario.systemId, law);
        if (!status.ok())
            return status;
    }
    return applyValues(parser, scenario);
}

/// The state --session FILE [--scene N] names.
fl::Status sessionState(const QCommandLineParser& parser, fl::ui::SessionState& state)
{
    const QString path = parser.value("session");
    fl::ui::Session session;
    fl::Status status = loadSession(path, session);
    if (!status.ok())
        return status;
    if (!parser.isSet("scene")) {
        state = session.state;
        return status;
    }
    bool ok = false;
    const int scene = parser.value("scene").toInt(&ok);
    if (!ok)
        return fl::Status::error("--scene takes a scene number (1, 2, ...), got '" + echo(parser.value("scene")).toStdString() + "'");
    status = fl::ui::sceneState(session, scene - 1, state);
    return status.ok() ? status : fl::Status::error(echoPath(path).toStdString() + ": " + status.message());
}

} // namespace

fl::Status loadModelFile(const QString& path, const fl::SystemInfo*& system)
{
    QFile file(path);
    if (QFileInfo(path).isDir())
        return fl::Status::error(echoPath(path).toStdString() + ": is a folder, not a model file");
    if (!file.open(QIODevice::ReadOnly))
        return fl::Status::error(echoPath(path).toStdString() + ": " + file.errorString().toStdString());
    // One byte more than allowed tells a file that is too large without reading all of it.
    const QByteArray bytes = file.read(static_cast<qint64>(fl::model::kMaxFileBytes) + 1);
    const fl::ModelRegistration registration = fl::registerModel(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
    if (!registration.ok())
        return fl::Status::error(echoPath(path).toStdString() + ":" + std::to_string(registration.error.where.line) + ":"
                                 + std::to_string(registration.error.where.column) + ": " + registration.error.reason);
    system = registration.system;
    return fl::Status::success();
}

fl::Status buildScenario(const QCommandLineParser& parser, fl::Scenario& scenario, std::optional<fl::SweepSpec>* sweep)
{
    if (parser.isSet("model")) {
        for (const char* other : {"system", "preset", "session", "law"})
            if (parser.isSet(other))
                return fl::Status::error(std::string("--model cannot be combined with --") + other
                                         + (std::string_view(other) == "law" ? " (the model file names its laws)" : " (the file is the system)"));
    }
    if (parser.isSet("scene") && !parser.isSet("session"))
        return fl::Status::error("--scene needs --session FILE");
    if (parser.isSet("session")) {
        if (parser.isSet("preset") || parser.isSet("system"))
            return fl::Status::error("--session cannot be combined with --preset or --system (the session names its scenario)");
        fl::ui::SessionState state;
        fl::Status status = sessionState(parser, state);
        if (!status.ok())
            return status;
        scenario = state.scenario;
        if (sweep)
            *sweep = fl::ui::storedSweep(state);
        return applyOverrides(parser, scenario);
    }
    if (parser.isSet("preset")) {
        if (parser.isSet("system"))
            return fl::Status::error("--system cannot be combined with --preset (the preset names its system)");
        const std::string presetId = idArgument(parser.value("preset"));
        fl::Status status = fl::applyPreset(presetId, scenario);
        if (!status.ok())
            return status;
        if (sweep)
            *sweep = fl::findPreset(presetId)->sweep;
        return applyOverrides(parser, scenario);
    }
    const std::string methodId = idArgument(parser.value("method"));
    const auto method = fl::findMethod(methodId);
    if (!method)
        return fl::Status::error("unknown method '" + methodId + "' (event, regularized, explicit)");
    const std::string regId = idArgument(parser.value("reg"));
    const auto reg = fl::findRegularization(regId);
    if (!reg)
        return fl::Status::error("unknown regularization '" + regId + "' (kudra, tanh, atan, sqrt)");
    std::string lawId = idArgument(parser.value("law"));
    std::string systemId = idArgument(parser.value("system"));
    if (parser.isSet("model")) {
        const fl::SystemInfo* model = nullptr;
        if (fl::Status status = loadModelFile(parser.value("model"), model); !status.ok())
            return status;
        systemId = model->id;
    }
    fl::Method chosen = parser.isSet("method") ? *method : methodForLaw(lawId, *method);
    if (const fl::SystemInfo* system = fl::findSystem(systemId)) {
        // Unless given: the system's first law (coulomb for the belt, I00 for the disk, ...) and its
        // first method when it does not take the default one (the pendulum has no event-driven form).
        if (!parser.isSet("law"))
            lawId = fl::lawsOf(*system).front()->id;
        if (!parser.isSet("method")) {
            chosen = methodForLaw(lawId, *method);
            if (std::find(system->methods.begin(), system->methods.end(), chosen) == system->methods.end())
                chosen = system->methods.front();
        }
    }
    fl::Status status = fl::makeScenario(systemId, lawId, chosen, *reg, scenario);
    if (status.ok())
        status = applyIntegrator(parser, scenario);
    return status.ok() ? applyValues(parser, scenario) : status;
}

fl::Status checkSteppedKind(const fl::ParameterSet& params, const std::string& id, int steps, const std::function<double(int)>& value,
                            const QString& fromOption, const QString& toOption, const QString& stepsOption)
{
    const fl::ParameterSpec& spec = params.specs()[static_cast<size_t>(params.index(id))];
    fl::Status status = fl::Status::success();
    const int k = fl::firstValueNotOfKind(spec, steps, value, status);
    if (k < 0)
        return fl::Status::success();
    const double first = value(0), last = value(std::max(steps, 1) - 1);
    if (k == 0 || k == std::max(steps, 1) - 1)
        return fl::Status::error(status.message() + ": " + (k == 0 ? fromOption : toOption).toStdString() + " is "
                                 + fl::formatNumber(k == 0 ? first : last));
    return fl::Status::error(status.message() + ": " + stepsOption.toStdString() + " " + std::to_string(steps) + " from "
                             + fl::formatNumber(first) + " to " + fl::formatNumber(last) + " gives " + fl::formatNumber(value(k)));
}

bool parseThreads(const QCommandLineParser& parser, int& threads)
{
    threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (!parser.isSet("threads"))
        return true;
    bool ok = false;
    threads = parser.value("threads").toInt(&ok);
    return ok && threads >= 1 && threads <= 256;
}

double toFinite(const QString& text, bool* ok)
{
    bool parsed = false;
    const double value = text.toDouble(&parsed);
    *ok = parsed && std::isfinite(value);
    return value;
}

} // namespace cli
