#include "contact/integral_model.h"

#include "contact/adaptive_quadrature.h"
#include "contact/line_chords.h"
#include "contact/polygon_fan.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace fl::contact {

namespace {

constexpr double kPi = std::numbers::pi;
// Beyond |v_s| / |omega_s| > kFarRatio * size the centre of rotation is treated as at infinity:
// the neglected terms are O(size / R) < 1e-12.
constexpr double kFarRatio = 1e12;
// Polygons: closed-form fan while |p0 - centre| <= kFanRadii * bounding radius.
constexpr double kFanRadii = 8.0;

} // namespace

/// Polar frame about the centre of rotation p0 = -R d: direction u(beta) = cos(beta) d + sin(beta) dp
/// (beta = 0 points from p0 to A), so the ray's line has offset l = p0 × u = -R sin(beta) and its
/// origin sits at s = p0 . u = -R cos(beta), both without cancellation.
struct detail::PolarFrame {
    Eigen::Vector2d p0;
    Eigen::Vector2d d;
    Eigen::Vector2d dp;
    double r = 0.0;
    double sign = 1.0;

    Eigen::Vector2d direction(double beta) const { return std::cos(beta) * d + std::sin(beta) * dp; }
    double angleOf(const Eigen::Vector2d& w) const { return std::atan2(dp.dot(w), d.dot(w)); }
};

namespace {

using Frame = detail::PolarFrame;

// (u_perp a1, am) of the ray at angle beta: the integrand of (T_sx, T_sy, M_s) / sgn(omega).
Eigen::Vector3d rayIntegrand(const ContactShape& shape, const Frame& f, double beta)
{
    const double cb = std::cos(beta), sb = std::sin(beta);
    const double ux = cb * f.d.x() + sb * f.dp.x(), uy = cb * f.d.y() + sb * f.dp.y();
    const double sp = -f.r * cb;
    ChordList chords;
    lineChords(shape, ux, uy, -f.r * sb, chords);
    double a1 = 0.0, am = 0.0;
    for (const Chord& c : chords) {
        const RayIntegrals ri = rayIntegrals(c, sp);
        a1 += ri.a1;
        am += ri.am;
    }
    return {-uy * a1, ux * a1, am};
}

IntegralModel::Evaluation finish(const QuadratureResult<3>& q, double sign)
{
    IntegralModel::Evaluation e;
    e.load = {sign * q.value[0], sign * q.value[1], sign * q.value[2]};
    e.errorEstimate = q.errorEstimate;
    e.evaluations = q.evaluations;
    e.converged = q.converged;
    return e;
}

} // namespace

IntegralModel::IntegralModel(const ContactShape& shape, double absTolerance)
    : m_shape(shape), m_moments(computeMoments(shape)), m_tolerance(absTolerance)
{
    if (shape.kind() == ShapeKind::Polygon && !shape.vertices().empty()) {
        for (const Eigen::Vector2d& v : shape.vertices())
            m_polygonCentre += v / double(shape.vertices().size());
        for (const Eigen::Vector2d& v : shape.vertices())
            m_polygonRadius = std::max(m_polygonRadius, (v - m_polygonCentre).norm());
    }
}

FrictionLoad IntegralModel::load(double vsx, double vsy, double omegaS) const { return evaluate(vsx, vsy, omegaS).load; }

IntegralModel::Evaluation IntegralModel::evaluate(double vsx, double vsy, double omegaS) const
{
    const double v = std::hypot(vsx, vsy);
    if (omegaS == 0.0 || v > kFarRatio * std::abs(omegaS) * m_shape.outerRadius())
        return translation(vsx, vsy);
    detail::PolarFrame f;
    f.sign = omegaS > 0.0 ? 1.0 : -1.0;
    f.p0 = {-vsy / omegaS, vsx / omegaS};
    f.r = v / std::abs(omegaS);
    f.d = v > 0.0 ? Eigen::Vector2d(f.sign * vsy / v, -f.sign * vsx / v) : Eigen::Vector2d(1.0, 0.0);
    f.dp = {-f.d.y(), f.d.x()};
    if (m_shape.kind() == ShapeKind::Polygon) {
        // The fan's terms grow like (|p0| / size)^2 and cancel: closed form near, quadrature far.
        if ((f.p0 - m_polygonCentre).norm() > kFanRadii * m_polygonRadius)
            return polygonSectors(f);
        Evaluation e;
        e.load = polygonFanLoad(m_shape, f.p0, f.sign);
        return e;
    }
    const double a = m_shape.semiAxisA(), b = m_shape.semiAxisB();
    const bool inside = b * b * f.p0.x() * f.p0.x() + a * a * f.p0.y() * f.p0.y() <= a * a * b * b;
    return inside ? ellipseInside(f) : ellipseOutside(f);
}

IntegralModel::Evaluation IntegralModel::translation(double vsx, double vsy) const
{
    Evaluation e;
    const double v = std::hypot(vsx, vsy);
    if (v == 0.0)
        return e;
    e.load = {vsx / v, vsy / v, (m_moments.c100 * vsy - m_moments.c010 * vsx) / v};
    return e;
}

IntegralModel::Evaluation IntegralModel::ellipseInside(const detail::PolarFrame& f) const
{
    // The chord through p0 is shortest along the eigenvector of the smallest eigenvalue of
    // Q - rot(p0) rot(p0)^T (its discriminant as a quadratic form in u); near the rim the ray
    // lengths vary sharply there, so split at both of its directions.
    const double a = m_shape.semiAxisA(), b = m_shape.semiAxisB();
    const double x0 = f.p0.x(), y0 = f.p0.y();
    const double m00 = b * b - y0 * y0, m11 = a * a - x0 * x0, m01 = x0 * y0;
    const double major = 0.5 * std::atan2(2.0 * m01, m00 - m11);
    const double minor = major + 0.5 * kPi;
    const double start = f.angleOf({std::cos(minor), std::sin(minor)});
    const double breaks[3] = {start, start + kPi, start + 2.0 * kPi};
    auto g = [&](double beta) { return rayIntegrand(m_shape, f, beta); };
    return finish(integrateAdaptive<3>(g, breaks, 3, m_tolerance), f.sign);
}

IntegralModel::Evaluation IntegralModel::ellipseOutside(const detail::PolarFrame& f) const
{
    // The rays that meet the ellipse fill the cone where Q(u) - R^2 sin^2(beta) > 0, i.e.
    // Qdd cos^2 + 2 Qdp cos sin + (Qpp - R^2) sin^2 > 0 (Q = diag(b^2, a^2)); its edges solve
    // cot(beta) = (-Qdp +- S)/Qdd with S = sqrt(Qdd R^2 - a^2 b^2).
    const double a = m_shape.semiAxisA(), b = m_shape.semiAxisB();
    auto qform = [a, b](const Eigen::Vector2d& x, const Eigen::Vector2d& y) { return b * b * x.x() * y.x() + a * a * x.y() * y.y(); };
    const double qdd = qform(f.d, f.d), qdp = qform(f.d, f.dp);
    const double s = std::sqrt(std::max(0.0, qdd * f.r * f.r - a * a * b * b));
    const double betaPlus = std::atan2(1.0, (-qdp + s) / qdd);
    const double betaMinus = std::atan2(-1.0, (qdp + s) / qdd);
    // beta = mid - half cos(psi): the chord length ~ sqrt(beta - edge) becomes smooth in psi.
    const double mid = 0.5 * (betaPlus + betaMinus), half = 0.5 * (betaPlus - betaMinus);
    auto g = [&](double psi) -> Eigen::Vector3d {
        return half * std::sin(psi) * rayIntegrand(m_shape, f, mid - half * std::cos(psi));
    };
    const double breaks[2] = {0.0, kPi};
    return finish(integrateAdaptive<3>(g, breaks, 2, m_tolerance), f.sign);
}

IntegralModel::Evaluation IntegralModel::polygonSectors(const detail::PolarFrame& f) const
{
    // Between two consecutive vertex directions the ray crosses a fixed set of edges and the
    // integrand is smooth (p0 is far, so no ray length has a nearby pole); sectors whose rays miss
    // the polygon are skipped.
    std::vector<double> angles;
    const double scale = 1e-14 * (f.r + m_shape.outerRadius());
    for (const Eigen::Vector2d& vertex : m_shape.vertices()) {
        const Eigen::Vector2d w = vertex - f.p0;
        if (w.norm() > scale) // d . (V - p0) = d . V + R and dp . (V - p0) = dp . V: no cancellation
            angles.push_back(std::atan2(f.dp.dot(vertex), f.d.dot(vertex) + f.r));
    }
    std::sort(angles.begin(), angles.end());
    if (angles.empty())
        return {};
    angles.push_back(angles.front() + 2.0 * kPi);
    auto g = [&](double beta) { return rayIntegrand(m_shape, f, beta); };
    Evaluation total;
    total.converged = true;
    const double tolerance = m_tolerance / double(angles.size() - 1);
    for (std::size_t i = 0; i + 1 < angles.size(); ++i) {
        if (!(angles[i + 1] > angles[i]) || g(0.5 * (angles[i] + angles[i + 1])).isZero(0.0))
            continue;
        const Evaluation part = finish(integrateAdaptive<3>(g, &angles[i], 2, tolerance), f.sign);
        total.load.tx += part.load.tx;
        total.load.ty += part.load.ty;
        total.load.m += part.load.m;
        total.errorEstimate += part.errorEstimate;
        total.evaluations += part.evaluations + 1;
        total.converged = total.converged && part.converged;
    }
    return total;
}

} // namespace fl::contact
