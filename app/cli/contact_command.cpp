// `frictionlab-cli contact eval|fit|stick`: the plane-contact models from the command line.
#include "cli/cli_commands.h"
#include "cli/cli_support.h"

#include "contact/approximant_fit.h"
#include "contact/stick_solver.h"

#include <QTextStream>

#include <cmath>
#include <memory>

namespace cli {
namespace {

/// Options naming a contact: pressure, shape, model and the approximant's (b, m).
void addContactOptions(QCommandLineParser& parser)
{
    parser.addOptions({
        {"model", "integral | I00 | I11.", "model", "integral"},
        {"pressure", "uniform | hertz (circle or ellipse).", "kind", "uniform"},
        {"ellipse", "Elliptic contact with semi-axes a,b (default: unit circle).", "a,b"},
        {"polygon", "Polygonal contact with uniform pressure, vertices \"x1,y1;x2,y2;...\".", "vertices"},
        {"b", "Approximant constant b (default: fitted for the pressure).", "b"},
        {"m", "Approximant exponent m (default: fitted for the pressure).", "m"},
    });
}

fl::Status parseShape(const QCommandLineParser& parser, fl::contact::ContactShape& shape, fl::contact::PressureKind& pressure)
{
    const QString p = parser.value("pressure");
    if (p != "uniform" && p != "hertz")
        return fl::Status::error("--pressure must be uniform or hertz");
    pressure = p == "hertz" ? fl::contact::PressureKind::Hertz : fl::contact::PressureKind::Uniform;
    shape = pressure == fl::contact::PressureKind::Hertz ? fl::contact::ContactShape::hertzCircle()
                                                         : fl::contact::ContactShape::uniformCircle();
    if (parser.isSet("ellipse")) {
        const QStringList ab = parser.value("ellipse").split(',');
        bool ok1 = false, ok2 = false;
        const double a = toFinite(ab.value(0), &ok1), b = toFinite(ab.value(1), &ok2);
        if (ab.size() != 2 || !ok1 || !ok2)
            return fl::Status::error("--ellipse expects a,b (finite numbers)");
        shape = fl::contact::ContactShape::ellipse(a, b, pressure);
    } else if (parser.isSet("polygon")) {
        std::vector<Eigen::Vector2d> vertices;
        for (const QString& vertex : parser.value("polygon").split(';', Qt::SkipEmptyParts)) {
            const QStringList xy = vertex.split(',');
            bool ok1 = false, ok2 = false;
            const double x = toFinite(xy.value(0), &ok1), y = toFinite(xy.value(1), &ok2);
            if (xy.size() != 2 || !ok1 || !ok2)
                return fl::Status::error("--polygon expects \"x1,y1;x2,y2;...\" (finite numbers)");
            vertices.emplace_back(x, y);
        }
        if (pressure == fl::contact::PressureKind::Hertz)
            return fl::Status::error("polygons carry uniform pressure (--pressure uniform)");
        shape = fl::contact::ContactShape::polygon(vertices);
    }
    return shape.validate();
}

/// The model named by --model for the shape; nullptr with an error for an impossible combination.
std::unique_ptr<fl::contact::ContactModel> makeModel(const QCommandLineParser& parser, const fl::contact::ContactShape& shape,
                                                     fl::contact::PressureKind pressure, fl::Status& status)
{
    const QString model = parser.value("model");
    if (model == "integral")
        return std::make_unique<fl::contact::IntegralModel>(shape);
    if (model != "I00" && model != "I11") {
        status = fl::Status::error("--model must be integral, I00 or I11");
        return nullptr;
    }
    const auto kind = model == "I00" ? fl::contact::ApproximantKind::I00 : fl::contact::ApproximantKind::I11;
    fl::contact::ApproximantParams params = fl::contact::defaultApproximantParams(kind, pressure);
    bool ok = true;
    if (parser.isSet("b"))
        params.b = toFinite(parser.value("b"), &ok);
    if (ok && parser.isSet("m"))
        params.m = toFinite(parser.value("m"), &ok);
    if (!ok || params.b <= 0.0 || params.m <= 0.0) {
        status = fl::Status::error("--b and --m must be positive finite numbers");
        return nullptr;
    }
    const fl::contact::ContactMoments moments = fl::contact::computeMoments(shape);
    if (kind == fl::contact::ApproximantKind::I00)
        return std::make_unique<fl::contact::ApproximantI00>(fl::contact::I00Coefficients::fromMoments(moments), params);
    if (!shape.isCircularlySymmetric()) {
        status = fl::Status::error("I11 needs a circularly symmetric pressure (a circle); use I00 or integral");
        return nullptr;
    }
    return std::make_unique<fl::contact::ApproximantI11>(fl::contact::I11Coefficients::fromMoments(moments), params);
}

QString number(double v) { return QString::number(v, 'g', 12); }

} // namespace

int contactCommand(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Plane contact (Coulomb-Contensou): eval | fit | stick.\n"
                                     "  eval  --theta T --phi P: prints T_sx T_sy M_s (JTAM (2.2)-(2.3))\n"
                                     "  fit   --model I00|I11: prints b=... m=... rms=... (least squares against the integral model)\n"
                                     "  stick --load Tx,Ty,M: prints xi theta' phi' (JTAM (2.5))");
    parser.addHelpOption();
    parser.addPositionalArgument("action", "eval, fit or stick");
    addContactOptions(parser);
    parser.addOptions({
        {"theta", "eval: angle theta of JTAM (2.3), rad.", "T", "0"},
        {"phi", "eval: angle phi of JTAM (2.3), rad.", "P", "0"},
        {"samples", "fit: number of theta samples in [0, pi/2].", "N", "91"},
        {"load", "stick: the holding load u = (T_x, T_y, M).", "Tx,Ty,M"},
    });
    if (const std::optional<int> exit = parseOrExit(parser, arguments, Positionals::Allowed))
        return *exit;
    if (parser.positionalArguments().size() > 1)
        return fail(2, "unexpected argument '" + echo(parser.positionalArguments().at(1)) + "' (contact takes one action: eval, fit or stick)");
    const QString action = parser.positionalArguments().value(0);
    // The options of another action would be ignored: refused instead.
    fl::Status ignored = fl::Status::success();
    if (action == "fit")
        ignored = refuseIgnored(parser, {"theta", "phi", "load", "b", "m"}, "contact eval and stick (fit computes b and m)");
    else if (action == "eval")
        ignored = refuseIgnored(parser, {"samples", "load"}, "contact fit (--samples) and contact stick (--load)");
    else if (action == "stick")
        ignored = refuseIgnored(parser, {"theta", "phi", "samples"}, "contact eval (--theta, --phi) and contact fit (--samples)");
    if (ignored.ok() && action != "fit" && parser.value("model") == "integral")
        ignored = refuseIgnored(parser, {"b", "m"}, "--model I00 and I11 (the integral model has no approximant constants)");
    if (!ignored.ok())
        return fail(2, q(ignored.message()));
    fl::contact::ContactShape shape = fl::contact::ContactShape::uniformCircle();
    fl::contact::PressureKind pressure = fl::contact::PressureKind::Uniform;
    fl::Status status = parseShape(parser, shape, pressure);
    if (!status.ok())
        return fail(2, q(status.message()));
    QTextStream out(stdout);
    if (action == "fit") {
        const QString model = parser.value("model");
        bool ok = false;
        const int samples = parser.value("samples").toInt(&ok);
        if (model != "I00" && model != "I11")
            return fail(2, "contact fit needs --model I00 or I11");
        if (!ok || samples < 5 || samples > 10000)
            return fail(2, "--samples must be in [5, 10000]");
        if (!shape.isCircularlySymmetric())
            return fail(2, "the fit's field theta in [0, pi/2], phi = 0 represents circularly symmetric contacts only");
        const auto kind = model == "I00" ? fl::contact::ApproximantKind::I00 : fl::contact::ApproximantKind::I11;
        const fl::contact::IntegralModel integral(shape, 1e-10);
        const fl::contact::FitResult fit = fl::contact::fitApproximant(kind, integral.moments(), fl::contact::sampleIntegralModel(integral, samples));
        out << "b=" << QString::number(fit.params.b, 'g', 6) << " m=" << QString::number(fit.params.m, 'g', 6)
            << " rms=" << QString::number(fit.rms, 'g', 4) << "\n";
        return fit.converged ? 0 : fail(1, "the fit did not converge");
    }
    const std::unique_ptr<fl::contact::ContactModel> model = makeModel(parser, shape, pressure, status);
    if (!model)
        return fail(2, q(status.message()));
    if (action == "eval") {
        bool ok1 = false, ok2 = false;
        const double theta = toFinite(parser.value("theta"), &ok1), phi = toFinite(parser.value("phi"), &ok2);
        if (!ok1 || !ok2)
            return fail(2, "--theta and --phi take finite numbers (rad)");
        const fl::contact::FrictionLoad f = model->loadAt(theta, phi);
        if (!std::isfinite(f.tx) || !std::isfinite(f.ty) || !std::isfinite(f.m))
            return fail(1, "the model gave a load that is not a finite number for this contact");
        out << number(f.tx) << " " << number(f.ty) << " " << number(f.m) << "\n";
        return 0;
    }
    if (action == "stick") {
        const QStringList u = parser.value("load").split(',');
        bool ok[3] = {false, false, false};
        const fl::contact::FrictionLoad load{toFinite(u.value(0), &ok[0]), toFinite(u.value(1), &ok[1]), toFinite(u.value(2), &ok[2])};
        if (u.size() != 3 || !ok[0] || !ok[1] || !ok[2])
            return fail(2, "--load expects Tx,Ty,M (finite numbers)");
        const fl::contact::StickResult r = fl::contact::solveStick(*model, load);
        if (!r.converged)
            return fail(1, "Newton's method did not converge for this load");
        out << "xi=" << number(r.xi) << " theta=" << number(r.theta) << " phi=" << number(r.phi) << "\n";
        return 0;
    }
    return fail(2, "contact needs an action: eval, fit or stick");
}

} // namespace cli
