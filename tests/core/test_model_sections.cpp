// A model's own Poincaré section (section strobe = EXPR, section plane = EXPR direction +|-): it
// replaces the default one (the fastest forcing's strobe, else the maxima of the first coordinate)
// as the system's section, at each scenario's values; the sweep opens on it; a value that makes it
// undefined is refused with the reason; a plane of a velocity finds the same points as the default.
#include "scenario_fixtures.h"

#include "analysis/bifurcation_sweep.h"
#include "model/model_summary.h"
#include "simulation/simulate.h"
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
                 QString("the model's section plane has no coordinate, velocity or state at these values (their coefficients are 0)"));

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
        QCOMPARE(spec.sectionPlane, std::string("dx")); // as written, evaluated at each value
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

    /// A plane of two coordinates, x - y = 0 rising, against the single-variable plane of a state
    /// u' = x' - y' started at x - y: the same run meets both at the same times (the state's
    /// integration error apart), and the run says which plane it took.
    void planeOfTwoCoordinatesIsTheirDifferencesCrossing()
    {
        const std::string difference = "state u = -0.2\nrate u = x' - y'\n";
        Scenario plane = fltest::modelScenario(kForced + "section plane = x - y direction +\n");
        Scenario state = fltest::modelScenario(kForced + difference + "section plane = u direction +\n");
        QCOMPARE(sectionOf(plane).variable(), -1);
        QCOMPARE(sectionOf(plane).normal(), (std::vector<double>{1.0, 0.0, -1.0, 0.0}));
        RunOptions options;
        options.section = sectionOf(plane);
        const RunResult a = simulate(plane, options);
        options.section = sectionOf(state);
        const RunResult b = simulate(state, options);
        QVERIFY(a.status.ok() && b.status.ok());
        QCOMPARE(QString::fromStdString(a.sectionDefinition), QString("x - y = 0 upward"));
        QVERIFY(a.sectionTimes.size() >= 10);
        QCOMPARE(a.sectionTimes.size(), b.sectionTimes.size());
        double worst = 0.0, off = 0.0;
        for (size_t k = 0; k < a.sectionTimes.size(); ++k) {
            worst = std::max(worst, std::abs(a.sectionTimes[k] - b.sectionTimes[k]));
            off = std::max(off, std::abs(a.sectionStates[4 * k] - a.sectionStates[4 * k + 2]));
        }
        qInfo("plane x - y vs the state u = x - y: %zu crossings, times to %.3g, |x - y| at the points %.3g", a.sectionTimes.size(), worst, off);
        QVERIFY(worst < 1e-7);
        QVERIFY(off < 1e-10);
        // The sweep opens on the plane as written, and records where the state model's does.
        SweepSpec spec = defaultSweep(plane);
        QCOMPARE(spec.sectionPlane, std::string("x - y"));
        QCOMPARE(spec.crossingDirection, 1);
        // Each value from the initial state, after a short transient: this forced stick-slip motion
        // is sensitive, and the two models' integration errors part by 1e-4 over long continued runs.
        spec.parameter = "A";
        spec.from = 0.4;
        spec.to = 0.8;
        spec.steps = 3;
        spec.transient = 10.0;
        spec.samples = 4;
        spec.continuation = false;
        QVERIFY(validateSweep(plane, spec).ok());
        // A plane through a let opens the sweep with the let written in.
        const Scenario viaLet = fltest::modelScenario(kForced + "let gap = x - y\nsection plane = 2*gap - d*x' direction -\n");
        QCOMPARE(defaultSweep(viaLet).sectionPlane, std::string("2*(x - y) - d*dx"));
        QVERIFY(validateSweep(viaLet, [&] { SweepSpec v = defaultSweep(viaLet); v.parameter = "d"; v.from = 0.0; v.to = 0.5; return v; }()).ok());
        SweepSpec viaState = defaultSweep(state);
        QCOMPARE(viaState.sectionPlane, std::string("u"));
        viaState.parameter = spec.parameter;
        viaState.from = spec.from;
        viaState.to = spec.to;
        viaState.steps = spec.steps;
        viaState.transient = spec.transient;
        viaState.samples = spec.samples;
        viaState.continuation = false;
        for (Scenario* s : {&plane, &state})
            QVERIFY(s->params.set("tol", 1e-12).ok());
        const auto columns = runSweep(plane, spec, 1, nullptr), reference = runSweep(state, viaState, 1, nullptr);
        double sweepWorst = 0.0;
        for (size_t c = 0; c < columns.size(); ++c) {
            QVERIFY(columns[c].status.ok());
            QCOMPARE(columns[c].values.size(), size_t(4));
            QCOMPARE(columns[c].values.size(), reference[c].values.size());
            for (size_t i = 0; i < columns[c].values.size(); ++i)
                sweepWorst = std::max(sweepWorst, std::abs(columns[c].values[i] - reference[c].values[i]));
        }
        qInfo("sweep on x - y vs on u: recorded x to %.3g", sweepWorst);
        QVERIFY(sweepWorst < 1e-7);
        // On the plane x = y: the same sweep recording y records the same numbers.
        SweepSpec ofY = spec;
        ofY.variable = 2;
        const auto ys = runSweep(plane, ofY, 1, nullptr);
        for (size_t c = 0; c < columns.size(); ++c)
            for (size_t i = 0; i < columns[c].values.size(); ++i)
                QVERIFY(std::abs(columns[c].values[i] - ys[c].values[i]) < 1e-12);
    }

    /// A plane through t, x = 0.02 t rising, is met where the points say; a sweep over d on the
    /// plane y = d moves it with each value: every point recorded of y is that value.
    void planesMoveWithTimeAndTheSweptValue()
    {
        Scenario moving = fltest::modelScenario(kForced + "section plane = x - 0.02*t direction +\n");
        QCOMPARE(sectionOf(moving).timeCoefficient(), -0.02);
        RunOptions options;
        options.section = sectionOf(moving);
        const RunResult run = simulate(moving, options);
        QVERIFY(run.status.ok());
        QVERIFY(run.sectionTimes.size() >= 5);
        for (size_t k = 0; k < run.sectionTimes.size(); ++k)
            QVERIFY(std::abs(run.sectionStates[4 * k] - 0.02 * run.sectionTimes[k]) < 1e-10);

        const Scenario level = fltest::modelScenario(kForced + "section plane = y - d direction +\n");
        SweepSpec spec = defaultSweep(level);
        QCOMPARE(spec.sectionPlane, std::string("y - d"));
        spec.parameter = "d";
        spec.from = -0.1;
        spec.to = 0.2;
        spec.steps = 4;
        spec.transient = 20.0;
        spec.samples = 3;
        spec.variable = 2; // y
        const auto columns = runSweep(level, spec, 1, nullptr);
        QCOMPARE(columns.size(), size_t(4));
        for (const SweepColumn& c : columns) {
            QVERIFY(c.status.ok());
            QCOMPARE(c.values.size(), size_t(3));
            for (double y : c.values)
                QVERIFY2(std::abs(y - c.parameter) < 1e-10, qPrintable(QString("y = %1 at d = %2").arg(y).arg(c.parameter)));
        }
        // A plane the values leave without a variable is refused with the value.
        SweepSpec zero = spec;
        zero.sectionPlane = "c*y - d";
        zero.parameter = "c";
        zero.from = 0.0;
        zero.to = 1.0;
        const Status refused = validateSweep(level, zero);
        QCOMPARE(QString::fromStdString(refused.message()),
                 QString("the section plane c*y - d has every state variable's coefficient 0 at these values (c = 0)"));
        zero.sectionPlane = "x*y";
        QVERIFY(validateSweep(level, zero).message().find("must be affine in the state variables and t") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestModelSections)
#include "test_model_sections.moc"
