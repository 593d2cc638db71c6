// The disk's presets (core/systems/disk_system_info.cpp): the teaching case of coupled translation
// and rotation, and JTAM Fig. 4c as published (eta' = 6.7627).
#include "scenario_fixtures.h"
#include "friction/regularization.h"
#include "simulation/simulate.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

struct Drag {
    double firstStick = -1.0; ///< the belt first carries the disk
    double xMaxBefore30 = 0.0; ///< largest |x| for t <= 30
};

Drag coupledRun(double phi0)
{
    fl::Scenario s = fltest::presetScenario("disk-coupled");
    s.params.set("phi0", phi0);
    const fl::RunResult run = fltest::simulateOk(s);
    Drag d;
    for (const fl::ModeSwitch& sw : run.switches)
        if (sw.entered == fl::ContactMode::Stick) {
            d.firstStick = sw.t;
            break;
        }
    const int x = run.columnIndex("x");
    for (size_t i = 0; i < run.size() && run.t[i] <= 30.0; ++i)
        d.xMaxBefore30 = std::max(d.xMaxBefore30, std::abs(run.column(i, x)));
    return d;
}

} // namespace

class TestDiskPresets : public QObject {
    Q_OBJECT

private slots:
    /// k12 = 0: the only coupling is the contact. Without spin the disk reaches the belt's speed
    /// at t = 0.15 and is carried along; twisted to phi0 = 20 it spins, the friction force against
    /// sliding is small (JTAM (2.2)), x stays below 0.1 up to t = 30 and the first stick comes at
    /// t = 47.22 (measured).
    void spinReducesTheDrag()
    {
        const Drag plain = coupledRun(0.0);
        const Drag spun = coupledRun(20.0);
        QVERIFY2(std::abs(plain.firstStick - 0.1506) < 1e-3, qPrintable(QString::number(plain.firstStick, 'g', 12)));
        QVERIFY2(spun.firstStick > 40.0 && spun.firstStick < 55.0, qPrintable(QString::number(spun.firstStick, 'g', 12)));
        QVERIFY2(spun.xMaxBefore30 < 0.1, qPrintable(QString::number(spun.xMaxBefore30)));
        QVERIFY2(plain.xMaxBefore30 > 1.0, qPrintable(QString::number(plain.xMaxBefore30)));
    }

    void presetsAreGrouped()
    {
        const fl::SystemInfo* disk = fl::findSystem("disk");
        QVERIFY(disk);
        for (const fl::Preset& p : disk->presets) {
            QVERIFY(!p.summary.empty());
            QCOMPARE(QString::fromStdString(p.group), QString(p.id.rfind("jtam", 0) == 0 ? "JTAM 2016" : "Teaching"));
        }
    }

    /// The published Fig. 4c runs with the eta whose exact eta' is the paper's 6.7627.
    void publishedFig4c()
    {
        fl::Scenario s;
        QVERIFY(fl::applyPreset("jtam2016-fig4c-published", s).ok());
        const double eta = s.params.value("eta");
        QVERIFY(std::abs(eta - 2.7174259) < 1e-7);
        QVERIFY(std::abs(fl::kudraEtaPrime(eta) - 6.7627) < 1e-9);
        QVERIFY(fl::applyPreset("jtam2016-fig4c", s).ok());
        QVERIFY(std::abs(fl::kudraEtaPrime(s.params.value("eta")) - 6.70852) < 1e-5);
    }
};

QTEST_APPLESS_MAIN(TestDiskPresets)
#include "test_disk_presets.moc"
