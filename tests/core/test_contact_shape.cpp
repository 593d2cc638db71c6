// Contact shapes, pressures (integral 1) and the moments c_{i,j,k} of JTAM (3.4).
#include "contact/contact_moments.h"
#include "contact/contact_shape.h"
#include "contact/line_chords.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace fl::contact;

namespace {

constexpr double kPi = std::numbers::pi;

/// ∬ f sigma by a plain midpoint rule on an n x n grid over [-L, L]^2 (independent of the
/// polar machinery; error O(h) at the boundary).
template <class F>
double gridIntegral(const ContactShape& s, double L, int n, F f)
{
    const double h = 2.0 * L / n;
    double sum = 0.0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const double x = -L + (i + 0.5) * h, y = -L + (j + 0.5) * h;
            sum += s.pressure(x, y) * f(x, y);
        }
    return sum * h * h;
}

ContactShape lShape() { return ContactShape::polygon({{-1, -1}, {1, -1}, {1, 0}, {0, 0}, {0, 1}, {-1, 1}}); }

} // namespace

class TestContactShape : public QObject {
    Q_OBJECT
private slots:
    /// The pressures integrate to 1: c000 by polar quadrature to 1e-13, and a 2000^2 grid to 2e-3.
    void pressureIsNormalised()
    {
        for (const ContactShape& s : {ContactShape::uniformCircle(), ContactShape::hertzCircle(),
                                      ContactShape::ellipse(2.0, 0.5, PressureKind::Hertz),
                                      ContactShape::ellipse(1.5, 0.6, PressureKind::Uniform),
                                      ContactShape::rectangle(2.0, 1.0, 0.3, 0.1), lShape()}) {
            QVERIFY2(s.validate().ok(), s.validate().message().c_str());
            QVERIFY2(std::abs(computeMoments(s).c000 - 1.0) < 1e-13, s.description().c_str());
            const double grid = gridIntegral(s, s.outerRadius(), 2000, [](double, double) { return 1.0; });
            QVERIFY2(std::abs(grid - 1.0) < 2e-3, qPrintable(QString::number(grid)));
        }
        QCOMPARE(ContactShape::uniformCircle().pressure(0.3, 0.4), 1.0 / kPi);
        QVERIFY(std::abs(ContactShape::hertzCircle().pressure(0.6, 0.0) - 1.5 / kPi * 0.8) < 1e-15);
        QCOMPARE(ContactShape::hertzCircle().pressure(0.8, 0.8), 0.0);
    }

    /// Closed-form moments of the circles: c001 = 2, 3 pi/4; c00m1 = 2/3, 3 pi/16; c200 = 1/4, 1/5.
    void circleMomentsExact()
    {
        for (PressureKind p : {PressureKind::Uniform, PressureKind::Hertz}) {
            const ContactMoments q = computeMoments(ContactShape::ellipse(1.0, 1.0, p));
            const ContactMoments e = circleMoments(p);
            QVERIFY(std::abs(q.c001 - e.c001) < 1e-13);
            QVERIFY(std::abs(q.c00m1 - e.c00m1) < 1e-13);
            QVERIFY(std::abs(q.c200 - e.c200) < 1e-13);
            QVERIFY(std::abs(q.c020 - e.c020) < 1e-13);
            for (double odd : {q.c011, q.c101, q.c100, q.c010, q.c110})
                QVERIFY(std::abs(odd) < 1e-14);
        }
        QVERIFY(std::abs(circleMoments(PressureKind::Uniform).c00m1 - 2.0 / 3.0) < 1e-16);
        QVERIFY(std::abs(circleMoments(PressureKind::Hertz).c00m1 - 3.0 * kPi / 16.0) < 1e-16);
    }

    /// Ellipses: c200 = a^2/4 (uniform), a^2/5 (Hertz); c020 likewise with b.
    void ellipseMoments()
    {
        const ContactMoments u = computeMoments(ContactShape::ellipse(2.0, 0.5, PressureKind::Uniform));
        QVERIFY(std::abs(u.c200 - 1.0) < 1e-13 && std::abs(u.c020 - 0.0625) < 1e-13);
        const ContactMoments h = computeMoments(ContactShape::ellipse(2.0, 0.5, PressureKind::Hertz));
        QVERIFY(std::abs(h.c200 - 0.8) < 1e-13 && std::abs(h.c020 - 0.05) < 1e-13);
        // c00m1 of the ellipse against a fine grid (the polar rule is exact to 1e-13).
        const double grid = gridIntegral(ContactShape::ellipse(2.0, 0.5, PressureKind::Hertz), 2.0, 3000,
                                         [](double x, double y) { return std::hypot(x, y); });
        QVERIFY2(std::abs(grid - h.c00m1) < 1e-4, qPrintable(QString::number(grid - h.c00m1)));
    }

    /// Rectangle [x0 -+ w/2] x [y0 -+ h/2]: c100 = x0, c010 = y0, c200 = x0^2 + w^2/12, c110 = x0 y0;
    /// and c001 = ∬ sigma / r, c00m1 against the closed-form integrals of r and 1/r over rectangles.
    void polygonMoments()
    {
        const double w = 2.0, h = 1.0, x0 = 0.3, y0 = 0.1;
        const ContactMoments m = computeMoments(ContactShape::rectangle(w, h, x0, y0));
        QVERIFY(std::abs(m.c100 - x0) < 1e-13);
        QVERIFY(std::abs(m.c010 - y0) < 1e-13);
        QVERIFY(std::abs(m.c200 - (x0 * x0 + w * w / 12.0)) < 1e-13);
        QVERIFY(std::abs(m.c020 - (y0 * y0 + h * h / 12.0)) < 1e-13);
        QVERIFY(std::abs(m.c110 - x0 * y0) < 1e-13);
        // Over [0,X]x[0,Y]: ∬ 1/r = X asinh(Y/X) + Y asinh(X/Y) and
        // ∬ r = (2 X Y r + X^3 asinh(Y/X) + Y^3 asinh(X/Y)) / 6; extended oddly in X and Y, the
        // rectangle is the signed sum over its corners.
        auto inv = [](double X, double Y) { return X * std::asinh(Y / X) + Y * std::asinh(X / Y); };
        auto rInt = [](double X, double Y) {
            const double r = std::hypot(X, Y);
            return (2.0 * X * Y * r + X * X * X * std::asinh(Y / X) + Y * Y * Y * std::asinh(X / Y)) / 6.0;
        };
        const double xs[2] = {x0 - w / 2, x0 + w / 2}, ys[2] = {y0 - h / 2, y0 + h / 2};
        double c001 = 0.0, c00m1 = 0.0;
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                const double X = xs[i], Y = ys[j];
                const double sgn = (i == 1 ? 1.0 : -1.0) * (j == 1 ? 1.0 : -1.0) * (X < 0 ? -1.0 : 1.0) * (Y < 0 ? -1.0 : 1.0);
                c001 += sgn * inv(std::abs(X), std::abs(Y));
                c00m1 += sgn * rInt(std::abs(X), std::abs(Y));
            }
        QVERIFY2(std::abs(m.c001 - c001 / (w * h)) < 1e-12, qPrintable(QString::number(m.c001 - c001 / (w * h))));
        QVERIFY2(std::abs(m.c00m1 - c00m1 / (w * h)) < 1e-12, qPrintable(QString::number(m.c00m1 - c00m1 / (w * h))));
    }

    /// Vertex order does not matter; the L-shape (non-convex) moments against a grid.
    void orientationAndNonConvex()
    {
        const ContactMoments a = computeMoments(lShape());
        const ContactMoments b = computeMoments(ContactShape::polygon({{-1, 1}, {0, 1}, {0, 0}, {1, 0}, {1, -1}, {-1, -1}}));
        QVERIFY(std::abs(a.c00m1 - b.c00m1) < 1e-14 && std::abs(a.c100 - b.c100) < 1e-14);
        // L-shape of area 3: centroid (-1/6, -1/6).
        QVERIFY(std::abs(a.c100 + 1.0 / 6.0) < 1e-13 && std::abs(a.c010 + 1.0 / 6.0) < 1e-13);
        const double grid = gridIntegral(lShape(), 1.0, 2000, [](double x, double y) { return std::hypot(x, y); });
        QVERIFY(std::abs(grid - a.c00m1) < 1e-5);
    }

    /// validate() names the problem.
    void validation()
    {
        QVERIFY(!ContactShape::ellipse(0.0, 1.0, PressureKind::Uniform).validate().ok());
        QVERIFY(!ContactShape::ellipse(1.0, -2.0, PressureKind::Hertz).validate().ok());
        QVERIFY(!ContactShape::polygon({{0, 0}, {1, 0}}).validate().ok());
        QVERIFY(!ContactShape::polygon({{0, 0}, {1, 0}, {2, 0}}).validate().ok());
        QVERIFY(!ContactShape::polygon({{0, 0}, {1, 1}, {1, 0}, {0, 1}}).validate().ok()); // zero signed area
        const fl::Status bowtie = ContactShape::polygon({{0, 0}, {3, 0}, {0, 2}, {1, 2.5}}).validate();
        QVERIFY(!bowtie.ok());
        QVERIFY(QString::fromStdString(bowtie.message()).contains("simple"));
        QVERIFY(ContactShape::polygon({{0, 0}, {1, 0}, {0, 1}}).validate().ok());
        QVERIFY(ContactShape::uniformCircle().isCircularlySymmetric());
        QVERIFY(!ContactShape::ellipse(2.0, 1.0, PressureKind::Uniform).isCircularlySymmetric());
        QVERIFY(!ContactShape::rectangle(1, 1).isCircularlySymmetric());
    }

    /// Chords: the unit circle's chord at offset l is [-sqrt(1 - l^2), sqrt(1 - l^2)]; a ray from
    /// inside gives ∫ rho sigma = rho_max^2 / (2 pi); the L-shape's line y = 0.5 crosses it once,
    /// y = -0.5 once, and x = 0.5 (vertical) over [-1, 0].
    void chords()
    {
        ChordList c;
        lineChords(ContactShape::uniformCircle(), 1.0, 0.0, -0.6, c); // x × u = l: y = 0.6
        QCOMPARE(int(c.size()), 1);
        QVERIFY(std::abs(c[0].s1 + 0.8) < 1e-15 && std::abs(c[0].s2 - 0.8) < 1e-15);
        const RayIntegrals r = rayIntegrals(c[0], 0.3);
        QVERIFY(std::abs(r.a1 - 0.25 / (2.0 * kPi)) < 1e-15);
        c.clear();
        lineChords(lShape(), 0.0, 1.0, 0.5, c); // x = 0.5
        QCOMPARE(int(c.size()), 1);
        QVERIFY(std::abs(c[0].s1 + 1.0) < 1e-15 && std::abs(c[0].s2) < 1e-15);
        c.clear();
        lineChords(ContactShape::hertzCircle(), 0.0, 1.0, 1.5, c);
        QVERIFY(c.empty());
        // A U-shape: the line y = 0.5 crosses it in two chords.
        c.clear();
        lineChords(ContactShape::polygon({{0, 0}, {3, 0}, {3, 1}, {2, 1}, {2, 0.2}, {1, 0.2}, {1, 1}, {0, 1}}), 1.0, 0.0, -0.5, c);
        QCOMPARE(int(c.size()), 2);
        QVERIFY(std::abs(c[0].s2 - 1.0) < 1e-15 && std::abs(c[1].s1 - 2.0) < 1e-15);
    }
};

QTEST_APPLESS_MAIN(TestContactShape)
#include "test_contact_shape.moc"
