// `frictionlab-cli sweep`: a bifurcation diagram from the command line.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"
#include "cli/command_files.h"
#include "cli/mpi_session.h"

#include "analysis/bifurcation_sweep.h"
#include "contract/sweep_analysis.h"
#include "io/sweep_csv.h"
#include "systems/system_registry.h"
#include "simulation/dynamics_factory.h"
#include "systems/run_variables.h"

#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <cmath>

#include <sstream>
#include <thread>

namespace cli {
namespace {

int stateIndex(const std::vector<std::string>& names, const QString& name)
{
    for (size_t i = 0; i < names.size(); ++i)
        if (q(names[i]) == name)
            return static_cast<int>(i);
    return -1;
}

/// The sweep: the preset's (if --preset names a figure with one), else defaults; every option
/// given on the command line overrides.
fl::Status parseSweep(const QCommandLineParser& parser, const std::vector<std::string>& names,
                      const std::optional<fl::SweepSpec>& base, fl::SweepSpec& spec)
{
    if (base)
        spec = *base;
    double steps = spec.steps, samples = spec.samples;
    const std::pair<const char*, double*> numbers[] = {{"from", &spec.from},         {"to", &spec.to},
                                                       {"steps", &steps},            {"transient", &spec.transient},
                                                       {"samples", &samples},        {"max-time", &spec.maxRecordTime},
                                                       {"level", &spec.level}};
    // --period: a number, or an expression of the parameters evaluated at each value (2*pi/w).
    if (parser.isSet("period")) {
        bool number = false;
        spec.period = toFinite(parser.value("period"), &number);
        spec.periodText = number ? std::string() : parser.value("period").toStdString();
        if (!number && spec.periodText.empty())
            return fl::Status::error("--period: empty");
    }
    for (const auto& [option, target] : numbers) {
        bool ok = true;
        if (parser.isSet(option))
            *target = toFinite(parser.value(option), &ok);
        if (!ok)
            return fl::Status::error(std::string("--") + option + ": '" + echo(parser.value(option)).toStdString() + "' is not a finite number");
    }
    if (steps != std::floor(steps) || samples != std::floor(samples) || std::abs(steps) > 1e9 || std::abs(samples) > 1e9)
        return fl::Status::error("--steps and --samples take whole numbers");
    spec.steps = static_cast<int>(steps);
    spec.samples = static_cast<int>(samples);
    if (parser.isSet("param"))
        spec.parameter = parser.value("param").toStdString();
    if (spec.parameter.empty())
        return fl::Status::error("--param is required");
    if (parser.isSet("variable"))
        spec.variable = stateIndex(names, parser.value("variable"));
    // --section-variable: a state variable's name, or a plane through several (x1 - x2), checked
    // with the sweep (solvers/section_plane_expression.h).
    if (parser.isSet("section-variable")) {
        const QString section = parser.value("section-variable").trimmed();
        if (section.isEmpty())
            return fl::Status::error("--section-variable: empty");
        const int index = stateIndex(names, section);
        spec.sectionVariable = std::max(0, index);
        spec.sectionPlane = index >= 0 ? std::string() : section.toStdString();
    } else if (parser.isSet("variable") && !base) {
        spec.sectionVariable = spec.variable;
        spec.sectionPlane.clear();
    }
    if (spec.variable < 0)
        return fl::Status::error("--variable must name a state variable");
    if (parser.isSet("observable")) {
        const QString observable = parser.value("observable");
        if (observable == "maxima")
            spec.observable = fl::SweepObservable::Maxima;
        else if (observable == "section")
            spec.observable = fl::SweepObservable::Hyperplane;
        else if (observable == "strobe")
            spec.observable = fl::SweepObservable::Stroboscopic;
        else
            return fl::Status::error("--observable must be maxima, section or strobe");
    }
    if (parser.isSet("crossing")) {
        const QString crossing = parser.value("crossing");
        spec.crossingDirection = crossing == "up" ? 1 : crossing == "down" ? -1 : crossing == "both" ? 0 : 2;
        if (spec.crossingDirection == 2)
            return fl::Status::error("--crossing must be up, down or both");
    }
    if (parser.isSet("direction")) {
        const QString direction = parser.value("direction");
        if (direction == "up")
            spec.direction = fl::SweepDirection::Up;
        else if (direction == "down")
            spec.direction = fl::SweepDirection::Down;
        else if (direction == "both")
            spec.direction = fl::SweepDirection::Both;
        else
            return fl::Status::error("--direction must be up, down or both");
    }
    if (parser.isSet("fixed-ic"))
        spec.continuation = false;
    // Options of another observable, or of one process, would be ignored: refused instead.
    fl::Status status = fl::Status::success();
    if (spec.observable != fl::SweepObservable::Hyperplane)
        status = refuseIgnored(parser, {"level", "crossing", "section-variable"}, "--observable section");
    if (status.ok() && spec.observable != fl::SweepObservable::Stroboscopic)
        status = refuseIgnored(parser, {"period"}, "--observable strobe");
    if (status.ok() && parser.isSet("mpi"))
        status = refuseIgnored(parser, {"threads"}, "runs without --mpi (under MPI each rank runs one job at a time)");
    return status;
}

/// Why a sweep may have recorded nothing, in the user's terms.
std::string describeEmptySweep(const fl::SweepSpec& spec, const std::vector<std::string>& names)
{
    switch (spec.observable) {
    case fl::SweepObservable::Hyperplane:
        return "the motion never crossed " + (spec.sectionPlane.empty() ? names[static_cast<size_t>(spec.sectionVariable)] : spec.sectionPlane) + " = " + fl::formatNumber(spec.level)
               + " after the transient (is --level within its range?)";
    case fl::SweepObservable::Maxima:
        return names[static_cast<size_t>(spec.variable)] + " has no maximum after the transient at any value (the motion is at rest or drifts)";
    case fl::SweepObservable::Stroboscopic:
        return "no strobe time fell within --max-time after the transient (is --period within it?)";
    }
    return {};
}

/// A job's columns as doubles: count, then per column index, branch, parameter, settled, steps,
/// the status message (empty when ok), the values (count, then each).
std::vector<double> packColumns(const std::vector<fl::SweepColumn>& columns)
{
    std::vector<double> out{static_cast<double>(columns.size())};
    for (const fl::SweepColumn& c : columns) {
        out.insert(out.end(), {static_cast<double>(c.index), static_cast<double>(c.branch), c.parameter, c.settled ? 1.0 : 0.0,
                               static_cast<double>(c.steps)});
        appendText(out, c.status.ok() ? std::string() : c.status.message());
        out.push_back(static_cast<double>(c.values.size()));
        out.insert(out.end(), c.values.begin(), c.values.end());
    }
    return out;
}

void unpackColumns(const double* data, long size, std::vector<fl::SweepColumn>& into)
{
    const double* end = data + size;
    const long count = data < end ? static_cast<long>(*data++) : 0;
    for (long k = 0; k < count && data + 5 <= end; ++k) {
        fl::SweepColumn c;
        c.index = static_cast<int>(data[0]);
        c.branch = static_cast<int>(data[1]);
        c.parameter = data[2];
        c.settled = data[3] != 0.0;
        c.steps = static_cast<long>(data[4]);
        data += 5;
        const std::string message = readText(data, end);
        if (!message.empty())
            c.status = fl::Status::error(message);
        const long values = data < end ? static_cast<long>(*data++) : 0;
        c.values.assign(data, data + std::min<long>(values, end - data));
        data += c.values.size();
        if (c.index >= 0 && static_cast<size_t>(c.index) < into.size())
            into[static_cast<size_t>(c.index)] = std::move(c);
    }
}

} // namespace

int sweepCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Bifurcation diagram: sweep one parameter, record section points or maxima.\n"
                                     "With --preset of a bifurcation figure (acta2016-fig5a, -fig5b), or --session of a file with a\n"
                                     "bifurcation setup, that sweep is the default.");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"param", "Swept parameter id.", "id"},
        {"from", "First value.", "x"},
        {"to", "Last value.", "x"},
        {"steps", "Number of parameter values (default 101).", "n"},
        {"transient", "Time discarded per value (default 100).", "T"},
        {"samples", "Points recorded per value (default 50).", "K"},
        {"max-time", "Longest recording time per value (default 1000).", "T"},
        {"observable", "maxima | section | strobe (default maxima).", "kind"},
        {"variable", "State variable recorded (and whose maxima are taken; default: the first).", "name"},
        {"section-variable", "section: the state variable that crosses --level (default --variable), or a plane through several, "
                             "affine with coefficients of the parameters ('x1 - x2', 'dx1 + 0.5*x1'), evaluated at each value.", "name|plane"},
        {"level", "section: the crossing level (default 0).", "x"},
        {"crossing", "section: up | down | both (default up).", "dir"},
        {"period", "strobe: the section period, a number or an expression of the parameters evaluated at each value (2*pi/w).", "T"},
        {"direction", "Sweep up | down | both (default up).", "dir"},
        {"fixed-ic", "Start every value from the initial state (default: from the previous value's final state)."},
        {"threads", "Worker threads (default: all cores; not with --mpi: one job per rank at a time).", "n"},
        {"mpi", "Run under MPI (mpirun or srun): rank 0 hands out jobs (a column with --fixed-ic, else a branch) to\n"
                "the ranks as they ask, gathers them and writes the file; the same bytes as without MPI."},
        {"task-timeout", "Under --mpi: the per-task deadline in seconds, after which rank 0 gives a task that a rank has\n"
                         "not returned to another rank too (default: 10x the slowest task so far, at least 10 s).", "seconds"},
        {"out", "CSV file ('-' = stdout).", "file", "-"},
    });
    addPartialOption(parser);
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    fl::Scenario scenario;
    std::optional<fl::SweepSpec> baseSweep; // the preset's or the session's
    fl::Status status = buildScenario(parser, scenario, &baseSweep);
    if (!status.ok())
        return fail(2, q(status.message()));
    const std::vector<std::string> names = fl::stateNames(scenario);
    fl::SweepSpec spec;
    status = parseSweep(parser, names, baseSweep, spec);
    if (status.ok() && !scenario.params.has(spec.parameter))
        status = fl::Status::error("unknown sweep parameter '" + echo(spec.parameter) + "'");
    if (status.ok())
        status = fl::validateSweep(scenario, spec);
    // A whole-number parameter (max_steps, the chain's n) is swept through whole values only
    // (the values as fl::runSweep computes them).
    if (status.ok())
        status = checkSteppedKind(scenario.params, spec.parameter, spec.steps,
                                  [&spec](int i) { return fl::sweepValue(spec, i); }, "--from", "--to", "--steps");
    // Then the analysis's own check, the window's and session run's: nothing it refuses runs here.
    if (status.ok())
        if (const fl::SetupProblem problem = fl::SweepAnalysis::check(scenario, fl::SweepSetup{spec, 0}); !problem.ok())
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
    CommandFiles files(parser.isSet("partial"));
    files.input("session", parser.value("session"));
    files.input("model", parser.value("model"));
    TextOutput& out = files.output("out", parser.value("out"));
    status = files.check();
    if (!status.ok())
        return fail(2, q(status.message()));
    QElapsedTimer timer;
    timer.start();
    std::vector<fl::SweepColumn> columns;
    if (parser.isSet("mpi")) {
        status = mpi.open(parser.value("task-timeout"));
        if (!status.ok())
            return fail(2, q(status.message()));
        if (mpi.rank() == 0 && !(status = files.open()).ok()) {
            mpi.distribute(0, {}, {}); // no task: the other ranks are told to stop
            return fail(2, q(status.message()));
        }
        timer.start(); // the computation, not MPI's start-up
        threads = 1;
        columns.resize(static_cast<size_t>(spec.steps) * (spec.direction == fl::SweepDirection::Both ? 2 : 1));
        mpi.distribute(
            fl::sweepJobCount(spec), [&](int job) { return packColumns(fl::runSweepJob(scenario, spec, job, nullptr)); },
            [&](int, const double* data, long size) { unpackColumns(data, size, columns); });
        if (mpi.rank() != 0)
            return 0; // rank 0 writes the file and reports
    } else {
        if (!(status = files.open()).ok())
            return fail(2, q(status.message()));
        columns = fl::runSweep(scenario, spec, threads, nullptr);
    }
    const double seconds = static_cast<double>(timer.nsecsElapsed()) * 1e-9;
    long points = 0, steps = 0;
    QString failure;
    for (const fl::SweepColumn& column : columns) {
        if (!column.status.ok()) {
            failure = QString("sweep stopped at %1 = %2: %3").arg(q(spec.parameter)).arg(column.parameter).arg(q(column.status.message()));
            break;
        }
        points += static_cast<long>(column.values.size());
        steps += column.steps;
    }
    // Not one point at any value (a section level the motion never crosses, a strobe longer
    // than the recording): an empty diagram is no answer.
    if (failure.isEmpty() && points == 0)
        failure = "the sweep recorded no point at any value: " + q(describeEmptySweep(spec, names));
    // A failed sweep writes its columns only where --partial asks for them.
    if (failure.isEmpty() || files.keepsPartial()) {
        std::ostringstream csv;
        fl::writeSweepCsv(csv, scenario, spec, names, columns);
        if (!(status = out.write(csv.str())).ok())
            return files.fail(2, q(status.message()));
    }
    if (!failure.isEmpty())
        return files.fail(1, failure);
    if (!(status = files.commit()).ok())
        return files.fail(2, q(status.message()));
    QTextStream(stderr) << QString("%1 values x %2 branch(es), %3 points, %4 steps, %5 s on %6 %7, %8 values/s\n")
                               .arg(spec.steps).arg(columns.size() / static_cast<size_t>(spec.steps)).arg(points).arg(steps)
                               .arg(seconds, 0, 'f', 3).arg(parser.isSet("mpi") ? mpi.size() : threads).arg(parser.isSet("mpi") ? "rank(s)" : "thread(s)")
                               .arg(static_cast<double>(columns.size()) / seconds, 0, 'f', 1);
    return 0;
}

} // namespace cli
