#include "scene/scene_builder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fl::scene {

SceneShape line(Vec2 a, Vec2 b, SceneRole role)
{
    SceneShape s;
    s.kind = ShapeKind::Line;
    s.role = role;
    s.points = {a, b};
    return s;
}

SceneShape arrow(Vec2 tail, Vec2 head, SceneRole role, std::string label)
{
    SceneShape s = line(tail, head, role);
    s.kind = ShapeKind::Arrow;
    s.label = std::move(label);
    return s;
}

SceneShape arcArrow(Vec2 centre, double r, double start, double sweep, SceneRole role, std::string label)
{
    SceneShape s;
    s.kind = ShapeKind::ArcArrow;
    s.role = role;
    s.points = {centre};
    s.radius = r;
    s.angle = start;
    s.sweep = sweep;
    s.label = std::move(label);
    return s;
}

SceneShape circle(Vec2 centre, double r, SceneRole role, bool filled)
{
    SceneShape s;
    s.kind = ShapeKind::Circle;
    s.role = role;
    s.points = {centre};
    s.radius = r;
    s.filled = filled;
    return s;
}

SceneShape box(Vec2 centre, double w, double h, SceneRole role, bool filled)
{
    SceneShape s;
    s.kind = ShapeKind::Box;
    s.role = role;
    s.points = {centre};
    s.width = w;
    s.height = h;
    s.filled = filled;
    return s;
}

SceneShape spring(Vec2 a, Vec2 b, int coils, double width, std::string label)
{
    SceneShape s = line(a, b, SceneRole::Spring);
    s.kind = ShapeKind::Spring;
    s.coils = coils;
    s.width = width;
    s.label = std::move(label);
    return s;
}

std::vector<SceneShape> dashpot(Vec2 a, Vec2 b, double width)
{
    const double dx = b.x - a.x, dy = b.y - a.y, length = std::hypot(dx, dy);
    if (length <= 0.0)
        return {};
    // Unit vectors along (u) and across (n) the dashpot.
    const Vec2 u{dx / length, dy / length}, n{-u.y, u.x};
    auto at = [&](double along, double across) {
        return Vec2{a.x + along * length * u.x + across * n.x, a.y + along * length * u.y + across * n.y};
    };
    const double h = 0.5 * width;
    return {
        line(at(0.0, 0.0), at(0.3, 0.0), SceneRole::Spring),  // lead from the anchor
        line(at(0.3, -h), at(0.3, h), SceneRole::Spring),     // closed end of the cylinder
        line(at(0.3, h), at(0.7, h), SceneRole::Spring),      // cylinder wall
        line(at(0.3, -h), at(0.7, -h), SceneRole::Spring),    // cylinder wall
        line(at(0.6, -0.75 * h), at(0.6, 0.75 * h), SceneRole::Spring), // piston plate
        line(at(0.6, 0.0), at(1.0, 0.0), SceneRole::Spring),  // piston rod
    };
}

std::vector<double> movingMarks(double from, double to, double spacing, double shift)
{
    std::vector<double> marks;
    if (!(spacing > 0.0) || !(to >= from) || !std::isfinite(shift))
        return marks;
    double phase = std::fmod(shift, spacing);
    if (phase < 0.0)
        phase += spacing;
    for (double x = from + phase; x <= to; x += spacing)
        marks.push_back(x);
    return marks;
}

double arrowLength(double value, double scale, double limit)
{
    return std::clamp(value * scale, -limit, limit);
}

void Bounds::include(Vec2 p)
{
    include(p, 0.0);
}

void Bounds::include(Vec2 p, double r)
{
    include(Vec2{p.x - r, p.y - r}, Vec2{p.x + r, p.y + r});
}

void Bounds::include(Vec2 lo, Vec2 hi)
{
    if (m_empty) {
        m_min = lo;
        m_max = hi;
        m_empty = false;
        return;
    }
    m_min = {std::min(m_min.x, lo.x), std::min(m_min.y, lo.y)};
    m_max = {std::max(m_max.x, hi.x), std::max(m_max.y, hi.y)};
}

void Bounds::applyTo(MechanismScene& scene, double margin) const
{
    scene.min = {m_min.x - margin, m_min.y - margin};
    scene.max = {m_max.x + margin, m_max.y + margin};
}

double stickThreshold(double surfaceSpeed, double eps)
{
    return std::max(kStickSpeedFraction * std::abs(surfaceSpeed), eps);
}

void setPhase(MechanismScene& scene, int mode, double relativeSpeed, double threshold, const std::string& symbol)
{
    if (mode >= 0) {
        scene.phase = mode == 1 ? ContactPhase::Stick : ContactPhase::Slip;
        scene.phaseNote = "exact stick/slip (event-driven)";
        return;
    }
    const bool stick = relativeSpeed < threshold;
    scene.phase = stick ? ContactPhase::Stick : ContactPhase::Slip;
    scene.phaseNote = std::string(stick ? "near-stick: " : "slip: ") + symbol + (stick ? " < " : " ≥ ")
                      + formatShort(threshold) + " (regularized law)";
}

std::string formatShort(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

} // namespace fl::scene
