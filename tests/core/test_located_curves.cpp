// Located points followed in a second parameter (core/analysis/located_curves.h), against closed
// forms: the Hopf point of the belt's steady sliding on a Stribeck law over the damping, and the
// forced belt's grazing (where its pure-slip branch ends) over the forcing frequency.
#include "analysis/located_curves.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <cmath>
#include <complex>
#include <cstdio>

namespace {

fl::Scenario belt(const char* law, std::initializer_list<std::pair<const char*, double>> values)
{
    fl::Scenario s = fl::defaultScenario();
    if (!fl::changeModel(s, "belt", law).ok())
        qFatal("no law %s", law);
    for (const auto& [id, v] : values)
        if (!s.params.set(id, v).ok())
            qFatal("cannot set %s", id);
    return s;
}

const fl::LocatedCurve* curveOf(const std::vector<fl::LocatedCurve>& curves, const std::string& type)
{
    for (const fl::LocatedCurve& c : curves)
        if (c.type == type)
            return &c;
    return nullptr;
}

} // namespace

class TestLocatedCurves : public QObject {
    Q_OBJECT
private slots:
    /// v_b* = (mu_0 - mu_k) / delta ln(delta / (2 zeta)) for zeta in [0.02, 0.5].
    void hopfCurveOverTheDamping()
    {
        const fl::Scenario s = belt("stribeck-exp", {{"zeta", 0.1}, {"A", 0.0}});
        fl::ContinuationSetup setup;
        setup.parameter = "v_b";
        setup.start = 1.5;
        setup.from = 0.05;
        setup.to = 3.0;
        setup.equilibrium = true;
        const fl::Branch branch = fl::continueBranch(s, setup);
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        const fl::CurveSetup curves{"zeta", 0.02, 0.5, 24};
        QVERIFY(fl::checkCurves(s, setup, curves).ok());
        const std::vector<fl::LocatedCurve> followed = fl::followLocatedPoints(s, setup, branch, curves);
        const fl::LocatedCurve* hopf = curveOf(followed, "hopf");
        QVERIFY2(hopf, "no Hopf curve");
        QVERIFY2(hopf->ends.empty(), hopf->ends.c_str());
        QCOMPARE(hopf->points.size(), size_t(25)); // the grid's 25 values, 0.1 among them
        const double delta = s.params.value("delta"), drop = s.params.value("mu_0") - s.params.value("mu_k");
        double worst = 0.0;
        for (const fl::LocatedCurvePoint& p : hopf->points)
            worst = std::max(worst, std::abs(p.first - drop / delta * std::log(delta / (2.0 * p.second))));
        std::printf("Hopf curve: %zu points over zeta in [0.02, 0.5], max |v_b - closed form| = %.3g\n", hopf->points.size(), worst);
        QVERIFY(worst < 1e-8);
        QCOMPARE(hopf->points.front().second, 0.02);
        QCOMPARE(hopf->points.back().second, 0.5);
    }

    /// A_g(w) = v_b |1 - w^2 + 2 i zeta w| / w for w in [1.2, 2]: the curve starts at w = 1.5 and must
    /// stay on the pure-slip branch's end (a stick-slip branch ends near it too, at a larger A,
    /// where its stick phase vanishes: the hysteresis of a discontinuous stick onset).
    void grazingCurveOverTheFrequency()
    {
        const double zeta = 0.1, vb = 1.0;
        const fl::Scenario s = belt("coulomb", {{"zeta", zeta}, {"A", 0.2}, {"w", 1.5}, {"v_b", vb}});
        fl::ContinuationSetup setup;
        setup.parameter = "A";
        setup.start = 0.2;
        setup.from = 0.1;
        setup.to = 3.0;
        const fl::Branch branch = fl::continueBranch(s, setup);
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        const std::vector<fl::LocatedCurve> followed = fl::followLocatedPoints(s, setup, branch, {"w", 1.2, 2.0, 8});
        const fl::LocatedCurve* onset = curveOf(followed, "stick-onset");
        QVERIFY2(onset, "no stick-onset curve");
        QVERIFY2(onset->ends.empty(), onset->ends.c_str());
        QVERIFY(onset->points.size() >= 9);
        double worst = 0.0;
        for (const fl::LocatedCurvePoint& p : onset->points)
            worst = std::max(worst, std::abs(p.first - vb * std::abs(std::complex<double>(1.0 - p.second * p.second, 2.0 * zeta * p.second)) / p.second));
        std::printf("grazing curve: %zu points over w in [1.2, 2], max |A - closed form| = %.3g\n", onset->points.size(), worst);
        QVERIFY(worst < 3e-8);
    }

    void refusals()
    {
        const fl::Scenario s = belt("coulomb", {{"A", 0.2}});
        fl::ContinuationSetup setup;
        setup.parameter = "A";
        setup.from = 0.1;
        setup.to = 1.0;
        setup.start = 0.2;
        QVERIFY(!fl::checkCurves(s, setup, {"A", 0.1, 1.0, 10}).ok());     // the first parameter
        QVERIFY(!fl::checkCurves(s, setup, {"nope", 0.1, 1.0, 10}).ok());
        QVERIFY(!fl::checkCurves(s, setup, {"w", 2.0, 3.0, 10}).ok());     // w = 1 outside
        QVERIFY(!fl::checkCurves(s, setup, {"w", 0.5, 2.0, 1}).ok());      // steps
        QVERIFY(!fl::checkCurves(s, setup, {"t_end", 10.0, 300.0, 10}).ok());
        QVERIFY(fl::checkCurves(s, setup, {"w", 0.5, 2.0, 10}).ok());
    }
};

QTEST_APPLESS_MAIN(TestLocatedCurves)
#include "test_located_curves.moc"
