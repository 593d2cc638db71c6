// A model's own Poincaré section (section strobe = EXPR, section plane = EXPR direction +|-): it
// replaces the default one (the fastest forcing's strobe, else the maxima of the first coordinate)
// as the system's section, at each scenario's values; the sweep opens on it; a value that makes it
// undefined is refused with the reason; a plane of a velocity finds the same points as the default.
#include "scenario_fixtures.h"

#include "analysis/bifurcation_sweep.h"
#include "model/model_summary.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <string>

using namespace fl;

namespace {

const std::string kForced = "flmodel 1\nname \"Forced block\"\nnumerics t_end = 80\n"
                            "param w = 0.8 range 0.1 .. 5\nparam A = 0.6 range 0 .. 5\nparam d = 0.1 range -1 .. 1\nparam c = 1 range 0 .. 2\n"
                            "coord x\ncoord y\n    start = 0.2\nforce x = -x - 0.1*x' + A*cos(w*t) - 0.3*(x - y)\nforce y = -y - 0.3*(y - x)\n"
                            "contact belt\n    slip = x' - 0.4\n    law = coulomb(mu_s = 0.5, mu_k = 0.3)\n";

PoincareSection sectionOf(const Scenario& s) { return findSystem(s.systemId)->defaultSection(s); }

} // namespace

class TestModelSections : public QObject {
    Q_OBJECT
private slots:
    /// Without a declaration: the strobe at 2 pi / w (the forcing). Declared: its own, at the values.
    void declaredSectionReplacesTheDefault()
    {
        Scenario plain = fltest::modelScenario(kForced);
        QVERIFY(sectionOf(plain).isStroboscopic());
        QCOMPARE(sectionOf(plain).period(), 2.0 * M_PI / 0.8);

        Scenario strobe = fltest::modelScenario(kForced + "section strobe = 4*pi/w\n");
        QVERIFY(strobe.params.set("w", 1.25).ok());
        QVERIFY(sectionOf(strobe).isStroboscopic());
        QCOMPARE(sectionOf(strobe).period(), 4.0 * M_PI / 1.25);

        // c*y - d = 0 rising: y = d/c upward; with c < 0 the same plane falls where y rises.
        Scenario plane = fltest::modelScenario(kForced + "section plane = c*y - d direction +\n");
        PoincareSection s = sectionOf(plane);
        QVERIFY(!s.isStroboscopic());
        QCOMPARE(s.variable(), 2); // y: state x, dx, y, dy
        QCOMPARE(s.level(), 0.1);
        QCOMPARE(s.direction(), 1);
        QVERIFY(plane.params.set("c", 0.5).ok());
        QCOMPARE(sectionOf(plane).level(), 0.2);
        QVERIFY(validate(plane).ok());
        QVERIFY(plane.params.set("c", 0.0).ok()); // no level: refused, with the reason
        QCOMPARE(QString::fromStdString(validate(plane).message()),
                 QString("the model's section plane has no level at these values (its coefficient of y is 0)"));

        Scenario velocity = fltest::modelScenario(kForced + "section plane = -x' direction +\n");
        s = sectionOf(velocity);
        QCOMPARE(s.variable(), 1);
        QCOMPARE(s.direction(), -1); // -x' rising: x' falling, the maxima of x
        QVERIFY(model::summarize(*findModel(velocity.systemId)).find("section: plane -x' = 0, rising\n") != std::string::npos);
    }

    /// The sweep opens on the declared plane; its points are the maxima of x, as the explicit
    /// observable "x at x' = 0 falling" finds them on the same runs.
    void sweepOpensOnTheDeclaredSection()
    {
        const Scenario s = fltest::modelScenario(kForced + "section plane = x' direction -\n");
        SweepSpec spec = defaultSweep(s);
        QCOMPARE(int(spec.observable), int(SweepObservable::Hyperplane));
        QCOMPARE(spec.sectionVariable, 1);
        QCOMPARE(spec.crossingDirection, -1);
        spec.parameter = "A";
        spec.from = 0.4;
        spec.to = 0.8;
        spec.steps = 3;
        spec.transient = 40.0;
        spec.samples = 5;
        const auto declared = runSweep(s, spec, 1, nullptr);
        SweepSpec maxima = spec;
        maxima.observable = SweepObservable::Maxima;
        maxima.variable = 0;
        const auto reference = runSweep(s, maxima, 1, nullptr);
        double worst = 0.0;
        for (size_t c = 0; c < declared.size(); ++c) {
            QVERIFY(declared[c].status.ok());
            QCOMPARE(declared[c].values.size(), reference[c].values.size());
            for (size_t i = 0; i < declared[c].values.size(); ++i)
                worst = std::max(worst, std::abs(declared[c].values[i] - reference[c].values[i]));
        }
        qInfo("declared plane x' = 0 vs the maxima of x: %.3g", worst);
        QVERIFY(worst < 1e-8);
    }
};

QTEST_APPLESS_MAIN(TestModelSections)
#include "test_model_sections.moc"
