// The belt's teaching presets (core/systems/belt_presets.cpp) show what their titles say: each is
// run headless and its claim asserted (only what was measured to be robust; figures in the notes).
#include "scenario_fixtures.h"
#include "cycle_metrics.h"
#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

namespace {

using fltest::presetScenario;

fl::RunResult run(const fl::Scenario& s) { return fltest::simulateOk(s); }

/// Times at which stick phases begin, from t >= from.
std::vector<double> stickEntries(const fl::RunResult& r, double from)
{
    std::vector<double> t;
    for (const fl::ModeSwitch& s : r.switches)
        if (s.entered == fl::ContactMode::Stick && s.t >= from)
            t.push_back(s.t);
    return t;
}

/// Fraction of [from, t_end] spent in stick (from the located stick intervals).
double stickFraction(const fl::RunResult& r, double from)
{
    const double tEnd = r.t.back();
    double stuck = 0.0;
    for (const fl::TimeInterval& i : r.stickIntervals)
        stuck += std::max(0.0, std::min(i.end, tEnd) - std::max(i.begin, from));
    return stuck / (tEnd - from);
}

/// Largest spread of the spacing of consecutive stick entries around `period`; none, and the test
/// fails, with fewer than two entries (no spacing to measure).
std::optional<double> periodError(const std::vector<double>& entries, double period)
{
    if (entries.size() < 2) {
        QTest::qFail(qPrintable(QString("periodError: %1 stick entries, at least 2 needed").arg(entries.size())), __FILE__, __LINE__);
        return std::nullopt;
    }
    double worst = 0.0;
    for (size_t k = 1; k < entries.size(); ++k)
        worst = std::max(worst, std::abs(entries[k] - entries[k - 1] - period));
    return worst;
}

struct Range {
    double lo = 1e300, hi = -1e300;
};
/// The range of column `name` over t >= from; none, and the test fails, without a sample there.
std::optional<Range> columnRange(const fl::RunResult& r, const char* name, double from)
{
    const int c = r.columnIndex(name);
    Range range;
    size_t samples = 0;
    for (size_t i = 0; i < r.size(); ++i)
        if (r.t[i] >= from) {
            range.lo = std::min(range.lo, r.column(i, c));
            range.hi = std::max(range.hi, r.column(i, c));
            ++samples;
        }
    if (samples == 0) {
        QTest::qFail(qPrintable(QString("columnRange: %1 samples of %2 at t >= %3 (of %4)").arg(samples).arg(name).arg(from).arg(r.size())),
                     __FILE__, __LINE__);
        return std::nullopt;
    }
    return range;
}

} // namespace

class TestTeachingPresets : public QObject {
    Q_OBJECT

private slots:
    /// The ids the shipped lecture names exist, in the belt's "Teaching" group, with a summary and a note.
    void contract()
    {
        const char* ids[] = {"belt-pure-slip", "belt-stick-slip",     "belt-stick-segment", "belt-friction-loop", "belt-stribeck",
                             "belt-damping",   "belt-critical-speed", "belt-forced",        "belt-tanh-vs-event"};
        for (const char* id : ids) {
            const fl::SystemInfo* system = nullptr;
            const fl::Preset* p = fl::findPreset(id, &system);
            QVERIFY2(p, id);
            QCOMPARE(QString::fromStdString(system->id), QString("belt"));
            QCOMPARE(QString::fromStdString(p->group), QString("Teaching"));
            QVERIFY2(!p->summary.empty() && !p->note.empty() && !p->title.empty(), id);
            QVERIFY2(p->note.find('@') == std::string::npos, id);
            fl::Scenario s;
            QVERIFY2(fl::applyPreset(id, s).ok(), id);
        }
        // The published presets carry their paper as group.
        for (const fl::Preset& p : fl::findSystem("pendulum")->presets)
            QCOMPARE(QString::fromStdString(p.group), QString("Acta Mech 2016"));
    }

    /// Pure slip: no switch, the relative velocity never reaches 0, friction constant at μ_k.
    void pureSlip()
    {
        const fl::RunResult r = run(presetScenario("belt-pure-slip"));
        QVERIFY(r.switches.empty());
        const std::optional<Range> vr = columnRange(r, "v_r", 0.0);
        QVERIFY(vr);
        QVERIFY2(vr->hi < -0.49 && vr->lo > -2.51, qPrintable(QString("v_r in [%1, %2]").arg(vr->lo).arg(vr->hi)));
        for (double f : r.force)
            QCOMPARE(f, 1.0);
    }

    /// Classic stick-slip: from the first stick on, the closed-form cycle (stick 4, period 8.0689).
    void stickSlip()
    {
        const fl::RunResult r = run(presetScenario("belt-stick-slip"));
        const fltest::ClosedFormCycle exact = fltest::closedFormCycle(2.0, 1.0, 0.5);
        const std::vector<double> entries = stickEntries(r, 0.0);
        QCOMPARE(entries.size(), size_t(13));
        QVERIFY(std::abs(entries[0] - std::numbers::pi / 6.0) < 1e-9);
        // The first stick starts at x = 1 − cos(π/6), off the cycle; the cycle from its end on.
        const std::vector<double> cycle(entries.begin() + 1, entries.end());
        const std::optional<double> error = periodError(cycle, exact.period);
        QVERIFY(error);
        QVERIFY2(*error < 1e-8, qPrintable(QString::number(*error)));
        for (const fl::TimeInterval& i : r.stickIntervals)
            if (i.begin > entries[0] && i.end < r.t.back())
                QVERIFY(std::abs(i.end - i.begin - exact.stickTime) < 1e-8);
        const double fraction = stickFraction(r, entries[0]);
        qInfo("stick-slip: period %.6f, stick fraction %.4f", exact.period, fraction);
        QVERIFY(std::abs(fraction - exact.stickTime / exact.period) < 0.02);
    }

    /// Long stick segment: more than 2/3 of the time in stick, on x′ = v_b from x = −1 to 3.
    void stickSegment()
    {
        const fl::Scenario s = presetScenario("belt-stick-segment");
        const fl::RunResult r = run(s);
        const fltest::ClosedFormCycle exact = fltest::closedFormCycle(3.0, 1.0, 0.5);
        const double fraction = stickFraction(r, 0.0);
        qInfo("stick segment: stick fraction %.4f (cycle %.4f), period %.4f", fraction, exact.stickTime / exact.period, exact.period);
        QVERIFY(fraction > 0.66);
        const std::optional<double> error = periodError(stickEntries(r, 1.0), exact.period); // from the second stick on
        QVERIFY(error);
        QVERIFY(*error < 1e-8);
        double xLo = 1e9, xHi = -1e9;
        for (size_t i = 0; i < r.size(); ++i)
            if (r.mode[i] == fl::ContactMode::Stick && r.t[i] > 1.0) {
                QCOMPARE(r.state(i, 1), 0.5);
                xLo = std::min(xLo, r.state(i, 0));
                xHi = std::max(xHi, r.state(i, 0));
            }
        QVERIFY(std::abs(xLo + 1.0) < 0.01 && std::abs(xHi - 3.0) < 0.01);
    }

    /// The friction loop: stick segment at v_r = 0 up to μ_s, the drop to μ_k as slip starts, the
    /// slip branch μ_k + k_v|v_r| traced out and back; a periodic cycle.
    void frictionLoop()
    {
        const fl::RunResult r = run(presetScenario("belt-friction-loop"));
        const std::vector<double> entries = stickEntries(r, 20.0);
        QVERIFY(entries.size() >= 10);
        const double period = entries[1] - entries[0];
        const std::optional<double> error = periodError(entries, period);
        QVERIFY(error);
        QVERIFY(*error < 1e-7);
        double stickLo = 1e9, stickHi = -1e9, vrMin = 0.0;
        for (size_t i = 0; i < r.size(); ++i) {
            if (r.t[i] < entries[0])
                continue;
            if (r.mode[i] == fl::ContactMode::Stick) {
                QCOMPARE(r.relativeVelocity[i], 0.0);
                stickLo = std::min(stickLo, r.force[i]);
                stickHi = std::max(stickHi, r.force[i]);
            } else {
                QVERIFY(r.relativeVelocity[i] <= 1e-12);
                QVERIFY(std::abs(r.force[i] - (1.0 + 0.2 * std::abs(r.relativeVelocity[i]))) < 1e-12);
                vrMin = std::min(vrMin, r.relativeVelocity[i]);
            }
        }
        const double fraction = stickFraction(r, entries[0]);
        qInfo("friction loop: period %.4f, stick fraction %.3f, stick F from %.4f to %.4f, slip v_r down to %.4f (F up to %.4f)",
              period, fraction, stickLo, stickHi, vrMin, 1.0 + 0.2 * std::abs(vrMin));
        QVERIFY(stickHi > 2.0 - 0.01 && stickHi <= 2.0 + 1e-9); // the static peak μ_s
        QVERIFY(stickLo < 1.0);                                 // stick starts below μ_k: the drop at stick entry
        QVERIFY(vrMin < -1.0);
    }

    /// Velocity weakening: from next to steady sliding the vibration grows into stick-slip; the same
    /// start under Coulomb friction (no falling branch) never sticks.
    void stribeck()
    {
        const fl::Scenario s = presetScenario("belt-stribeck");
        const fl::RunResult r = run(s);
        const std::vector<double> entries = stickEntries(r, 0.0);
        QVERIFY(!entries.empty());
        qInfo("stribeck: first stick at %.4f, %d stick phases, last period %.5f, stick fraction after 60: %.3f", entries[0],
              int(entries.size()), entries.back() - entries[entries.size() - 2], stickFraction(r, 60.0));
        QVERIFY(entries[0] > 5.0); // the vibration first has to grow
        const std::vector<double> late = stickEntries(r, 60.0);
        QVERIFY(late.size() >= 8);
        const std::optional<double> error = periodError(late, late[1] - late[0]);
        QVERIFY(error);
        QVERIFY(*error < 1e-7);

        fl::Scenario coulomb = s;
        QVERIFY(fl::changeModel(coulomb, "belt", "coulomb").ok());
        coulomb.params.set("mu_s", 2.0);
        coulomb.params.set("mu_k", 1.0);
        coulomb.params.set("x0", 1.0 + (1.25 - (1.0 + std::exp(-1.5)))); // the same offset from steady sliding
        QVERIFY(run(coulomb).switches.empty());
    }

    /// Damping: stick-slip just below the threshold ζ = 0.4277 (from rest), none after the
    /// transient above it and at the preset's ζ = 0.5.
    void damping()
    {
        fl::Scenario s = presetScenario("belt-damping");
        const fl::RunResult preset = run(s);
        QVERIFY(stickEntries(preset, 10.0).empty());
        QVERIFY(!stickEntries(preset, 0.0).empty()); // one stick in the transient
        s.params.set("t_end", 400.0);
        s.params.set("dt", 0.1);
        s.params.set("zeta", 0.42);
        const std::vector<double> below = stickEntries(run(s), 200.0);
        QVERIFY(below.size() >= 20);
        const std::optional<double> error = periodError(below, below[1] - below[0]);
        QVERIFY(error);
        QVERIFY(*error < 1e-6);
        qInfo("damping: zeta = 0.42: period %.4f", below[1] - below[0]);
        s.params.set("zeta", 0.44);
        QVERIFY(stickEntries(run(s), 200.0).empty());
    }

    /// Critical belt speed (ζ = 0.2, from rest): stick-slip at v_b = 0.94, none at 0.98 and at the
    /// preset's 1.0 after the transient.
    void criticalSpeed()
    {
        fl::Scenario s = presetScenario("belt-critical-speed");
        QVERIFY(stickEntries(run(s), 10.0).empty());
        s.params.set("t_end", 400.0);
        s.params.set("dt", 0.1);
        s.params.set("v_b", 0.94);
        const std::vector<double> below = stickEntries(run(s), 200.0);
        QVERIFY(below.size() >= 20);
        const std::optional<double> error = periodError(below, below[1] - below[0]);
        QVERIFY(error);
        QVERIFY(*error < 1e-6);
        s.params.set("v_b", 0.98);
        QVERIFY(stickEntries(run(s), 200.0).empty());
    }

    /// Forced: stick phases locked to the forcing, one per period 2π/ω; the block overtakes the
    /// belt and friction reverses.
    void forced()
    {
        const fl::Scenario s = presetScenario("belt-forced");
        const fl::RunResult r = run(s);
        const double period = 2.0 * std::numbers::pi / s.params.value("w");
        const std::vector<double> entries = stickEntries(r, 100.0);
        QVERIFY(entries.size() >= 10);
        const std::optional<double> error = periodError(entries, period);
        QVERIFY(error);
        QVERIFY2(*error < 1e-4, qPrintable(QString::number(*error)));
        const std::optional<Range> vr = columnRange(r, "v_r", 100.0);
        const std::optional<Range> f = columnRange(r, "F", 100.0);
        QVERIFY(vr && f);
        qInfo("forced: stick fraction %.3f, v_r in [%.3f, %.3f], F in [%.3f, %.3f]", stickFraction(r, 100.0), vr->lo, vr->hi, f->lo,
              f->hi);
        QVERIFY(vr->hi > 1.0);
        QVERIFY(f->lo < -1.0 + 1e-9);
    }

    /// tanh caps friction at μ_k (no static peak): the run differs from the event-driven one, which
    /// reaches μ_s; Kudra's law keeps the peak.
    void tanhVsEvent()
    {
        const fl::Scenario s = presetScenario("belt-tanh-vs-event");
        QCOMPARE(s.method, fl::Method::Regularized);
        QCOMPARE(s.regularization, fl::Regularization::Tanh);
        const fl::RunResult smooth = run(s);
        fl::Scenario event = s;
        event.method = fl::Method::EventDriven;
        const fl::RunResult exact = run(event);
        fl::Scenario kudra = s;
        kudra.regularization = fl::Regularization::Kudra;
        const fl::RunResult peak = run(kudra);

        const std::optional<Range> fTanh = columnRange(smooth, "F", 0.0), fEvent = columnRange(exact, "F", 0.0),
                                   fKudra = columnRange(peak, "F", 0.0);
        const std::optional<Range> xTanh = columnRange(smooth, "x", 50.0), xEvent = columnRange(exact, "x", 50.0),
                                   xKudra = columnRange(peak, "x", 50.0);
        QVERIFY(fTanh && fEvent && fKudra && xTanh && xEvent && xKudra);
        qInfo("tanh: F <= %.6f, x in [%.4f, %.4f]; event: F <= %.6f, x in [%.4f, %.4f], stick fraction %.3f; kudra: F <= %.6f, x in "
              "[%.4f, %.4f]",
              fTanh->hi, xTanh->lo, xTanh->hi, fEvent->hi, xEvent->lo, xEvent->hi, stickFraction(exact, 50.0), fKudra->hi, xKudra->lo,
              xKudra->hi);
        QVERIFY(std::max(fTanh->hi, -fTanh->lo) <= 1.0 + 1e-9);
        QVERIFY(fEvent->hi >= 2.0 - 1e-3); // on the output grid
        QVERIFY(fKudra->hi >= 2.0 - 1e-3);
        QVERIFY(xTanh->hi < 1.6 && xTanh->lo > 0.4);   // amplitude v_b about μ_k
        QVERIFY(xEvent->hi > 2.1 && xEvent->lo < -0.1); // μ_k ± √((μ_s − μ_k)² + v_b²)
        QVERIFY(std::abs(xKudra->hi - xEvent->hi) < 0.05);
    }
};

QTEST_APPLESS_MAIN(TestTeachingPresets)
#include "test_teaching_presets.moc"
