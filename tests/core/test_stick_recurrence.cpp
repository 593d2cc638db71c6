// The period of a stick-slip attractor from the recurrence of its stick entries
// (core/analysis/stick_recurrence.h): a synthetic switch list, the belt's closed-form cycle
// (docs/physics.md S1) and the disk's attractors of JTAM Fig. 4, each run from a state on the attractor.
#include "analysis/stick_recurrence.h"
#include "cycle_metrics.h"
#include "scenario/scenario.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>

namespace {

/// Stick entries of an event-driven scenario started in stick at `start` (x, phi, x', phi').
std::vector<fl::StickEntry> diskEntries(const char* preset, const std::vector<double>& start, double tEnd, double eta = 0.0)
{
    fl::Scenario s;
    const fl::Status applied = fl::applyPreset(preset, s);
    if (!applied.ok())
        qFatal("%s", applied.message().c_str());
    if (eta > 0.0)
        s.params.set("eta", eta);
    s.params.set("t_end", tEnd);
    std::vector<fl::StickEntry> entries;
    const fl::Status status = fl::recordStickEntries(s, tEnd, entries, start);
    if (!status.ok())
        qFatal("%s", status.message().c_str());
    return entries;
}

} // namespace

class TestStickRecurrence : public QObject {
    Q_OBJECT

private slots:
    /// Three stick phases per period of 10 (entries at t = 0, 2, 5 + 10 k, distinct states),
    /// with 1e-9 noise: p = 3, period 10; a tolerance below the noise finds nothing.
    void syntheticList()
    {
        std::vector<fl::StickEntry> entries;
        const double offsets[3] = {0.0, 2.0, 5.0};
        const double xs[3] = {1.0, -0.5, 0.25};
        for (int k = 0; k < 8; ++k)
            for (int j = 0; j < 3; ++j) {
                const double noise = 1e-9 * std::sin(7.0 * (3 * k + j));
                entries.push_back({10.0 * k + offsets[j], {xs[j] + noise, 0.3 * xs[j] - noise}});
            }
        fl::StickRecurrenceOptions o;
        o.tolerance = 1e-8;
        const fl::StickRecurrence r = fl::findStickRecurrence(entries, o);
        QVERIFY(r.periodic);
        QCOMPARE(r.stickPhasesPerPeriod, 3);
        QVERIFY(std::abs(r.period - 10.0) < 1e-12);
        QVERIFY(r.mismatch <= 1e-8);
        QCOMPARE(r.bestMismatch.size(), size_t(3));
        QVERIFY(r.bestMismatch[0] > 0.5); // entries 0 and 1 differ by 1.5 in x

        o.tolerance = 1e-10;
        QVERIFY(!fl::findStickRecurrence(entries, o).periodic);
        // Entries before afterTime are skipped: from t = 62 on (62, 65, 70, 72, 75) only 2 pairs
        // recur, fewer than the 3 confirmations.
        o.tolerance = 1e-8;
        o.afterTime = 62.0;
        QVERIFY(!fl::findStickRecurrence(entries, o).periodic);
        o.confirmations = 1;
        QVERIFY(fl::findStickRecurrence(entries, o).periodic);
    }

    /// A drifting sequence (x grows by 1e-3 per entry) never recurs; nothing is claimed.
    void driftIsNotPeriodic()
    {
        std::vector<fl::StickEntry> entries;
        for (int k = 0; k < 30; ++k)
            entries.push_back({3.0 * k, {1e-3 * k}});
        fl::StickRecurrenceOptions o;
        o.tolerance = 1e-6;
        const fl::StickRecurrence r = fl::findStickRecurrence(entries, o);
        QVERIFY(!r.periodic);
        QCOMPARE(r.stickPhasesPerPeriod, 0);
        QVERIFY(std::abs(r.bestMismatch[0] - 1e-3) < 1e-12);
    }

    /// The belt's closed-form cycle (mu_s = 2, mu_k = 1, v_b = 0.5): one stick phase per period,
    /// period pi + 2 atan(v_b/(mu_s - mu_k)) + 2 (mu_s - mu_k)/v_b, entry state (2 mu_k - mu_s, v_b).
    void beltClosedForm()
    {
        const fltest::ClosedFormCycle exact = fltest::closedFormCycle(2.0, 1.0, 0.5);
        fl::Scenario s = fl::defaultScenario();
        s.params.set("mu_s", 2.0);
        s.params.set("mu_k", 1.0);
        s.params.set("v_b", 0.5);
        s.params.set("tol", 1e-12);
        std::vector<fl::StickEntry> entries;
        const double tEnd = 6.0 * exact.period;
        s.params.set("t_end", tEnd);
        QVERIFY(fl::recordStickEntries(s, tEnd, entries).ok());
        fl::StickRecurrenceOptions o;
        o.tolerance = 1e-9;
        const fl::StickRecurrence r = fl::findStickRecurrence(entries, o);
        QVERIFY(r.periodic);
        QCOMPARE(r.stickPhasesPerPeriod, 1);
        QVERIFY2(std::abs(r.period / exact.period - 1.0) < 1e-9, qPrintable(QString::number(r.period, 'g', 17)));
        QVERIFY(std::abs(entries.back().state[0] - exact.xStickEntry) < 1e-9);
        QVERIFY(std::abs(entries.back().state[1] - 0.5) < 1e-7);
    }

    /// JTAM Fig. 4a (eta = 4.98): period 131.13071, one stick phase per period. The start is the
    /// stick entry at t = 987017 of a run from rest (frictionlab's stick recurrence, tolerance 1e-10).
    void diskFig4a()
    {
        const std::vector<double> start = {-0.82833312536623716, -0.7610713356384724, 0.15000002962655132, 9.5504961029669696e-08};
        const std::vector<fl::StickEntry> entries = diskEntries("jtam2016-fig4a", start, 5.0 * 131.2);
        fl::StickRecurrenceOptions o;
        o.tolerance = 1e-8;
        const fl::StickRecurrence r = fl::findStickRecurrence(entries, o);
        QVERIFY(r.periodic);
        QCOMPARE(r.stickPhasesPerPeriod, 1);
        QVERIFY2(std::abs(r.period - 131.13071) < 1e-4, qPrintable(QString::number(r.period, 'g', 12)));
        QVERIFY(std::abs(entries.front().state[0] - start[0]) < 1e-8);
    }

    /// JTAM Fig. 4c with the exact eta' (eta = 2.7): period 901.20129 with 11 stick phases (the
    /// stick entries creep from x = 11.09 to 11.86 in ten steps, then one at 14.78). Start: a stick entry
    /// at t = 999100 of a run from rest.
    void diskFig4c()
    {
        const std::vector<double> start = {11.44582989042482, -14.546427612324763, 0.15000001868708812, -9.8223700754235555e-08};
        const std::vector<fl::StickEntry> entries = diskEntries("jtam2016-fig4c", start, 4.2 * 901.2);
        fl::StickRecurrenceOptions o;
        o.tolerance = 1e-8;
        const fl::StickRecurrence r = fl::findStickRecurrence(entries, o);
        QVERIFY(r.periodic);
        QCOMPARE(r.stickPhasesPerPeriod, 11);
        QVERIFY2(std::abs(r.period - 901.20129) < 1e-4, qPrintable(QString::number(r.period, 'g', 12)));
    }

    /// JTAM Fig. 4c as published (eta' = 6.7627, i.e. eta = 2.7174259): period 992.46318 with 12
    /// stick phases. Start: a stick entry at t = 999081 of a run from rest.
    void diskFig4cPublished()
    {
        const std::vector<double> start = {11.862896377686143, -15.239633032603447, 0.1500000221254752, -9.712144308406477e-08};
        const std::vector<fl::StickEntry> entries = diskEntries("jtam2016-fig4c-published", start, 4.2 * 992.5);
        fl::StickRecurrenceOptions o;
        o.tolerance = 1e-8;
        const fl::StickRecurrence r = fl::findStickRecurrence(entries, o);
        QVERIFY(r.periodic);
        QCOMPARE(r.stickPhasesPerPeriod, 12);
        QVERIFY2(std::abs(r.period - 992.46318) < 1e-4, qPrintable(QString::number(r.period, 'g', 12)));
    }

    /// Bad input: a smooth method is refused, a state of the wrong size too; nothing recorded.
    void badInput()
    {
        fl::Scenario s;
        QVERIFY(fl::applyPreset("jtam2016-fig4a", s).ok());
        std::vector<fl::StickEntry> entries = {{1.0, {1.0}}};
        QVERIFY(!fl::recordStickEntries(s, 10.0, entries, {1.0, 2.0}).ok());
        QVERIFY(entries.empty());
        s.method = fl::Method::Regularized;
        QVERIFY(!fl::recordStickEntries(s, 10.0, entries).ok());
        QVERIFY(!fl::findStickRecurrence({}, {}).periodic);
    }
};

QTEST_APPLESS_MAIN(TestStickRecurrence)
#include "test_stick_recurrence.moc"
