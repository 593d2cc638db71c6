// S7, the ABS wheel (systems/abs_wheel.h): a wheel locked from the start stops after exactly
// v0^2 / (2 mu(1) g); without control the wheel locks and the car then decelerates at mu(1) g; with
// control it never locks and stops sooner on each of Burckhardt's roads (the presets' figures); a
// run split in two equals the whole (the controller's state is part of the state).
#include "scenario_fixtures.h"
#include "scenario/scenario.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "systems/abs_wheel.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>

namespace {

using fltest::presetScenario;
using fltest::simulateOk;

double column(const fl::RunResult& r, const char* name, size_t k)
{
    const int c = r.columnIndex(name);
    const size_t n = r.stateNames.size();
    return size_t(c) < n ? r.states[k * n + size_t(c)] : r.outputs[k * r.outputNames.size() + size_t(c) - n];
}

/// Where the car stopped (x once v = 0), or -1 if it did not.
double stoppingDistance(const fl::RunResult& r)
{
    for (size_t k = 0; k < r.size(); ++k)
        if (column(r, "v", k) <= 0.0)
            return column(r, "x", k);
    return -1.0;
}

/// Keeps the state at one time, from the dense output of the step that covers it.
class StateAt final : public fl::DynamicsObserver {
public:
    explicit StateAt(double t) : m_t(t), state(6, 0.0) {}
    bool onStep(const fl::StepView& step, int) override
    {
        if (step.t0 <= m_t && m_t <= step.t1)
            step.stateAt(m_t, state.data());
        return true;
    }
    double m_t;
    std::vector<double> state;
};

} // namespace

class TestAbs : public QObject {
    Q_OBJECT
private slots:
    void lockedWheelStopsAtTheClosedForm()
    {
        const fl::Scenario s = presetScenario("abs-locked");
        const fl::AbsParameters p = fl::absParameters(s.params);
        const double muLocked = fl::burckhardtMu(1.0, p.c1, p.c2, p.c3);
        QVERIFY(std::abs(muLocked - 0.7601) < 1e-4);
        const double expected = p.v0 * p.v0 / (2.0 * muLocked * p.g);
        const double x = stoppingDistance(simulateOk(s));
        QVERIFY2(std::abs(x - expected) < 1e-9 * expected, qPrintable(QString("%1 vs %2").arg(x, 0, 'g', 17).arg(expected, 0, 'g', 17)));
        QVERIFY(std::abs(expected - 51.748) < 1e-3); // the note's figure
    }

    void withoutControlTheWheelLocks()
    {
        const fl::RunResult r = simulateOk(presetScenario("abs-dry-no-control"));
        const fl::AbsParameters p = fl::absParameters(presetScenario("abs-dry-no-control").params);
        const double muLocked = fl::burckhardtMu(1.0, p.c1, p.c2, p.c3);
        double lockedAt = -1.0;
        for (size_t k = 0; k < r.size() && lockedAt < 0.0; ++k)
            if (column(r, "Omega", k) == 0.0 && column(r, "v", k) > 0.0)
                lockedAt = r.t[k];
        QVERIFY2(lockedAt > 0.0 && lockedAt < 0.5, qPrintable(QString::number(lockedAt)));
        // Locked: the speed falls at mu(1) g exactly.
        size_t a = 0;
        while (r.t[a] < lockedAt + 0.1)
            ++a;
        const size_t b = a + 1000;
        QVERIFY(column(r, "v", b) > 0.0);
        const double decel = (column(r, "v", a) - column(r, "v", b)) / (r.t[b] - r.t[a]);
        QVERIFY2(std::abs(decel - muLocked * p.g) < 1e-9, qPrintable(QString::number(decel)));
    }

    void controlStopsSoonerOnEveryRoad_data()
    {
        QTest::addColumn<QString>("road");
        QTest::addColumn<double>("withAbs");
        QTest::addColumn<double>("without");
        // Measured (frictionlab-cli run --preset abs-ROAD[-no-control]), the figures in the README.
        QTest::newRow("dry") << "dry" << 39.086 << 51.480;
        QTest::newRow("wet") << "wet" << 56.961 << 76.481;
        QTest::newRow("snow") << "snow" << 221.509 << 301.771;
    }
    void controlStopsSoonerOnEveryRoad()
    {
        QFETCH(QString, road);
        QFETCH(double, withAbs);
        QFETCH(double, without);
        const fl::RunResult controlled = simulateOk(presetScenario(qPrintable("abs-" + road)));
        const double x = stoppingDistance(controlled), x0 = stoppingDistance(simulateOk(presetScenario(qPrintable("abs-" + road + "-no-control"))));
        QVERIFY2(std::abs(x - withAbs) < 0.01, qPrintable(QString::number(x, 'f', 4)));
        QVERIFY2(std::abs(x0 - without) < 0.01, qPrintable(QString::number(x0, 'f', 4)));
        QVERIFY(x < 0.8 * x0);
        // The wheel never locks while the controller is on (v above v_off), and it cycles.
        int releases = 0;
        for (size_t k = 1; k < controlled.size(); ++k) {
            if (column(controlled, "v", k) > 1.0)
                QVERIFY2(column(controlled, "S", k) < 0.5, qPrintable(QString("t %1: S %2").arg(controlled.t[k]).arg(column(controlled, "S", k))));
            releases += column(controlled, "ctrl", k) < 0.0 && column(controlled, "ctrl", k - 1) >= 0.0;
        }
        QVERIFY2(releases >= 5, qPrintable(QString::number(releases)));
    }

    void aSplitRunEqualsTheWhole()
    {
        // The controller's state is the state variable ctrl: integrating to t = 1.3, then on to 2.5,
        // ends where one integration to 2.5 does.
        const fl::Scenario s = presetScenario("abs-dry");
        const std::unique_ptr<fl::Dynamics> d = fl::makeDynamics(s);
        fl::IntegrationStats stats;
        StateAt whole(2.4), split(2.4);
        std::vector<double> y = d->initialState();
        double t = 0.0;
        QVERIFY(d->integrate(y, t, 2.5, whole, stats).ok());
        y = d->initialState();
        t = 0.0;
        QVERIFY(d->integrate(y, t, 1.3, split, stats).ok());
        QVERIFY(t >= 1.3 && t < 2.4);
        QVERIFY(d->integrate(y, t, 2.5, split, stats).ok());
        for (size_t i = 0; i < 6; ++i)
            QVERIFY2(std::abs(whole.state[i] - split.state[i]) < 1e-6 * (1.0 + std::abs(whole.state[i])),
                     qPrintable(QString("state %1: %2 vs %3").arg(i).arg(whole.state[i]).arg(split.state[i])));
    }

    void peakSlipOfBurckhardtsCurve()
    {
        // d mu/dS = 0 at ln(c1 c2 / c3) / c2: dry asphalt 0.170, mu = 1.170.
        const double S = fl::burckhardtPeakSlip(1.2801, 23.99, 0.52);
        QVERIFY(std::abs(S - 0.17) < 5e-4);
        const double h = 1e-6;
        QVERIFY(fl::burckhardtMu(S, 1.2801, 23.99, 0.52) > fl::burckhardtMu(S + h, 1.2801, 23.99, 0.52));
        QVERIFY(fl::burckhardtMu(S, 1.2801, 23.99, 0.52) > fl::burckhardtMu(S - h, 1.2801, 23.99, 0.52));
    }
};

QTEST_APPLESS_MAIN(TestAbs)
#include "test_abs.moc"
