// A built-in system exported as a model file (systems/model_export.h) and run as a model
// (systems/model_registry.h) reproduces the built-in run: the event-driven switch times within
// 1e-10, the regularized trajectories within 1e-9, for several laws and all four exporting systems.
// The model's equations are evaluated from its parsed expressions, an independent code path from
// the built-in systems' hand-written C++.
#include "analysis/slip_events.h"
#include "model/model_parser.h"
#include "simulation/simulate.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace fl;

namespace {

struct Case {
    const char* name;
    const char* system;
    const char* law;     ///< empty: the preset's
    const char* preset;  ///< empty: the system's defaults
    Method method;
    std::vector<std::pair<std::string, double>> values;
    bool rosenbrock = false; ///< the regularized method on Rosenbrock4 instead of BDF
};

Scenario builtIn(const Case& c)
{
    Scenario s;
    if (*c.preset) {
        const Status status = applyPreset(c.preset, s);
        if (!status.ok())
            qFatal("preset %s: %s", c.preset, status.message().c_str());
        if (*c.law) {
            const Status changed = changeModel(s, s.systemId, c.law);
            Q_ASSERT(changed.ok());
        }
        s.method = c.method;
    } else {
        const Status status = makeScenario(c.system, c.law, c.method, Regularization::Kudra, s);
        if (!status.ok())
            qFatal("%s", status.message().c_str());
    }
    for (const auto& [id, value] : c.values)
        if (const Status set = s.params.set(id, value); !set.ok())
            qFatal("%s", set.message().c_str());
    if (c.rosenbrock)
        s.stiffIntegrator = StiffIntegrator::Rosenbrock4;
    return s;
}

/// The model's scenario of the exported text: same method, every shared value copied.
Scenario asModel(const Scenario& original, std::string& text)
{
    const Status exported = exportModel(original, text);
    if (!exported.ok())
        qFatal("%s", exported.message().c_str());
    const ModelRegistration registration = registerModel(text);
    if (!registration.ok())
        qFatal("exported model does not parse: %d:%d: %s\n%s", registration.error.where.line, registration.error.where.column,
               registration.error.reason.c_str(), text.c_str());
    Scenario s;
    s.stiffIntegrator = original.stiffIntegrator;
    const Status made = makeScenario(registration.system->id, original.lawId, original.method, original.regularization, s);
    if (!made.ok())
        qFatal("%s", made.message().c_str());
    // Every value comes from the file's defaults; the check that they equal the original's is part
    // of the test (an export that lost a value would differ here).
    for (const ParameterSpec& spec : s.params.specs())
        if (original.params.has(spec.id) && s.params.value(spec.id) != original.params.value(spec.id))
            qFatal("the exported %s = %.17g, the original's %.17g", spec.id.c_str(), s.params.value(spec.id), original.params.value(spec.id));
    return s;
}

/// The built-in state's index of each model state (the model's are interleaved q, q').
std::vector<int> builtInIndex(const RunResult& builtIn, const RunResult& model)
{
    std::vector<int> index;
    const std::vector<std::string>& b = builtIn.stateNames;
    const int n = builtIn.dimension();
    if (b == std::vector<std::string>{"x1", "x2", "v1", "v2"}) // the absorber's (x1, x2, x1', x2')
        return {0, 2, 1, 3};
    for (int j = 0; j < model.dimension() && j < n; ++j)
        index.push_back(j);
    return index;
}

} // namespace

class TestModelExport : public QObject {
    Q_OBJECT

private slots:
    void reproducesTheBuiltInRun_data()
    {
        QTest::addColumn<int>("row");
        for (size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].name) << static_cast<int>(i);
    }

    void reproducesTheBuiltInRun()
    {
        QFETCH(int, row);
        const Case& c = cases()[static_cast<size_t>(row)];
        const Scenario original = builtIn(c);
        QVERIFY2(validate(original).ok(), validate(original).message().c_str());
        std::string text;
        const Scenario model = asModel(original, text);
        QVERIFY2(validate(model).ok(), validate(model).message().c_str());
        const RunResult a = simulate(original), b = simulate(model);
        QVERIFY2(a.status.ok(), a.status.message().c_str());
        QVERIFY2(b.status.ok(), b.status.message().c_str());
        QCOMPARE(b.size(), a.size());
        QVERIFY(a.size() > 100);
        if (c.method == Method::EventDriven) {
            QVERIFY2(a.switches.size() >= 3, "the case must switch");
            QCOMPARE(b.switches.size(), a.switches.size());
            double worst = 0.0;
            for (size_t i = 0; i < a.switches.size(); ++i) {
                QCOMPARE(b.switches[i].entered, a.switches[i].entered);
                worst = std::max(worst, std::abs(b.switches[i].t - a.switches[i].t));
            }
            qInfo("%s: %zu switches, largest difference of their times %.3g", c.name, a.switches.size(), worst);
            QVERIFY2(worst <= 1e-10, qPrintable(QString("switch times differ by %1").arg(worst)));
        }
        const std::vector<int> index = builtInIndex(a, b);
        QCOMPARE(static_cast<int>(index.size()), b.dimension());
        double worst = 0.0;
        for (size_t k = 0; k < a.size(); ++k)
            for (int j = 0; j < b.dimension(); ++j)
                worst = std::max(worst, std::abs(b.state(k, j) - a.state(k, index[static_cast<size_t>(j)])));
        qInfo("%s: %zu samples to t = %g, largest state difference %.3g", c.name, a.size(), a.t.back(), worst);
        QVERIFY2(worst <= (c.method == Method::EventDriven ? 1e-8 : 1e-9), qPrintable(QString("trajectories differ by %1").arg(worst)));
    }

    void exportedChainHasTheSameSlipEvents()
    {
        // A model whose every coordinate is a block on one belt is a chain: the slip-event view
        // reads it, and finds the built-in chain's events.
        Scenario chain;
        QVERIFY(makeScenario("bk-chain", "rational", Method::EventDriven, Regularization::Kudra, chain).ok());
        for (const auto& [id, value] : {std::pair<const char*, double>{"n", 6.0}, {"dx0", 0.5}, {"t_end", 300.0}})
            QVERIFY(chain.params.set(id, value).ok());
        std::string text;
        const Scenario model = asModel(chain, text);
        QVERIFY(hasSlipEvents(model));
        QCOMPARE(chainBeltSpeed(model), chain.params.value("v_b"));
        const RunResult a = simulate(chain), b = simulate(model);
        const std::vector<SlipEvent> ea = findSlipEvents(a, slipEventOptions(chain, 0.0)), eb = findSlipEvents(b, slipEventOptions(model, 0.0));
        QVERIFY(ea.size() >= 10);
        QCOMPARE(eb.size(), ea.size());
        for (size_t i = 0; i < ea.size(); ++i) {
            QCOMPARE(eb[i].firstBlock, ea[i].firstBlock);
            QCOMPARE(eb[i].lastBlock, ea[i].lastBlock);
            QCOMPARE(eb[i].moment, ea[i].moment);
        }
        // Two blocks on one belt with different belt terms are not a chain.
        const ModelRegistration other = registerModel("flmodel 1\nname \"Not a chain\"\ncoord x\ncoord y\n"
                                                      "contact a\n    slip = x' - 1\n    law = coulomb\ncontact b\n    slip = y' - 2\n    law = coulomb\n");
        QVERIFY(other.ok());
        QVERIFY(!other.system->blockChain);
    }

    void exportsOnlyTheSystemsItKnows()
    {
        Scenario disk;
        QVERIFY(makeScenario("disk", "I00", Method::EventDriven, Regularization::Kudra, disk).ok());
        std::string text;
        const Status status = exportModel(disk, text);
        QVERIFY(!status.ok());
        QVERIFY(QString::fromStdString(status.message()).contains("belt, absorber, bk-chain and brake"));
        QVERIFY(text.empty());
    }

    void sameTextSameSystem()
    {
        Scenario belt;
        QVERIFY(makeScenario("belt", "coulomb", Method::EventDriven, Regularization::Kudra, belt).ok());
        std::string text;
        QVERIFY(exportModel(belt, text).ok());
        const ModelRegistration first = registerModel(text), again = registerModel(text);
        QVERIFY(first.ok());
        QCOMPARE(again.system, first.system);
        QCOMPARE(QString::fromStdString(first.system->id), QString::fromStdString(modelSystemId(text)));
        QCOMPARE(*modelText(first.system->id), text);
        const ModelRegistration edited = registerModel(text + "# edited\n");
        QVERIFY(edited.ok());
        QVERIFY(edited.system != first.system);
    }

private:
    static const std::vector<Case>& cases()
    {
        static const std::vector<Case> list = {
            {"belt coulomb event", "belt", "coulomb", "", Method::EventDriven, {{"t_end", 60.0}}},
            {"belt forced stribeck event", "belt", "stribeck-exp", "", Method::EventDriven, {{"A", 1.2}, {"w", 0.7}, {"zeta", 0.05}, {"t_end", 80.0}}},
            {"belt rational regularized", "belt", "rational", "", Method::Regularized, {{"t_end", 40.0}, {"zeta", 0.02}}},
            {"belt coulomb-viscous explicit", "belt", "coulomb-viscous", "", Method::Explicit, {{"t_end", 20.0}, {"eps", 1e-3}}},
            {"belt lugre regularized", "belt", "lugre", "", Method::Regularized, {{"t_end", 30.0}}},
            {"belt dahl explicit", "belt", "dahl", "", Method::Explicit, {{"t_end", 10.0}}},
            {"absorber coulomb event", "absorber", "coulomb", "", Method::EventDriven, {{"mu_s", 0.3}, {"mu_k", 0.2}, {"A", 1.0}, {"t_end", 120.0}}},
            // Rosenbrock4: CVODE's BDF takes other steps on the model's interleaved state (the dense
            // LU pivots in another order), so its two runs differ by its own error, 1.6e-7 here.
            {"absorber coulomb regularized", "absorber", "coulomb", "", Method::Regularized, {{"mu_s", 0.3}, {"mu_k", 0.2}, {"A", 1.0}, {"t_end", 30.0}}, true},
            // From stick (x2_0 = v_d), over the first stick-slip cycle: its slip phases grow as e^(0.5 t)
            // (the flutter instability), which makes the 1e-16 difference between (pull + N F)/alpha1 and
            // the model's (-alpha1 x1 + pull + N F)/alpha1 1e-8 in the switch times by t = 30.
            {"brake fig22 two branches event", "brake", "", "amr2005-fig22-run", Method::EventDriven, {{"x2_0", 0.6}, {"t_end", 10.0}}},
            {"brake fig22 stribeck regularized", "brake", "stribeck-exp", "amr2005-fig22-run", Method::Regularized, {{"t_end", 60.0}}},
            {"chain of 5 rational event", "bk-chain", "rational", "", Method::EventDriven, {{"n", 5.0}, {"dx0", 0.5}, {"t_end", 60.0}}},
            {"chain of 5 coulomb event", "bk-chain", "coulomb", "", Method::EventDriven, {{"n", 5.0}, {"dx0", 0.5}, {"k_c", 2.0}, {"t_end", 60.0}}},
            {"chain of 4 rational regularized", "bk-chain", "rational", "", Method::Regularized, {{"n", 4.0}, {"dx0", 0.5}, {"t_end", 30.0}}},
        };
        return list;
    }
};

QTEST_APPLESS_MAIN(TestModelExport)
#include "test_model_export.moc"
