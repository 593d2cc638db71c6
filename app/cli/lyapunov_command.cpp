// `frictionlab-cli lyapunov`: Lyapunov exponents of a regularized (smooth) scenario.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"

#include "analysis/lyapunov.h"
#include "solvers/dynamics_factory.h"
#include "solvers/smooth_system.h"

#include <QTextStream>

#include <sstream>

namespace cli {

int lyapunovCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Lyapunov exponents (Benettin: variational equations, QR re-orthonormalisation).");
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOptions({
        {"transient", "Time integrated and discarded first.", "T", "100"},
        {"duration", "Averaging time.", "T", "1000"},
        {"interval", "Re-orthonormalisation period.", "tau", "1"},
        {"count", "Exponents wanted (0 = full spectrum).", "k", "0"},
        {"history", "CSV file of the running estimates (convergence).", "file"},
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
    fl::LyapunovOptions options;
    bool ok[4];
    options.transient = parser.value("transient").toDouble(&ok[0]);
    options.duration = parser.value("duration").toDouble(&ok[1]);
    options.interval = parser.value("interval").toDouble(&ok[2]);
    options.count = parser.value("count").toInt(&ok[3]);
    if (!ok[0] || !ok[1] || !ok[2] || !ok[3] || options.transient < 0 || options.duration <= 0 || options.interval <= 0
        || options.interval > options.duration || options.count < 0)
        return fail(2, "--transient >= 0, --duration > 0, 0 < --interval <= --duration and --count >= 0 are required");
    const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(scenario);
    const fl::SmoothOde* ode = dynamics->smoothOde();
    if (!ode)
        return fail(2, "Lyapunov exponents need a smooth method (--method regularized or explicit)");
    const fl::IntegrationSettings settings = fl::integrationSettings(scenario, nullptr);
    options.integration.integrator = scenario.method == fl::Method::Explicit ? fl::Integrator::DormandPrince : fl::Integrator::Rosenbrock4;
    options.integration.tol = settings.tol;
    options.integration.maxStep = settings.maxStep;
    options.integration.maxSteps = settings.maxSteps;
    const fl::LyapunovResult result = fl::lyapunovSpectrum(*ode, dynamics->initialState(), 0.0, options);
    if (!result.status.ok())
        return fail(1, "run stopped: " + q(result.status.message()));
    QTextStream out(stdout);
    out << "# " << q(fl::describe(scenario)) << ", transient " << options.transient << ", averaged over " << options.duration << "\n";
    for (size_t i = 0; i < result.exponents.size(); ++i)
        out << "lambda_" << (i + 1) << " = " << QString::number(result.exponents[i], 'g', 8) << "\n";
    double sum = 0.0;
    for (double e : result.exponents)
        sum += e;
    out << "sum = " << QString::number(sum, 'g', 8) << "\n";
    if (parser.isSet("history")) {
        std::ostringstream csv;
        csv << "t";
        for (size_t i = 0; i < result.exponents.size(); ++i)
            csv << ",lambda_" << (i + 1);
        csv << "\n";
        for (size_t k = 0; k < result.times.size(); ++k) {
            std::vector<double> sorted = result.history[k];
            std::sort(sorted.begin(), sorted.end(), std::greater<>());
            csv << result.times[k];
            for (double v : sorted)
                csv << "," << v;
            csv << "\n";
        }
        status = writeText(parser.value("history"), csv.str());
        if (!status.ok())
            return fail(2, q(status.message()));
    }
    return 0;
}

} // namespace cli
