// The event-driven solver against closed-form stick-slip solutions of S1 (docs/physics.md S1).
//
// Derivation (zeta = A = 0, Coulomb mu_s > mu_k, v_b > 0): in stick x' = v_b and the holding force
// is F = x, so stick ends at x = mu_s. Slip then starts with v_r = 0 and friction +mu_k (the block
// lags the belt): x - mu_k = d cos t + v_b sin t, d = mu_s - mu_k, a circle of radius
// R = sqrt(d^2 + v_b^2) about (mu_k, 0) in the (x, x') plane, so x_max = mu_k + R. x' returns to v_b
// after the clockwise arc of angle pi + 2 atan(v_b/d), at x = mu_k - d = 2 mu_k - mu_s, where the
// holding force |2 mu_k - mu_s| <= mu_s: stick again, for a time (mu_s - (2 mu_k - mu_s))/v_b.
#include "cycle_metrics.h"
#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <cmath>
#include <numbers>

class TestEventDrivenSolver : public QObject {
    Q_OBJECT

private:
    static fl::Scenario beltCoulomb(double muS, double muK, double vb, double tEnd, double dt, double tol)
    {
        fl::Scenario s = fl::defaultScenario();
        s.params.set("mu_s", muS);
        s.params.set("mu_k", muK);
        s.params.set("v_b", vb);
        s.params.set("t_end", tEnd);
        s.params.set("dt", dt);
        s.params.set("tol", tol);
        return s;
    }

private slots:
    void closedFormCycle_data()
    {
        QTest::addColumn<double>("muS");
        QTest::addColumn<double>("muK");
        QTest::addColumn<double>("vb");
        QTest::newRow("default 2/1/0.5") << 2.0 << 1.0 << 0.5;
        QTest::newRow("small drop 1.1/1/0.2") << 1.1 << 1.0 << 0.2;
        QTest::newRow("fast belt 1.2/0.3/1") << 1.2 << 0.3 << 1.0;
        QTest::newRow("mu_k = 0") << 0.8 << 0.0 << 0.4;
    }

    /// Switch times, stick durations, period and x_max of the cycle to 1e-8 relative; switch times
    /// to 1e-10 absolute (located on the dense output, not the output grid).
    void closedFormCycle()
    {
        QFETCH(double, muS);
        QFETCH(double, muK);
        QFETCH(double, vb);
        const fltest::ClosedFormCycle exact = fltest::closedFormCycle(muS, muK, vb);
        fl::Scenario s = beltCoulomb(muS, muK, vb, 10.0 * exact.period + 0.5, 1e-3, 1e-12);
        // Start on the cycle: entering stick at x = 2 mu_k - mu_s.
        s.params.set("x0", exact.xStickEntry);
        s.params.set("v0", vb);
        const fl::RunResult run = fl::simulate(s);
        QVERIFY2(run.status.ok(), run.status.message().c_str());
        QCOMPARE(run.switches.size(), size_t(20));
        for (size_t k = 0; k < run.switches.size(); ++k) {
            const double n = static_cast<double>(k / 2);
            const bool toSlip = k % 2 == 0;
            const double expected = toSlip ? exact.stickTime + n * exact.period : (n + 1.0) * exact.period;
            QCOMPARE(run.switches[k].entered, toSlip ? fl::ContactMode::Slip : fl::ContactMode::Stick);
            QVERIFY2(std::abs(run.switches[k].t - expected) < 1e-10,
                     qPrintable(QString("switch %1 at %2, exact %3").arg(k).arg(run.switches[k].t, 0, 'g', 17).arg(expected, 0, 'g', 17)));
        }
        for (const fl::TimeInterval& stick : run.stickIntervals)
            if (stick.end < s.params.value("t_end") - 1e-9)
                QVERIFY(std::abs((stick.end - stick.begin) / exact.stickTime - 1.0) < 1e-8);
        const fltest::CycleMetrics m = fltest::cycleMetrics(run, 0.0);
        QCOMPARE(m.cycles, 9);
        QVERIFY2(std::abs(m.period / exact.period - 1.0) < 1e-8, qPrintable(QString::number(m.period, 'g', 17)));
        QVERIFY2(std::abs(m.xMax / exact.xMax - 1.0) < 1e-8, qPrintable(QString::number(m.xMax, 'g', 17)));
    }

    /// In stick the block moves exactly with the belt and the friction force is the holding force x.
    void stickIsExact()
    {
        const fl::RunResult run = fl::simulate(beltCoulomb(2.0, 1.0, 0.5, 50.0, 0.01, 1e-10));
        QVERIFY(run.status.ok());
        int stickSamples = 0;
        for (size_t i = 0; i < run.size(); ++i) {
            if (run.mode[i] != fl::ContactMode::Stick)
                continue;
            ++stickSamples;
            QCOMPARE(run.state(i, 1), 0.5);
            QVERIFY(std::abs(run.force[i] - run.state(i, 0)) < 1e-12);
            QVERIFY(std::abs(run.force[i]) <= 2.0 + 1e-9);
        }
        QVERIFY(stickSamples > 1000);
    }

    /// From rest the first stick starts when x' first reaches v_b: x = 1 - cos t, x' = sin t.
    void transientFromRest()
    {
        const fl::RunResult run = fl::simulate(beltCoulomb(2.0, 1.0, 0.5, 10.0, 0.01, 1e-12));
        QVERIFY(run.switches.size() >= 2);
        QVERIFY(std::abs(run.switches[0].t - std::numbers::pi / 6.0) < 1e-11);
        QVERIFY(std::abs(run.switches[1].t - (std::numbers::pi / 6.0 + (2.0 - (1.0 - std::cos(std::numbers::pi / 6.0))) / 0.5)) < 1e-10);
    }

    /// Fixed surface (v_b = 0), x(0) = 5.5: slip reverses at t = pi (x = -3.5) and t = 2 pi (x = 1.5),
    /// each beyond mu_s = 1.2, then sticks for good at t = 3 pi, x = 0.5 (amplitude falls 2 mu_k per half cycle).
    void coulombDecayWithReversals()
    {
        fl::Scenario s = beltCoulomb(1.2, 1.0, 0.0, 15.0, 0.01, 1e-12);
        s.params.set("x0", 5.5);
        const fl::RunResult run = fl::simulate(s);
        QVERIFY(run.status.ok());
        QCOMPARE(run.switches.size(), size_t(1));
        QCOMPARE(run.switches[0].entered, fl::ContactMode::Stick);
        QVERIFY(std::abs(run.switches[0].t - 3.0 * std::numbers::pi) < 1e-10);
        QVERIFY(std::abs(run.state(run.size() - 1, 0) - 0.5) < 1e-10);
        // Reversal points: x(pi) = -3.5, x(2 pi) = 1.5 (on the output grid, so check the extremes).
        double xMin = 1e9;
        for (size_t i = 0; i < run.size(); ++i)
            xMin = std::min(xMin, run.state(i, 0));
        QVERIFY(std::abs(xMin + 3.5) < 1e-3);
    }

    /// Cancelling stops the run with a status message.
    void cancel()
    {
        std::atomic<bool> cancelled{true};
        const fl::RunResult run = fl::simulate(beltCoulomb(2.0, 1.0, 0.5, 1000.0, 0.01, 1e-10), &cancelled);
        QVERIFY(!run.status.ok());
        QCOMPARE(QString::fromStdString(run.status.message()), QString("cancelled"));
    }
};

QTEST_APPLESS_MAIN(TestEventDrivenSolver)
#include "test_event_driven_solver.moc"
