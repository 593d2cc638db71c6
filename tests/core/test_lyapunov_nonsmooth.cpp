// Lyapunov exponents of event-driven runs through saltation matrices: the tangent map
// across stick and slip against finite differences of the event-driven flow itself; the stable
// stick-slip cycle of the autonomous belt (lambda_1 = 0, lambda_2 = -inf: each stick phase maps the
// tangent space onto v_r = 0); the chaotic preset belt-forced-chaos, whose regularized lambda_1
// approaches the event-driven one as eps shrinks.
#include "analysis/lyapunov.h"
#include "analysis/lyapunov_curve.h"
#include "scenario_fixtures.h"
#include "solvers/dynamics.h"
#include "simulation/dynamics_factory.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <cmath>

namespace {

fl::LyapunovOptions options(double transient, double duration, int count = 0)
{
    fl::LyapunovOptions o;
    o.transient = transient;
    o.duration = duration;
    o.interval = 1.0;
    o.count = count;
    return o;
}

/// The state reached at tEnd from y (integrateVariational stops exactly there).
std::vector<double> flow(const fl::Dynamics& dynamics, std::vector<double> y, double t, double tEnd)
{
    std::vector<double> none;
    fl::IntegrationStats stats;
    if (!dynamics.integrateVariational(y, t, tEnd, none, 0, stats).ok())
        qFatal("flow failed");
    return y;
}

} // namespace

class TestLyapunovNonsmooth : public QObject {
    Q_OBJECT
private slots:
    /// The tangent map over 6 time units of the forced chaotic belt (slip, a stick phase, slip
    /// again) equals the derivative of the event-driven flow by central differences.
    void tangentMapIsTheFlowsDerivative()
    {
        fl::Scenario s = fltest::presetScenario("belt-forced-chaos");
        s.params.set("tol", 1e-12);
        const auto dynamics = fl::makeDynamics(s);
        QVERIFY(dynamics->hasSaltationVariational());
        std::vector<double> y = dynamics->initialState();
        double t = 0.0;
        y = flow(*dynamics, y, t, 50.0); // onto the attractor
        t = 50.0;
        // Start in slip, away from a switch, and make sure the interval holds a stick phase.
        struct Count final : fl::DynamicsObserver {
            bool onStep(const fl::StepView&, int) override { return true; }
            void onSwitch(double, fl::ContactMode, int) override { ++switches; }
            int switches = 0;
        } count;
        double t0 = t;
        std::vector<double> y0 = y;
        for (double start = 50.0; start < 150.0; start += 0.5) {
            y0 = flow(*dynamics, y, t, start);
            fl::IntegrationStats stats;
            std::vector<double> yy = y0;
            double tt = start;
            count.switches = 0;
            dynamics->integrate(yy, tt, start + 6.0, count, stats);
            if (std::abs(y0[1] - s.params.value("v_b")) > 0.05 && count.switches >= 2) {
                t0 = start;
                break;
            }
        }
        QVERIFY2(count.switches >= 2, "no interval with a stick phase found");
        std::vector<double> phi{1.0, 0.0, 0.0, 1.0};
        std::vector<double> yEnd = y0;
        double tEnd = t0;
        fl::IntegrationStats stats;
        QVERIFY(dynamics->integrateVariational(yEnd, tEnd, t0 + 6.0, phi, 2, stats).ok());
        QCOMPARE(tEnd, t0 + 6.0);
        for (int c = 0; c < 2; ++c) {
            const double h = 1e-6;
            std::vector<double> up = y0, down = y0;
            up[size_t(c)] += h;
            down[size_t(c)] -= h;
            const std::vector<double> a = flow(*dynamics, up, t0, t0 + 6.0), b = flow(*dynamics, down, t0, t0 + 6.0);
            for (int r = 0; r < 2; ++r) {
                const double fd = (a[size_t(r)] - b[size_t(r)]) / (2.0 * h);
                const double tangent = phi[size_t(c * 2 + r)];
                QVERIFY2(std::abs(fd - tangent) < 1e-4 * (1.0 + std::abs(fd)),
                         qPrintable(QString("d y%1 / d y%2: tangent %3, differences %4").arg(r).arg(c).arg(tangent).arg(fd)));
            }
        }
    }

    /// The autonomous belt's stick-slip cycle (Coulomb, zeta = 0): lambda_1 = 0 (the phase), and
    /// lambda_2 = -inf, exactly: entering stick maps every perturbation of v onto v_r = 0.
    void stickSlipCycle()
    {
        const auto dynamics = fl::makeDynamics(fl::defaultScenario());
        const fl::LyapunovResult r = fl::lyapunovSpectrumNonsmooth(*dynamics, dynamics->initialState(), 0.0, options(50.0, 500.0));
        QVERIFY2(r.status.ok(), r.status.message().c_str());
        QCOMPARE(r.exponents.size(), size_t(2));
        QVERIFY2(std::abs(r.exponents[0]) < 1e-6, qPrintable(QString::number(r.exponents[0])));
        QVERIFY(std::isinf(r.exponents[1]) && r.exponents[1] < 0.0);
        // The scenario-level entry point takes the event-driven method now.
        fl::LyapunovOptions o;
        QVERIFY(fl::lyapunovOptionsFor(fl::defaultScenario(), o).ok());
    }

    /// belt-forced-chaos: event-driven lambda_1 > 0; regularized lambda_1 converges to it as eps
    /// shrinks (the table of the preset's note).
    void forcedChaosAgreesWithRegularizedAsEpsShrinks()
    {
        const fl::Scenario event = fltest::presetScenario("belt-forced-chaos");
        const auto dynamics = fl::makeDynamics(event);
        const fl::LyapunovResult r = fl::lyapunovOfDynamics(*dynamics, options(200.0, 4000.0));
        QVERIFY2(r.status.ok(), r.status.message().c_str());
        const double lambda = r.exponents[0];
        qInfo("event-driven: lambda_1 = %.5f, lambda_2 = %g", lambda, r.exponents[1]);
        QVERIFY2(lambda > 0.05 && lambda < 0.07, qPrintable(QString::number(lambda)));
        double previous = HUGE_VAL;
        for (double eps : {1e-2, 1e-3, 1e-4}) {
            fl::Scenario s = event;
            s.method = fl::Method::Regularized;
            s.params.set("eps", eps);
            s.params.set("tol", 1e-9);
            fl::LyapunovOptions o = options(200.0, 4000.0, 1);
            QVERIFY(fl::lyapunovOptionsFor(s, o).ok());
            const fl::LyapunovResult reg = fl::lyapunovOfDynamics(*fl::makeDynamics(s), o);
            QVERIFY2(reg.status.ok(), reg.status.message().c_str());
            const double error = std::abs(reg.exponents[0] - lambda);
            qInfo("eps %g: lambda_1 = %.5f, |difference| %.2e", eps, reg.exponents[0], error);
            QVERIFY2(error < previous, "the difference must shrink with eps");
            previous = error;
        }
        QVERIFY2(previous < 0.005, qPrintable(QString::number(previous)));
    }
};

QTEST_APPLESS_MAIN(TestLyapunovNonsmooth)
#include "test_lyapunov_nonsmooth.moc"
