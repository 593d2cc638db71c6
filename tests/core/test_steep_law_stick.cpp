// Stick durations of the event-driven belt under a steep Stribeck law (stribeck-gauss, v_s from 1e-1
// to 1e-5) against an independent reference, and their limit as v_s -> 0 (Coulomb's mu_s, mu_k).
//
// zeta = A = 0: in stick x' = v_b and the holding force is x, so stick ends at x = mu_s and slip starts
// there with v_r = 0; the block lags the belt, F = +g(|v_r|), g = mu_k + (mu_s - mu_k) exp(-(v_r/v_s)^2).
// Slip ends where v_r returns to 0, at x_e; the next stick lasts (mu_s - x_e) / v_b (every cycle after
// the first is this one). The reference integrates the slip by classical RK4 on a mesh that the law's
// own scale sets: a step changes g by at most about dg (and is at most hMax), so the last ~v_s / v_r' before
// v_r = 0, where friction rises from mu_k to mu_s, is crossed in many steps. It checks itself: halving
// dg and hMax must not move the result by more than 2e-9 (2e-5 and 2e-6 against 1e-5 and 1e-6). The Coulomb limit is exactly 4 for
// mu_s = 2, mu_k = 1 (x_e = 2 mu_k - mu_s = 0).
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <cmath>

namespace {

constexpr double kMuS = 2.0, kMuK = 1.0, kVb = 0.5;

/// The stick that follows a slip from breakaway, by the reference described above.
double referenceStick(double vs, double hMax, double dg)
{
    auto g = [&](double vr) { return kMuK + (kMuS - kMuK) * std::exp(-(vr / vs) * (vr / vs)); };
    auto accel = [&](double x, double v) { return -x + g(v - kVb); };
    double x = kMuS, v = kVb;
    bool lagging = false; // v_r well below 0 once: the next zero of v_r ends the slip
    for (long n = 0; n < 100000000; ++n) {
        const double vr = v - kVb, a = accel(x, v);
        // |dg/dt| = |g'(v_r) v_r'|, g' = -2 v_r / v_s^2 (g - mu_k), bounded below by the curvature's
        // share (g - mu_k) / v_s near v_r = 0, where g' vanishes but g does not stay flat.
        const double rate = std::abs(a) * (g(vr) - kMuK) / vs * (1.0 + 2.0 * std::abs(vr) / vs);
        const double h = std::min(hMax, rate > 0.0 ? dg / rate : hMax);
        const double k1x = v, k1v = a;
        const double k2x = v + 0.5 * h * k1v, k2v = accel(x + 0.5 * h * k1x, v + 0.5 * h * k1v);
        const double k3x = v + 0.5 * h * k2v, k3v = accel(x + 0.5 * h * k2x, v + 0.5 * h * k2v);
        const double k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v);
        const double xn = x + h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x), vn = v + h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
        lagging = lagging || vr < -10.0 * vs;
        if (lagging && vn - kVb >= 0.0) {
            // v_r = 0 inside the step: the cubic Hermite interpolant, by bisection.
            const double an = accel(xn, vn);
            double lo = 0.0, hi = 1.0;
            for (int i = 0; i < 200; ++i) {
                const double s = 0.5 * (lo + hi);
                const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s, h01 = -2 * s * s * s + 3 * s * s,
                             h11 = s * s * s - s * s;
                ((h00 * vr + h10 * h * a + h01 * (vn - kVb) + h11 * h * an) < 0.0 ? lo : hi) = s;
            }
            const double s = 0.5 * (lo + hi);
            const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s, h01 = -2 * s * s * s + 3 * s * s,
                         h11 = s * s * s - s * s;
            const double xe = h00 * x + h10 * h * v + h01 * xn + h11 * h * vn;
            return (kMuS - xe) / kVb;
        }
        x = xn;
        v = vn;
    }
    qFatal("reference: the slip did not end");
}

/// The duration of the run's second stick (the first one after a slip from breakaway).
double runStick(double vs, double tol)
{
    fl::Scenario s;
    if (!fl::makeScenario("belt", "stribeck-gauss", fl::Method::EventDriven, fl::Regularization::Kudra, s).ok())
        qFatal("scenario");
    for (const auto& [id, value] : {std::pair<const char*, double>{"mu_s", kMuS}, {"mu_k", kMuK}, {"v_b", kVb}, {"v_s", vs},
                                    {"sigma2", 0.0}, {"t_end", 20.0}, {"tol", tol}})
        if (!s.params.set(id, value).ok())
            qFatal("parameter %s = %g refused", id, value);
    const fl::RunResult run = fl::simulate(s);
    if (!run.status.ok() || run.switches.size() < 4 || run.switches[2].entered != fl::ContactMode::Stick
        || run.switches[3].entered != fl::ContactMode::Slip)
        qFatal("run: %s, %zu switches", run.status.message().c_str(), run.switches.size());
    return run.switches[3].t - run.switches[2].t;
}

} // namespace

class TestSteepLawStick : public QObject {
    Q_OBJECT
private slots:
    void stickDurationsAgainstTheReference()
    {
        double previous = 0.0;
        for (const double vs : {1e-1, 1e-2, 1e-3, 1e-4, 1e-5}) {
            const double ref = referenceStick(vs, 2e-5, 2e-6), check = referenceStick(vs, 1e-5, 1e-6);
            const double tight = runStick(vs, 1e-12), loose = runStick(vs, 1e-10);
            qInfo("v_s %.0e: reference %.10f (self-check %.1e), event tol 1e-12 %.10f (%.1e), tol 1e-10 %.10f (%.1e)", vs, ref,
                  check - ref, tight, tight - ref, loose, loose - ref);
            QVERIFY(std::abs(check - ref) < 2e-9);
            QVERIFY(std::abs(tight - ref) < 1e-8);
            QVERIFY(std::abs(loose - ref) < 1e-6);
            // Towards Coulomb's limit (4) as v_s shrinks, from above.
            QVERIFY(ref > 4.0);
            if (previous > 0.0)
                QVERIFY(ref < previous);
            previous = ref;
        }
        QVERIFY(previous - 4.0 < 2e-3);
    }
};

QTEST_GUILESS_MAIN(TestSteepLawStick)
#include "test_steep_law_stick.moc"
