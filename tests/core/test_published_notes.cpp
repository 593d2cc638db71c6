// What the published presets' notes claim, checked: Acta Mech 2016 Fig. 5b (acta2016-fig5b) has
// no equilibrium with the paper's parameters, and N = 17.5 N (acta2016-fig5b-restored) restores
// the described picture: an equilibrium, then a sudden jump into chaos.
#include "analysis/lyapunov_curve.h"
#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/plane_contact_law.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>

namespace {

fl::Scenario presetScenario(const char* id, double omega0, double tEnd)
{
    fl::Scenario s;
    if (!fl::applyPreset(id, s).ok())
        qFatal("preset %s", id);
    s.params.set("omega0", omega0);
    s.params.set("t_end", tEnd);
    return s;
}

/// μ N R |M_s| in pure spin (v_s = 0, ω_s = −ω₀): the largest friction moment on the pendulum at rest.
double pureSpinMoment(const fl::Scenario& s)
{
    const fl::contact::FrictionLoad load = fl::regularizedContactLaw(s).load(0.0, 0.0, -s.params.value("omega0"));
    return s.params.value("mu") * s.params.value("N") * s.params.value("R") * std::abs(load.m);
}

double gravityMoment(const fl::Scenario& s) { return s.params.value("e") * s.params.value("M") * s.params.value("g"); }

double largestLyapunov(const fl::Scenario& s)
{
    fl::LyapunovOptions options;
    if (!fl::lyapunovOptionsFor(s, options).ok())
        qFatal("lyapunov options");
    options.transient = 50.0;
    options.duration = 300.0;
    options.count = 1;
    const double w = s.params.value("omega0");
    const auto points = fl::largestLyapunovCurve(s, "omega0", w, w, 1, options, 1);
    if (points.size() != 1 || !points[0].status.ok())
        qFatal("lyapunov failed");
    return points[0].largest;
}

} // namespace

class TestPublishedNotes : public QObject {
    Q_OBJECT

private slots:
    /// The two moments of the note: 0.333 N·m of friction in pure spin (I(1,1): M_s = 2/3) against
    /// at most 0.294 N·m of gravity; with N = 17.5 N the friction moment is 0.233 N·m.
    void fig5bMoments()
    {
        const fl::Scenario paper = presetScenario("acta2016-fig5b", 40.0, 20.0);
        const fl::Scenario restored = presetScenario("acta2016-fig5b-restored", 40.0, 20.0);
        qInfo("pure-spin moment %.5f N m, e M g %.5f N m; restored %.5f N m", pureSpinMoment(paper), gravityMoment(paper),
              pureSpinMoment(restored));
        QVERIFY(std::abs(pureSpinMoment(paper) - 1.0 / 3.0) < 1e-4);
        QVERIFY(std::abs(gravityMoment(paper) - 0.2943) < 1e-4);
        QVERIFY(pureSpinMoment(paper) > gravityMoment(paper));
        QVERIFY(std::abs(pureSpinMoment(restored) - 0.35 * 2.0 / 3.0) < 1e-4);
        QVERIFY(pureSpinMoment(restored) < gravityMoment(restored));
        // The restored preset changes N only.
        const fl::ParameterSpecs& specs = restored.params.specs();
        for (size_t i = 0; i < specs.size(); ++i)
            if (specs[i].id != "N")
                QCOMPARE(restored.params.values()[i], paper.params.values()[i]);
    }

    /// With the paper's values the pendulum never rests: at ω₀ = 30 it keeps turning with the disk;
    /// at ω₀ = 50 it whirls at the support's natural frequency √(k/M) with metre-size X_C.
    void fig5bHasNoEquilibrium()
    {
        const fl::RunResult slow = fl::simulate(presetScenario("acta2016-fig5b", 30.0, 20.0));
        QVERIFY(slow.status.ok());
        const int phi = slow.columnIndex("phi"), dphi = slow.columnIndex("dphi"), xc = slow.columnIndex("X_C");
        double dphiMin = 1e9;
        int samples = 0;
        for (size_t i = 0; i < slow.size(); ++i)
            if (slow.t[i] > 5.0) {
                dphiMin = std::min(dphiMin, slow.column(i, dphi));
                ++samples;
            }
        QVERIFY2(samples > 0, qPrintable(QString("omega0 = 30: %1 samples after t = 5 (of %2)").arg(samples).arg(slow.size())));
        const double turns = slow.column(slow.size() - 1, phi) / (2.0 * M_PI);
        qInfo("omega0 = 30: %.2f turns in 20 s, phi' >= %.3f", turns, dphiMin);
        QVERIFY(turns > 4.0);
        QVERIFY(dphiMin > 0.2);

        const fl::RunResult fast = fl::simulate(presetScenario("acta2016-fig5b", 50.0, 60.0));
        QVERIFY(fast.status.ok());
        double sum = 0.0, xMax = 0.0;
        int n = 0;
        for (size_t i = 0; i < fast.size(); ++i)
            if (fast.t[i] > 40.0) {
                sum += fast.column(i, dphi);
                ++n;
                xMax = std::max(xMax, std::abs(fast.column(i, xc)));
            }
        const double resonance = std::sqrt(2000.0 / 1.2);
        qInfo("omega0 = 50: mean phi' %.3f rad/s (sqrt(k/M) = %.3f), |X_C| up to %.2f m", sum / n, resonance, xMax);
        QVERIFY(std::abs(sum / n - resonance) < 0.5);
        QVERIFY(xMax > 1.0);
    }

    /// With N = 17.5 N the pendulum rests at sin φ = 0.233/0.294 for low ω₀ (stable: λ₁ < 0) and
    /// is chaotic (λ₁ > 0) past the jump.
    void restoredEquilibriumThenChaos()
    {
        const fl::Scenario base = presetScenario("acta2016-fig5b-restored", 30.0, 20.0);
        const double phiEq = std::asin(pureSpinMoment(base) / gravityMoment(base));
        for (double w : {20.0, 30.0, 40.0}) {
            const fl::RunResult r = fl::simulate(presetScenario("acta2016-fig5b-restored", w, 20.0));
            QVERIFY(r.status.ok());
            const size_t last = r.size() - 1;
            QVERIFY2(std::abs(r.column(last, r.columnIndex("phi")) - phiEq) < 1e-3, qPrintable(QString::number(w)));
            QVERIFY(std::abs(r.column(last, r.columnIndex("dphi"))) < 1e-4);
        }
        const double atRest = largestLyapunov(presetScenario("acta2016-fig5b-restored", 40.0, 20.0));
        const double chaos50 = largestLyapunov(presetScenario("acta2016-fig5b-restored", 50.0, 20.0));
        const double chaos55 = largestLyapunov(presetScenario("acta2016-fig5b-restored", 55.0, 20.0));
        qInfo("restored: phi_eq = %.4f rad; lambda_1 = %.3f (40 rad/s), %.3f (50), %.3f (55)", phiEq, atRest, chaos50, chaos55);
        QVERIFY(atRest < -0.1);
        QVERIFY(chaos50 > 0.2);
        QVERIFY(chaos55 > 0.2);
    }
};

QTEST_APPLESS_MAIN(TestPublishedNotes)
#include "test_published_notes.moc"
