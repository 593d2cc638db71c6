// The (b, m) fit of the approximants to the integral model, and the papers' values (Acta Mech
// sec. 2 and 4, JTAM sec. 5) on the same objective.
#include "contact/approximant_fit.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace fl::contact;

namespace {

struct Case {
    const char* name;
    ApproximantKind kind;
    PressureKind pressure;
    ApproximantParams fitted;
};

const Case kCases[] = {
    {"I00 uniform", ApproximantKind::I00, PressureKind::Uniform, kFittedI00Uniform},
    {"I11 uniform", ApproximantKind::I11, PressureKind::Uniform, kFittedI11Uniform},
    {"I00 Hertz", ApproximantKind::I00, PressureKind::Hertz, kFittedI00Hertz},
    {"I11 Hertz", ApproximantKind::I11, PressureKind::Hertz, kFittedI11Hertz},
};

} // namespace

class TestContactFit : public QObject {
    Q_OBJECT
private slots:
    /// The samples span theta in [0, pi/2] at phi = 0: T_sx(0) = 1, M_s(pi/2) = c00m1.
    void samples()
    {
        const IntegralModel model(ContactShape::uniformCircle());
        const FitSamples s = sampleIntegralModel(model, 91);
        QCOMPARE(int(s.theta.size()), 91);
        QCOMPARE(s.theta.front(), 0.0);
        QVERIFY(std::abs(s.theta.back() - std::numbers::pi / 2) < 1e-15);
        QVERIFY(std::abs(s.tx.front() - 1.0) < 1e-15 && std::abs(s.m.back() - 2.0 / 3.0) < 1e-14);
    }

    /// The fit is reproducible (three starts agree to 1e-7) and gives the shipped defaults (to
    /// their 6 decimals); the defaults' rms is the optimum's to 1e-9.
    void fitReproducesDefaults()
    {
        for (const Case& c : kCases) {
            const IntegralModel model(c.pressure == PressureKind::Uniform ? ContactShape::uniformCircle() : ContactShape::hertzCircle());
            const FitSamples s = sampleIntegralModel(model, 91);
            FitResult first;
            for (ApproximantParams start : {ApproximantParams{1.0, 1.0}, ApproximantParams{3.0, 0.3}, ApproximantParams{0.3, 3.0}}) {
                const FitResult r = fitApproximant(c.kind, model.moments(), s, start);
                QVERIFY2(r.converged, c.name);
                if (first.evaluations == 0)
                    first = r;
                QVERIFY(std::abs(r.params.b - first.params.b) < 1e-7 && std::abs(r.params.m - first.params.m) < 1e-7);
            }
            QVERIFY2(std::abs(first.params.b - c.fitted.b) < 1e-6 && std::abs(first.params.m - c.fitted.m) < 1e-6,
                     qPrintable(QString("%1: b=%2 m=%3").arg(c.name).arg(first.params.b, 0, 'g', 10).arg(first.params.m, 0, 'g', 10)));
            QVERIFY(fitRms(c.kind, model.moments(), c.fitted, s) - first.rms < 1e-9);
            const ApproximantParams d = defaultApproximantParams(c.kind, c.pressure);
            QVERIFY(d.b == c.fitted.b && d.m == c.fitted.m);
            qInfo("%s: b = %.6f, m = %.6f, rms = %.5f", c.name, first.params.b, first.params.m, first.rms);
        }
    }

    /// The papers' values on the same objective (91 samples). Acta prints (b, m) = (1.744, 0.674)
    /// for I(0,0) and (0.765, 0.452) for I(1,1): 6x and 14x the optimal rms for uniform pressure.
    /// Swapped, (0.674, 1.744) and (0.452, 0.765) (the pair Acta sec. 4 simulates with) are the
    /// optimum to 3 digits: rms within 3e-7 of the fit. JTAM Fig. 4's I(0,0) b = 1, m = 2 (chosen,
    /// not fitted; it makes (4.5) smooth) has 1.8x the optimal rms.
    void publishedValues()
    {
        const IntegralModel model(ContactShape::uniformCircle());
        const FitSamples s = sampleIntegralModel(model, 91);
        const ContactMoments& m = model.moments();
        const double fit00 = fitRms(ApproximantKind::I00, m, kFittedI00Uniform, s);
        const double fit11 = fitRms(ApproximantKind::I11, m, kFittedI11Uniform, s);
        const double printed00 = fitRms(ApproximantKind::I00, m, {1.744, 0.674}, s);
        const double printed11 = fitRms(ApproximantKind::I11, m, {0.765, 0.452}, s);
        const double swapped00 = fitRms(ApproximantKind::I00, m, {0.674, 1.744}, s);
        const double swapped11 = fitRms(ApproximantKind::I11, m, {0.452, 0.765}, s);
        const double jtam00 = fitRms(ApproximantKind::I00, m, {1.0, 2.0}, s);
        qInfo("uniform I00: fit %.5f, printed (1.744, 0.674) %.5f, swapped (0.674, 1.744) %.5f, JTAM (1, 2) %.5f", fit00, printed00,
              swapped00, jtam00);
        qInfo("uniform I11: fit %.5f, printed (0.765, 0.452) %.5f, swapped (0.452, 0.765) %.5f", fit11, printed11, swapped11);
        QVERIFY(printed00 > 5.0 * fit00 && printed11 > 10.0 * fit11);
        QVERIFY(swapped00 - fit00 < 1e-6 && swapped00 >= fit00);
        QVERIFY(swapped11 - fit11 < 1e-6 && swapped11 >= fit11);
        QVERIFY(jtam00 > 1.5 * fit00 && jtam00 < 2.0 * fit00);
        // The swapped pairs are the fitted values rounded to 3 decimals.
        QVERIFY(std::abs(kFittedI00Uniform.b - 0.674) < 6e-4 && std::abs(kFittedI00Uniform.m - 1.744) < 6e-4);
        QVERIFY(std::abs(kFittedI11Uniform.b - 0.452) < 6e-4 && std::abs(kFittedI11Uniform.m - 0.765) < 6e-4);
    }

    /// The optimum is a minimum of the stated objective: moving b or m by 1% raises the rms.
    void optimumIsMinimum()
    {
        for (const Case& c : kCases) {
            const IntegralModel model(c.pressure == PressureKind::Uniform ? ContactShape::uniformCircle() : ContactShape::hertzCircle());
            const FitSamples s = sampleIntegralModel(model, 91);
            const double best = fitRms(c.kind, model.moments(), c.fitted, s);
            for (double fb : {0.99, 1.01})
                QVERIFY(fitRms(c.kind, model.moments(), {c.fitted.b * fb, c.fitted.m}, s) > best);
            for (double fm : {0.99, 1.01})
                QVERIFY(fitRms(c.kind, model.moments(), {c.fitted.b, c.fitted.m * fm}, s) > best);
        }
    }
};

QTEST_APPLESS_MAIN(TestContactFit)
#include "test_contact_fit.moc"
