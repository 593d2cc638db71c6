// Approximants I(0,0) (JTAM (3.4)-(3.5), Acta Mech (2)) and I(1,1) (Acta Mech (3)).
#include "contact/approximant_fit.h"
#include "contact/approximants.h"
#include "contact/integral_model.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace fl::contact;

namespace {

constexpr double kPi = std::numbers::pi;

double maxDiff(const FrictionLoad& a, const FrictionLoad& b)
{
    return std::max({std::abs(a.tx - b.tx), std::abs(a.ty - b.ty), std::abs(a.m - b.m)});
}

// Acta Mech (2) and (3) written out as printed (uniform pressure, c = 2/3).
FrictionLoad actaI00(double b, double m, double vx, double vy, double w)
{
    const double d = std::pow(std::pow(vx * vx + vy * vy, m / 2) + std::pow(b, m) * std::pow(std::abs(w), m), 1 / m);
    return {vx / d, vy / d, 2.0 / 3.0 * b * w / d};
}
FrictionLoad actaI11(double b, double m, double vx, double vy, double w)
{
    const double v2 = vx * vx + vy * vy;
    const double d = std::pow(std::pow(v2, 3 * m / 2) + std::pow(b, m) * std::pow(std::abs(w), 3 * m), 1 / m);
    return {(v2 + b * w * w) * vx / d, (v2 + b * w * w) * vy / d, (2.0 / 3.0 * b * w * w * w + 0.25 * w * v2) / d};
}

} // namespace

class TestContactApproximants : public QObject {
    Q_OBJECT
private slots:
    /// The implementation is Acta (2) and (3) for uniform pressure (and JTAM (3.5) = Acta (2)).
    void matchPrintedFormulas()
    {
        const I00Coefficients c00 = I00Coefficients::fromMoments(circleMoments(PressureKind::Uniform));
        QVERIFY(std::abs(c00.c00m1 - 2.0 / 3.0) < 1e-16 && c00.c011 == 0.0 && c00.c100 == 0.0);
        const I11Coefficients c11 = I11Coefficients::fromMoments(circleMoments(PressureKind::Uniform));
        QVERIFY(std::abs(c11.kT - 1.0) < 1e-16 && std::abs(c11.c - 2.0 / 3.0) < 1e-16 && std::abs(c11.c2 - 0.25) < 1e-16);
        for (ApproximantParams p : {ApproximantParams{1.744, 0.674}, ApproximantParams{0.452, 0.765}, ApproximantParams{1.0, 2.0}}) {
            const ApproximantI00 a(I00Coefficients::circular(2.0 / 3.0), p);
            const ApproximantI11 b(I11Coefficients{}, p);
            for (auto q : {std::array{0.3, -0.2, 0.7}, std::array{1.0, 0.0, -0.1}, std::array{-0.01, 0.02, 2.0}}) {
                QVERIFY(maxDiff(a.load(q[0], q[1], q[2]), actaI00(p.b, p.m, q[0], q[1], q[2])) < 1e-14);
                QVERIFY(maxDiff(b.load(q[0], q[1], q[2]), actaI11(p.b, p.m, q[0], q[1], q[2])) < 1e-14);
            }
        }
    }

    /// Exact at pure translation and pure spin (JTAM (3.2) with i = 0), for any contact (I(0,0)
    /// with the shape's moments) and for circles (I(1,1)), whatever (b, m).
    void exactAtPureMotions()
    {
        for (const ContactShape& shape : {ContactShape::uniformCircle(), ContactShape::hertzCircle(),
                                          ContactShape::ellipse(2.0, 1.0, PressureKind::Hertz), ContactShape::rectangle(2.0, 1.0, 0.3, 0.1),
                                          ContactShape::polygon({{0.2, -0.3}, {1.4, 0.1}, {0.5, 0.9}})}) {
            const IntegralModel model(shape);
            for (ApproximantParams p : {ApproximantParams{0.7, 1.7}, ApproximantParams{2.0, 0.5}}) {
                const ApproximantI00 i00(I00Coefficients::fromMoments(model.moments()), p);
                for (auto q : {std::array{0.0, 0.0, 1.3}, std::array{0.0, 0.0, -0.2}, std::array{0.6, -0.8, 0.0}, std::array{-2.0, 0.0, 0.0}})
                    QVERIFY2(maxDiff(i00.load(q[0], q[1], q[2]), model.load(q[0], q[1], q[2])) < 1e-12, shape.description().c_str());
                if (shape.isCircularlySymmetric()) {
                    const ApproximantI11 i11(I11Coefficients::fromMoments(model.moments()), p);
                    for (auto q : {std::array{0.0, 0.0, 1.3}, std::array{0.0, 0.0, -0.2}, std::array{0.6, -0.8, 0.0}})
                        QVERIFY(maxDiff(i11.load(q[0], q[1], q[2]), model.load(q[0], q[1], q[2])) < 1e-12);
                }
            }
        }
    }

    /// Acta (4) with n1 = n2 = 1: I(1,1) also matches the first derivatives, dT_s/dv_s at pure spin
    /// and dM_s/domega_s at pure translation, so |F_I11 - F|/h -> 0 as the motion departs by h from
    /// either pure motion; for Hertz pressure only with kT = c001/2 = 3 pi/8 (I11Coefficients),
    /// not with Acta's uniform constants. I(0,0) matches values only: dT/h at pure spin tends to
    /// a non-zero constant.
    void firstDerivativesMatch()
    {
        for (const ContactShape& shape : {ContactShape::uniformCircle(), ContactShape::hertzCircle()}) {
            const IntegralModel model(shape);
            const PressureKind pk = shape.pressureKind();
            const ApproximantI11 i11(I11Coefficients::fromMoments(model.moments()), defaultApproximantParams(ApproximantKind::I11, pk));
            const ApproximantI00 i00(I00Coefficients::fromMoments(model.moments()), defaultApproximantParams(ApproximantKind::I00, pk));
            for (double h : {1e-3, 1e-4}) {
                const double spin = maxDiff(i11.load(h, 0.0, 1.0), model.load(h, 0.0, 1.0)) / h;
                const double translation = maxDiff(i11.load(1.0, 0.0, h), model.load(1.0, 0.0, h)) / h;
                QVERIFY2(spin < 10.0 * h && translation < 10.0 * h, qPrintable(QString("%1 %2").arg(spin).arg(translation)));
                QVERIFY(std::abs(i00.load(h, 0.0, 1.0).tx - model.load(h, 0.0, 1.0).tx) / h > 0.4);
            }
        }
        const IntegralModel hertz(ContactShape::hertzCircle());
        const ApproximantI11 actaConstants(I11Coefficients{}, kFittedI11Hertz);
        const double h = 1e-4;
        const double slopeError = (actaConstants.load(h, 0.0, 1.0).tx - hertz.load(h, 0.0, 1.0).tx) / h;
        QVERIFY(std::abs(slopeError - (1.0 - 3.0 * kPi / 8.0)) < 1e-3);
        const I11Coefficients hc = I11Coefficients::fromMoments(hertz.moments());
        QVERIFY(std::abs(hc.kT - 3 * kPi / 8) < 1e-12 && std::abs(hc.c - 3 * kPi / 16) < 1e-12 && std::abs(hc.c2 - 0.2) < 1e-12);
    }

    /// With m = 2 the I(0,0) limit surface is the ellipsoid T^2 + (M/c)^2 = 1 (any b).
    void m2IsEllipsoid()
    {
        const ApproximantI00 a(I00Coefficients::circular(2.0 / 3.0), {1.0, 2.0});
        for (double theta = -1.5; theta < 1.6; theta += 0.25) {
            const FrictionLoad f = a.loadAt(theta, 0.4);
            QVERIFY(std::abs(f.tx * f.tx + f.ty * f.ty + std::pow(1.5 * f.m, 2) - 1.0) < 1e-14);
        }
    }

    /// Homogeneous of degree 0, odd, zero at rest, no overflow at extreme scales.
    void homogeneousAndRobust()
    {
        const ApproximantI00 a(I00Coefficients::circular(2.0 / 3.0), kFittedI00Uniform);
        const ApproximantI11 b(I11Coefficients{}, kFittedI11Uniform);
        for (const ContactModel* model : {static_cast<const ContactModel*>(&a), static_cast<const ContactModel*>(&b)}) {
            const FrictionLoad f = model->load(0.3, -0.4, 0.5);
            for (double s : {1e-200, 1e-5, 1e5, 1e200})
                QVERIFY(maxDiff(f, model->load(0.3 * s, -0.4 * s, 0.5 * s)) < 1e-14);
            const FrictionLoad g = model->load(-0.3, 0.4, -0.5);
            QVERIFY(maxDiff(f, {-g.tx, -g.ty, -g.m}) < 1e-16);
            QVERIFY(maxDiff(model->load(0.0, 0.0, 0.0), {}) == 0.0);
        }
    }
};

QTEST_APPLESS_MAIN(TestContactApproximants)
#include "test_contact_approximants.moc"
