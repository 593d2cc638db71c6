// `frictionlab-cli lyapunov`: Lyapunov exponents of a regularized (smooth) scenario.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"
#include "cli/command_files.h"
#include "systems/scenario_setup.h"

#include "analysis/lyapunov.h"
#include "analysis/lyapunov_curve.h"
#include "contract/lyapunov_analysis.h"
#include "simulation/dynamics_factory.h"
#include "solvers/smooth_system.h"

#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <thread>

namespace cli {
namespace {

/// --param mode: lambda_1 over a parameter range, as CSV.
int lyapunovCurve(const QCommandLineParser& parser, const fl::Scenario& scenario, const fl::LyapunovOptions& options)
{
    bool ok[3] = {false, false, false};
    const double from = toFinite(parser.value("from"), &ok[0]), to = toFinite(parser.value("to"), &ok[1]);
    const int steps = parser.value("steps").toInt(&ok[2]);
    const std::string parameter = parser.value("param").toStdString();
    if (!ok[0] || !ok[1] || !ok[2] || steps < 1 || steps > 100000 || !(from <= to))
        return fail(2, "--from <= --to and --steps in [1, 100000] are required with --param");
    if (!scenario.params.has(parameter))
        return fail(2, "unknown parameter '" + echo(q(parameter)) + "'");
    for (double v : {from, to}) {
        const fl::Status status = scenario.params.check(parameter, v);
        if (!status.ok())
            return fail(2, q(status.message()));
    }
    // A whole-number parameter takes whole values only (the values as fl::largestLyapunovCurve computes them).
    if (const fl::Status status = checkSteppedKind(
            scenario.params, parameter, steps, [&](int i) { return steps > 1 ? from + (to - from) * i / (steps - 1) : from; }, "--from",
            "--to", "--steps");
        !status.ok())
        return fail(2, q(status.message()));
    int threads = 1;
    if (!parseThreads(parser, threads))
        return fail(2, "--threads must be in [1, 256]");
    CommandFiles files(parser.isSet("partial"));
    files.input("session", parser.value("session"));
    files.input("model", parser.value("model"));
    TextOutput& out = files.output("out", parser.value("out"));
    if (const fl::Status status = files.open(); !status.ok())
        return fail(2, q(status.message()));
    const auto points = fl::largestLyapunovCurve(scenario, parameter, from, to, steps, options, threads);
    std::string csv = "# " + fl::describe(scenario) + ", transient " + fl::formatNumber(options.transient) + ", averaged over "
                      + fl::formatNumber(options.duration) + "\n" + parameter + ",lambda_1\n";
    const fl::LyapunovCurvePoint* failed = nullptr;
    for (const fl::LyapunovCurvePoint& p : points) {
        if (!p.status.ok()) {
            failed = &p;
            break;
        }
        csv += fl::formatNumber(p.parameter) + "," + fl::formatNumber(p.largest) + "\n";
    }
    fl::Status status = failed && !files.keepsPartial() ? fl::Status::success() : out.write(csv);
    if (!status.ok())
        return files.fail(2, q(status.message()));
    if (failed)
        return files.fail(1, QString("stopped at %1 = %2: %3").arg(q(parameter)).arg(failed->parameter).arg(q(failed->status.message())));
    status = files.commit();
    return status.ok() ? 0 : files.fail(2, q(status.message()));
}

/// Options that belong to the other mode (curve with --param, one spectrum without) are refused,
/// not ignored.
fl::Status checkMode(const QCommandLineParser& parser)
{
    const bool curve = parser.isSet("param");
    const std::vector<const char*> curveOnly{"from", "to", "steps", "threads", "out"}, spectrumOnly{"history", "count"};
    for (const char* option : curve ? spectrumOnly : curveOnly)
        if (parser.isSet(option))
            return fl::Status::error(std::string("--") + option
                                     + (curve ? " belongs to one spectrum (without --param); the curve gives lambda_1 per value in --out"
                                              : " belongs to the curve mode (--param ID)"));
    return fl::Status::success();
}

} // namespace

int lyapunovCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Lyapunov exponents (Benettin: variational equations, QR re-orthonormalisation). Event-driven\n"
                                     "runs (every system but the disk and ABS) go through saltation matrices at the stick/slip switches;\n"
                                     "a direction that entering stick maps to zero has the exponent -inf (exactly).");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"transient", "Time integrated and discarded first.", "T", "100"},
        {"duration", "Averaging time.", "T", "1000"},
        {"interval", "Re-orthonormalisation period.", "tau", "1"},
        {"count", "Exponents wanted (0 = full spectrum).", "k", "0"},
        {"history", "CSV file of the running estimates (convergence).", "file"},
        {"param", "Curve mode: the largest exponent over this parameter's range (--from, --to, --steps).", "id"},
        {"from", "Curve: first value.", "x"},
        {"to", "Curve: last value.", "x"},
        {"steps", "Curve: number of values.", "n", "21"},
        {"threads", "Curve: worker threads (default: all cores).", "n"},
        {"out", "Curve: CSV file of param,lambda_1 ('-' = stdout).", "file", "-"},
    });
    addPartialOption(parser);
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    if (const fl::Status mode = checkMode(parser); !mode.ok())
        return fail(2, q(mode.message()));
    fl::Scenario scenario;
    fl::Status status = buildScenario(parser, scenario);
    if (!status.ok())
        return fail(2, q(status.message()));
    fl::LyapunovOptions options;
    const std::pair<const char*, double*> numbers[] = {
        {"transient", &options.transient}, {"duration", &options.duration}, {"interval", &options.interval}};
    for (const auto& [option, target] : numbers) {
        bool finite = false;
        *target = toFinite(parser.value(option), &finite);
        if (!finite)
            return fail(2, QString("--%1: '%2' is not a finite number").arg(option, echo(parser.value(option))));
    }
    bool countOk = false;
    options.count = parser.value("count").toInt(&countOk);
    if (!countOk || options.count < 0)
        return fail(2, "--count must be a whole number >= 0 (0: the full spectrum)");
    // The limits of the Lyapunov analysis (contract/lyapunov_analysis.h), the panel's too.
    const fl::LyapunovSetup setup{options.transient, options.duration, options.interval, options.count != 1};
    if (const fl::SetupProblem problem = fl::LyapunovAnalysis::check(scenario, setup); !problem.ok())
        return fail(2, q("--" + fl::describe(problem)));
    status = fl::lyapunovOptionsFor(scenario, options);
    if (!status.ok())
        return fail(2, q(status.message()));
    if (parser.isSet("param"))
        return lyapunovCurve(parser, scenario, options);
    const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(scenario);
    const int dimension = dynamics->dimension();
    if (options.count > dimension)
        return fail(2, QString("--count %1: %2 has %3 exponents (one per state variable); 0 gives them all")
                           .arg(options.count).arg(q(fl::describe(scenario))).arg(dimension));
    CommandFiles files(parser.isSet("partial"));
    files.input("session", parser.value("session"));
    files.input("model", parser.value("model"));
    TextOutput* history = parser.isSet("history") ? &files.output("history", parser.value("history")) : nullptr;
    if (const fl::Status opened = files.open(); !opened.ok())
        return fail(2, q(opened.message()));
    const fl::LyapunovResult result = fl::lyapunovOfDynamics(*dynamics, options);
    const size_t exponents = options.count > 0 ? static_cast<size_t>(options.count) : static_cast<size_t>(dimension);
    // A failed run writes its running estimates only where --partial asks for them.
    if (history && (result.status.ok() || files.keepsPartial())
        && !(status = history->write(fl::LyapunovAnalysis::lyapunovHistoryCsv(result, result.exponents.empty() ? exponents : result.exponents.size()))).ok())
        return files.fail(2, q(status.message()));
    if (!result.status.ok())
        return files.fail(1, "run stopped: " + q(result.status.message()));
    if (!(status = files.commit()).ok())
        return files.fail(2, q(status.message()));
    QTextStream out(stdout);
    out << "# " << q(fl::describe(scenario)) << ", transient " << options.transient << ", averaged over " << options.duration << "\n";
    for (size_t i = 0; i < result.exponents.size(); ++i)
        out << "lambda_" << (i + 1) << " = " << QString::number(result.exponents[i], 'g', 8) << "\n";
    double sum = 0.0;
    for (double e : result.exponents)
        sum += e;
    out << "sum = " << QString::number(sum, 'g', 8) << "\n";
    if (!dynamics->smoothOde() && !result.exponents.empty() && std::isinf(result.exponents.back()))
        out << "# -inf: a stick phase maps these tangent directions to zero (saltation matrix at the slip-to-stick switch):\n"
               "# the motion contracts infinitely fast onto v_r = 0, exactly, not a finite-time estimate\n";
    return 0;
}

} // namespace cli
