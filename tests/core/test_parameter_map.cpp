// Tests of core/analysis/parameter_map: the observables of a map point against the
// closed-form stick-slip cycle of S1 (see test_event_driven_solver.cpp for its derivation), the
// regularized method agreeing with the event-driven one, the period detector, determinism
// whatever the thread count, and the map's checks.
#include "analysis/parameter_map.h"
#include "cycle_metrics.h"
#include "io/map_csv.h"
#include "scenario/scenario.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>
#include <sstream>

namespace {

/// S1 with Coulomb friction, zeta = A = 0 (the closed-form cycle), event-driven.
fl::Scenario beltCoulomb()
{
    fl::Scenario s = fl::defaultScenario();
    s.params.set("mu_s", 2.0);
    s.params.set("mu_k", 1.0);
    s.params.set("v_b", 0.5);
    s.params.set("tol", 1e-11);
    return s;
}

/// A map over v_b (x) and mu_s (y) whose recording is whole cycles of the point (i, j).
fl::MapSpec cycleSpec(fl::MapObservable observable, const fltest::ClosedFormCycle& cycle)
{
    fl::MapSpec spec;
    spec.x = {"v_b", 0.3, 0.7, 3};
    spec.y = {"mu_s", 1.5, 2.5, 3};
    spec.observable = observable;
    spec.transient = 3.0 * cycle.period; // on the cycle after one stick phase, whatever the start
    spec.record = 12.0 * cycle.period;
    return spec;
}

} // namespace

class TestParameterMap : public QObject {
    Q_OBJECT
private slots:
    void observablesOfTheClosedFormCycle_data();
    void observablesOfTheClosedFormCycle();
    void regularizedStickFractionConvergesToTheEventDrivenOne();
    void periodDetector();
    void identicalWhateverTheThreadCount();
    void lyapunovNeedsASmoothMethod();
    void badMapsAreRefused();
    void csvHasOneRowPerPoint();
    void progressiveOrderCoversTheGridOnce();
};

void TestParameterMap::observablesOfTheClosedFormCycle_data()
{
    QTest::addColumn<int>("i");
    QTest::addColumn<int>("j");
    QTest::newRow("v_b 0.3, mu_s 1.5") << 0 << 0;
    QTest::newRow("v_b 0.5, mu_s 2") << 1 << 1;
    QTest::newRow("v_b 0.7, mu_s 2.5") << 2 << 2;
    QTest::newRow("v_b 0.7, mu_s 1.5") << 2 << 0;
}

/// Amplitude R = sqrt((mu_s - mu_k)^2 + v_b^2), stick fraction t_stick / T over whole cycles,
/// period 1 (one section point per cycle: the maxima of x) and one stick phase per period.
void TestParameterMap::observablesOfTheClosedFormCycle()
{
    QFETCH(int, i);
    QFETCH(int, j);
    const fl::Scenario base = beltCoulomb();
    fl::MapSpec spec = cycleSpec(fl::MapObservable::Amplitude, {});
    const double vb = spec.x.value(i), muS = spec.y.value(j), muK = base.params.value("mu_k");
    const fltest::ClosedFormCycle cycle = fltest::closedFormCycle(muS, muK, vb);
    spec = cycleSpec(fl::MapObservable::Amplitude, cycle);
    QVERIFY(fl::validateMap(base, spec).ok());

    const fl::MapPoint amplitude = fl::computeMapPoint(base, spec, i, j);
    QVERIFY2(amplitude.status.ok(), amplitude.status.message().c_str());
    const double radius = std::hypot(muS - muK, vb);
    QVERIFY2(std::abs(amplitude.value - radius) < 1e-8, qPrintable(QString::number(amplitude.value - radius)));

    spec.observable = fl::MapObservable::StickFraction;
    const fl::MapPoint fraction = fl::computeMapPoint(base, spec, i, j);
    QVERIFY2(fraction.status.ok(), fraction.status.message().c_str());
    const double exact = cycle.stickTime / cycle.period;
    QVERIFY2(std::abs(fraction.value - exact) < 1e-8, qPrintable(QString("%1 against %2").arg(fraction.value).arg(exact)));

    spec.observable = fl::MapObservable::Period;
    QCOMPARE(fl::computeMapPoint(base, spec, i, j).value, 1.0);
    spec.observable = fl::MapObservable::StickPhases;
    QCOMPARE(fl::computeMapPoint(base, spec, i, j).value, 1.0);
}

/// The smooth method reads stick with the system's near-stick rule; as eps shrinks its stick
/// fraction approaches the event-driven (exact) one.
void TestParameterMap::regularizedStickFractionConvergesToTheEventDrivenOne()
{
    const fl::Scenario base = beltCoulomb();
    const fltest::ClosedFormCycle cycle = fltest::closedFormCycle(2.0, 1.0, 0.5);
    fl::MapSpec spec = cycleSpec(fl::MapObservable::StickFraction, cycle);
    const double exact = cycle.stickTime / cycle.period;
    double previous = HUGE_VAL;
    for (double eps : {1e-2, 1e-3, 1e-4}) {
        fl::Scenario s = base;
        s.method = fl::Method::Regularized;
        QVERIFY(s.params.set("eps", eps).ok());
        QVERIFY(s.params.set("tol", 1e-9).ok());
        const fl::MapPoint point = fl::computeMapPoint(s, spec, 1, 1);
        QVERIFY2(point.status.ok(), point.status.message().c_str());
        const double error = std::abs(point.value - exact);
        qInfo("eps %g: stick fraction %.6f, event-driven %.6f, error %.2e", eps, point.value, exact, error);
        QVERIFY2(error < previous, "the error must shrink with eps");
        previous = error;
    }
    QVERIFY2(previous < 0.01, qPrintable(QString::number(previous)));
}

void TestParameterMap::periodDetector()
{
    auto points = [](const std::vector<std::vector<double>>& ys) {
        std::vector<fl::SectionPoint> out;
        for (size_t k = 0; k < ys.size(); ++k)
            out.push_back({static_cast<double>(k), ys[k]});
        return out;
    };
    std::vector<std::vector<double>> period3, logistic, rotating;
    const double cycle3[] = {0.1, 0.7, 0.4};
    double r = 0.3;
    for (int k = 0; k < 40; ++k) {
        period3.push_back({cycle3[k % 3] + 1e-9 * std::sin(k), 2.0});
        r = 3.9 * r * (1.0 - r); // chaotic
        logistic.push_back({r, 0.0});
        rotating.push_back({0.2, 2.0 * std::numbers::pi * k + 0.5}); // one full turn per point
    }
    const std::vector<double> scale{1.0, 1.0};
    QCOMPARE(fl::attractorPeriod(points(period3), scale, {0, 0}, 16, 1e-6), 3.0);
    QCOMPARE(fl::attractorPeriod(points(period3), scale, {0, 0}, 2, 1e-6), fl::kMapNotPeriodic);
    QCOMPARE(fl::sectionPointsToDecide(16), 32);
    QCOMPARE(fl::sectionPointsToDecide(2), 10);
    QCOMPARE(fl::attractorPeriod(points(logistic), scale, {0, 0}, 16, 1e-6), fl::kMapNotPeriodic);
    QCOMPARE(fl::attractorPeriod(points(rotating), scale, {0, 1}, 16, 1e-6), 1.0);
    QCOMPARE(fl::attractorPeriod(points(rotating), scale, {0, 0}, 16, 1e-6), fl::kMapNotPeriodic);
    period3.resize(12); // too few points to tell a period of 3 (needs 3 + 8)
    QCOMPARE(fl::attractorPeriod(points(period3), scale, {0, 0}, 16, 1e-6), 3.0);
    const std::vector<std::vector<double>> shortChaos(logistic.begin(), logistic.begin() + 20); // < 32 points
    QCOMPARE(fl::attractorPeriod(points(shortChaos), scale, {0, 0}, 16, 1e-6), fl::kMapUndecided);
    period3.resize(10);
    QCOMPARE(fl::attractorPeriod(points(period3), scale, {0, 0}, 16, 1e-6), fl::kMapUndecided);
}

void TestParameterMap::identicalWhateverTheThreadCount()
{
    fl::Scenario base = fl::defaultScenario();
    base.params.set("A", 0.8); // forced: stick-slip, periodic or not depending on the point
    fl::MapSpec spec;
    spec.x = {"v_b", 0.2, 0.8, 4};
    spec.y = {"w", 0.5, 1.5, 3};
    spec.observable = fl::MapObservable::StickFraction;
    spec.transient = 20.0;
    spec.record = 40.0;
    QVERIFY2(fl::validateMap(base, spec).ok(), fl::validateMap(base, spec).message().c_str());
    std::vector<int> rowsSeen;
    const fl::MapResult one = fl::runMap(base, spec, 1, nullptr, [&](int j, const fl::MapRow&) { rowsSeen.push_back(j); });
    const fl::MapResult two = fl::runMap(base, spec, 2);
    QCOMPARE(one.failed, 0L);
    QCOMPARE(rowsSeen, (std::vector<int>{0, 1, 2}));
    QCOMPARE(one.values.size(), size_t(12));
    QVERIFY(std::memcmp(one.values.data(), two.values.data(), one.values.size() * sizeof(double)) == 0);
    QCOMPARE(fl::computeMapPoint(base, spec, 3, 2).value, one.values[2 * 4 + 3]);
    double lowest = 1.0, highest = 0.0;
    for (double v : one.values) {
        QVERIFY(v >= 0.0 && v <= 1.0);
        lowest = std::min(lowest, v), highest = std::max(highest, v);
    }
    QVERIFY2(highest - lowest > 0.05, "the map must vary over the plane"); // not one value everywhere
}

void TestParameterMap::lyapunovNeedsASmoothMethod()
{
    fl::Scenario base = beltCoulomb();
    fl::MapSpec spec = cycleSpec(fl::MapObservable::Lyapunov, fltest::closedFormCycle(2.0, 1.0, 0.5));
    // Event-driven through saltation matrices: the stick-slip cycle's lambda_1 is 0 (here a
    // finite-time estimate over 12 cycles; 2e-10 over 500 time units in test_lyapunov_nonsmooth).
    QVERIFY(fl::validateMap(base, spec).ok());
    const fl::MapPoint event = fl::computeMapPoint(base, spec, 1, 1);
    QVERIFY2(event.status.ok() && std::abs(event.value) < 0.02, qPrintable(QString::number(event.value)));
    // A system without saltation matrices (the disk, event-driven) is refused.
    fl::Scenario disk;
    QVERIFY(fl::applyPreset("jtam2016-fig4a", disk).ok());
    disk.method = fl::Method::EventDriven;
    fl::MapSpec diskSpec;
    diskSpec.x = {"k12", 0.8, 0.9, 2};
    diskSpec.y = {"c", 0.0, 0.001, 2};
    diskSpec.observable = fl::MapObservable::Lyapunov;
    const fl::Status refused = fl::validateMap(disk, diskSpec);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.message().find("smooth method") != std::string::npos, refused.message().c_str());
    // Regularized: the stable stick-slip cycle has lambda_1 ~ 0 (the phase direction), not > 0.
    base.method = fl::Method::Regularized;
    base.params.set("eps", 1e-3);
    base.params.set("tol", 1e-8);
    spec.transient = 100.0;
    spec.record = 400.0;
    QVERIFY(fl::validateMap(base, spec).ok());
    const fl::MapPoint point = fl::computeMapPoint(base, spec, 1, 1);
    QVERIFY2(point.status.ok(), point.status.message().c_str());
    qInfo("lambda_1 of the regularized stick-slip cycle: %.4g", point.value);
    QVERIFY2(std::abs(point.value) < 0.02, qPrintable(QString::number(point.value)));
}

void TestParameterMap::badMapsAreRefused()
{
    const fl::Scenario base = beltCoulomb();
    fl::MapSpec spec;
    spec.x = {"v_b", 0.3, 0.7, 3};
    spec.y = {"v_b", 1.5, 2.5, 3};
    QVERIFY(!fl::validateMap(base, spec).ok());
    spec.y = {"no_such", 1.5, 2.5, 3};
    QVERIFY(fl::validateMap(base, spec).message().find("unknown map parameter 'no_such'") != std::string::npos);
    spec.y = {"mu_s", 2.5, 1.5, 3};
    QVERIFY(fl::validateMap(base, spec).message().find("must be increasing") != std::string::npos);
    spec.y = {"mu_s", 1.5, 2.5, 1};
    QVERIFY(!fl::validateMap(base, spec).ok());
    spec.y = {"mu_s", 1.5, 2.5, 3};
    spec.record = 0.0;
    QVERIFY(!fl::validateMap(base, spec).ok());
    spec.record = 10.0;
    spec.x.steps = spec.y.steps = 3000;
    QVERIFY(fl::validateMap(base, spec).message().find("at most") != std::string::npos);
    spec.x.steps = spec.y.steps = 3;
    QVERIFY(fl::validateMap(base, spec).ok());
}

void TestParameterMap::csvHasOneRowPerPoint()
{
    const fl::Scenario base = beltCoulomb();
    fl::MapSpec spec;
    spec.x = {"v_b", 0.3, 0.7, 3};
    spec.y = {"mu_s", 1.5, 2.5, 2};
    std::vector<double> values{0, 1, 2, 3, 4, std::nan("")};
    std::ostringstream out;
    fl::writeMapCsv(out, base, spec, fl::stateNames(base), values);
    const std::string text = out.str();
    const size_t header = text.find("x,y,value\n");
    QVERIFY(header != std::string::npos);
    QCOMPARE(text.substr(header), std::string("x,y,value\n0.3,1.5,0\n0.5,1.5,1\n0.7,1.5,2\n0.3,2.5,3\n0.5,2.5,4\n0.7,2.5,nan\n"));
    QVERIFY(text.find("# x: v_b from 0.3 to 0.7 in 3 steps") != std::string::npos);
}

void TestParameterMap::progressiveOrderCoversTheGridOnce()
{
    for (const auto& [nx, ny] : {std::pair{1, 1}, std::pair{7, 3}, std::pair{16, 16}, std::pair{200, 100}}) {
        const std::vector<fl::MapCell> order = fl::progressiveOrder(nx, ny);
        QCOMPARE(order.size(), size_t(nx) * size_t(ny));
        std::vector<int> seen(size_t(nx) * size_t(ny), 0);
        int previousBlock = order.front().block;
        for (const fl::MapCell& c : order) {
            QVERIFY(c.i >= 0 && c.i < nx && c.j >= 0 && c.j < ny);
            ++seen[size_t(c.j) * size_t(nx) + size_t(c.i)];
            QVERIFY(c.block <= previousBlock); // coarse to fine
            QVERIFY(c.i % c.block == 0 && c.j % c.block == 0);
            previousBlock = c.block;
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
    }
    // 200 x 100: the first 8 points (spacing 128) already span the plane.
    const std::vector<fl::MapCell> order = fl::progressiveOrder(200, 100);
    QCOMPARE(order.front().block, 128);
    QCOMPARE(order[1].i, 128);
}

QTEST_MAIN(TestParameterMap)
#include "test_parameter_map.moc"
