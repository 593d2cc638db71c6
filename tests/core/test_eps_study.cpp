// The eps study (core/analysis/eps_study.h) on Acta Mech 2016 Fig. 9: the differences from the
// pattern solution (eps = 1e-4) shrink as eps shrinks; and the study's handling of bad input.
#include "scenario_fixtures.h"
#include "analysis/eps_study.h"
#include "systems/system_registry.h"

#include <QTest>

#include <atomic>
#include <cmath>

namespace {

fl::Scenario fig9(double tEnd)
{
    fl::Scenario s = fltest::presetScenario("acta2016-fig9");
    s.params.set("t_end", tEnd);
    return s;
}

} // namespace

class TestEpsStudy : public QObject {
    Q_OBJECT

private slots:
    /// Fig. 9 over t in [0, 3] (the first breakaway at t = 0.87 and the slip after it), at the
    /// study's tolerance 1e-6 eps_min = 1e-10: max |Δφ| from eps = 1e-4 is 4.3e-3 (eps = 1e-3),
    /// 3.4e-2 (1e-2) and 0.31 (1e-1) (measured): about ten times smaller per decade of eps.
    void differencesShrinkWithEps()
    {
        const fl::Scenario s = fig9(3.0);
        fl::EpsStudyOptions o;
        o.eps = {1e-1, 1e-3, 1e-2, 1e-4}; // any order: sorted
        o.variables = {"phi", "X_C"};
        o.threads = 2;
        std::vector<double> reported;
        o.progress = [&reported](double f) { reported.push_back(f); };
        const fl::EpsStudy study = fl::runEpsStudy(s, o);
        QVERIFY2(study.status.ok(), study.status.message().c_str());
        QCOMPARE(study.runs.size(), size_t(4));
        QCOMPARE(study.tolerance, 1e-10);
        QCOMPARE(study.t.size(), study.runs[0].result.size());
        for (size_t k = 0; k < 4; ++k) {
            QCOMPARE(study.runs[k].eps, std::pow(10.0, -4.0 + static_cast<double>(k)));
            QCOMPARE(study.runs[k].scenario.method, fl::Method::Regularized);
            QCOMPARE(study.runs[k].differences.size(), size_t(2));
        }
        const std::vector<double> phi = study.maxDifferences(0);
        qInfo("max |dphi|: %g %g %g %g", phi[0], phi[1], phi[2], phi[3]);
        QCOMPARE(phi[0], 0.0);
        QVERIFY(phi[1] > 0.0);
        QVERIFY2(phi[2] > 4.0 * phi[1] && phi[3] > 4.0 * phi[2], "the differences shrink with eps");
        QVERIFY(phi[1] < 1e-2);
        const std::vector<double> x = study.maxDifferences(1);
        QVERIFY(x[2] > x[1] && x[3] > x[2]);
        QVERIFY(!reported.empty());
        QCOMPARE(reported.back(), 1.0);
    }

    /// The study's own tolerance: 1e-6 times the smallest eps, never looser than the scenario's.
    void tolerance()
    {
        fl::Scenario s = fig9(1.0);
        s.params.set("tol", 1e-6);
        QCOMPARE(fl::epsStudyTolerance(s, {1e-4, 1e-1}), 1e-10);
        QCOMPARE(fl::epsStudyTolerance(s, {1e-2, 1e-1}), 1e-8);
        s.params.set("tol", 1e-12);
        QCOMPARE(fl::epsStudyTolerance(s, {1e-4, 1e-1}), 1e-12);
    }

    void badInput()
    {
        const fl::Scenario s = fig9(0.5);
        fl::EpsStudyOptions o;
        QVERIFY(!fl::runEpsStudy(s, o).status.ok()); // no eps
        o.eps = {1e-3, 2.0};                         // out of the parameter's range
        const fl::EpsStudy bad = fl::runEpsStudy(s, o);
        QVERIFY(!bad.status.ok());
        QVERIFY(QString::fromStdString(bad.status.message()).contains("ε = 2"));
        QVERIFY(bad.runs.empty());
        o.eps = {1e-3, 1e-2};
        o.method = fl::Method::EventDriven;
        QVERIFY(!fl::runEpsStudy(s, o).status.ok());
        // The disk's event-driven scenario is studied with its regularized method.
        fl::Scenario disk;
        QVERIFY(fl::applyPreset("jtam2016-fig4a", disk).ok());
        std::vector<fl::Scenario> scenarios;
        fl::EpsStudyOptions d;
        d.eps = {1e-3, 1e-3, 1e-2};
        QVERIFY(fl::epsStudyScenarios(disk, d, scenarios).ok());
        QCOMPARE(scenarios.size(), size_t(2));
        QCOMPARE(scenarios[0].method, fl::Method::Regularized);
    }

    /// A cancelled study says so and keeps what was computed.
    void cancel()
    {
        const fl::Scenario s = fig9(60.0);
        std::atomic<bool> cancel{true};
        fl::EpsStudyOptions o;
        o.eps = {1e-4, 1e-3};
        o.cancel = &cancel;
        const fl::EpsStudy study = fl::runEpsStudy(s, o);
        QVERIFY(!study.status.ok());
        QVERIFY(QString::fromStdString(study.status.message()).contains("cancelled"));
        QCOMPARE(study.runs.size(), size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestEpsStudy)
#include "test_eps_study.moc"
