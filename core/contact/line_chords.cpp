#include "contact/line_chords.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fl::contact {

namespace {

// G_k(t0) = ∫_{t0}^{1} t^k sqrt(1 - t^2) dt, k = 0..3, for t0 in [-1, 1].
std::array<double, 4> semicircleMoments(double t0)
{
    const double q = std::max(0.0, 1.0 - t0 * t0);
    const double sq = std::sqrt(q);
    const double as = std::asin(t0);
    constexpr double pi = std::numbers::pi;
    return {pi / 4.0 - 0.5 * (t0 * sq + as), q * sq / 3.0, pi / 16.0 - (as - t0 * sq * (1.0 - 2.0 * t0 * t0)) / 8.0,
            q * sq * (2.0 + 3.0 * t0 * t0) / 15.0};
}

void ellipseChords(const ContactShape& shape, double ux, double uy, double l, ChordList& out)
{
    const double a = shape.semiAxisA(), b = shape.semiAxisB();
    // Q(u) s^2 + 2 B s + Q(F) - a^2 b^2 = 0 on the line; by Lagrange's identity the discriminant
    // is a^2 b^2 (Q(u) - l^2) and the centre l ux uy (a^2 - b^2) / Q(u): no cancellation.
    const double qu = b * b * ux * ux + a * a * uy * uy;
    const double disc = qu - l * l;
    if (!(disc > 0.0))
        return;
    Chord c;
    c.halfWidth = a * b * std::sqrt(disc) / qu;
    c.centre = l * ux * uy * (a * a - b * b) / qu;
    c.s1 = c.centre - c.halfWidth;
    c.s2 = c.centre + c.halfWidth;
    c.hertz = shape.pressureKind() == PressureKind::Hertz;
    c.amplitude = c.hertz ? shape.pressureScale() * std::sqrt(qu) / (a * b) : shape.pressureScale();
    out.push_back(c);
}

void polygonChords(const ContactShape& shape, double ux, double uy, double l, ChordList& out)
{
    const auto& v = shape.vertices();
    const std::size_t n = v.size();
    if (n < 3)
        return;
    boost::container::small_vector<double, 16> crossings;
    // Side of vertex P: l - P × u (> 0 on one side); crossing parameters by linear interpolation of
    // s = P . u. The half-open test (side > 0) keeps the parity right when the line meets a vertex.
    double sidePrev = l - (v[n - 1].x() * uy - v[n - 1].y() * ux);
    double sPrev = v[n - 1].x() * ux + v[n - 1].y() * uy;
    for (std::size_t i = 0; i < n; ++i) {
        const double side = l - (v[i].x() * uy - v[i].y() * ux);
        const double s = v[i].x() * ux + v[i].y() * uy;
        if ((side > 0.0) != (sidePrev > 0.0)) {
            const double t = sidePrev / (sidePrev - side);
            crossings.push_back(sPrev + t * (s - sPrev));
        }
        sidePrev = side;
        sPrev = s;
    }
    std::sort(crossings.begin(), crossings.end());
    for (std::size_t k = 0; k + 1 < crossings.size(); k += 2) {
        Chord c;
        c.s1 = crossings[k];
        c.s2 = crossings[k + 1];
        c.centre = 0.5 * (c.s1 + c.s2);
        c.halfWidth = 0.5 * (c.s2 - c.s1);
        c.amplitude = shape.pressureScale();
        if (c.s2 > c.s1)
            out.push_back(c);
    }
}

} // namespace

void lineChords(const ContactShape& shape, double ux, double uy, double l, ChordList& out)
{
    if (shape.kind() == ShapeKind::Ellipse)
        ellipseChords(shape, ux, uy, l, out);
    else
        polygonChords(shape, ux, uy, l, out);
}

RayIntegrals rayIntegrals(const Chord& c, double sp)
{
    if (c.s2 <= sp)
        return {};
    if (!c.hertz) {
        const double lo = std::max(c.s1, sp), hi = c.s2, w = hi - lo;
        return {c.amplitude * w * (0.5 * (lo + hi) - sp),
                c.amplitude * w * ((lo * lo + lo * hi + hi * hi) / 3.0 - 0.5 * sp * (lo + hi))};
    }
    // s = e + h t, sigma = k h sqrt(1 - t^2), t from t0 to 1.
    const double e = c.centre, h = c.halfWidth;
    const double t0 = std::clamp((sp - e) / h, -1.0, 1.0);
    const auto g = semicircleMoments(t0);
    const double kh2 = c.amplitude * h * h;
    return {kh2 * ((e - sp) * g[0] + h * g[1]), kh2 * (e * (e - sp) * g[0] + (2.0 * e - sp) * h * g[1] + h * h * g[2])};
}

std::array<double, 4> rayPowerIntegrals(const Chord& c)
{
    std::array<double, 4> r{};
    if (c.s2 <= 0.0)
        return r;
    if (!c.hertz) {
        const double lo = std::max(c.s1, 0.0), hi = c.s2;
        double pl = lo, ph = hi;
        for (int k = 0; k < 4; ++k) {
            r[k] = c.amplitude * (ph - pl) / (k + 1);
            pl *= lo;
            ph *= hi;
        }
        return r;
    }
    const double e = c.centre, h = c.halfWidth;
    const auto g = semicircleMoments(std::clamp(-e / h, -1.0, 1.0));
    const double kh2 = c.amplitude * h * h;
    // (e + h t)^k expanded binomially.
    r[0] = kh2 * g[0];
    r[1] = kh2 * (e * g[0] + h * g[1]);
    r[2] = kh2 * (e * e * g[0] + 2.0 * e * h * g[1] + h * h * g[2]);
    r[3] = kh2 * (e * e * e * g[0] + 3.0 * e * e * h * g[1] + 3.0 * e * h * h * g[2] + h * h * h * g[3]);
    return r;
}

} // namespace fl::contact
