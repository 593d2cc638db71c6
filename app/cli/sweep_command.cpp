// `frictionlab-cli sweep`: a bifurcation diagram from the command line.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"

#include "analysis/bifurcation_sweep.h"
#include "io/sweep_csv.h"
#include "solvers/dynamics_factory.h"

#include <QElapsedTimer>
#include <QTextStream>

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

fl::Status parseSweep(const QCommandLineParser& parser, const std::vector<std::string>& names, fl::SweepSpec& spec)
{
    bool ok[7] = {true, true, true, true, true, true, true};
    spec.parameter = parser.value("param").toStdString();
    spec.from = parser.value("from").toDouble(&ok[0]);
    spec.to = parser.value("to").toDouble(&ok[1]);
    spec.steps = parser.value("steps").toInt(&ok[2]);
    spec.transient = parser.value("transient").toDouble(&ok[3]);
    spec.samples = parser.value("samples").toInt(&ok[4]);
    spec.maxRecordTime = parser.value("max-time").toDouble(&ok[5]);
    spec.level = parser.value("level").toDouble(&ok[6]);
    for (bool b : ok)
        if (!b)
            return fl::Status::error("--from, --to, --steps, --transient, --samples, --max-time and --level take numbers");
    if (spec.parameter.empty())
        return fl::Status::error("--param is required");
    spec.variable = stateIndex(names, parser.value("variable"));
    spec.sectionVariable = stateIndex(names, parser.value("section-variable").isEmpty() ? parser.value("variable")
                                                                                        : parser.value("section-variable"));
    if (spec.variable < 0 || spec.sectionVariable < 0)
        return fl::Status::error("--variable / --section-variable must name a state variable");
    const QString observable = parser.value("observable");
    if (observable == "maxima") {
        spec.observable = fl::SweepObservable::Maxima;
    } else if (observable == "section") {
        spec.observable = fl::SweepObservable::Hyperplane;
    } else if (observable == "strobe") {
        spec.observable = fl::SweepObservable::Stroboscopic;
        spec.period = parser.value("period").toDouble();
    } else {
        return fl::Status::error("--observable must be maxima, section or strobe");
    }
    const QString crossing = parser.value("crossing");
    spec.crossingDirection = crossing == "up" ? 1 : crossing == "down" ? -1 : crossing == "both" ? 0 : 2;
    if (spec.crossingDirection == 2)
        return fl::Status::error("--crossing must be up, down or both");
    const QString direction = parser.value("direction");
    if (direction == "up")
        spec.direction = fl::SweepDirection::Up;
    else if (direction == "down")
        spec.direction = fl::SweepDirection::Down;
    else if (direction == "both")
        spec.direction = fl::SweepDirection::Both;
    else
        return fl::Status::error("--direction must be up, down or both");
    spec.continuation = !parser.isSet("fixed-ic");
    return fl::Status::success();
}

} // namespace

int sweepCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Bifurcation diagram: sweep one parameter, record section points or maxima.");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"param", "Swept parameter id.", "id"},
        {"from", "First value.", "x", "0"},
        {"to", "Last value.", "x", "1"},
        {"steps", "Number of parameter values.", "n", "101"},
        {"transient", "Time discarded per value.", "T", "100"},
        {"samples", "Points recorded per value.", "K", "50"},
        {"max-time", "Longest recording time per value.", "T", "1000"},
        {"observable", "maxima | section | strobe.", "kind", "maxima"},
        {"variable", "State variable recorded (and whose maxima are taken).", "name", "x"},
        {"section-variable", "section: the state variable that crosses --level (default --variable).", "name"},
        {"level", "section: the crossing level.", "x", "0"},
        {"crossing", "section: up | down | both.", "dir", "up"},
        {"period", "strobe: the section period.", "T", "0"},
        {"direction", "Sweep up | down | both.", "dir", "up"},
        {"fixed-ic", "Start every value from the initial state (default: from the previous value's final state)."},
        {"threads", "Worker threads (default: all cores).", "n"},
        {"out", "CSV file ('-' = stdout).", "file", "-"},
    });
    if (!parser.parse(arguments))
        return fail(2, parser.errorText());
    if (parser.isSet("help")) {
        QTextStream(stdout) << parser.helpText();
        return 0;
    }
    fl::Scenario scenario;
    fl::Status status = buildScenario(parser, scenario);
    if (!status.ok())
        return fail(2, q(status.message()));
    const std::vector<std::string> names = fl::makeDynamics(scenario)->stateNames();
    fl::SweepSpec spec;
    status = parseSweep(parser, names, spec);
    if (status.ok())
        status = fl::validateSweep(scenario, spec);
    if (!status.ok())
        return fail(2, q(status.message()));
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (parser.isSet("threads")) {
        bool ok = false;
        threads = parser.value("threads").toInt(&ok);
        if (!ok || threads < 1 || threads > 256)
            return fail(2, "--threads must be in [1, 256]");
    }
    QElapsedTimer timer;
    timer.start();
    const std::vector<fl::SweepColumn> columns = fl::runSweep(scenario, spec, threads, nullptr);
    const double seconds = static_cast<double>(timer.nsecsElapsed()) * 1e-9;
    std::ostringstream csv;
    fl::writeSweepCsv(csv, scenario, spec, names, columns);
    status = writeText(parser.value("out"), csv.str());
    if (!status.ok())
        return fail(2, q(status.message()));
    long points = 0, steps = 0;
    for (const fl::SweepColumn& column : columns) {
        if (!column.status.ok())
            return fail(1, QString("sweep stopped at %1 = %2: %3").arg(q(spec.parameter)).arg(column.parameter).arg(q(column.status.message())));
        points += static_cast<long>(column.values.size());
        steps += column.steps;
    }
    QTextStream(stderr) << QString("%1 values x %2 branch(es), %3 points, %4 steps, %5 s on %6 thread(s), %7 values/s\n")
                               .arg(spec.steps).arg(columns.size() / static_cast<size_t>(spec.steps)).arg(points).arg(steps)
                               .arg(seconds, 0, 'f', 3).arg(threads).arg(static_cast<double>(columns.size()) / seconds, 0, 'f', 1);
    return 0;
}

} // namespace cli
