// The friction characteristic of a model with several contacts: the law drawn under the first
// contact's trajectory is that contact's own law at the model's values, and the run's F/N of that
// contact lies on it (sliding: on the kinetic branch opposite the slip; sticking: within the
// static limits). The two-block model's characteristic showed no law and a 0..1 force axis.
#include "analysis/friction_curve.h"
#include "simulation/simulate.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace fl;

class TestModelCharacteristic : public QObject {
    Q_OBJECT
private slots:
    void theFirstContactsLawIsDrawn()
    {
        QFile file(QStringLiteral(FL_MODELS_DIR "/two-blocks-on-a-belt.flmodel"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const ModelRegistration model = registerModel(file.readAll().toStdString());
        QVERIFY(model.ok());
        Scenario s;
        QVERIFY(makeScenario(model.system->id, model.system->laws.front(), Method::EventDriven, Regularization::Kudra, s).ok());
        QVERIFY(model.system->characteristicLaw);
        const std::vector<std::string>& ids = findModel(s.systemId)->contacts.front().lawParameterIds;
        QCOMPARE(ids.size(), size_t(2)); // coulomb(mu_s, mu_k) of contact "left"
        QVERIFY(s.params.set(ids[0], 0.45).ok());
        QVERIFY(s.params.set(ids[1], 0.25).ok());

        const Polyline law = frictionCharacteristic(model.system->characteristicLaw(s), -1.0, 1.0);
        QVERIFY(!law.x.empty());
        double lowest = INFINITY, highest = -INFINITY;
        for (size_t i = 0; i < law.x.size(); ++i) {
            if (std::isnan(law.y[i]))
                continue;
            lowest = std::min(lowest, law.y[i]);
            highest = std::max(highest, law.y[i]);
            if (law.x[i] < -1e-12)
                QCOMPARE(law.y[i], 0.25); // v_r < 0: +μ_k
            else if (law.x[i] > 1e-12)
                QCOMPARE(law.y[i], -0.25);
        }
        QCOMPARE(lowest, -0.45); // the stick segment spans ±μ_s
        QCOMPARE(highest, 0.45);

        // The run's F/N of that contact lies on the law.
        QVERIFY(s.params.set("t_end", 20.0).ok());
        const RunResult r = simulate(s);
        QVERIFY2(r.status.ok(), r.status.message().c_str());
        const int v = r.columnIndex("v_r.left"), f = r.columnIndex("F.left") /* at unit normal load: F/N */;
        QVERIFY2(v >= 0 && f >= 0, "the characteristic's columns");
        int sliding = 0, stuck = 0;
        for (size_t k = 0; k < r.size(); ++k) {
            const double vr = r.column(k, v), force = r.column(k, f);
            if (vr == 0.0) {
                QVERIFY(std::abs(force) <= 0.45 + 1e-9);
                ++stuck;
            } else {
                QVERIFY2(std::abs(force + 0.25 * (vr > 0 ? 1.0 : -1.0)) < 1e-9, qPrintable(QString("t = %1: v_r %2, F/N %3").arg(r.t[k]).arg(vr).arg(force)));
                ++sliding;
            }
        }
        qInfo("samples: %d sliding, %d stuck", sliding, stuck);
        QVERIFY(sliding > 100 && stuck > 100);
    }
};

QTEST_MAIN(TestModelCharacteristic)
#include "test_model_characteristic.moc"
