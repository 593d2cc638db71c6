// Bifurcation sweeps: determinism across thread counts, hysteresis with continuation, cancel.
#include "analysis/bifurcation_sweep.h"
#include "io/sweep_csv.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <chrono>
#include <cmath>
#include <sstream>

namespace {

/// Belt with the exponential Stribeck law (mu_0 = 2, mu_k = 1, delta = 3) and zeta = 0.05. Steady
/// sliding x = g(v_b) is linearly stable where 2 zeta > delta exp(-delta v_b/(mu_0 - mu_k)), i.e.
/// v_b > ln(30)/3 = 1.134; the stick-slip cycle coexists with it above that: hysteresis.
fl::Scenario stribeckBelt()
{
    fl::Scenario s;
    fl::makeScenario("belt", "stribeck-exp", fl::Method::EventDriven, fl::Regularization::Kudra, s);
    s.params.set("zeta", 0.05);
    return s;
}

fl::SweepSpec maximaOfX(double from, double to, int steps)
{
    fl::SweepSpec spec;
    spec.parameter = "v_b";
    spec.from = from;
    spec.to = to;
    spec.steps = steps;
    spec.transient = 200.0;
    spec.samples = 3;
    spec.observable = fl::SweepObservable::Maxima;
    spec.variable = 0;
    return spec;
}

double mean(const std::vector<double>& v)
{
    double s = 0.0;
    for (double x : v)
        s += x;
    return s / static_cast<double>(v.size());
}

} // namespace

class TestBifurcationSweep : public QObject {
    Q_OBJECT
private slots:
    void deterministicAcrossThreads_data()
    {
        QTest::addColumn<int>("method");
        QTest::addColumn<int>("integrator");
        QTest::newRow("event-driven") << int(fl::Method::EventDriven) << int(fl::StiffIntegrator::Bdf);
        QTest::newRow("regularized BDF") << int(fl::Method::Regularized) << int(fl::StiffIntegrator::Bdf);
        QTest::newRow("regularized Rosenbrock4") << int(fl::Method::Regularized) << int(fl::StiffIntegrator::Rosenbrock4);
    }
    /// The same inputs give bit-identical points with 1 and 2 threads, fixed initial state or
    /// continuation, event-driven or with either stiff integrator (CVODE keeps no global state).
    void deterministicAcrossThreads()
    {
        QFETCH(int, method);
        QFETCH(int, integrator);
        fl::Scenario scenario = stribeckBelt();
        scenario.method = static_cast<fl::Method>(method);
        scenario.stiffIntegrator = static_cast<fl::StiffIntegrator>(integrator);
        scenario.params.set("eps", 1e-3);
        for (bool continuation : {false, true}) {
            fl::SweepSpec spec = maximaOfX(0.4, 1.8, 8);
            spec.continuation = continuation;
            spec.direction = fl::SweepDirection::Both;
            const auto one = fl::runSweep(scenario, spec, 1, nullptr);
            const auto two = fl::runSweep(scenario, spec, 2, nullptr);
            QCOMPARE(one.size(), size_t(16));
            QCOMPARE(two.size(), one.size());
            for (size_t i = 0; i < one.size(); ++i) {
                QVERIFY(one[i].status.ok());
                QCOMPARE(one[i].parameter, two[i].parameter);
                QCOMPARE(one[i].branch, two[i].branch);
                QCOMPARE(one[i].values, two[i].values);
                QVERIFY(!one[i].values.empty());
            }
        }
    }

    /// Sweeping up stays on the stick-slip cycle (x_max = 3.0 at v_b = 1.5), sweeping down stays on
    /// steady sliding (x near g(1.5) = 1.011): two branches over the same values.
    void hysteresisShowsTwoBranches()
    {
        fl::SweepSpec spec = maximaOfX(0.6, 2.0, 15);
        spec.direction = fl::SweepDirection::Both;
        const auto columns = fl::runSweep(stribeckBelt(), spec, 2, nullptr);
        const fl::SweepColumn* up = nullptr;
        const fl::SweepColumn* down = nullptr;
        for (const auto& c : columns)
            if (std::abs(c.parameter - 1.5) < 1e-9)
                (c.branch == 0 ? up : down) = &c;
        QVERIFY(up && down);
        QVERIFY2(mean(up->values) > 2.9, qPrintable(QString::number(mean(up->values))));
        const double steady = (2.0 - 1.0) * std::exp(-3.0 * 1.5) + 1.0;
        QVERIFY2(std::abs(mean(down->values) - steady) < 0.01, qPrintable(QString::number(mean(down->values))));
        // Below the stability limit both branches are on the cycle.
        for (const auto& c : columns)
            if (c.parameter < 0.95)
                QVERIFY(mean(c.values) > 2.0);
    }

    /// A cancel set during the sweep stops it within the column in progress.
    void cancelStopsWithinOneStep()
    {
        fl::SweepSpec spec = maximaOfX(0.5, 1.5, 400);
        spec.transient = 2000.0;
        std::atomic<bool> cancel{false};
        std::atomic<int> done{0};
        const auto start = std::chrono::steady_clock::now();
        fl::runSweep(stribeckBelt(), spec, 2, &cancel, [&](const fl::SweepColumn&) {
            if (++done == 3)
                cancel = true;
        });
        QVERIFY(done.load() <= 5);
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    }

    void validation()
    {
        fl::SweepSpec spec = maximaOfX(0.5, 1.5, 10);
        QVERIFY(fl::validateSweep(stribeckBelt(), spec).ok());
        spec.parameter = "nope";
        QVERIFY(!fl::validateSweep(stribeckBelt(), spec).ok());
        spec = maximaOfX(0.5, 9.0, 10);
        QCOMPARE(QString::fromStdString(fl::validateSweep(stribeckBelt(), spec).message()),
                 QString("sweep range [0.5, 9] of v_b must be increasing and inside [-5, 5]"));
    }

    /// S1's default recording is x at the downward crossings of x′ = 0 (the maxima of x): a
    /// stick-slip cycle gives its maxima, well above 0, and is never taken for an equilibrium.
    void beltDefaultRecordsTheMaxima()
    {
        const fl::Scenario belt = fl::defaultScenario();
        fl::SweepSpec spec = fl::defaultSweep(belt);
        QCOMPARE(int(spec.observable), int(fl::SweepObservable::Hyperplane));
        QCOMPARE(spec.variable, 0);
        QCOMPARE(spec.sectionVariable, 1);
        QCOMPARE(spec.level, 0.0);
        QCOMPARE(spec.crossingDirection, -1);
        spec.parameter = "v_b";
        spec.from = 0.3;
        spec.to = 0.7;
        spec.steps = 3;
        spec.transient = 50.0;
        spec.samples = 4;
        for (const fl::SweepColumn& column : fl::runSweep(belt, spec, 2, nullptr)) {
            QVERIFY(!column.settled);
            QCOMPARE(column.values.size(), size_t(4));
            for (double x : column.values)
                QVERIFY2(x > 1.0, qPrintable(QString::number(x)));
        }
        // The old default, x on the section x = 0. With μ_s = 1.5 the cycle about x = μ_k = 1 has
        // the amplitude √((μ_s − μ_k)² + v_b²) < 1 and never reaches it: no points, and no
        // "equilibrium" either.
        fl::Scenario lowPeak = belt;
        QVERIFY(lowPeak.params.set("mu_s", 1.5).ok() && lowPeak.params.set("mu_k", 1.0).ok());
        spec.sectionVariable = 0;
        spec.maxRecordTime = 100.0;
        for (const fl::SweepColumn& column : fl::runSweep(lowPeak, spec, 2, nullptr)) {
            QVERIFY(!column.settled);
            QVERIFY(column.values.empty());
        }
    }

    /// A damped block sliding on a fast belt comes to rest: an equilibrium, one point per column.
    void restIsAnEquilibrium()
    {
        fl::Scenario belt = fl::defaultScenario();
        belt.params.set("zeta", 0.5);
        fl::SweepSpec spec = fl::defaultSweep(belt);
        spec.parameter = "v_b";
        spec.from = 2.0;
        spec.to = 3.0;
        spec.steps = 2;
        spec.transient = 100.0;
        spec.maxRecordTime = 20.0;
        for (const fl::SweepColumn& column : fl::runSweep(belt, spec, 1, nullptr)) {
            QVERIFY(column.settled);
            QCOMPARE(column.values.size(), size_t(1));
        }
    }

    /// CSV: metadata naming the parameter and observable, then param,sample,value,branch rows.
    /// A strobe period written as an expression of the parameters (2*pi/w) is evaluated at each
    /// swept value: every column equals a sweep at that value with the period written as a number.
    /// A name the parameters lack, or a period <= 0 at some value, is refused with the value.
    void periodOfTheParametersFollowsTheSweep()
    {
        fl::Scenario forced;
        fl::makeScenario("belt", "coulomb", fl::Method::EventDriven, fl::Regularization::Kudra, forced);
        QVERIFY(forced.params.set("A", 0.8).ok());
        fl::SweepSpec spec;
        spec.parameter = "w";
        spec.from = 0.8;
        spec.to = 1.6;
        spec.steps = 3;
        spec.transient = 60.0;
        spec.samples = 4;
        spec.maxRecordTime = 200.0;
        spec.observable = fl::SweepObservable::Stroboscopic;
        spec.continuation = false;
        spec.periodText = "2*pi/w";
        QVERIFY(fl::validateSweep(forced, spec).ok());
        const auto columns = fl::runSweep(forced, spec, 1, nullptr);
        QCOMPARE(columns.size(), size_t(3));
        double worst = 0.0;
        for (const fl::SweepColumn& column : columns) {
            QVERIFY2(column.status.ok(), column.status.message().c_str());
            QCOMPARE(column.values.size(), size_t(4));
            fl::SweepSpec fixed = spec; // the same value twice, its period as a number
            fixed.periodText.clear();
            fixed.period = 2.0 * M_PI / column.parameter;
            fixed.from = column.parameter;
            fixed.to = column.parameter + 1e-9;
            fixed.steps = 2;
            const auto reference = fl::runSweep(forced, fixed, 1, nullptr);
            QCOMPARE(reference.front().values.size(), column.values.size());
            for (size_t i = 0; i < column.values.size(); ++i)
                worst = std::max(worst, std::abs(reference.front().values[i] - column.values[i]));
        }
        qInfo("strobe at 2*pi/w: columns equal the fixed-period sweeps to %.3g", worst);
        QVERIFY(worst < 1e-12);
        std::ostringstream out;
        fl::writeSweepCsv(out, forced, spec, {"x", "v"}, columns);
        QVERIFY(QString::fromStdString(out.str()).contains("stroboscopic section (period 2*pi/w)"));
        spec.periodText = "2*pi/q";
        QVERIFY(QString::fromStdString(fl::validateSweep(forced, spec).message()).startsWith("the period '2*pi/q': unknown name 'q' (variables: "));
        spec.periodText = "w - 2";
        QCOMPARE(QString::fromStdString(fl::validateSweep(forced, spec).message()), QString("the period w - 2 is -1.2 at w = 0.8; it must be > 0"));
    }

    void csv()
    {
        const fl::SweepSpec spec = maximaOfX(0.5, 0.6, 2);
        const auto columns = fl::runSweep(stribeckBelt(), spec, 1, nullptr);
        std::ostringstream out;
        fl::writeSweepCsv(out, stribeckBelt(), spec, {"x", "v"}, columns);
        const QString text = QString::fromStdString(out.str());
        QVERIFY(text.contains("# param: v_b from 0.5 to 0.6 in 2 steps\n"));
        QVERIFY(text.contains("# value: maxima of x\n"));
        QVERIFY(text.contains("\nparam,sample,value,branch\n0.5,0,"));
        QCOMPARE(text.count(",up\n"), 6);
    }
};

QTEST_APPLESS_MAIN(TestBifurcationSweep)
#include "test_bifurcation_sweep.moc"
