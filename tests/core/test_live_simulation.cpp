// LiveSimulation (the live mode): pieces give one run's samples, switches and states; new parameters
// give what a fresh run from the state reached gives, without a jump; the contact mode carries over;
// failures keep the last good state. Closed forms (belt, zeta = A = 0, Coulomb): in stick x' = v_b and
// the holding force is x; a slip from stick at (x_1, v_b) with friction +mu_k has x - mu_k =
// (x_1 - mu_k) cos s + v_b sin s, s = t - t_1; from rest x = 1 - cos t until x' = v_b at t = asin(v_b).
#include "scenario/scenario.h"
#include "simulation/live_simulation.h"
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <initializer_list>
#include <utility>

Q_DECLARE_METATYPE(fl::Scenario)

namespace {

fl::Scenario with(fl::Scenario s, std::initializer_list<std::pair<const char*, double>> values)
{
    for (const auto& [id, value] : values)
        if (!s.params.set(id, value).ok())
            qFatal("cannot set %s", id);
    return s;
}

/// The default belt (Coulomb mu_s = 2, mu_k = 1, v_b = 0.5) with a method; explicit runs use
/// eps = 1e-3 (explicit steps are limited by eps while the block creeps in stick).
fl::Scenario belt(fl::Method method)
{
    fl::Scenario s = fl::defaultScenario();
    s.method = method;
    s.regularization = fl::Regularization::Kudra;
    return method == fl::Method::Explicit ? with(s, {{"eps", 1e-3}}) : s;
}

/// JTAM Fig. 4a: the disk's periodic stick-slip (event-driven, I(0,0)).
fl::Scenario diskFig4a()
{
    fl::Scenario s = fl::defaultScenario();
    return fl::applyPreset("jtam2016-fig4a", s).ok() ? s : fl::Scenario{};
}

/// The pendulum's default scenario (I(1,1), omega0 = 40) with a method.
fl::Scenario pendulum(fl::Method method)
{
    fl::Scenario s = fl::defaultScenario();
    fl::changeModel(s, "pendulum", "I11");
    s.method = method;
    return s;
}

/// Advances from time() to tEnd in pieces of the given length, as the GUI does.
fl::Status advanceInPieces(fl::LiveSimulation& live, double tEnd, double piece, fl::RunResult& out)
{
    const double t0 = live.time();
    for (int j = 1;; ++j) {
        const double t = std::min(tEnd, t0 + j * piece);
        const fl::Status status = live.advance(t, out);
        if (!status.ok() || t == tEnd)
            return status;
    }
}

/// The default event-driven belt from t = 0 up to t, in pieces.
fl::Status beltUpTo(double t, fl::LiveSimulation& live, fl::RunResult& run)
{
    const fl::Status status = live.reset(belt(fl::Method::EventDriven));
    return status.ok() ? advanceInPieces(live, t, 0.37, run) : status;
}

/// Largest state difference between samples a[ia + i] and b[ib + i], i < count.
double stateDifference(const fl::RunResult& a, size_t ia, const fl::RunResult& b, size_t ib, size_t count)
{
    double d = 0.0;
    for (size_t i = 0; i < count; ++i)
        for (int c = 0; c < a.dimension(); ++c)
            d = std::max(d, std::abs(a.state(ia + i, c) - b.state(ib + i, c)));
    return d;
}

/// A run of simulate() and its own error: the largest state difference to the same run at tol/100.
struct Reference {
    fl::RunResult run;
    double error;
};

Reference reference(const fl::Scenario& s)
{
    Reference r{fl::simulate(s), 0.0};
    const fl::RunResult fine = fl::simulate(with(s, {{"tol", s.params.value("tol") / 100.0}}));
    r.error = r.run.status.ok() && fine.status.ok() ? stateDifference(fine, 0, r.run, 0, r.run.size()) : HUGE_VAL;
    // simulate() also keeps a switch located in its last step beyond t_end; advance() leaves it to the next piece.
    std::erase_if(r.run.switches, [&s](const fl::ModeSwitch& w) { return w.t > s.params.value("t_end"); });
    return r;
}

/// Total length of the stick intervals.
double stickTime(const fl::RunResult& run)
{
    double sum = 0.0;
    for (const fl::TimeInterval& i : run.stickIntervals)
        sum += i.end - i.begin;
    return sum;
}

/// Index of the sample at time t (on the grid).
size_t sampleAt(const fl::RunResult& run, double t)
{
    size_t i = 0;
    while (i + 1 < run.size() && run.t[i] < t - 1e-9)
        ++i;
    return i;
}

/// No jump across sample i -> i + 1: each state moves at most twice as far as over the neighbouring
/// intervals (the local slope times dt).
void verifyContinuity(const fl::RunResult& run, size_t i)
{
    for (int c = 0; c < run.dimension(); ++c) {
        const double before = std::abs(run.state(i, c) - run.state(i - 1, c));
        const double across = std::abs(run.state(i + 1, c) - run.state(i, c));
        const double after = std::abs(run.state(i + 2, c) - run.state(i + 1, c));
        QVERIFY2(across <= 2.0 * std::max(before, after) + 1e-12, run.stateNames[c].c_str());
    }
}

/// The switches of b from tFrom on, shifted by shift, equal those of a within 1e-8.
void verifySwitches(const std::vector<fl::ModeSwitch>& a, std::vector<fl::ModeSwitch> b, double tFrom, double shift)
{
    std::erase_if(b, [tFrom](const fl::ModeSwitch& s) { return s.t < tFrom; });
    QCOMPARE(b.size(), a.size());
    double worst = 0.0;
    for (size_t k = 0; k < a.size(); ++k) {
        QCOMPARE(b[k].entered, a[k].entered);
        worst = std::max(worst, std::abs(b[k].t - shift - a[k].t));
    }
    qInfo("  %zu switches, times within %.2e", a.size(), worst);
    QVERIFY(worst < 1e-8);
}

} // namespace

class TestLiveSimulation : public QObject {
    Q_OBJECT

private slots:
    void piecesEqualOneRun_data()
    {
        QTest::addColumn<int>("method");
        QTest::newRow("event") << int(fl::Method::EventDriven);
        QTest::newRow("regularized kudra") << int(fl::Method::Regularized);
        QTest::newRow("explicit") << int(fl::Method::Explicit);
    }

    /// Pieces of 0.37 up to t = 50 against one simulate(): same grid and modes; the states differ by
    /// less than 100 tol or than the one run's own error (against tol/100), whichever is larger: each
    /// piece restarts the step size, and the smooth runs' error at the slip onsets is ~1e4 tol.
    void piecesEqualOneRun()
    {
        QFETCH(int, method);
        const fl::Scenario s = with(belt(fl::Method(method)), {{"t_end", 50.0}});
        const double tol = s.params.value("tol");
        const Reference whole = reference(s);
        QVERIFY(whole.run.status.ok() && std::isfinite(whole.error));
        fl::LiveSimulation live;
        QVERIFY(live.reset(s).ok());
        fl::RunResult pieces;
        QVERIFY(advanceInPieces(live, 50.0, 0.37, pieces).ok());
        QCOMPARE(live.time(), 50.0);
        QVERIFY(pieces.t == whole.run.t);
        QVERIFY(pieces.mode == whole.run.mode);
        QCOMPARE(pieces.relativeVelocity.size(), pieces.size());
        const double d = stateDifference(pieces, 0, whole.run, 0, whole.run.size());
        qInfo("  states within %.2e = %.0f tol (one run's own error %.2e), %ld vs %ld steps", d, d / tol, whole.error,
              live.steps(), whole.run.steps);
        QVERIFY(d < std::max(100.0 * tol, whole.error));
        verifySwitches(whole.run.switches, pieces.switches, -1.0, 0.0);
        // Stick intervals closed at piece ends and reopened there cover the same time.
        QVERIFY(std::abs(stickTime(pieces) - stickTime(whole.run)) < 1e-7);
    }

    void changeEqualsFreshRun_data() { piecesEqualOneRun_data(); }

    /// Belt: run to T1, new parameters, on to T2, against simulate() of the new scenario started at
    /// the state reached (the unforced belt is time-invariant: its time is shifted by T1).
    void changeEqualsFreshRun()
    {
        QFETCH(int, method);
        const double t1 = 10.0, t2 = 30.0;
        const fl::Scenario s1 = belt(fl::Method(method));
        const fl::Scenario s2 = with(s1, {{"mu_s", 1.5}, {"mu_k", 0.7}, {"v_b", 0.3}, {"zeta", 0.02}});
        fl::LiveSimulation live;
        QVERIFY(live.reset(s1).ok());
        fl::RunResult run;
        QVERIFY(advanceInPieces(live, t1, 0.37, run).ok());
        const std::vector<double> y1 = live.state();
        const int modeAtT1 = live.mode();
        QVERIFY(live.change(s2).ok());
        QCOMPARE(live.time(), t1);
        QVERIFY(live.state() == y1);
        QVERIFY(advanceInPieces(live, t2, 0.37, run).ok());

        const Reference fresh = reference(with(s2, {{"x0", y1[0]}, {"v0", y1[1]}, {"t_end", t2 - t1}}));
        QVERIFY(fresh.run.status.ok() && std::isfinite(fresh.error));
        const size_t i1 = sampleAt(run, t1);
        QCOMPARE(run.size() - i1, fresh.run.size());
        for (size_t j = 0; j < fresh.run.size(); ++j)
            QVERIFY(std::abs(run.t[i1 + j] - t1 - fresh.run.t[j]) < 1e-12);
        const double d = stateDifference(run, i1, fresh.run, 0, fresh.run.size()), tol = s2.params.value("tol");
        qInfo("  mode at T1 %d; states within %.2e = %.0f tol of the fresh run (its own error %.2e)", modeAtT1, d, d / tol, fresh.error);
        // Two runs at the same tolerance, each off by about its own error: at most twice that (3x
        // for the noise of the estimate). BDF's error at stick-slip breakaways is ~1e4 tol here.
        QVERIFY(d < std::max(100.0 * tol, 3.0 * fresh.error));
        // A mode changed at T1 is a switch there; simulate() does not count its initial mode as one.
        verifySwitches(fresh.run.switches, run.switches, t1 + 1e-9, t1);
        verifyContinuity(run, i1);
    }

    void changeEqualsRestart_data()
    {
        QTest::addColumn<fl::Scenario>("s1");
        QTest::addColumn<fl::Scenario>("s2");
        QTest::addColumn<double>("t1");
        QTest::addColumn<double>("t2");
        const fl::Scenario disk = diskFig4a();
        QTest::newRow("disk event fig4a, eta 4.98 -> 3") << disk << with(disk, {{"eta", 3.0}}) << 150.0 << 300.0;
        QTest::newRow("disk event fig4a, k12 0.85 -> 0.8") << disk << with(disk, {{"k12", 0.8}}) << 150.0 << 300.0;
        for (fl::Method m : {fl::Method::Explicit, fl::Method::Regularized}) {
            const fl::Scenario p = pendulum(m);
            QTest::newRow(m == fl::Method::Explicit ? "pendulum explicit" : "pendulum regularized")
                << p << with(p, {{"omega0", 30.0}, {"N", 20.0}}) << 2.0 << 4.0;
        }
    }

    /// Disk and pendulum (no initial velocities among their parameters): change() in pieces against a
    /// second simulation restarted from the same state in one piece.
    void changeEqualsRestart()
    {
        QFETCH(fl::Scenario, s1);
        QFETCH(fl::Scenario, s2);
        QFETCH(double, t1);
        QFETCH(double, t2);
        fl::LiveSimulation live, restarted;
        QVERIFY(live.reset(s1).ok());
        fl::RunResult run, other;
        QVERIFY(advanceInPieces(live, t1, 0.37, run).ok());
        const double tA = live.time();
        const std::vector<double> yA = live.state();
        const int mA = live.mode();
        QVERIFY(restarted.restartFrom(s2, tA, yA, mA).ok());
        const int modeAtT1 = live.mode();
        QVERIFY(live.change(s2).ok());
        QVERIFY(advanceInPieces(live, t2, 0.37, run).ok());
        QVERIFY(restarted.advance(t2, other).ok());
        // The restarted run's own error: its difference from the same restart at tol / 100.
        fl::LiveSimulation fine;
        fl::RunResult fineRun;
        QVERIFY(fine.restartFrom(with(s2, {{"tol", s2.params.value("tol") / 100.0}}), tA, yA, mA).ok());
        QVERIFY(fine.advance(t2, fineRun).ok());
        QCOMPARE(fineRun.size(), other.size());
        const double ownError = stateDifference(fineRun, 0, other, 0, other.size());
        const size_t i1 = sampleAt(run, t1);
        QCOMPARE(run.size() - i1 - 1, other.size());
        QVERIFY(std::equal(other.t.begin(), other.t.end(), run.t.begin() + long(i1) + 1));
        const double d = stateDifference(run, i1 + 1, other, 0, other.size());
        qInfo("  mode at T1 %d; states within %.2e (tol %.0e, the restart's own error %.2e)", modeAtT1, d,
              s1.params.value("tol"), ownError);
        QVERIFY(d < std::max(100.0 * s1.params.value("tol"), 3.0 * ownError));
        verifySwitches(other.switches, run.switches, t1, 0.0);
        verifyContinuity(run, i1);
    }

    /// The disk sticking on the belt when the belt slows from 0.15 to 0.1: it slips at once, braked at
    /// most by the friction of pure translation (mu T_s = mu) plus the spring force -Gamma_h, so v_s = 0.05
    /// needs at least 0.05 / (mu + Gamma_h); the small spin the Contensou coupling gave it must stop too
    /// (measured: 0.0143 against 0.0071), and the disk sticks again at the new speed before the next sample.
    void diskFollowsBeltSpeedDrop()
    {
        const fl::Scenario disk = diskFig4a();
        fl::LiveSimulation live;
        QVERIFY(live.reset(disk).ok());
        fl::RunResult run;
        QVERIFY(advanceInPieces(live, 150.0, 0.37, run).ok());
        QCOMPARE(live.mode(), int(fl::ContactMode::Stick));
        QVERIFY(live.state()[2] == 0.15 && live.state()[3] == 0.0); // exactly the belt's speed, no spin
        const size_t switches = run.switches.size();
        const double hold = run.column(run.size() - 1, run.columnIndex("Gamma")), mu = disk.params.value("mu");
        QVERIFY(live.change(with(disk, {{"v_b", 0.1}})).ok());
        QVERIFY(live.advance(150.0 + disk.params.value("dt"), run).ok());
        QCOMPARE(run.switches.size(), switches + 2);
        QCOMPARE(run.switches[switches].t, 150.0);
        QCOMPARE(run.switches[switches].entered, fl::ContactMode::Slip);
        const fl::ModeSwitch stick = run.switches.back();
        const double braking = 0.05 / (mu + hold);
        qInfo("  sticks again after %.5g; braking the translation takes %.5g (Gamma_h = %.4g)", stick.t - 150.0, braking, hold);
        QCOMPARE(stick.entered, fl::ContactMode::Stick);
        QVERIFY(stick.t - 150.0 > braking && stick.t - 150.0 < disk.params.value("dt"));
        QCOMPARE(run.mode.back(), fl::ContactMode::Stick);
        QVERIFY(run.state(run.size() - 1, 2) == 0.1 && run.state(run.size() - 1, 3) == 0.0);
    }

    /// Stick at t = 2 (x = 1 - cos t_s + v_b (2 - t_s), t_s = asin v_b), then mu_s below the holding
    /// force x: slip starts at t = 2 with friction +mu_k, on the closed-form circle.
    void stickSlipsAtOnceUnderLowerLimit()
    {
        const fl::Scenario s = belt(fl::Method::EventDriven);
        fl::LiveSimulation live;
        fl::RunResult run;
        QVERIFY(beltUpTo(2.0, live, run).ok());
        QCOMPARE(live.mode(), int(fl::ContactMode::Stick));
        QCOMPARE(run.mode.back(), fl::ContactMode::Stick);
        QCOMPARE(live.state()[1], 0.5); // v_r == 0 exactly at the end of a piece in stick
        const double x1 = live.state()[0], hold = x1 + 2.0 * s.params.value("zeta") * s.params.value("v_b");
        QVERIFY(std::abs(x1 - (1.0 - std::cos(std::asin(0.5)) + 0.5 * (2.0 - std::asin(0.5)))) < 1e-9);
        const double muK = 0.5;
        QVERIFY(live.change(with(s, {{"mu_s", 0.9 * hold}, {"mu_k", muK}})).ok());
        const size_t first = run.size();
        QVERIFY(advanceInPieces(live, 3.0, 0.37, run).ok());
        QCOMPARE(run.switches.back().t, 2.0);
        QCOMPARE(run.switches.back().entered, fl::ContactMode::Slip);
        double worst = 0.0;
        for (size_t i = first; i < run.size(); ++i) {
            const double s1 = run.t[i] - 2.0;
            QCOMPARE(run.mode[i], fl::ContactMode::Slip);
            QVERIFY(run.relativeVelocity[i] < 0.0);
            worst = std::max(worst, std::abs(run.state(i, 0) - (muK + (x1 - muK) * std::cos(s1) + 0.5 * std::sin(s1))));
        }
        qInfo("  slip from t = 2 on the closed form within %.2e", worst);
        QVERIFY(worst < 1e-9);
    }

    /// A higher mu_s under a sticking block: stick goes on (v_r == 0 exactly) until x reaches it.
    void stickGoesOnUnderHigherLimit()
    {
        const fl::Scenario s = belt(fl::Method::EventDriven);
        fl::LiveSimulation live;
        fl::RunResult run;
        QVERIFY(beltUpTo(2.0, live, run).ok());
        const double x1 = live.state()[0];
        const size_t switches = run.switches.size(), first = run.size();
        QVERIFY(live.change(with(s, {{"mu_s", 3.0}})).ok());
        QVERIFY(advanceInPieces(live, 8.0, 0.37, run).ok());
        QCOMPARE(run.switches.size(), switches + 1);
        const double tEnd = 2.0 + (3.0 - x1) / 0.5;
        qInfo("  stick ends at %.15g, closed form %.15g", run.switches.back().t, tEnd);
        QVERIFY(std::abs(run.switches.back().t - tEnd) < 1e-9);
        for (size_t i = first; i < run.size() && run.t[i] < tEnd; ++i) {
            QCOMPARE(run.mode[i], fl::ContactMode::Stick);
            QCOMPARE(run.state(i, 1), 0.5);
        }
    }

    /// A higher mu_s under a slipping block: slip goes on until v_r = 0 at t = asin(v_b), then stick.
    void slipGoesOnUnderHigherLimit()
    {
        const fl::Scenario s = belt(fl::Method::EventDriven);
        fl::LiveSimulation live;
        fl::RunResult run;
        QVERIFY(beltUpTo(0.3, live, run).ok());
        QCOMPARE(live.mode(), int(fl::ContactMode::Slip));
        QVERIFY(live.change(with(s, {{"mu_s", 3.0}})).ok());
        QVERIFY(advanceInPieces(live, 1.0, 0.1, run).ok());
        QCOMPARE(run.switches.size(), size_t(1));
        QCOMPARE(run.switches[0].entered, fl::ContactMode::Stick);
        QVERIFY(std::abs(run.switches[0].t - std::asin(0.5)) < 1e-10);
        for (size_t i = 0; i < run.size(); ++i)
            QCOMPARE(run.mode[i], run.t[i] < std::asin(0.5) ? fl::ContactMode::Slip : fl::ContactMode::Stick);
    }

    /// A stick sample handed back with v_r = 1 ulp (round-off) restarts in stick, exactly.
    void restartFromStickSampleWithRoundOff()
    {
        const fl::Scenario s = belt(fl::Method::EventDriven);
        fl::LiveSimulation live;
        fl::RunResult run;
        QVERIFY(beltUpTo(2.0, live, run).ok());
        std::vector<double> y = {run.state(150, 0), std::nextafter(run.state(150, 1), 1.0)};
        QCOMPARE(run.mode[150], fl::ContactMode::Stick);
        QVERIFY(live.restartFrom(s, run.t[150], y, int(fl::ContactMode::Stick)).ok());
        QCOMPARE(live.state()[1], 0.5);
        fl::RunResult more;
        QVERIFY(live.advance(3.0, more).ok());
        QVERIFY(more.switches.empty());
        QCOMPARE(more.t.front(), run.t[151]);
        for (size_t i = 0; i < more.size(); ++i)
            QCOMPARE(more.state(i, 1), 0.5);
    }

    /// A step limit (per advance) stops with a status at a finite state on the run; the next advance goes on.
    void stepLimitKeepsLastGoodState()
    {
        const fl::Scenario s = with(belt(fl::Method::EventDriven), {{"max_steps", 100.0}});
        fl::LiveSimulation live;
        QVERIFY(live.reset(s).ok());
        fl::RunResult run;
        const fl::Status status = live.advance(1000.0, run);
        QVERIFY(!status.ok());
        QVERIFY(status.message().find("step limit") != std::string::npos);
        QCOMPARE(live.steps(), 100L);
        QVERIFY(live.time() > 0.0 && live.time() < 1000.0 && run.t.back() <= live.time());
        QVERIFY(std::isfinite(live.state()[0]) && std::isfinite(live.state()[1]));
        // The same run in one piece passes through the state reached.
        const fl::RunResult whole = fl::simulate(with(belt(fl::Method::EventDriven), {{"t_end", 50.0}}));
        const size_t i = sampleAt(whole, run.t.back());
        QVERIFY(stateDifference(run, run.size() - 1, whole, i, 1) < 1e-8);
        const double t = live.time();
        QVERIFY(live.advance(t + 1.0, run).ok());
        QCOMPARE(live.time(), t + 1.0);
    }

    /// A raised cancel flag stops at once and leaves time and state as they were.
    void cancelKeepsState()
    {
        fl::LiveSimulation live;
        QVERIFY(live.reset(belt(fl::Method::Regularized)).ok());
        fl::RunResult run;
        QVERIFY(live.advance(1.0, run).ok());
        const std::vector<double> y = live.state();
        std::atomic<bool> cancel{true};
        QVERIFY(!live.advance(2.0, run, &cancel).ok());
        QCOMPARE(live.time(), 1.0);
        QVERIFY(live.state() == y);
        cancel = false;
        QVERIFY(live.advance(2.0, run, &cancel).ok());
        QCOMPARE(run.t.back(), 2.0);
    }

    /// An invalid scenario (mu_k > mu_s) or state is refused and the old run goes on unchanged.
    void invalidChangeIsRefused()
    {
        const fl::Scenario s = belt(fl::Method::EventDriven);
        fl::LiveSimulation live, untouched;
        fl::RunResult run, reference;
        QVERIFY(beltUpTo(3.0, live, run).ok() && beltUpTo(3.0, untouched, reference).ok());
        QVERIFY(!live.change(with(s, {{"mu_s", 0.5}})).ok());
        QVERIFY(!live.restartFrom(s, 3.0, {1.0}, -1).ok());
        QVERIFY(!live.restartFrom(s, 3.0, {1.0, std::nan("")}, -1).ok());
        QVERIFY(!live.reset(with(s, {{"mu_s", 0.5}})).ok());
        QCOMPARE(live.scenario().params.value("mu_s"), 2.0);
        QCOMPARE(live.time(), 3.0);
        QVERIFY(live.advance(6.0, run).ok() && untouched.advance(6.0, reference).ok());
        QVERIFY(run.t == reference.t && run.states == reference.states && run.mode == reference.mode);
    }
};

QTEST_APPLESS_MAIN(TestLiveSimulation)
#include "test_live_simulation.moc"
