// Integrator::Dop853 (solvers/ode_dop853.cpp): closed-form solutions at the step ends and, through
// the dense output of order 7, anywhere inside the steps; error shrinking with the tolerance;
// fewer steps than Dormand-Prince 5(4); failures as Status messages; the explicit method's runs
// agreeing with Dormand-Prince 5(4) (an independent implementation) on the pendulum.
#include "scenario/scenario.h"
#include "solvers/ode_integrator.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <limits>

namespace {

/// x'' = -x (as y = (x, x')), x = cos t; and z' = -2 t z^2, z = 1 / (1 + t^2) (nonlinear,
/// non-autonomous).
class ClosedForm final : public fl::SmoothOde {
public:
    int dimension() const override { return 3; }
    void rhs(double t, const double* y, double* d) const override
    {
        d[0] = y[1];
        d[1] = -y[0];
        d[2] = -2.0 * t * y[2] * y[2];
    }
    void jacobian(double, const double*, double*, double*) const override {}
    static void exact(double t, double* y)
    {
        y[0] = std::cos(t);
        y[1] = -std::sin(t);
        y[2] = 1.0 / (1.0 + t * t);
    }
};

class NanAfter final : public fl::SmoothOde {
public:
    int dimension() const override { return 1; }
    void rhs(double t, const double*, double* d) const override { d[0] = t > 1.0 ? std::numeric_limits<double>::quiet_NaN() : 1.0; }
    void jacobian(double, const double*, double*, double*) const override {}
};

struct Errors {
    double atStepEnds = 0.0; ///< largest error at the accepted steps' ends
    double dense = 0.0;      ///< largest error of the dense output on a 0.01 grid
    long steps = 0;
};

Errors solveClosedForm(fl::Integrator integrator, double tol)
{
    ClosedForm ode;
    std::vector<double> y(3);
    ClosedForm::exact(0.0, y.data());
    fl::OdeIntegrationOptions o;
    o.integrator = integrator;
    o.tol = tol;
    Errors e;
    long k = 1;
    const auto onStep = [&](const fl::StepView& step) {
        double exact[3], dense[3];
        ClosedForm::exact(step.t1, exact);
        for (int i = 0; i < 3; ++i)
            e.atStepEnds = std::max(e.atStepEnds, std::abs(step.y1[i] - exact[i]));
        for (; k * 0.01 <= std::min(step.t1, 20.0); ++k) {
            step.stateAt(k * 0.01, dense);
            ClosedForm::exact(k * 0.01, exact);
            for (int i = 0; i < 3; ++i)
                e.dense = std::max(e.dense, std::abs(dense[i] - exact[i]));
        }
        return true;
    };
    fl::OdeIntegrationStats stats;
    const fl::Status status = fl::integrateOde(ode, y, 0.0, 20.0, o, onStep, &stats);
    if (!status.ok())
        qFatal("%s", status.message().c_str());
    e.steps = stats.steps;
    return e;
}

} // namespace

class TestOdeDop853 : public QObject {
    Q_OBJECT
private slots:
    void closedFormWithinTheTolerance_data()
    {
        QTest::addColumn<double>("tol");
        for (double tol : {1e-6, 1e-8, 1e-10, 1e-12})
            QTest::newRow(qPrintable(QString::number(tol))) << tol;
    }
    void closedFormWithinTheTolerance()
    {
        QFETCH(double, tol);
        const Errors e = solveClosedForm(fl::Integrator::Dop853, tol);
        // Global error over 20 time units (~3 periods): a few hundred times the local tolerance at most
        // (at loose tolerances the largest step, 0.25, keeps it far below).
        QVERIFY2(e.atStepEnds < 300.0 * tol, qPrintable(QString("step ends: %1").arg(e.atStepEnds)));
        // The interpolant is of order 7, one less than the steps: its error is of the order of the
        // tolerance too (measured: 8 tol at 1e-10, 14 tol at 1e-12), not of the step's size.
        QVERIFY2(e.dense < 100.0 * tol, qPrintable(QString("dense %1 (step ends %2)").arg(e.dense).arg(e.atStepEnds)));
    }

    void errorShrinksWithTheTolerance()
    {
        double previous = 1.0;
        for (double tol : {1e-8, 1e-10, 1e-12}) { // (above 1e-8 the largest step, 0.25, decides)
            const Errors e = solveClosedForm(fl::Integrator::Dop853, tol);
            QVERIFY2(e.dense < 0.1 * previous, qPrintable(QString("tol %1: %2 after %3").arg(tol).arg(e.dense).arg(previous)));
            previous = e.dense;
        }
    }

    void fewerStepsThanDormandPrince54()
    {
        const Errors high = solveClosedForm(fl::Integrator::Dop853, 1e-10);
        const Errors low = solveClosedForm(fl::Integrator::DormandPrince, 1e-10);
        QVERIFY2(3 * high.steps < low.steps, qPrintable(QString("8(5,3): %1 steps, 5(4): %2").arg(high.steps).arg(low.steps)));
        QVERIFY(high.dense < 10.0 * low.dense); // and not less accurate for it
    }

    void notFiniteIsAnError()
    {
        NanAfter ode;
        std::vector<double> y{0.0};
        fl::OdeIntegrationOptions o;
        o.integrator = fl::Integrator::Dop853;
        const fl::Status status = fl::integrateOde(ode, y, 0.0, 5.0, o, {});
        QVERIFY(!status.ok());
        QVERIFY2(QString::fromStdString(status.message()).contains("not finite or the step size vanished"),
                 status.message().c_str());
    }

    void pendulumAgreesWithDormandPrince54()
    {
        // Acta Mech 2016 Fig. 5a at omega0 = 40 (sliding, the explicit method): the run's samples
        // against an independent integration of the same equations by Dormand-Prince 5(4).
        fl::Scenario s;
        QVERIFY(fl::applyPreset("acta2016-fig5a", s).ok());
        s.params.set("t_end", 5.0);
        s.params.set("dt", 0.01);
        s.params.set("tol", 1e-12);
        const fl::RunResult run = fl::simulate(s);
        QVERIFY(run.status.ok());
        std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(s);
        const fl::SmoothOde* ode = dynamics->smoothOde();
        QVERIFY(ode);
        std::vector<double> y = dynamics->initialState();
        fl::OdeIntegrationOptions o;
        o.integrator = fl::Integrator::DormandPrince;
        o.tol = 1e-13;
        std::vector<double> at5(y.size());
        const auto onStep = [&at5](const fl::StepView& step) { // the last step ends at or after t = 5
            if (step.t1 >= 5.0)
                step.stateAt(5.0, at5.data());
            return true;
        };
        QVERIFY(fl::integrateOde(*ode, y, 0.0, 5.0, o, onStep).ok());
        y = at5;
        const size_t n = y.size(), last = run.size() - 1;
        QCOMPARE(run.t[last], 5.0);
        for (size_t i = 0; i < n; ++i)
            QVERIFY2(std::abs(run.states[last * n + i] - y[i]) < 1e-7 * (1.0 + std::abs(y[i])),
                     qPrintable(QString("state %1: %2 vs %3").arg(i).arg(run.states[last * n + i]).arg(y[i])));
    }
};

QTEST_APPLESS_MAIN(TestOdeDop853)
#include "test_ode_dop853.moc"
