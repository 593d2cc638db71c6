// Event location that cannot step over a switch: the event-driven belt against an
// independent exact reference (coulomb_belt_reference.h), an excursion of the holding force above
// the static limit that lasts 1e-6 time units inside one step, and grazes decided the same way at
// every tolerance.
#include "coulomb_belt_reference.h"
#include "analysis/lyapunov.h"
#include "scenario/scenario.h"
#include "simulation/dynamics_factory.h"
#include "solvers/event_loop.h"
#include "systems/bk_chain.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <cstdlib>
#include <numbers>
#include <random>
#include <string>

namespace {

/// The forced Coulomb belt, event-driven, as the CLI's --system belt --law coulomb builds it.
fl::Scenario beltScenario(const fltest::CoulombBelt& p, double x0, double v0, double tEnd, double tol)
{
    fl::Scenario s = fl::defaultScenario();
    s.method = fl::Method::EventDriven;
    for (const auto& [id, value] : {std::pair<const char*, double>{"zeta", p.zeta}, {"A", p.A}, {"w", p.w}, {"mu_s", p.muS},
                                    {"mu_k", p.muK}, {"v_b", p.vb}, {"x0", x0}, {"v0", v0}, {"t_end", tEnd}, {"tol", tol}})
        s.params.set(id, value);
    return s;
}

/// The switches of an event-driven run with the state at each (before the switch's projection),
/// and the grazes.
struct SwitchLog final : fl::DynamicsObserver {
    struct Entry {
        double t;
        bool toStick;
        double x, v;
    };
    std::vector<Entry> switches;
    std::vector<fl::Graze> grazes;
    double x = 0.0, v = 0.0;
    bool onStep(const fl::StepView& step, int) override
    {
        x = step.y1[0];
        v = step.y1[1];
        return true;
    }
    void onSwitch(double t, fl::ContactMode entered, int) override { switches.push_back({t, entered == fl::ContactMode::Stick, x, v}); }
    void onGraze(double t, fl::ContactMode mode) override { grazes.push_back({t, mode}); }
};

SwitchLog runEventDriven(const fl::Scenario& s)
{
    const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(s);
    std::vector<double> y = dynamics->initialState();
    double t = 0.0;
    SwitchLog log;
    fl::IntegrationStats stats;
    const fl::Status status = dynamics->integrate(y, t, s.params.value("t_end"), log, stats);
    if (!status.ok())
        qFatal("event-driven run failed: %s", status.message().c_str());
    return log;
}

QString describe(const fltest::CoulombBelt& p, double x0, double v0)
{
    return QString("zeta=%1 A=%2 w=%3 mu_s=%4 mu_k=%5 v_b=%6 x0=%7 v0=%8")
        .arg(p.zeta).arg(p.A).arg(p.w).arg(p.muS).arg(p.muK).arg(p.vb).arg(x0, 0, 'g', 17).arg(v0, 0, 'g', 17);
}

/// The first disagreement of an event-driven run with the reference, or an empty string. Each
/// phase is checked from the solver's own state at the switch that began it (the reference is
/// restarted there), so that a chaotic run's growing difference does not count; the first 60
/// time units are also checked as one trajectory from the initial state.
QString firstDisagreement(const fltest::CoulombBelt& p, double x0, double v0, double tEnd, double timeTol)
{
    const SwitchLog run = runEventDriven(beltScenario(p, x0, v0, tEnd, 1e-12));
    const fltest::CoulombBeltReference ref(p);
    const double horizon = tEnd - 1e-6; // a switch within 1e-6 of the end may fall either side
    fltest::BeltRefState from = ref.enter(0.0, x0, v0);
    for (size_t k = 0;; ++k) {
        const std::optional<fltest::BeltRefSwitch> expected = ref.nextSwitch(from, tEnd);
        const bool expectedHere = expected && expected->t < horizon;
        if (k >= run.switches.size() || run.switches[k].t >= horizon) {
            if (expectedHere)
                return QString("switch %1: the reference %2 at t = %3, the solver none").arg(k)
                    .arg(expected->toStick ? "sticks" : "breaks away").arg(expected->t, 0, 'g', 17);
            break;
        }
        const SwitchLog::Entry& got = run.switches[k];
        if (!expected)
            return QString("switch %1: the solver %2 at t = %3, the reference none").arg(k)
                .arg(got.toStick ? "sticks" : "breaks away").arg(got.t, 0, 'g', 17);
        if (got.toStick != expected->toStick || std::abs(got.t - expected->t) > timeTol)
            return QString("switch %1: the solver %2 at t = %3, the reference %4 at t = %5").arg(k)
                .arg(got.toStick ? "sticks" : "breaks away").arg(got.t, 0, 'g', 17)
                .arg(expected->toStick ? "sticks" : "breaks away").arg(expected->t, 0, 'g', 17);
        // The next phase from the solver's state: stick at (t, x), or slip against the holding force.
        from = {got.t, got.x, p.vb, 0};
        if (!got.toStick)
            from.mode = ref.holdingForce(got.t, got.x) > 0.0 ? -1 : 1;
    }
    const std::vector<fltest::BeltRefSwitch> whole = ref.switches(0.0, x0, v0, 60.0);
    for (size_t k = 0; k < whole.size() && whole[k].t < 60.0 - 1e-6; ++k)
        if (k >= run.switches.size() || run.switches[k].toStick != whole[k].toStick || std::abs(run.switches[k].t - whole[k].t) > timeTol)
            return QString("trajectory from the initial state, switch %1: the reference at t = %2").arg(k).arg(whole[k].t, 0, 'g', 17);
    return {};
}

unsigned long long testSeed()
{
    const char* env = std::getenv("FL_SEED");
    return env ? std::strtoull(env, nullptr, 10) : 20261127ULL;
}

} // namespace

class TestEventLocation : public QObject {
    Q_OBJECT

private slots:
    /// The two runs of the issue: the breakaway near t = 30.56 that was stepped over, and no stick
    /// sample whose holding force exceeds mu_s.
    void issueRun()
    {
        const fltest::CoulombBelt p{0.02, 1.0, 1.75, 2.0, 1.0, 0.2};
        const SwitchLog run = runEventDriven(beltScenario(p, 0.378008, -0.875301, 40.0, 1e-10));
        const std::vector<fltest::BeltRefSwitch> ref = fltest::CoulombBeltReference(p).switches(0.0, 0.378008, -0.875301, 40.0);
        QVERIFY(ref.size() >= 12);
        QVERIFY2(std::abs(ref[11].t - 30.5624535823) < 1e-8, qPrintable(QString::number(ref[11].t, 'g', 17)));
        QVERIFY(run.switches.size() >= 12);
        QVERIFY(!run.switches[11].toStick);
        QVERIFY2(std::abs(run.switches[11].t - ref[11].t) < 1e-8, qPrintable(QString::number(run.switches[11].t, 'g', 17)));
    }

    /// Randomized differential test: 200 seeded initial states at each of four forcing points, every
    /// switch of the event-driven run (tol 1e-12) within 1e-8 of the exact reference, same sequence.
    /// FL_SEED=S replays a seed.
    void randomStatesAgainstReference()
    {
        const unsigned long long seed = testSeed();
        qInfo("seed = %llu (FL_SEED=%llu replays it)", seed, seed);
        const fltest::CoulombBelt points[] = {
            {0.02, 1.0, 1.75, 2.0, 1.0, 0.2},  // the issue's forced point (chaotic)
            {0.05, 0.8, 0.9, 1.2, 0.8, 0.5},
            {0.1, 2.5, 2.5, 1.5, 1.0, -0.3},   // the belt runs backwards
            {0.0, 1.2, 0.6, 1.0, 0.6, 0.1},    // undamped
        };
        std::mt19937_64 rng(seed);
        std::uniform_real_distribution<double> xDist(-3.0, 3.0), vDist(-2.0, 2.0);
        int runs = 0;
        long switches = 0;
        for (const fltest::CoulombBelt& p : points) {
            for (int i = 0; i < 200; ++i) {
                const double x0 = xDist(rng), v0 = vDist(rng);
                const QString bad = firstDisagreement(p, x0, v0, 200.0, 1e-8);
                QVERIFY2(bad.isEmpty(), qPrintable(QString("seed %1, run %2 (%3): %4").arg(seed).arg(runs).arg(describe(p, x0, v0), bad)));
                ++runs;
            }
            switches += static_cast<long>(fltest::CoulombBeltReference(p).switches(0.0, 0.0, 0.0, 200.0).size());
        }
        QVERIFY(switches > 100); // the forcing points do stick and slip
    }

    /// A stick phase whose holding force exceeds mu_s for only 1e-6 time units inside one step is
    /// left exactly at the crossing. With v_b = 0 the block rests, F_h = x0 - A cos(t), whose peak
    /// x0 + A at t = pi is above mu_s by e: it exceeds mu_s on pi -+ s, s = 2 asin(sqrt(e / 2)).
    void excursionInsideOneStep()
    {
        for (const double duration : {1e-6, 1e-4, 1e-2}) {
            const double x0 = 0.5, A = 1.0, halfWidth = 0.5 * duration;
            // e from the half-width: 1 - cos(s) = e; mu_s = x0 + A - e, e recomputed from the double.
            const double muS = (x0 + A) - (1.0 - std::cos(halfWidth));
            const double e = (x0 + A) - muS; // exact (Sterbenz)
            const double exact = std::numbers::pi - 2.0 * std::asin(std::sqrt(0.5 * e));
            fltest::CoulombBelt p{0.05, A, 1.0, muS, 0.5, 0.0};
            for (const double tol : {1e-8, 1e-10, 1e-12}) {
                const SwitchLog run = runEventDriven(beltScenario(p, x0, 0.0, 4.0, tol));
                QVERIFY2(!run.switches.empty(), qPrintable(QString("duration %1, tol %2: no breakaway").arg(duration).arg(tol)));
                QVERIFY(!run.switches.front().toStick);
                QVERIFY2(std::abs(run.switches.front().t - exact) < 1e-9,
                         qPrintable(QString("duration %1, tol %2: breakaway at %3, exact %4").arg(duration).arg(tol)
                                        .arg(run.switches.front().t, 0, 'g', 17).arg(exact, 0, 'g', 17)));
            }
        }
    }

    /// A slip whose v_r touches 0 tangentially at t* sticks there at every tolerance (Coulomb: the
    /// holding force there is -mu_k, within mu_s), and the run goes on the same way; the graze is
    /// counted. Built backwards from the touch: x(t*) with x'' = 0 and v_r'' > 0 there.
    void slipGrazeIsDeterministic()
    {
        fltest::CoulombBelt p{0.05, 1.0, 1.3, 1.2, 0.8, 0.5};
        const double tStar = 3.5 * std::numbers::pi / p.w; // sin(w t*) = -1: v_r'' = -v_b + A w > 0
        const double xStar = -2.0 * p.zeta * p.vb + p.A * std::cos(p.w * tStar) - p.muK;
        const fltest::CoulombBeltReference ref(p);
        const fltest::BeltRefState start = ref.slipState({tStar, xStar, p.vb, 1}, tStar - 2.0);
        QVERIFY(start.v > p.vb);
        std::vector<double> firstStick, breakaway;
        for (const double tol : {1e-8, 1e-9, 1e-10, 1e-11, 1e-12}) {
            fl::Scenario s = beltScenario(p, start.x, start.v, tStar + 10.0, tol);
            const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(s);
            std::vector<double> y = {start.x, start.v};
            double t = start.t;
            SwitchLog log;
            fl::IntegrationStats stats;
            QVERIFY(dynamics->integrate(y, t, tStar + 10.0, log, stats).ok());
            QVERIFY2(log.switches.size() >= 2, qPrintable(QString("tol %1: %2 switches").arg(tol).arg(log.switches.size())));
            QVERIFY(log.switches[0].toStick);
            QVERIFY2(std::abs(log.switches[0].t - tStar) < 1e-3, qPrintable(QString("tol %1: stick at %2").arg(tol).arg(log.switches[0].t, 0, 'g', 17)));
            QCOMPARE(log.grazes.size(), size_t(1));
            QCOMPARE(log.grazes[0].mode, fl::ContactMode::Slip);
            firstStick.push_back(log.switches[0].t);
            breakaway.push_back(log.switches[1].t);
        }
        for (size_t i = 1; i < breakaway.size(); ++i)
            QVERIFY2(std::abs(breakaway[i] - breakaway.back()) < 1e-5, qPrintable(QString::number(breakaway[i] - breakaway.back())));
        // The stick phase that follows breaks away where the reference's does from the touch.
        const std::optional<fltest::BeltRefSwitch> exact = ref.nextSwitch({tStar, xStar, p.vb, 0}, tStar + 10.0);
        QVERIFY(exact && !exact->toStick);
        QVERIFY2(std::abs(breakaway.back() - exact->t) < 1e-6, qPrintable(QString::number(breakaway.back() - exact->t)));
    }

    /// The chain (bk-chain-quakes, 100 blocks, 200 time units): at 15 points inside every step, no
    /// stuck block (v_i = v_b exactly) is held by more than the static limit mu_0 = 1. The event
    /// function is the minimum of the 100 blocks' guards, so a neighbour's slip can push one
    /// block's spring force over the limit inside a step; the earlier loop let 17 blocks' excursions
    /// (by up to 4e-3) pass unseen in these 200 time units.
    void chainNeverHoldsOverTheLimit()
    {
        fl::Scenario s = fl::defaultScenario();
        QVERIFY(fl::applyPreset("bk-chain-quakes", s).ok());
        const fl::BkChainParameters p = fl::bkChainParameters(s.params);
        const double limit = s.params.value("mu_0");
        const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(s);
        struct Check final : fl::DynamicsObserver {
            const fl::BkChainParameters& p;
            double limit, worst = 0.0, worstSpeed = 0.0;
            long over = 0, checked = 0, wrongWay = 0, slipChecked = 0;
            std::vector<double> y, yUp, yDown;
            Check(const fl::BkChainParameters& params, double l)
                : p(params), limit(l), y(static_cast<size_t>(2 * params.n)), yUp(y), yDown(y)
            {
            }
            bool onStep(const fl::StepView& step, int) override
            {
                for (int k = 1; k < 16; ++k) { // inside the step: at its end a block reaching v_r = 0 is not yet decided
                    step.stateAt(step.t0 + (step.t1 - step.t0) * k / 16.0, y.data());
                    const double tk = step.t0 + (step.t1 - step.t0) * k / 16.0, h = 1e-7 * (step.t1 - step.t0);
                    step.stateAt(tk + h, yUp.data());
                    step.stateAt(tk - h, yDown.data());
                    for (int i = 0; i < p.n; ++i) {
                        const size_t v = static_cast<size_t>(fl::bkchain::vIndex(i));
                        const double vr = y[v] - p.vb;
                        if (vr == 0.0) {
                            ++checked;
                            const double excess = std::abs(fl::bkChainSpringForce(p, y.data(), i)) - limit;
                            if (excess > 1e-9) {
                                ++over;
                                worst = std::max(worst, excess);
                            }
                            continue;
                        }
                        // Slipping slowly (where a missed crossing would leave a block): the friction force
                        // v_i' - spring force, from the dense output, must oppose v_r; it is -d g(|v_r|),
                        // g = mu_0 / (1 + 3 |v_r|) > 0.76, against an error of the interpolant's slope of
                        // ~1e-6; the wrong way it would be +d g.
                        if (std::abs(vr) > 0.1 || step.t1 - step.t0 < 1e-4) // (a shorter step's difference is round-off)
                            continue;
                        const double friction = (yUp[v] - yDown[v]) / (2.0 * h) - fl::bkChainSpringForce(p, y.data(), i);
                        ++slipChecked;
                        if (friction * (vr > 0.0 ? 1.0 : -1.0) > 0.5 * limit / (1.0 + 3.0 * std::abs(vr))) {
                            ++wrongWay;
                            worstSpeed = std::max(worstSpeed, std::abs(vr));
                        }
                    }
                }
                return true;
            }
        } check(p, limit);
        std::vector<double> y = dynamics->initialState();
        double t = 0.0;
        fl::IntegrationStats stats;
        QVERIFY(dynamics->integrate(y, t, 200.0, check, stats).ok());
        qInfo("%ld stuck-block samples checked, %ld over the limit (worst by %.3g); %ld slipping-block samples, %ld slipping "
              "with v_r (friction pushing, worst |v_r| %.3g)", check.checked, check.over, check.worst, check.slipChecked, check.wrongWay,
              check.worstSpeed);
        QVERIFY(check.checked > 100000 && check.slipChecked > 100000);
        QCOMPARE(check.over, 0L);
        QCOMPARE(check.wrongWay, 0L);
    }

    /// lambda_1 of the event-driven run (saltation matrices) over 41 forcing periods of the issue's
    /// forced point does not depend on the re-orthonormalisation interval, and equals the exact
    /// reference's (two trajectories 1e-8 apart); the window is short enough that both follow the
    /// same chaotic trajectory (its error grows like e^{0.085 t}: 1e-10 -> 3e-5 at t = 147).
    void lyapunovIndependentOfInterval()
    {
        const fltest::CoulombBelt p{0.02, 1.0, 1.75, 2.0, 1.0, 0.2};
        const double T = 2.0 * std::numbers::pi / p.w, duration = 41.0 * T, x0 = 1.251094, v0 = -0.439182;
        const double exact = fltest::CoulombBeltReference(p).lambda1(x0, v0, 0.0, duration, T);
        qInfo("reference lambda_1 = %.6f", exact);
        QVERIFY(std::abs(exact - 0.0846) < 5e-4); // the issue's reference value
        const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(beltScenario(p, x0, v0, duration, 1e-10));
        for (const double interval : {T, 1.0, 0.2, 0.05}) {
            fl::LyapunovOptions o;
            o.transient = 0.0;
            o.duration = duration;
            o.interval = interval;
            o.count = 1;
            const fl::LyapunovResult r = fl::lyapunovOfDynamics(*dynamics, o);
            QVERIFY2(r.status.ok(), r.status.message().c_str());
            qInfo("interval %.4f: lambda_1 = %.6f", interval, r.exponents[0]);
            QVERIFY2(std::abs(r.exponents[0] - exact) < 1e-4, qPrintable(QString("interval %1: %2, reference %3").arg(interval).arg(r.exponents[0]).arg(exact)));
            QVERIFY2(std::abs(r.times.back() - duration) < 1e-9, qPrintable(QString::number(r.times.back(), 'g', 17)));
        }
    }

    /// The unforced block slipping backwards on its circle about (mu_k, 0), x - mu_k = v_b sin(t - 2),
    /// has v_r = v_b (cos(t - 2) - 1) <= 0: it touches v_r = 0 at t = 2 without crossing. There the
    /// holding force is mu_k < mu_s: it sticks, at every tolerance, as the belt and as a one-block
    /// chain (whose event loop has its own graze hooks), and the stick lasts (mu_s - mu_k) / v_b.
    void slipCircleTouchingTheBelt()
    {
        const double muS = 2.0, muK = 1.0, vb = 0.5, x0 = muK + vb * std::sin(-2.0), v0 = vb * std::cos(-2.0);
        for (const char* system : {"belt", "bk-chain"}) {
            fl::Scenario s = fl::defaultScenario();
            if (std::string(system) == "bk-chain")
                QVERIFY(fl::applyPreset("bk-chain-single", s).ok());
            for (const auto& [id, value] : {std::pair<const char*, double>{"mu_s", muS}, {"mu_k", muK}, {"v_b", vb}, {"x0", x0}, {"v0", v0}})
                QVERIFY(s.params.set(id, value).ok());
            for (const double tol : {1e-8, 1e-9, 1e-10, 1e-11, 1e-12}) {
                s.params.set("tol", tol);
                s.params.set("t_end", 3.5);
                const SwitchLog run = runEventDriven(s);
                const QString where = QString("%1, tol %2").arg(system).arg(tol);
                QCOMPARE(run.grazes.size(), size_t(1));
                QCOMPARE(run.grazes[0].mode, fl::ContactMode::Slip);
                QVERIFY2(std::abs(run.grazes[0].t - 2.0) < 1e-4, qPrintable(where + QString(": graze at %1").arg(run.grazes[0].t, 0, 'g', 17)));
                QVERIFY2(run.switches.size() == 1 && run.switches[0].toStick, qPrintable(where));
                QCOMPARE(run.switches[0].t, run.grazes[0].t);
                // The stick holds until x = mu_s: (mu_s - mu_k) / v_b = 2 time units later.
                s.params.set("t_end", 4.5);
                const SwitchLog longer = runEventDriven(s);
                QVERIFY2(longer.switches.size() == 2 && !longer.switches[1].toStick
                             && std::abs(longer.switches[1].t - (longer.switches[0].t + (muS - muK) / vb)) < 1e-6,
                         qPrintable(where + QString(": %1 switches").arg(longer.switches.size())));
            }
        }
    }

    /// After a graze the hooks pass at tm, the rest of the step is scanned from tm, armed where the
    /// guard is positive there: a crossing before the first new sample is found. (Scanned unarmed,
    /// as first written, it was not, and the guard stayed below zero with no event: the chain's
    /// guard, the minimum over its blocks, then hid every later switch; bk-chain-quakes stopped
    /// switching at t = 4679 and hit the step limit.)
    void scanAfterAPassedGraze()
    {
        const double tm = 0.3, t1 = 1.0;
        auto g = [&](double t) { return 1e-3 - 0.1 * (t - tm); }; // crosses at tm + 0.01
        double dg1 = 0.0;
        const fl::detail::StepScan armed = fl::detail::scanStep(g, tm, t1, g(tm), std::nan(""), g(t1), dg1, g(tm) > 0.0, 1e-10);
        QCOMPARE(armed.kind, fl::detail::StepScan::Crossing);
        QVERIFY(armed.lo == tm && armed.hi > tm + 0.01 && armed.hi <= tm + 0.25 * (t1 - tm));
        const fl::detail::StepScan unarmed = fl::detail::scanStep(g, tm, t1, g(tm), std::nan(""), g(t1), dg1, false, 1e-10);
        QCOMPARE(unarmed.kind, fl::detail::StepScan::None); // what the loop must not do after a pass
    }

    /// A stick whose holding force touches mu_s tangentially (x0 + A = mu_s, v_b = 0: the peaks of
    /// F_h = x0 - A cos t at t = pi, 3 pi, ..., 11 pi, each at another place in its step) stays stuck
    /// at every tolerance and counts each touch.
    void stickGrazeIsDeterministic()
    {
        const fltest::CoulombBelt p{0.05, 1.0, 1.0, 1.5, 0.5, 0.0};
        for (const double tol : {1e-8, 1e-9, 1e-10, 1e-11, 1e-12}) {
            const SwitchLog run = runEventDriven(beltScenario(p, 0.5, 0.0, 40.0, tol));
            QVERIFY2(run.switches.empty(), qPrintable(QString("tol %1: breakaway at %2").arg(tol).arg(run.switches.empty() ? 0.0 : run.switches[0].t, 0, 'g', 17)));
            QCOMPARE(run.grazes.size(), size_t(6));
            for (size_t i = 0; i < 6; ++i) {
                QVERIFY2(std::abs(run.grazes[i].t - (2.0 * static_cast<double>(i) + 1.0) * std::numbers::pi) < 1e-6,
                         qPrintable(QString("tol %1: graze %2 at %3").arg(tol).arg(i).arg(run.grazes[i].t, 0, 'g', 17)));
                QCOMPARE(run.grazes[i].mode, fl::ContactMode::Stick);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestEventLocation)
#include "test_event_location.moc"
