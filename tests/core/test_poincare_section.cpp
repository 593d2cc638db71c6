// Poincaré sections are located on the dense output: exact crossing times of x = cos t.
#include "analysis/extrema_detector.h"
#include "solvers/poincare_section.h"

#include <QTest>

#include <cmath>
#include <numbers>

namespace {
/// x'' + 2 zeta x' + x = cos(w t).
class ForcedOscillator final : public fl::SmoothOde {
public:
    int dimension() const override { return 2; }
    void rhs(double t, const double* y, double* d) const override
    {
        d[0] = y[1];
        d[1] = -y[0] - 2.0 * zeta * y[1] + std::cos(w * t);
    }
    void jacobian(double t, const double*, double* J, double* dt) const override
    {
        J[0] = 0.0; J[1] = 1.0; J[2] = -1.0; J[3] = -2.0 * zeta;
        dt[0] = 0.0;
        dt[1] = -w * std::sin(w * t);
    }
    double zeta = 0.0, w = 1.0;
};

std::vector<fl::SectionPoint> sectionOf(const fl::SmoothOde& ode, std::vector<double> y, double tEnd, const fl::PoincareSection& section)
{
    std::vector<fl::SectionPoint> points;
    std::vector<double> previous = y;
    fl::OdeIntegrationOptions o;
    o.tol = 1e-12;
    o.maxStep = 0.5;
    fl::integrateOde(ode, y, 0.0, tEnd, o, [&](const fl::StepView& s) {
        section.collect(s, previous, points);
        previous.assign(s.y1, s.y1 + ode.dimension());
        return true;
    });
    return points;
}
} // namespace

class TestPoincareSection : public QObject {
    Q_OBJECT
private slots:
    /// Free oscillator x = cos t: downward crossings of x = 0 at pi/2 + 2 pi k, with x' = -1.
    void hyperplaneCrossingsAreExact()
    {
        ForcedOscillator free;
        free.w = 0.0; // constant unit force: x = 1 + (x0 - 1) cos t
        const auto points = sectionOf(free, {3.0, 0.0}, 60.0, fl::PoincareSection::hyperplane(0, 1.0, -1));
        QCOMPARE(points.size(), size_t(10));
        for (size_t k = 0; k < points.size(); ++k) {
            QVERIFY(std::abs(points[k].t - (std::numbers::pi / 2 + 2 * std::numbers::pi * k)) < 1e-9);
            QVERIFY(std::abs(points[k].y[1] + 2.0) < 1e-9);
        }
        QCOMPARE(sectionOf(free, {3.0, 0.0}, 60.0, fl::PoincareSection::hyperplane(0, 1.0, 0)).size(), size_t(19));
    }

    /// x = 1 + 2 cos t, x' = -2 sin t: the plane x + x' = 1 (2 cos t = 2 sin t) falls at pi/4 + 2 pi k
    /// and rises at 5 pi/4 + 2 pi k; a plane through t, x - 0.05 t = 1, is met where the points say.
    void planeCrossingsAreExact()
    {
        ForcedOscillator free;
        free.w = 0.0;
        const auto down = sectionOf(free, {3.0, 0.0}, 60.0, fl::PoincareSection::plane({1.0, 1.0}, 0.0, 1.0, -1));
        const auto up = sectionOf(free, {3.0, 0.0}, 60.0, fl::PoincareSection::plane({1.0, 1.0}, 0.0, 1.0, 1));
        QCOMPARE(down.size(), size_t(10));
        QCOMPARE(up.size(), size_t(9));
        double worst = 0.0;
        for (size_t k = 0; k < down.size(); ++k)
            worst = std::max(worst, std::abs(down[k].t - (std::numbers::pi / 4 + 2 * std::numbers::pi * k)));
        for (size_t k = 0; k < up.size(); ++k)
            worst = std::max(worst, std::abs(up[k].t - (5 * std::numbers::pi / 4 + 2 * std::numbers::pi * k)));
        qInfo("plane x + x' = 1: max |t - closed form| = %.3g", worst);
        QVERIFY(worst < 1e-9);
        const auto moving = sectionOf(free, {3.0, 0.0}, 60.0, fl::PoincareSection::plane({1.0}, -0.05, 1.0, 0));
        QVERIFY(moving.size() >= 10);
        for (const fl::SectionPoint& p : moving)
            QVERIFY(std::abs(p.y[0] - 0.05 * p.t - 1.0) < 1e-9);
        // One variable and no t is the hyperplane: -2 x' = 1 rising is x' = -0.5 falling.
        const fl::PoincareSection one = fl::PoincareSection::plane({0.0, -2.0}, 0.0, 1.0, 1);
        QCOMPARE(one.variable(), 1);
        QCOMPARE(one.level(), -0.5);
        QCOMPARE(one.direction(), -1);
        QCOMPARE(fl::sectionDefinitionText(fl::PoincareSection::plane({1.0, -1.0, 0.0, 2.5}, 0.0, 0.5, 1), {"x1", "dx1", "x2", "dx2"}),
                 std::string("x1 - dx1 + 2.5*dx2 = 0.5 upward"));
        QCOMPARE(fl::sectionDefinitionText(fl::PoincareSection::plane({-1.0}, 0.1, 0.0, -1), {"x"}), std::string("-x + 0.1*t = 0 downward"));
    }

    /// Maxima of x = 1 + 2 cos t are found on the dense output: t = 2 pi k, x = 3, to 1e-9.
    void maximaAreExact()
    {
        ForcedOscillator free;
        free.w = 0.0;
        std::vector<double> y = {3.0, 0.0};
        fl::MaximaDetector detector(0, 2);
        std::vector<fl::SectionPoint> maxima;
        fl::OdeIntegrationOptions o;
        o.tol = 1e-12;
        o.maxStep = 0.5;
        fl::integrateOde(free, y, 0.0, 40.0, o, [&](const fl::StepView& s) {
            detector.collect(s, maxima);
            return true;
        });
        QCOMPARE(maxima.size(), size_t(6));
        for (size_t k = 0; k < maxima.size(); ++k) {
            QVERIFY2(std::abs(maxima[k].t - 2 * std::numbers::pi * (k + 1)) < 1e-7, qPrintable(QString::number(maxima[k].t, 'g', 17)));
            QVERIFY(std::abs(maxima[k].y[0] - 3.0) < 1e-10);
        }
    }

    /// Damped forced oscillator (zeta = 0.2, w = 1): after the transient the stroboscopic points
    /// collapse onto the steady state x = sin(t)/(2 zeta) sampled at t = 2 pi k: (0, 1/(2 zeta)).
    void stroboscopicCollapsesToPeriodicOrbit()
    {
        ForcedOscillator forced;
        forced.zeta = 0.2;
        const auto points = sectionOf(forced, {0.0, 0.0}, 200.0, fl::PoincareSection::stroboscopic(2 * std::numbers::pi));
        QCOMPARE(points.size(), size_t(31));
        const auto& last = points.back();
        QVERIFY(std::abs(last.t - 31 * 2 * std::numbers::pi) < 1e-12);
        QVERIFY(std::abs(last.y[0]) < 1e-8);
        QVERIFY(std::abs(last.y[1] - 2.5) < 1e-8);
    }
};

QTEST_APPLESS_MAIN(TestPoincareSection)
#include "test_poincare_section.moc"
