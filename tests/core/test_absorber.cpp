// S6, the vibration absorber with dry friction (systems/absorber_system.h): without friction the
// steady state is the linear 2-DOF closed form (amplitude and phase), for every method; with the
// absorber locked by friction it is the closed form of one mass 1 + m; the regularized method
// converges to the event-driven one as eps shrinks; the presets' measured figures.
#include "analysis/bifurcation_sweep.h"
#include "scenario_fixtures.h"
#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/absorber_system.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <complex>

namespace {

fl::Scenario absorber(const char* presetId, fl::Method method = fl::Method::EventDriven)
{
    fl::Scenario s = fltest::presetScenario(presetId);
    s.method = method;
    return s;
}

using fltest::simulateOk;

/// Largest |x_i(t) - Re(X_i e^{i w t})| over the samples with t >= from, for i = 0, 1 (x1, x2);
/// X2 may carry a constant offset (X2 + d stands for Re(X2 e^{iwt}) + d).
double steadyStateError(const fl::RunResult& r, std::complex<double> X1, std::complex<double> X2, double w, double from,
                        double offset = 0.0)
{
    double worst = 0.0;
    const size_t n = 4;
    for (size_t k = 0; k < r.size(); ++k) {
        if (r.t[k] < from)
            continue;
        const std::complex<double> phase = std::exp(std::complex<double>(0.0, w * r.t[k]));
        worst = std::max(worst, std::abs(r.states[k * n] - (X1 * phase).real()));
        worst = std::max(worst, std::abs(r.states[k * n + 1] - (X2 * phase).real() - offset));
    }
    return worst;
}

/// Largest |x1| over the samples with t >= from.
double amplitude(const fl::RunResult& r, double from)
{
    double a = 0.0;
    for (size_t k = 0; k < r.size(); ++k)
        if (r.t[k] >= from)
            a = std::max(a, std::abs(r.states[k * 4]));
    return a;
}

} // namespace

class TestAbsorber : public QObject {
    Q_OBJECT
private slots:
    void frictionlessIsTheLinearClosedForm_data()
    {
        QTest::addColumn<int>("method");
        QTest::addColumn<double>("w");
        for (double w : {0.85, 1.0, 1.2}) {
            QTest::newRow(qPrintable(QString("event w=%1").arg(w))) << int(fl::Method::EventDriven) << w;
            QTest::newRow(qPrintable(QString("explicit w=%1").arg(w))) << int(fl::Method::Explicit) << w;
            QTest::newRow(qPrintable(QString("regularized w=%1").arg(w))) << int(fl::Method::Regularized) << w;
        }
    }
    void frictionlessIsTheLinearClosedForm()
    {
        QFETCH(int, method);
        QFETCH(double, w);
        fl::Scenario s = absorber("absorber-linear", fl::Method(method));
        QVERIFY(s.params.set("w", w).ok());
        QVERIFY(s.params.set("t_end", 700.0).ok()); // the slowest mode decays like exp(-0.03 t)
        QVERIFY(s.params.set("dt", 0.01).ok());
        const fl::RunResult r = simulateOk(s);
        std::complex<double> X1, X2;
        fl::absorberLinearResponse(fl::absorberParameters(s.params), X1, X2);
        const double error = steadyStateError(r, X1, X2, w, 650.0);
        // Amplitude and phase of both bodies, to 1e-6 of the absorber's swing.
        QVERIFY2(error < 1e-6 * std::abs(X2), qPrintable(QString("error %1 (|X1| %2, |X2| %3)").arg(error).arg(std::abs(X1)).arg(std::abs(X2))));
    }

    void lockedAbsorberIsOneMass()
    {
        // absorber-locked (mu = 0.2): the absorber never slips after the start, and the housing
        // moves as one mass 1 + m on k1: X = A (1 + 2 i zeta1 w) / (1 + 2 i zeta1 w - (1 + m) w^2).
        fl::Scenario s = absorber("absorber-locked");
        QVERIFY(s.params.set("t_end", 1000.0).ok()); // the transient decays like exp(-0.019 t)
        const fl::RunResult r = simulateOk(s);
        const fl::AbsorberSystem::Parameters p = fl::absorberParameters(s.params);
        const std::complex<double> i(0.0, 1.0), w = p.frequency;
        const std::complex<double> X = p.amplitude * (1.0 + 2.0 * i * p.zeta1 * w) / (1.0 + 2.0 * i * p.zeta1 * w - (1.0 + p.massRatio) * w * w);
        // It locked with k2 stretched by some d: x2 = x1 + d, an internal force that does not move x1.
        const size_t last = r.size() - 1;
        const double d = r.states[last * 4 + 1] - r.states[last * 4];
        const double error = steadyStateError(r, X, X, p.frequency, 950.0, d);
        QVERIFY2(error < 1e-6 * std::abs(X), qPrintable(QString("error %1, |X| = %2, d = %3").arg(error).arg(std::abs(X)).arg(d)));
        const int vr = r.columnIndex("v_r");
        for (size_t k = 0; k < r.size(); ++k)
            if (r.t[k] > 100.0)
                QCOMPARE(r.outputs[k * r.outputNames.size() + size_t(vr - 4)], 0.0);
    }

    void regularizedConvergesToEventDriven()
    {
        // absorber-stick-slip (mu_s = 0.2 > mu_k = 0.1) over 60 time units: the regularized runs
        // (BDF) approach the event-driven one as eps shrinks, by ~4.7x per decade of eps.
        fl::Scenario exact = absorber("absorber-stick-slip");
        QVERIFY(exact.params.set("t_end", 60.0).ok());
        const fl::RunResult reference = simulateOk(exact);
        double previous = 1e9;
        for (double eps : {1e-3, 1e-4, 1e-5}) {
            fl::Scenario s = exact;
            s.method = fl::Method::Regularized;
            QVERIFY(s.params.set("eps", eps).ok());
            const fl::RunResult r = simulateOk(s);
            QCOMPARE(r.size(), reference.size());
            double error = 0.0;
            for (size_t k = 0; k < r.states.size(); ++k)
                error = std::max(error, std::abs(r.states[k] - reference.states[k]));
            qInfo("eps %g: largest state difference %g", eps, error);
            QVERIFY2(error < previous / 3.0, qPrintable(QString("eps %1: %2 after %3").arg(eps).arg(error).arg(previous)));
            previous = error;
        }
        QVERIFY2(previous < 2e-3, qPrintable(QString::number(previous))); // measured: 0.030, 0.0062, 0.0013
    }

    void presetsMeasuredFigures()
    {
        // The figures quoted in the presets' notes (t in [300, 400]).
        const struct {
            const char* id;
            double amplitude;
        } cases[] = {{"absorber-linear", 0.1917}, {"absorber-slipping", 0.435}, {"absorber-stick-slip", 1.70}, {"absorber-locked", 1.861}};
        for (const auto& c : cases) {
            fl::Scenario s = absorber(c.id);
            QVERIFY(s.params.set("t_end", 400.0).ok());
            QVERIFY(s.params.set("dt", 0.01).ok());
            const double a = amplitude(simulateOk(s), 300.0);
            QVERIFY2(std::abs(a - c.amplitude) < 0.005 * c.amplitude + 5e-4, qPrintable(QString("%1: %2").arg(c.id).arg(a)));
        }
    }

    void frequencyResponseSweepsAgreeWithTheClosedForm()
    {
        // The absorber-response-linear sweep (both directions) on a coarse grid: every recorded
        // maximum of x1 is the closed-form amplitude.
        fl::Scenario s = absorber("absorber-response-linear");
        const fl::Preset* preset = fl::findPreset("absorber-response-linear");
        QVERIFY(preset && preset->sweep);
        fl::SweepSpec spec = *preset->sweep;
        spec.steps = 9;
        spec.transient = 600.0;
        QVERIFY(fl::validateSweep(s, spec).ok());
        const std::vector<fl::SweepColumn> columns = fl::runSweep(s, spec, 2, nullptr);
        QCOMPARE(int(columns.size()), 2 * spec.steps);
        for (const fl::SweepColumn& column : columns) {
            QVERIFY(column.status.ok());
            fl::AbsorberSystem::Parameters p = fl::absorberParameters(s.params);
            p.frequency = column.parameter;
            std::complex<double> X1, X2;
            fl::absorberLinearResponse(p, X1, X2);
            QVERIFY(!column.values.empty());
            for (double v : column.values)
                QVERIFY2(std::abs(v - std::abs(X1)) < 1e-5, qPrintable(QString("w %1: %2 vs %3").arg(column.parameter).arg(v).arg(std::abs(X1))));
        }
    }

    void strongStaticFrictionGivesAnIrregularBand()
    {
        // absorber-response-stick-slip (mu_s = 0.3 = 2 mu_k), swept up from 0.85 to 1.1 in steps of
        // 0.01 with continuation: periodic below 0.92 and above 1.0, scattered maxima in between.
        fl::Scenario s = absorber("absorber-response-stick-slip");
        fl::SweepSpec spec = *fl::findPreset("absorber-response-stick-slip")->sweep;
        spec.from = 0.85;
        spec.to = 1.1;
        spec.steps = 26;
        spec.direction = fl::SweepDirection::Up;
        QVERIFY(fl::validateSweep(s, spec).ok());
        const std::vector<fl::SweepColumn> columns = fl::runSweep(s, spec, 1, nullptr);
        QCOMPARE(int(columns.size()), spec.steps);
        double widestInBand = 0.0;
        for (const fl::SweepColumn& c : columns) {
            QVERIFY(c.status.ok() && !c.values.empty());
            const auto [lo, hi] = std::minmax_element(c.values.begin(), c.values.end());
            if (c.parameter < 0.915 || c.parameter > 1.005)
                QVERIFY2(*hi - *lo < 0.02, qPrintable(QString("w %1: %2 .. %3").arg(c.parameter).arg(*lo).arg(*hi)));
            else if (c.parameter > 0.925 && c.parameter < 0.995)
                widestInBand = std::max(widestInBand, *hi - *lo);
            if (std::abs(c.parameter - 0.85) < 1e-9)
                QVERIFY2(std::abs(*hi - 0.962) < 0.005, qPrintable(QString::number(*hi)));
        }
        QVERIFY2(widestInBand > 0.5, qPrintable(QString::number(widestInBand)));
    }
};

QTEST_APPLESS_MAIN(TestAbsorber)
#include "test_absorber.moc"
