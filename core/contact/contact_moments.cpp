#include "contact/contact_moments.h"

#include "contact/adaptive_quadrature.h"
#include "contact/line_chords.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace fl::contact {

namespace {

using Vector10 = Eigen::Matrix<double, 10, 1>;

// Rays from A at angle alpha: components are the integrands of c000, c001, c011, c101, c00m1,
// c100, c010, c200, c020, c110 (power of rho = i + j - k + 1, angular factor cos^i sin^j).
Vector10 momentIntegrand(const ContactShape& shape, double alpha)
{
    const double c = std::cos(alpha), s = std::sin(alpha);
    ChordList chords;
    lineChords(shape, c, s, 0.0, chords);
    std::array<double, 4> p{};
    for (const Chord& chord : chords) {
        const auto q = rayPowerIntegrals(chord);
        for (int k = 0; k < 4; ++k)
            p[k] += q[k];
    }
    Vector10 out;
    out << p[1], p[0], s * p[1], c * p[1], p[2], c * p[2], s * p[2], c * c * p[3], s * s * p[3], c * s * p[3];
    return out;
}

} // namespace

ContactMoments computeMoments(const ContactShape& shape, double absTolerance)
{
    constexpr double twoPi = 2.0 * std::numbers::pi;
    std::vector<double> breaks;
    if (shape.kind() == ShapeKind::Polygon) {
        for (const Eigen::Vector2d& v : shape.vertices())
            if (v.norm() > 0.0)
                breaks.push_back(std::atan2(v.y(), v.x()));
        std::sort(breaks.begin(), breaks.end());
        if (breaks.empty())
            breaks.push_back(0.0);
        breaks.push_back(breaks.front() + twoPi);
    } else {
        breaks = {0.0, 0.5 * std::numbers::pi, std::numbers::pi, 1.5 * std::numbers::pi, twoPi};
    }
    auto f = [&shape](double alpha) { return momentIntegrand(shape, alpha); };
    const auto r = integrateAdaptive<10>(f, breaks.data(), int(breaks.size()), absTolerance, 4000);
    const Vector10& v = r.value;
    return {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]};
}

ContactMoments circleMoments(PressureKind pressure)
{
    ContactMoments m;
    m.c000 = 1.0;
    if (pressure == PressureKind::Uniform) {
        m.c001 = 2.0;          // (1/pi) 2 pi ∫ dr
        m.c00m1 = 2.0 / 3.0;   // (1/pi) 2 pi ∫ r^2 dr
        m.c200 = m.c020 = 0.25;
    } else {
        m.c001 = 0.75 * std::numbers::pi;     // 3 ∫ sqrt(1 - r^2) dr
        m.c00m1 = 3.0 * std::numbers::pi / 16.0; // 3 ∫ r^2 sqrt(1 - r^2) dr
        m.c200 = m.c020 = 0.2;                // (3/2) ∫ r^3 sqrt(1 - r^2) dr
    }
    return m;
}

} // namespace fl::contact
