// Stick test of a plane contact, JTAM (2.4)-(2.5): u = -xi (T_sx, T_sy, M_s)(theta', phi').
#include "contact/approximant_fit.h"
#include "contact/stick_solver.h"

#include <QTest>

#include <cmath>
#include <memory>
#include <numbers>
#include <random>
#include <vector>

using namespace fl::contact;

namespace {

constexpr double kPi = std::numbers::pi;

struct Named {
    const char* name;
    std::shared_ptr<ContactModel> model;
};

std::vector<Named> models()
{
    const ContactMoments rect = computeMoments(ContactShape::rectangle(2.0, 1.0, 0.3, 0.1));
    return {
        {"integral uniform", std::make_shared<IntegralModel>(ContactShape::uniformCircle())},
        {"integral Hertz", std::make_shared<IntegralModel>(ContactShape::hertzCircle())},
        {"integral rectangle", std::make_shared<IntegralModel>(ContactShape::rectangle(2.0, 1.0, 0.3, 0.1))},
        {"integral Hertz ellipse", std::make_shared<IntegralModel>(ContactShape::ellipse(2.0, 1.0, PressureKind::Hertz))},
        {"I00 fitted", std::make_shared<ApproximantI00>(I00Coefficients::circular(2.0 / 3.0), kFittedI00Uniform)},
        {"I00 m=2 b=1", std::make_shared<ApproximantI00>(I00Coefficients::circular(2.0 / 3.0), ApproximantParams{1.0, 2.0})},
        {"I00 rectangle", std::make_shared<ApproximantI00>(I00Coefficients::fromMoments(rect), ApproximantParams{0.8, 1.5})},
        {"I11 fitted uniform", std::make_shared<ApproximantI11>(I11Coefficients{}, kFittedI11Uniform)},
        {"I11 fitted Hertz", std::make_shared<ApproximantI11>(I11Coefficients::fromMoments(circleMoments(PressureKind::Hertz)), kFittedI11Hertz)},
    };
}

FrictionLoad holding(const ContactModel& model, double xi, double theta, double phi)
{
    const FrictionLoad f = model.loadAt(theta, phi);
    return {-xi * f.tx, -xi * f.ty, -xi * f.m};
}

// Exact solution for I(0,0) with m = 2: the limit surface is the ellipsoid T^2 + (M/c)^2 = 1.
StickResult ellipsoidSolution(const FrictionLoad& u, double c, double b)
{
    StickResult r;
    const double ut = std::hypot(u.tx, u.ty);
    r.xi = std::hypot(ut, u.m / c);
    r.theta = std::atan2(-u.m / (c * b), ut);
    r.phi = ut > 0 ? std::atan2(-u.ty, -u.tx) : 0.0;
    return r;
}

} // namespace

class TestContactStick : public QObject {
    Q_OBJECT
private slots:
    /// Round trip: u = -xi F(theta, phi) is solved back to xi, theta, phi within 1e-10, for the
    /// integral model (four contacts) and the approximants; Newton needs <= 8 iterations.
    void roundTrip()
    {
        int maxIterations = 0;
        double worst = 0.0;
        for (const Named& m : models()) {
            for (double theta : {-1.3, -0.6, -0.1, 0.0, 1e-6, 0.3, kPi / 4, 1.0, 1.4})
                for (double phi : {0.0, 1.0, -2.5})
                    for (double xi : {0.2, 1.0, 5.0}) {
                        const StickResult r = solveStick(*m.model, holding(*m.model, xi, theta, phi));
                        const double e = std::max({std::abs(r.xi - xi) / xi, std::abs(r.theta - theta), std::abs(std::remainder(r.phi - phi, 2 * kPi))});
                        QVERIFY2(r.converged && e < 1e-10,
                                 qPrintable(QString("%1 theta=%2 phi=%3 xi=%4: error %5").arg(m.name).arg(theta).arg(phi).arg(xi).arg(e)));
                        worst = std::max(worst, e);
                        maxIterations = std::max(maxIterations, r.iterations);
                    }
        }
        QVERIFY(maxIterations <= 8);
        qInfo("round trip: max error %.1e, max Newton iterations %d", worst, maxIterations);
    }

    /// The sphere-search start (the fallback when the ellipsoid start fails) converges to the same
    /// solutions.
    void sphereSearchStart()
    {
        StickOptions options;
        options.start = StickStart::SphereSearch;
        for (const Named& m : models())
            for (double theta : {-1.0, 0.2, 1.3})
                for (double phi : {0.5, -2.0}) {
                    const StickResult r = solveStick(*m.model, holding(*m.model, 1.7, theta, phi), options);
                    QVERIFY2(r.converged && std::abs(r.xi - 1.7) < 1e-10 && std::abs(r.theta - theta) < 1e-10 &&
                                 std::abs(std::remainder(r.phi - phi, 2 * kPi)) < 1e-10,
                             m.name);
                }
    }

    /// Near the poles theta' -> +-pi/2 the solution stays accurate in xi, theta' and in the slip
    /// direction q = (cos th cos ph, cos th sin ph, sin th); phi' itself is ill-conditioned there
    /// (an error delta in q moves phi' by delta / cos theta').
    void nearPureSpin()
    {
        for (const Named& m : models())
            for (double theta : {kPi / 2 - 1e-7, -kPi / 2 + 1e-5}) {
                const StickResult r = solveStick(*m.model, holding(*m.model, 2.0, theta, 0.8));
                const RelativeMotion a = motionFromAngles(r.theta, r.phi), b = motionFromAngles(theta, 0.8);
                const double dq = std::max({std::abs(a.vx - b.vx), std::abs(a.vy - b.vy), std::abs(a.omega - b.omega)});
                QVERIFY2(r.converged && std::abs(r.xi - 2.0) < 1e-10 && std::abs(r.theta - theta) < 1e-10 && dq < 1e-12, m.name);
            }
    }

    /// Pure force on a circular contact: theta' = 0, phi' opposite to the force, xi = |T|.
    void pureForce()
    {
        for (const Named& m : models()) {
            if (std::string(m.name).find("rectangle") != std::string::npos)
                continue;
            const StickResult r = solveStick(*m.model, {0.3, -0.4, 0.0});
            QVERIFY2(r.converged && std::abs(r.xi - 0.5) < 1e-12 && std::abs(r.theta) < 1e-12 &&
                         std::abs(std::remainder(r.phi - std::atan2(0.4, -0.3), 2 * kPi)) < 1e-12,
                     m.name);
        }
    }

    /// Pure moment: on circular contacts exactly pure spin (theta' = -sgn(M) pi/2, xi = |M| / c,
    /// no iteration); on the rectangle (pure spin carries a force there) a general direction whose
    /// load has no force.
    void pureMoment()
    {
        for (const Named& m : models()) {
            for (double moment : {0.5, -0.25}) {
                const StickResult r = solveStick(*m.model, {0.0, 0.0, moment});
                QVERIFY2(r.converged, m.name);
                const FrictionLoad back = holding(*m.model, r.xi, r.theta, r.phi);
                QVERIFY2(std::hypot(back.tx, back.ty) < 1e-12 && std::abs(back.m - moment) < 1e-12, m.name);
                if (std::string(m.name).find("rectangle") == std::string::npos) {
                    QCOMPARE(r.theta, moment > 0 ? -kPi / 2 : kPi / 2);
                    QCOMPARE(r.iterations, 0);
                    QVERIFY(std::abs(r.xi - std::abs(moment) / m.model->load(0.0, 0.0, 1.0).m) < 1e-15);
                } else {
                    QVERIFY(std::abs(r.theta) < kPi / 2 - 0.1);
                }
            }
        }
    }

    /// Nearly pure loads (force or moment 1e-6 .. 1e-12 of the other) against the exact solution of
    /// the ellipsoidal limit surface of I(0,0) with m = 2.
    void nearlyPureLoads()
    {
        const double c = 2.0 / 3.0, b = 1.3;
        const ApproximantI00 model(I00Coefficients::circular(c), {b, 2.0});
        for (FrictionLoad u : {FrictionLoad{1e-6, 0.0, 0.4}, FrictionLoad{0.0, -1e-12, -0.4}, FrictionLoad{0.7, 0.0, 1e-9},
                               FrictionLoad{-0.5, 0.5, -1e-12}, FrictionLoad{0.8, -0.1, 0.3}}) {
            const StickResult r = solveStick(model, u), e = ellipsoidSolution(u, c, b);
            QVERIFY(r.converged);
            QVERIFY2(std::abs(r.xi - e.xi) < 1e-12 * e.xi && std::abs(r.theta - e.theta) < 1e-10 &&
                         std::abs(std::remainder(r.phi - e.phi, 2 * kPi)) < 1e-10,
                     qPrintable(QString("xi %1/%2 theta %3/%4").arg(r.xi).arg(e.xi).arg(r.theta).arg(e.theta)));
        }
    }

    /// A load on the limit surface eta F gives xi = eta (sticks, JTAM (2.4): xi <= eta); 1e-8 beyond
    /// it slips; and random loads stick exactly when inside the ellipsoid of I(0,0) with m = 2.
    void limitSurface()
    {
        const IntegralModel model(ContactShape::uniformCircle());
        for (double eta : {1.0, 2.7}) {
            const FrictionLoad on = holding(model, eta, 0.5, -1.0);
            const StickResult r = solveStick(model, on);
            QVERIFY(std::abs(r.xi - eta) < 1e-12 * eta);
            const StickResult out = solveStick(model, {on.tx * (1 + 1e-8), on.ty * (1 + 1e-8), on.m * (1 + 1e-8)});
            QVERIFY(!out.sticks(eta) && out.xi > eta);
            const StickResult in = solveStick(model, {on.tx * (1 - 1e-8), on.ty * (1 - 1e-8), on.m * (1 - 1e-8)});
            QVERIFY(in.sticks(eta));
        }
        const ApproximantI00 ellipsoid(I00Coefficients::circular(2.0 / 3.0), {1.0, 2.0});
        std::mt19937 rng(5);
        std::uniform_real_distribution<double> U(-2.0, 2.0);
        for (int i = 0; i < 200; ++i) {
            const FrictionLoad u{U(rng), U(rng), U(rng)};
            const double g = std::sqrt(u.tx * u.tx + u.ty * u.ty + 2.25 * u.m * u.m);
            QCOMPARE(solveStick(ellipsoid, u).sticks(1.5), g <= 1.5);
        }
        const StickResult zero = solveStick(model, {});
        QVERIFY(zero.converged && zero.xi == 0.0 && zero.sticks(1.0));
    }
};

QTEST_APPLESS_MAIN(TestContactStick)
#include "test_contact_stick.moc"
