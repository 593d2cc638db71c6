#include "contact/polygon_fan.h"

#include <cmath>

namespace fl::contact {

FrictionLoad polygonFanLoad(const ContactShape& polygon, const Eigen::Vector2d& p0, double spinSign)
{
    const auto& v = polygon.vertices();
    const std::size_t count = v.size();
    Eigen::Vector2d t = Eigen::Vector2d::Zero();
    double m = 0.0;
    for (std::size_t i = 0; i < count; ++i) {
        const Eigen::Vector2d p = v[i] - p0, q = v[(i + 1) % count] - p0;
        const Eigen::Vector2d edge = q - p;
        const double length = edge.norm();
        if (!(length > 0.0))
            continue;
        Eigen::Vector2d n(edge.y() / length, -edge.x() / length);
        double d = n.dot(p);
        if (d < 0.0) {
            n = -n;
            d = -d;
        }
        if (d <= 1e-150 * length) // p0 on the edge's line: the triangle is empty
            continue;
        const Eigen::Vector2d tangent(-n.y(), n.x());
        const double pn = p0.dot(n), pt = p0.dot(tangent);
        // Antiderivatives at a vertex w (tan beta = t . w / d, sec beta = |w| / d).
        auto add = [&](const Eigen::Vector2d& w, double sign) {
            const double b = tangent.dot(w), r = w.norm(), l = std::asinh(b / d);
            t += sign * 0.5 * (d * d * l * tangent - d * r * n);
            m += sign * (0.5 * (pn * d * d * l + pt * d * r) + (r * b * d + d * d * d * l) / 6.0);
        };
        add(q, 1.0);
        add(p, -1.0);
    }
    // A clockwise vertex order gives the negated area integral.
    double twiceArea = 0.0;
    for (std::size_t i = 0; i < count; ++i)
        twiceArea += v[i].x() * v[(i + 1) % count].y() - v[i].y() * v[(i + 1) % count].x();
    const double s = spinSign * polygon.pressureScale() * (twiceArea >= 0.0 ? 1.0 : -1.0);
    return {s * t.x(), s * t.y(), s * m};
}

} // namespace fl::contact
