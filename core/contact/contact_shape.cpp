#include "contact/contact_shape.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

namespace fl::contact {

namespace {

double cross(const Eigen::Vector2d& a, const Eigen::Vector2d& b) { return a.x() * b.y() - a.y() * b.x(); }

double signedArea(const std::vector<Eigen::Vector2d>& v)
{
    double twice = 0.0;
    for (std::size_t i = 0; i < v.size(); ++i)
        twice += cross(v[i], v[(i + 1) % v.size()]);
    return 0.5 * twice;
}

// Proper or touching intersection of segments [p1, p2] and [q1, q2].
bool segmentsIntersect(const Eigen::Vector2d& p1, const Eigen::Vector2d& p2, const Eigen::Vector2d& q1,
                       const Eigen::Vector2d& q2)
{
    const double d1 = cross(p2 - p1, q1 - p1), d2 = cross(p2 - p1, q2 - p1);
    const double d3 = cross(q2 - q1, p1 - q1), d4 = cross(q2 - q1, p2 - q1);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
        return true;
    auto onSegment = [](const Eigen::Vector2d& a, const Eigen::Vector2d& b, const Eigen::Vector2d& p) {
        return std::min(a.x(), b.x()) <= p.x() && p.x() <= std::max(a.x(), b.x()) && std::min(a.y(), b.y()) <= p.y() &&
               p.y() <= std::max(a.y(), b.y());
    };
    return (d1 == 0 && onSegment(p1, p2, q1)) || (d2 == 0 && onSegment(p1, p2, q2)) ||
           (d3 == 0 && onSegment(q1, q2, p1)) || (d4 == 0 && onSegment(q1, q2, p2));
}

} // namespace

ContactShape ContactShape::uniformCircle() { return ellipse(1.0, 1.0, PressureKind::Uniform); }

ContactShape ContactShape::hertzCircle() { return ellipse(1.0, 1.0, PressureKind::Hertz); }

ContactShape ContactShape::ellipse(double a, double b, PressureKind pressure)
{
    ContactShape s;
    s.m_kind = ShapeKind::Ellipse;
    s.m_pressure = pressure;
    s.m_a = a;
    s.m_b = b;
    s.updateDerived();
    return s;
}

ContactShape ContactShape::polygon(std::vector<Eigen::Vector2d> vertices)
{
    ContactShape s;
    s.m_kind = ShapeKind::Polygon;
    s.m_pressure = PressureKind::Uniform;
    s.m_vertices = std::move(vertices);
    s.updateDerived();
    return s;
}

ContactShape ContactShape::rectangle(double width, double height, double x0, double y0)
{
    const double w = 0.5 * width, h = 0.5 * height;
    return polygon({{x0 - w, y0 - h}, {x0 + w, y0 - h}, {x0 + w, y0 + h}, {x0 - w, y0 + h}});
}

void ContactShape::updateDerived()
{
    if (m_kind == ShapeKind::Ellipse) {
        m_signedArea = std::numbers::pi * m_a * m_b;
        m_sigma0 = (m_pressure == PressureKind::Uniform ? 1.0 : 1.5) / m_signedArea;
    } else {
        m_signedArea = signedArea(m_vertices);
        m_sigma0 = m_signedArea != 0.0 ? 1.0 / std::abs(m_signedArea) : 0.0;
    }
}

Status ContactShape::validate() const
{
    // Sizes within [1e-6, 1e6] (lengths in the contact's own unit): the moments grow with the
    // fourth power of the size, and 1e308 overflowed them to inf, giving loads of nan.
    constexpr double kMinSize = 1e-6, kMaxSize = 1e6;
    if (m_kind == ShapeKind::Ellipse) {
        if (!(std::isfinite(m_a) && std::isfinite(m_b) && m_a > 0.0 && m_b > 0.0))
            return Status::error("ellipse semi-axes must be finite and positive");
        if (!(m_a >= kMinSize && m_a <= kMaxSize && m_b >= kMinSize && m_b <= kMaxSize))
            return Status::error("ellipse semi-axes must be in [1e-06, 1e+06]");
        return Status::success();
    }
    const std::size_t n = m_vertices.size();
    if (n < 3)
        return Status::error("a polygon needs at least 3 vertices");
    double extent = 0.0;
    for (const Eigen::Vector2d& v : m_vertices) {
        if (!v.allFinite())
            return Status::error("polygon vertices must be finite");
        if (!(v.cwiseAbs().maxCoeff() <= kMaxSize))
            return Status::error("polygon vertices must be within [-1e+06, 1e+06]");
        for (const Eigen::Vector2d& w : m_vertices)
            extent = std::max(extent, (v - w).cwiseAbs().maxCoeff());
    }
    if (!(std::abs(m_signedArea) > 0.0))
        return Status::error("polygon has zero area");
    if (!(extent >= kMinSize) || !(std::abs(m_signedArea) >= 1e-12 * extent * extent))
        return Status::error("polygon is too small or too thin (size at least 1e-06, area at least 1e-12 of its extent squared)");
    // Non-adjacent edges must not touch (simple polygon).
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            if (j == i + 1 || (i == 0 && j == n - 1))
                continue;
            if (segmentsIntersect(m_vertices[i], m_vertices[(i + 1) % n], m_vertices[j], m_vertices[(j + 1) % n]))
                return Status::error("polygon edges " + std::to_string(i) + " and " + std::to_string(j) +
                                     " intersect: the polygon must be simple");
        }
    return Status::success();
}

bool ContactShape::contains(double x, double y) const
{
    if (m_kind == ShapeKind::Ellipse)
        return x * x / (m_a * m_a) + y * y / (m_b * m_b) <= 1.0;
    // Even-odd rule.
    bool inside = false;
    const std::size_t n = m_vertices.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const Eigen::Vector2d& p = m_vertices[i];
        const Eigen::Vector2d& q = m_vertices[j];
        if ((p.y() > y) != (q.y() > y) && x < (q.x() - p.x()) * (y - p.y()) / (q.y() - p.y()) + p.x())
            inside = !inside;
    }
    return inside;
}

double ContactShape::pressure(double x, double y) const
{
    if (!contains(x, y))
        return 0.0;
    if (m_pressure == PressureKind::Uniform)
        return m_sigma0;
    return m_sigma0 * std::sqrt(std::max(0.0, 1.0 - x * x / (m_a * m_a) - y * y / (m_b * m_b)));
}

bool ContactShape::isCircularlySymmetric() const { return m_kind == ShapeKind::Ellipse && m_a == m_b; }

double ContactShape::outerRadius() const
{
    if (m_kind == ShapeKind::Ellipse)
        return std::max(m_a, m_b);
    double r = 0.0;
    for (const Eigen::Vector2d& v : m_vertices)
        r = std::max(r, v.norm());
    return r;
}

double ContactShape::area() const { return std::abs(m_signedArea); }

std::string ContactShape::description() const
{
    std::ostringstream out;
    if (m_kind == ShapeKind::Ellipse) {
        out << (m_pressure == PressureKind::Uniform ? "uniform " : "Hertz ");
        if (m_a == m_b)
            out << "circle r=" << m_a;
        else
            out << "ellipse a=" << m_a << " b=" << m_b;
    } else {
        out << "uniform polygon (" << m_vertices.size() << " vertices, area " << area() << ")";
    }
    return out.str();
}

} // namespace fl::contact
