// Parameter metadata, validation and scenario composition.
#include "friction/friction_law.h"
#include "params/parameter_set.h"
#include "scenario/scenario.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <set>

class TestParameterSet : public QObject {
    Q_OBJECT
private slots:
    /// Every spec is complete and its default lies in its range; ids are unique per scenario.
    void specsAreComplete()
    {
        for (const fl::SystemInfo& system : fl::systems())
            for (const fl::FrictionLawInfo* lawPointer : fl::lawsOf(system)) {
                const fl::FrictionLawInfo& law = *lawPointer;
                fl::Scenario s;
                // Laws with memory have no event-driven form: they open with the stiff method.
                const fl::Method method = law.eventDriven ? system.methods.front() : fl::Method::Regularized;
                QVERIFY2(fl::makeScenario(system.id, law.id, method, fl::Regularization::Kudra, s).ok(), law.id.c_str());
                std::set<std::string> ids;
                for (const fl::ParameterSpec& spec : s.params.specs()) {
                    QVERIFY2(ids.insert(spec.id).second, spec.id.c_str());
                    QVERIFY(!spec.label.empty() && !spec.symbol.empty() && !spec.unit.empty() && !spec.help.empty());
                    QVERIFY(spec.min < spec.max);
                    QVERIFY(spec.defaultValue >= spec.min && spec.defaultValue <= spec.max);
                    QVERIFY(!spec.logScale || spec.min > 0.0);
                }
                // At least one of the system's methods takes the law (the event-driven disk needs I00).
                bool anyMethod = false;
                for (fl::Method method : system.methods) {
                    s.method = method;
                    anyMethod = anyMethod || fl::validate(s).ok();
                }
                QVERIFY2(anyMethod, (system.id + "/" + law.id).c_str());
            }
    }

    /// Out-of-range and non-finite values are refused with the allowed range; the set is unchanged.
    void rangeErrors()
    {
        fl::Scenario s = fl::defaultScenario();
        const fl::Status status = s.params.set("mu_k", 11.0);
        QVERIFY(!status.ok());
        QCOMPARE(QString::fromStdString(status.message()), QString("mu_k = 11 is outside its allowed range [0, 10]"));
        QCOMPARE(s.params.value("mu_k"), 1.0);
        QVERIFY(!s.params.set("v_b", std::nan("")).ok());
        QVERIFY(!s.params.set("nope", 1.0).ok());
        QVERIFY(s.params.set("v_b", -5.0).ok());
    }

    /// Relations between parameters: mu_s >= mu_k, and the output size.
    void crossParameterErrors()
    {
        fl::Scenario s = fl::defaultScenario();
        s.params.set("mu_s", 0.5);
        QCOMPARE(QString::fromStdString(fl::validate(s).message()), QString("mu_s = 0.5 must be >= mu_k = 1"));
        s.params.set("mu_s", 1.0);
        QVERIFY(fl::validate(s).ok());
        s.params.set("t_end", 1e5);
        s.params.set("dt", 1e-4);
        QVERIFY(!fl::validate(s).ok());
    }

    /// Switching the law keeps the values the two share and defaults the rest.
    void changeModelKeepsSharedValues()
    {
        fl::Scenario s = fl::defaultScenario();
        s.params.set("mu_k", 0.7);
        s.params.set("v_b", 0.3);
        QVERIFY(fl::changeModel(s, "belt", "stribeck-exp").ok());
        QCOMPARE(s.lawId, std::string("stribeck-exp"));
        QCOMPARE(s.params.value("mu_k"), 0.7);
        QCOMPARE(s.params.value("v_b"), 0.3);
        QVERIFY(!s.params.has("mu_s"));
        QCOMPARE(s.params.value("mu_0"), 2.0);
        QVERIFY(!fl::changeModel(s, "belt", "nonsense").ok());
        QCOMPARE(s.lawId, std::string("stribeck-exp"));
    }

    /// Round-trip number formatting used in CSV metadata and messages.
    void formatNumber()
    {
        for (double v : {0.1, 1e-4, 2.0, 1.0 / 3.0, 12345.678, -0.5})
            QCOMPARE(std::stod(fl::formatNumber(v)), v);
        QCOMPARE(QString::fromStdString(fl::formatNumber(0.1)), QString("0.1"));
    }

    /// Each law's slope matches a finite difference of its magnitude (used by the stiff Jacobian).
    void lawSlopes()
    {
        for (const fl::FrictionLawInfo& info : fl::frictionLaws()) {
            if (info.hasMemory())
                continue; // their Jacobian comes from the law's state equations (test_memory_laws)
            const auto law = info.create(fl::ParameterSet(info.specs));
            for (double s : {0.0, 0.05, 0.3, 1.0, 4.0}) {
                const double h = 1e-6;
                // Central, or at s = 0 one-sided of second order (stribeck-gauss curves by 2/v_s^2 = 1e6 there).
                const double fd = s > 0 ? (law->slipMagnitude(s + h) - law->slipMagnitude(s - h)) / (2 * h)
                                        : (-3 * law->slipMagnitude(0.0) + 4 * law->slipMagnitude(h) - law->slipMagnitude(2 * h)) / (2 * h);
                QVERIFY2(std::abs(fd - law->slipMagnitudeSlope(s)) < 1e-4 * std::max(1.0, std::abs(fd)), info.id.c_str());
            }
            QVERIFY(law->staticLimit() >= law->slipMagnitude(0.0));
        }
    }

    /// Integer parameters (the chain's block count n, its seed, the step limit) take whole numbers
    /// only: 2.5 is stored (it is in range) and refused by the scenario's validation with one
    /// message from the spec's kind; 3 is accepted. Booleans take 0 and 1.
    void wholeNumberKinds()
    {
        fl::Scenario s;
        QVERIFY(fl::makeScenario("bk-chain", "rational", fl::Method::EventDriven, fl::Regularization::Kudra, s).ok());
        for (const char* id : {"n", "seed", "max_steps"})
            QVERIFY2(s.params.specs()[static_cast<size_t>(s.params.index(id))].kind == fl::ParameterKind::Integer, id);
        QVERIFY(s.params.specs()[static_cast<size_t>(s.params.index("k_c"))].kind == fl::ParameterKind::Real);
        QVERIFY(s.params.set("n", 2.5).ok());
        QCOMPARE(QString::fromStdString(fl::validate(s).message()), QString("n must be a whole number (1 to 1000)"));
        QCOMPARE(QString::fromStdString(s.params.checkKinds().message()), QString("n must be a whole number (1 to 1000)"));
        QVERIFY(s.params.set("n", 3.0).ok());
        QVERIFY(fl::validate(s).ok());
        QVERIFY(s.params.set("seed", 7.25).ok());
        QCOMPARE(QString::fromStdString(fl::validate(s).message()), QString("seed must be a whole number (0 to 1e+09)"));
        QVERIFY(s.params.set("seed", 7.0).ok());
        QVERIFY(s.params.set("max_steps", 1000.5).ok());
        QVERIFY(!fl::validate(s).ok());
        QVERIFY(s.params.set("max_steps", 1000.0).ok());
        QVERIFY(fl::validate(s).ok());
        // The belt has no whole-number parameter but the step limit: its real values pass.
        fl::Scenario belt = fl::defaultScenario();
        QVERIFY(belt.params.set("v_b", 0.25).ok());
        QVERIFY(belt.params.checkKinds().ok());
        fl::ParameterSpec flag{"on", "Switch", "s", "–", "A switch.", 0.0, 0.0, 1.0, false, fl::ParameterKind::Boolean};
        QVERIFY(fl::checkKind(flag, 0.0).ok() && fl::checkKind(flag, 1.0).ok());
        QCOMPARE(QString::fromStdString(fl::checkKind(flag, 0.5).message()), QString("on must be 0 or 1"));
        // Every integer spec of every scenario has whole bounds and default.
        for (const fl::SystemInfo& system : fl::systems())
            for (const fl::FrictionLawInfo* law : fl::lawsOf(system)) {
                fl::Scenario any;
                const fl::Method method = law->eventDriven ? system.methods.front() : fl::Method::Regularized;
                QVERIFY(fl::makeScenario(system.id, law->id, method, fl::Regularization::Kudra, any).ok());
                for (const fl::ParameterSpec& spec : any.params.specs())
                    if (spec.kind != fl::ParameterKind::Real)
                        for (double v : {spec.min, spec.max, spec.defaultValue})
                            QVERIFY2(fl::checkKind(spec, v).ok(), spec.id.c_str());
            }
    }
};

QTEST_APPLESS_MAIN(TestParameterSet)
#include "test_parameter_set.moc"
