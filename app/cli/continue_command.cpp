// `frictionlab-cli continue`: continuation of the periodic orbit a run settles on, in one
// parameter, with its bifurcations located (core/analysis/orbit_continuation.h).
#include "cli/cli_commands.h"
#include "cli/cli_support.h"
#include "cli/command_files.h"

#include "analysis/located_curves.h"
#include "analysis/orbit_continuation.h"
#include "io/continuation_csv.h"

#include <QTextStream>

#include <chrono>

namespace cli {

int continueCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Continuation of periodic orbits through stick-slip: the orbit a run at ID = VALUE settles on (from the\n"
        "initial state, after --transient periods) is refined by Newton (shooting with the monodromy matrix,\n"
        "saltation matrices at the switches) and continued both ways within [A, B] by pseudo-arclength.\n"
        "Folds, period doublings, Neimark-Sacker points and changes of the mode sequence (grazing, stick\n"
        "onset, holding tangency) are located to 1e-8 in the parameter and listed in --points.");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"param", "The continued parameter.", "ID"},
        {"start", "Where the first orbit is found.", "VALUE"},
        {"from", "Lower end of the range.", "A"},
        {"to", "Upper end of the range.", "B"},
        {"periods", "Forcing periods per orbit (autonomous: section crossings).", "N", "1"},
        {"transient", "Periods run first from the initial state.", "N", "300"},
        {"max-points", "Most points each way from the start.", "N", "500"},
        {"segments", "Shooting segments per period: 1 single shooting; more for multiple shooting, each segment's start\n"
                     "an unknown (periods that hold many switches; at most 32).", "K", "1"},
        {"equilibrium", "Continue the equilibrium (steady sliding) Newton finds from the initial state, with its folds and Hopf points."},
        {"param2", "Follow each located point in this second parameter (with --from2, --to2); --points then lists the curves.", "ID"},
        {"from2", "Lower end of the second parameter's range.", "A"},
        {"to2", "Upper end of the second parameter's range.", "B"},
        {"steps2", "Values of the second parameter over its range.", "N", "20"},
        {"out", "CSV file of the branch ('-' = stdout).", "BRANCH.csv"},
        {"points", "CSV file of the located points.", "POINTS.csv"},
    });
    addPartialOption(parser);
    if (const std::optional<int> exit = parseOrExit(parser, arguments))
        return *exit;
    for (const char* required : {"param", "start", "from", "to", "out"})
        if (!parser.isSet(required))
            return fail(2, QString("--%1 is required").arg(required));
    fl::Scenario scenario;
    if (const fl::Status status = buildScenario(parser, scenario); !status.ok())
        return fail(2, q(status.message()));
    fl::ContinuationSetup setup;
    setup.parameter = parser.value("param").toStdString();
    setup.equilibrium = parser.isSet("equilibrium");
    const std::pair<const char*, double*> numbers[] = {{"start", &setup.start}, {"from", &setup.from}, {"to", &setup.to}};
    for (const auto& [option, target] : numbers) {
        bool finite = false;
        *target = toFinite(parser.value(option), &finite);
        if (!finite)
            return fail(2, QString("--%1: '%2' is not a finite number").arg(option, echo(parser.value(option))));
    }
    const std::pair<const char*, int*> counts[] = {
        {"periods", &setup.periods}, {"transient", &setup.transientPeriods}, {"max-points", &setup.maxPoints}, {"segments", &setup.segments}};
    for (const auto& [option, target] : counts) {
        bool whole = false;
        *target = parser.value(option).toInt(&whole);
        if (!whole)
            return fail(2, QString("--%1: '%2' is not a whole number").arg(option, echo(parser.value(option))));
    }
    if (const fl::Status status = fl::checkContinuation(scenario, setup); !status.ok())
        return fail(2, q(status.message()));
    const bool second = parser.isSet("param2");
    fl::CurveSetup curves;
    if (second || parser.isSet("from2") || parser.isSet("to2") || parser.isSet("steps2")) {
        for (const char* required : {"param2", "from2", "to2", "points"})
            if (!parser.isSet(required))
                return fail(2, QString("--%1 is required with a second parameter (--param2, --from2, --to2, --points)").arg(required));
        curves.parameter = parser.value("param2").toStdString();
        const std::pair<const char*, double*> ends[] = {{"from2", &curves.from}, {"to2", &curves.to}};
        for (const auto& [option, target] : ends) {
            bool finite = false;
            *target = toFinite(parser.value(option), &finite);
            if (!finite)
                return fail(2, QString("--%1: '%2' is not a finite number").arg(option, echo(parser.value(option))));
        }
        bool whole = false;
        curves.steps = parser.value("steps2").toInt(&whole);
        if (!whole)
            return fail(2, QString("--steps2: '%1' is not a whole number").arg(echo(parser.value("steps2"))));
        if (const fl::Status status = fl::checkCurves(scenario, setup, curves); !status.ok())
            return fail(2, q(status.message()));
    }
    CommandFiles files(parser.isSet("partial"));
    files.input("session", parser.value("session"));
    files.input("model", parser.value("model"));
    TextOutput& out = files.output("out", parser.value("out"));
    TextOutput* points = parser.isSet("points") ? &files.output("points", parser.value("points")) : nullptr;
    if (const fl::Status status = files.open(); !status.ok())
        return fail(2, q(status.message()));
    const auto start = std::chrono::steady_clock::now();
    const fl::Branch branch = fl::continueBranch(scenario, setup);
    const std::vector<fl::LocatedCurve> followed = second && branch.status.ok() ? fl::followLocatedPoints(scenario, setup, branch, curves)
                                                                                 : std::vector<fl::LocatedCurve>{};
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const bool keep = branch.status.ok() || (files.keepsPartial() && !branch.points.empty());
    fl::Status status = fl::Status::success();
    if (keep && !(status = out.write(fl::branchCsv(scenario, setup, branch))).ok())
        return files.fail(2, q(status.message()));
    if (keep && points
        && !(status = points->write(second ? fl::locatedCurvesCsv(scenario, setup, branch, curves, followed)
                                           : fl::locatedPointsCsv(scenario, setup, branch))).ok())
        return files.fail(2, q(status.message()));
    if (!branch.status.ok())
        return files.fail(1, "continuation stopped: " + q(branch.status.message()));
    if (!(status = files.commit()).ok())
        return files.fail(2, q(status.message()));
    QTextStream err(stderr);
    err << "# " << branch.points.size() << (branch.equilibria ? " equilibria, " : " orbits, ") << branch.located.size() << " located points in " << QString::number(seconds, 'f', 2)
        << " s\n";
    for (const fl::LocatedCurve& c : followed)
        err << "# the " << q(c.type) << " curve: " << c.points.size() << " points in " << q(curves.parameter)
            << (c.ends.empty() ? QString() : ", " + q(c.ends)) << "\n";
    for (const fl::LocatedPoint& p : branch.located)
        err << "# " << q(p.type) << " at " << q(setup.parameter) << " = " << QString::number(p.parameter, 'g', 12) << ": "
            << q(p.condition) << "\n";
    return 0;
}

} // namespace cli
