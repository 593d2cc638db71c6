// The integral Coulomb-Contensou model (JTAM (2.2), Acta Mech (1)): exact limits, symmetries, and
// accuracy against an independent Cartesian quadrature.
#include "contact/integral_model.h"

#include <QTest>

#include <boost/math/quadrature/tanh_sinh.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

using namespace fl::contact;

namespace {

constexpr double kPi = std::numbers::pi;

ContactShape lShape() { return ContactShape::polygon({{-1, -1}, {1, -1}, {1, 0}, {0, 0}, {0, 1}, {-1, 1}}); }
ContactShape triangle() { return ContactShape::polygon({{0.2, -0.3}, {1.4, 0.1}, {0.5, 0.9}}); }

std::vector<ContactShape> allShapes()
{
    return {ContactShape::uniformCircle(), ContactShape::hertzCircle(), ContactShape::ellipse(2.0, 1.0, PressureKind::Hertz),
            ContactShape::ellipse(1.5, 0.6, PressureKind::Uniform), ContactShape::rectangle(2.0, 1.0, 0.3, 0.1), triangle(), lShape()};
}

double maxDiff(const FrictionLoad& a, const FrictionLoad& b)
{
    return std::max({std::abs(a.tx - b.tx), std::abs(a.ty - b.ty), std::abs(a.m - b.m)});
}

/// Independent reference: JTAM (2.2) in Cartesian coordinates, nested tanh-sinh quadrature
/// (Boost) over the rows of the contact, split at the centre of rotation (x0, y0) and at the
/// polygon's vertex heights. Shares no code with the library but ContactShape's geometry.
class CartesianReference {
public:
    CartesianReference(const ContactShape& s) : m_s(s) {}

    FrictionLoad load(double vx, double vy, double w) const
    {
        return {integrate(vx, vy, w, 0), integrate(vx, vy, w, 1), integrate(vx, vy, w, 2)};
    }

private:
    std::vector<std::pair<double, double>> row(double y) const
    {
        std::vector<std::pair<double, double>> out;
        if (m_s.kind() == ShapeKind::Ellipse) {
            const double q = 1.0 - y * y / (m_s.semiAxisB() * m_s.semiAxisB());
            if (q > 0)
                out.push_back({-m_s.semiAxisA() * std::sqrt(q), m_s.semiAxisA() * std::sqrt(q)});
            return out;
        }
        std::vector<double> xs;
        const auto& v = m_s.vertices();
        for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++)
            if ((v[i].y() > y) != (v[j].y() > y))
                xs.push_back(v[i].x() + (y - v[i].y()) * (v[j].x() - v[i].x()) / (v[j].y() - v[i].y()));
        std::sort(xs.begin(), xs.end());
        for (std::size_t k = 0; k + 1 < xs.size(); k += 2)
            out.push_back({xs[k], xs[k + 1]});
        return out;
    }

    double integrand(double x, double y, double vx, double vy, double w, int component) const
    {
        const double px = vx - w * y, py = vy + w * x, n = std::hypot(px, py);
        if (n == 0.0)
            return 0.0;
        double sigma = m_s.pressureScale();
        if (m_s.pressureKind() == PressureKind::Hertz) {
            const double a = m_s.semiAxisA(), b = m_s.semiAxisB();
            sigma *= std::sqrt(std::max(0.0, 1.0 - x * x / (a * a) - y * y / (b * b)));
        }
        const double f = component == 0 ? px : component == 1 ? py : x * py - y * px;
        return sigma * f / n;
    }

    double integrate(double vx, double vy, double w, int component) const
    {
        boost::math::quadrature::tanh_sinh<double> ts(15);
        const double x0 = -vy / w, y0 = vx / w;
        auto inner = [&](double y, double) {
            double total = 0.0;
            for (auto [a, b] : row(y)) {
                std::vector<double> br{a};
                if (x0 > a && x0 < b)
                    br.push_back(x0);
                br.push_back(b);
                for (std::size_t i = 0; i + 1 < br.size(); ++i)
                    total += ts.integrate([&](double x, double) { return integrand(x, y, vx, vy, w, component); }, br[i], br[i + 1], 1e-12);
            }
            return total;
        };
        std::vector<double> br;
        if (m_s.kind() == ShapeKind::Ellipse)
            br = {-m_s.semiAxisB(), m_s.semiAxisB()};
        else
            for (const auto& v : m_s.vertices())
                br.push_back(v.y());
        std::sort(br.begin(), br.end());
        const double lo = br.front(), hi = br.back();
        if (y0 > lo && y0 < hi)
            br.push_back(y0);
        std::sort(br.begin(), br.end());
        br.erase(std::unique(br.begin(), br.end()), br.end());
        double total = 0.0;
        for (std::size_t i = 0; i + 1 < br.size(); ++i)
            total += ts.integrate(inner, br[i], br[i + 1], 1e-12);
        return total;
    }

    ContactShape m_s;
};

} // namespace

class TestContactIntegral : public QObject {
    Q_OBJECT
private slots:
    /// Pure spin: T_s = sgn(w) (-c011, c101), M_s = sgn(w) c00m1; for circles T = 0 and
    /// M = 2/3 (uniform), 3 pi/16 (Hertz) exactly.
    void pureSpin()
    {
        for (double w : {1.0, -2.5}) {
            const double s = w > 0 ? 1.0 : -1.0;
            const FrictionLoad u = IntegralModel(ContactShape::uniformCircle()).load(0.0, 0.0, w);
            QVERIFY(maxDiff(u, {0.0, 0.0, s * 2.0 / 3.0}) < 1e-14);
            const FrictionLoad h = IntegralModel(ContactShape::hertzCircle()).load(0.0, 0.0, w);
            QVERIFY(maxDiff(h, {0.0, 0.0, s * 3.0 * kPi / 16.0}) < 1e-14);
            for (const ContactShape& shape : allShapes()) {
                const IntegralModel model(shape);
                const ContactMoments& c = model.moments();
                QVERIFY2(maxDiff(model.load(0.0, 0.0, w), {-s * c.c011, s * c.c101, s * c.c00m1}) < 1e-12,
                         shape.description().c_str());
            }
        }
    }

    /// Centre of rotation on the rim of the unit disc (theta = pi/4, phi = 0): in polar
    /// coordinates about the rim point the chord is 2 cos(beta), which gives |T| = 8/(3 pi),
    /// M = 8/(9 pi) (uniform) and |T| = 9 pi/32, M = 9 pi/128 (Hertz), with T along v_s.
    void rimClosedForms()
    {
        const IntegralModel u(ContactShape::uniformCircle()), h(ContactShape::hertzCircle());
        for (double phi : {0.0, 0.7, -2.0}) {
            for (double sign : {1.0, -1.0}) {
                const double theta = sign * kPi / 4;
                const FrictionLoad fu = u.loadAt(theta, phi), fh = h.loadAt(theta, phi);
                QVERIFY(maxDiff(fu, {8 / (3 * kPi) * std::cos(phi), 8 / (3 * kPi) * std::sin(phi), sign * 8 / (9 * kPi)}) < 1e-13);
                QVERIFY(maxDiff(fh, {9 * kPi / 32 * std::cos(phi), 9 * kPi / 32 * std::sin(phi), sign * 9 * kPi / 128}) < 1e-13);
            }
        }
    }

    /// Pure translation: T_s = v_s/|v_s|, M_s = (c100 v_sy - c010 v_sx)/|v_s| (the moment of the
    /// pressure; 0 for symmetric pressure). Reached through the polar quadrature with the centre of
    /// rotation far away: at theta -> 0 along x, T_sx = 1 - O(theta^2), T_sy = c100 theta + O(theta^2),
    /// M_s = -c010 + c200 theta + O(theta^2) (d/domega of v_P/|v_P| is (0, x)/v_s).
    void nearPureTranslation()
    {
        for (const ContactShape& shape : allShapes()) {
            const IntegralModel model(shape);
            const ContactMoments& c = model.moments();
            QVERIFY(maxDiff(model.load(0.0, 0.0, 0.0), {}) == 0.0); // at rest: no direction, zero
            QVERIFY(maxDiff(model.load(2.0, 0.0, 0.0), {1.0, 0.0, -c.c010}) < 1e-15);
            QVERIFY(maxDiff(model.load(0.0, -3.0, 0.0), {0.0, -1.0, -c.c100}) < 1e-15);
            for (double theta : {1e-3, 1e-5, 1e-8}) {
                const FrictionLoad f = model.loadAt(theta, 0.0);
                const FrictionLoad linear{1.0, c.c100 * theta, -c.c010 + c.c200 * theta};
                QVERIFY2(maxDiff(f, linear) < 2.0 * theta * theta + 1e-13,
                         qPrintable(QString("%1 theta=%2 diff=%3").arg(shape.description().c_str()).arg(theta).arg(maxDiff(f, linear))));
            }
        }
    }

    /// Symmetries: odd (F(-q) = -F(q)), homogeneous of degree 0, |T| <= 1 and |M| <= c00m1;
    /// circles: rotation (F(theta, phi) = R(phi) F(theta, 0)) and T_sx even, M_s odd in theta;
    /// centred ellipses: mirror y -> -y maps (v_sx, v_sy, w) -> (v_sx, -v_sy, -w) and
    /// (T_sx, T_sy, M_s) -> (T_sx, -T_sy, -M_s).
    void symmetries()
    {
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> U(-1.0, 1.0);
        for (const ContactShape& shape : allShapes()) {
            const IntegralModel model(shape);
            for (int i = 0; i < 50; ++i) {
                const double vx = U(rng), vy = U(rng), w = U(rng);
                const FrictionLoad f = model.load(vx, vy, w), g = model.load(-vx, -vy, -w);
                QVERIFY(maxDiff(f, {-g.tx, -g.ty, -g.m}) < 1e-13);
                QVERIFY(maxDiff(f, model.load(1e6 * vx, 1e6 * vy, 1e6 * w)) < 1e-13);
                QVERIFY(maxDiff(f, model.load(1e-6 * vx, 1e-6 * vy, 1e-6 * w)) < 1e-13);
                QVERIFY(std::hypot(f.tx, f.ty) <= 1.0 + 1e-13 && std::abs(f.m) <= model.moments().c00m1 + 1e-13);
                if (shape.kind() == ShapeKind::Ellipse) {
                    const FrictionLoad mirror = model.load(vx, -vy, -w);
                    QVERIFY(maxDiff(f, {mirror.tx, -mirror.ty, -mirror.m}) < 1e-13);
                }
            }
        }
        for (const ContactShape& circle : {ContactShape::uniformCircle(), ContactShape::hertzCircle()}) {
            const IntegralModel model(circle);
            for (double theta : {-1.2, -0.3, 0.2, 0.7853981633974483, 1.0, 1.5}) {
                const FrictionLoad base = model.loadAt(theta, 0.0);
                QVERIFY(std::abs(base.ty) < 1e-14);
                const FrictionLoad back = model.loadAt(-theta, 0.0);
                QVERIFY(std::abs(base.tx - back.tx) < 1e-13 && std::abs(base.m + back.m) < 1e-13);
                for (double phi : {0.4, 2.0, -1.0}) {
                    const FrictionLoad r = model.loadAt(theta, phi);
                    QVERIFY(maxDiff(r, {base.tx * std::cos(phi), base.tx * std::sin(phi), base.m}) < 1e-13);
                }
            }
        }
    }

    /// Against the independent Cartesian quadrature: centre of rotation inside, on the rim (1e-7
    /// away), outside near and far, and 1e-9 below a polygon vertex. Measured agreement ~1e-14.
    void agreesWithCartesianQuadrature()
    {
        const std::vector<std::array<double, 3>> motions = {{0.3, 0.2, 1.0}, {1.0, 0.0, 1.0000001}, {3.0, 1.0, 1.0}, {0.2, -0.4, -0.3}};
        double worst = 0.0;
        for (const ContactShape& shape : allShapes()) {
            const IntegralModel model(shape);
            const CartesianReference reference(shape);
            for (const auto& q : motions) {
                const double d = maxDiff(model.load(q[0], q[1], q[2]), reference.load(q[0], q[1], q[2]));
                worst = std::max(worst, d);
                QVERIFY2(d < 1e-12, qPrintable(QString("%1 (%2, %3, %4): %5").arg(shape.description().c_str()).arg(q[0]).arg(q[1]).arg(q[2]).arg(d)));
            }
        }
        // p0 = (0, 0.999999999) on the L-shape's edge x = 0, 1e-9 below its vertex (0, 1); p0 on
        // the extension of the rectangle's edge y = -0.4, 20 away (sector quadrature).
        const double d1 = maxDiff(IntegralModel(lShape()).load(0.999999999, 0.0, 1.0), CartesianReference(lShape()).load(0.999999999, 0.0, 1.0));
        const ContactShape rect = ContactShape::rectangle(2.0, 1.0, 0.3, 0.1);
        const double d2 = maxDiff(IntegralModel(rect).load(-0.4, -20.0, 1.0), CartesianReference(rect).load(-0.4, -20.0, 1.0));
        QVERIFY2(d1 < 1e-12 && d2 < 1e-12, qPrintable(QString("%1 %2").arg(d1).arg(d2)));
        qInfo("integral model vs Cartesian tanh-sinh reference: max |difference| = %.2e", std::max({worst, d1, d2}));
    }

    /// The default tolerance (1e-11) against 1e-15 over random directions, centres of rotation
    /// within 1e-16..1e-1 of the boundary (both sides) and 1 to 1e13 away. Asserted < 1e-10 (the
    /// brief's 1e-8 with margin); measured ~1.4e-11 (uniform ellipse, centre near the rim).
    void toleranceIsAchieved()
    {
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> U(-1.0, 1.0);
        double worst = 0.0;
        long rays = 0, count = 0;
        for (const ContactShape& shape : allShapes()) {
            const IntegralModel model(shape), tight(shape, 1e-15);
            auto check = [&](double vx, double vy, double w) {
                const IntegralModel::Evaluation e = model.evaluate(vx, vy, w);
                QVERIFY(e.converged);
                worst = std::max(worst, maxDiff(e.load, tight.load(vx, vy, w)));
                rays += e.evaluations;
                ++count;
            };
            for (int i = 0; i < 300; ++i)
                check(U(rng), U(rng), U(rng));
            for (int i = 0; i < 300; ++i) {
                const double delta = std::pow(10.0, -1.0 - 15.0 * std::abs(U(rng))) * (U(rng) > 0 ? 1.0 : -1.0);
                Eigen::Vector2d p;
                if (shape.kind() == ShapeKind::Ellipse) {
                    const double a = kPi * U(rng);
                    p = Eigen::Vector2d(shape.semiAxisA() * std::cos(a), shape.semiAxisB() * std::sin(a)) * (1.0 + delta);
                } else {
                    const auto& v = shape.vertices();
                    const std::size_t k = rng() % v.size();
                    const Eigen::Vector2d e = v[(k + 1) % v.size()] - v[k];
                    p = v[k] + 0.5 * (U(rng) + 1.0) * e + delta * Eigen::Vector2d(e.y(), -e.x());
                }
                check(p.y(), -p.x(), 1.0); // p0 = (-v_sy, v_sx)/w
            }
            for (int i = 0; i < 200; ++i) {
                const double r = std::pow(10.0, 13.0 * std::abs(U(rng))), a = kPi * U(rng);
                check(std::sin(a), -std::cos(a), (U(rng) > 0 ? 1.0 : -1.0) / r);
            }
        }
        qInfo("default tolerance: max |error| = %.2e over %ld directions, mean %.0f rays each", worst, count, double(rays) / count);
        QVERIFY2(worst < 1e-10, qPrintable(QString::number(worst)));
    }
};

QTEST_APPLESS_MAIN(TestContactIntegral)
#include "test_contact_integral.moc"
