// `frictionlab-cli map`: a two-parameter map from the command line.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"
#include "cli/command_files.h"
#include "cli/mpi_session.h"

#include "analysis/parameter_map.h"
#include "contract/map_analysis.h"
#include "io/map_csv.h"
#include "systems/run_variables.h"

#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cli {
namespace {

/// Reads --<option> as a finite number into target (left alone when absent).
fl::Status readNumber(const QCommandLineParser& parser, const char* option, double& target)
{
    if (!parser.isSet(option))
        return fl::Status::success();
    bool ok = true;
    target = toFinite(parser.value(option), &ok);
    return ok ? fl::Status::success()
              : fl::Status::error(std::string("--") + option + ": '" + echo(parser.value(option)).toStdString() + "' is not a finite number");
}

fl::Status readCount(const QCommandLineParser& parser, const char* option, int& target)
{
    double value = target;
    fl::Status status = readNumber(parser, option, value);
    if (status.ok() && (value != std::floor(value) || std::abs(value) > 1e9))
        status = fl::Status::error(std::string("--") + option + " takes a whole number");
    if (status.ok())
        target = static_cast<int>(value);
    return status;
}

fl::Status readAxis(const QCommandLineParser& parser, const std::string& name, fl::MapAxis& axis)
{
    const std::string from = name + "-from", to = name + "-to", steps = name + "-steps";
    if (!parser.isSet(QString::fromStdString(name)) || !parser.isSet(QString::fromStdString(from))
        || !parser.isSet(QString::fromStdString(to)))
        return fl::Status::error("--" + name + ", --" + from + " and --" + to + " are required");
    axis.parameter = parser.value(QString::fromStdString(name)).toStdString();
    fl::Status status = readNumber(parser, from.c_str(), axis.from);
    if (status.ok())
        status = readNumber(parser, to.c_str(), axis.to);
    if (status.ok())
        status = readCount(parser, steps.c_str(), axis.steps);
    return status;
}

/// The map the options describe; the preset's (or session's) sweep gives the default transient,
/// recording time and amplitude variable.
fl::Status parseMap(const QCommandLineParser& parser, const std::vector<std::string>& names,
                    const std::optional<fl::SweepSpec>& sweep, fl::MapSpec& spec)
{
    spec.x.steps = spec.y.steps = 50;
    if (sweep) {
        spec.transient = sweep->transient;
        spec.record = std::min(sweep->maxRecordTime, 10.0 * std::max(1.0, sweep->transient));
        spec.variable = sweep->variable;
    }
    fl::Status status = readAxis(parser, "x", spec.x);
    if (status.ok())
        status = readAxis(parser, "y", spec.y);
    for (const auto& [option, target] : {std::pair{"transient", &spec.transient}, std::pair{"record", &spec.record},
                                         std::pair{"period-tol", &spec.periodTolerance}, std::pair{"interval", &spec.lyapunovInterval}})
        if (status.ok())
            status = readNumber(parser, option, *target);
    if (status.ok())
        status = readCount(parser, "max-period", spec.maxPeriod);
    if (!status.ok())
        return status;
    if (!parser.isSet("observable"))
        return fl::Status::error("--observable is required: amplitude, period, lyapunov, stick-fraction or stick-phases");
    if (!fl::parseMapObservable(parser.value("observable").toStdString(), spec.observable))
        return fl::Status::error("--observable must be amplitude, period, lyapunov, stick-fraction or stick-phases");
    // Options of another observable would be ignored: refused instead.
    using Observable = fl::MapObservable;
    if (spec.observable != Observable::Amplitude)
        status = refuseIgnored(parser, {"variable"}, "--observable amplitude");
    if (status.ok() && spec.observable != Observable::Lyapunov)
        status = refuseIgnored(parser, {"interval"}, "--observable lyapunov");
    if (status.ok() && spec.observable != Observable::Period && spec.observable != Observable::StickPhases)
        status = refuseIgnored(parser, {"max-period", "period-tol"}, "--observable period and stick-phases");
    if (!status.ok())
        return status;
    if (parser.isSet("variable")) {
        const auto it = std::find(names.begin(), names.end(), parser.value("variable").toStdString());
        if (it == names.end())
            return fl::Status::error("--variable must name a state variable");
        spec.variable = static_cast<int>(it - names.begin());
    }
    return fl::Status::success();
}

/// A range of map points as doubles: steps, the count and the values, the failures (count, then
/// offset and message each).
std::vector<double> packRange(const fl::MapRow& row)
{
    std::vector<double> out{static_cast<double>(row.steps), static_cast<double>(row.values.size())};
    out.insert(out.end(), row.values.begin(), row.values.end());
    out.push_back(static_cast<double>(row.failures.size()));
    for (size_t k = 0; k < row.failures.size(); ++k) {
        out.push_back(row.failedAt[k]);
        appendText(out, row.failures[k].message());
    }
    return out;
}

fl::MapRow unpackRange(const double* data, long size)
{
    const double* end = data + size;
    fl::MapRow row;
    row.steps = static_cast<long>(*data++);
    const long declared = static_cast<long>(*data++); // then what is left after it
    const long n = std::min<long>(declared, end - data);
    row.values.assign(data, data + n);
    data += n;
    const long failures = data < end ? static_cast<long>(*data++) : 0;
    for (long k = 0; k < failures && data < end; ++k) {
        row.failedAt.push_back(static_cast<int>(*data++));
        row.failures.push_back(fl::Status::error(readText(data, end)));
    }
    return row;
}

} // namespace

int mapCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Two-parameter map: one run per grid point, from the initial state; after a transient an observable of the\n"
        "attractor is recorded. Writes '#' metadata, then x,y,value: one row per point, y outer, x inner.\n"
        "The result is bit-identical whatever --threads. A point whose run fails is written as nan, and the\n"
        "command then exits 1 naming the first one.\n"
        "Observables: amplitude (half the peak-to-peak range of --variable), period (Poincare-section points per\n"
        "period; 0 = at rest, -1 = not periodic up to --max-period, -2 = too few section points in --record to\n"
        "decide), lyapunov (largest exponent; event-driven runs through saltation matrices), stick-fraction (time\n"
        "in stick: exact for event-driven runs, the system's near-stick rule for smooth ones), stick-phases (stick\n"
        "phases per period; 0, -1, -2 as for period). period and stick-phases stop recording once max-period + max(max-period, 8) section points are in.");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"x", "Parameter id along x.", "id"},
        {"x-from", "First x value.", "A"},
        {"x-to", "Last x value.", "B"},
        {"x-steps", "Number of x values (default 50).", "N"},
        {"y", "Parameter id along y.", "id"},
        {"y-from", "First y value.", "C"},
        {"y-to", "Last y value.", "D"},
        {"y-steps", "Number of y values (default 50).", "M"},
        {"observable", "amplitude | period | lyapunov | stick-fraction | stick-phases.", "kind"},
        {"transient", "Time discarded per point (default: the preset's sweep transient, else 100).", "T"},
        {"record", "Recording time per point (default 100, or from the preset's sweep).", "T"},
        {"variable", "amplitude: the state variable (default: the preset's sweep variable, else the first).", "name"},
        {"max-period", "period, stick-phases: longest period looked for (default 16).", "n"},
        {"period-tol", "period, stick-phases: relative tolerance of repeating section points (default 1e-5).", "x"},
        {"interval", "lyapunov: re-orthonormalisation period (default 1).", "tau"},
        {"threads", "Worker threads (default: all cores; with --mpi: per rank).", "n"},
        {"mpi", "Run under MPI (launched by mpirun or srun): rank 0 hands out rows (or parts of rows, when there are\n"
                "fewer than 8 rows per rank) to the ranks as they ask, gathers them and writes the file; the result is\n"
                "the same bytes as without MPI."},
        {"task-timeout", "Under --mpi: the per-task deadline in seconds, after which rank 0 gives a task that a rank has\n"
                         "not returned to another rank too (default: 10x the slowest task so far, at least 10 s).", "seconds"},
        {"out", "CSV file ('-' = stdout).", "file", "-"},
    });
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    fl::Scenario scenario;
    std::optional<fl::SweepSpec> sweep;
    fl::Status status = buildScenario(parser, scenario, &sweep);
    if (!status.ok())
        return fail(2, q(status.message()));
    const std::vector<std::string> names = fl::stateNames(scenario);
    fl::MapSpec spec;
    status = parseMap(parser, names, sweep, spec);
    for (const fl::MapAxis* axis : {&spec.x, &spec.y})
        if (status.ok() && !scenario.params.has(axis->parameter))
            status = fl::Status::error("unknown map parameter '" + echo(axis->parameter) + "'");
    if (status.ok())
        status = fl::validateMap(scenario, spec);
    // A whole-number parameter (max_steps, the chain's n) along an axis takes whole values only.
    for (const auto& [axis, name] : {std::pair{&spec.x, QString("x")}, std::pair{&spec.y, QString("y")}})
        if (status.ok())
            status = checkSteppedKind(scenario.params, axis->parameter, axis->steps, [axis](int k) { return axis->value(k); },
                                      "--" + name + "-from", "--" + name + "-to", "--" + name + "-steps");
    // Then the analysis's own check, the window's and session run's: nothing it refuses runs here.
    if (status.ok())
        if (const fl::SetupProblem problem = fl::MapAnalysis::check(scenario, fl::MapSetup{spec, 0}); !problem.ok())
            status = fl::Status::error(fl::describe(problem));
    if (!status.ok())
        return fail(2, q(status.message()));
    int threads = 1;
    if (!parseThreads(parser, threads))
        return fail(2, "--threads must be in [1, 256]");
    if (parser.isSet("task-timeout") && !parser.isSet("mpi"))
        return fail(2, "--task-timeout is the per-task deadline of --mpi: without --mpi there are no ranks to wait for");
    // The output is checked (every rank) and opened (rank 0) before anything is computed.
    MpiSession mpi; // before the files: destroyed after them (ending MPI may end the process: exit 3)
    CommandFiles files;
    files.input("session", parser.value("session"));
    files.input("model", parser.value("model"));
    TextOutput& out = files.output("out", parser.value("out"));
    status = files.check();
    if (!status.ok())
        return fail(2, q(status.message()));
    QElapsedTimer timer;
    timer.start();
    fl::MapResult result;
    if (parser.isSet("mpi")) {
        status = mpi.open(parser.value("task-timeout"));
        if (!status.ok())
            return fail(2, q(status.message()));
        if (mpi.rank() == 0 && !(status = files.open()).ok()) {
            mpi.distribute(0, {}, {}); // no task: the other ranks are told to stop
            return fail(2, q(status.message()));
        }
        timer.start(); // the computation, not MPI's start-up
        // A task is a row, or a part of one when rows are fewer than 8 per rank (so that no rank
        // idles at the end behind a slow chaotic row).
        const long points = static_cast<long>(spec.x.steps) * spec.y.steps;
        const long chunk = std::clamp<long>((points + 8L * mpi.size() - 1) / (8L * mpi.size()), 1, spec.x.steps);
        const int tasks = static_cast<int>((points + chunk - 1) / chunk);
        mpi.distribute(
            tasks,
            [&](int task) {
                const long first = task * chunk;
                return packRange(fl::computeMapRange(scenario, spec, first, std::min(chunk, points - first), nullptr, threads));
            },
            [&](int task, const double* data, long size) { fl::addMapRange(spec, task * chunk, unpackRange(data, size), result); });
        if (mpi.rank() != 0)
            return 0; // rank 0 writes the file and reports
    } else {
        if (!(status = files.open()).ok())
            return fail(2, q(status.message()));
        result = fl::runMap(scenario, spec, threads);
    }
    const double seconds = static_cast<double>(timer.nsecsElapsed()) * 1e-9;
    // Complete even with failed points (each is a row: nan; the exit code 1 below names the first).
    std::ostringstream csv;
    fl::writeMapCsv(csv, scenario, spec, names, result.values);
    status = out.write(csv.str());
    if (status.ok())
        status = files.commit();
    if (!status.ok())
        return fail(2, q(status.message()));
    const long points = static_cast<long>(spec.x.steps) * spec.y.steps;
    const QString workers = parser.isSet("mpi") ? QString("%1 rank(s) x %2 thread(s)").arg(mpi.size()).arg(threads)
                                                : QString("%1 thread(s)").arg(threads);
    QTextStream(stderr) << QString("%1 x %2 points (%3 = %4 observable), %5 steps, %6 s on %7, %8 points/s\n")
                               .arg(spec.x.steps).arg(spec.y.steps).arg(q(spec.x.parameter) + "," + q(spec.y.parameter))
                               .arg(fl::mapObservableId(spec.observable)).arg(result.steps).arg(seconds, 0, 'f', 3).arg(workers)
                               .arg(static_cast<double>(points) / seconds, 0, 'f', 1);
    if (result.failed > 0) {
        const int i = result.firstFailureIndex % spec.x.steps, j = result.firstFailureIndex / spec.x.steps;
        return fail(1, QString("%1 of %2 points failed (written as nan); the first at %3 = %4, %5 = %6: %7")
                           .arg(result.failed).arg(points).arg(q(spec.x.parameter)).arg(spec.x.value(i))
                           .arg(q(spec.y.parameter)).arg(spec.y.value(j)).arg(q(result.firstFailure.message())));
    }
    return 0;
}

} // namespace cli
