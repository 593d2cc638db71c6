// Colours by role, the type sizes, and how each primitive is stroked: the one place that knows
// how a role looks.
#include "mechanism/scene_style.h"

#include "mechanism/scene_painter.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fl::ui {
namespace {

constexpr double kPi = std::numbers::pi;

QPointF unit(QPointF v)
{
    const double n = std::hypot(v.x(), v.y());
    return n > 0.0 ? v / n : QPointF(1.0, 0.0);
}

/// A filled triangular head at tip pointing along direction (device coordinates).
void drawHead(QPainter& painter, QPointF tip, QPointF direction, double size, const QColor& color)
{
    const QPointF d = unit(direction), n(-d.y(), d.x());
    const QPointF base = tip - d * size;
    QPolygonF head;
    head << tip << base + n * (0.45 * size) << base - n * (0.45 * size);
    painter.save();
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPolygon(head);
    painter.restore();
}

void drawSpring(QPainter& painter, QPointF a, QPointF b, double amplitude, int coils)
{
    const QPointF d = b - a;
    const QPointF n = QPointF(-unit(d).y(), unit(d).x()) * (amplitude / 2.0);
    // Straight leads of 12 % at both ends, a zigzag of 2·coils teeth between.
    const QPointF p0 = a + d * 0.12, p1 = a + d * 0.88;
    QPolygonF line;
    line << a << p0;
    const int teeth = std::max(2, 2 * coils);
    for (int i = 0; i < teeth; ++i) {
        const double s = (i + 0.5) / teeth;
        line << p0 + (p1 - p0) * s + (i % 2 == 0 ? n : -n);
    }
    line << p1 << b;
    painter.drawPolyline(line);
}

void drawArcArrow(QPainter& painter, const SceneMapping& m, const fl::SceneShape& s, double head, const QColor& color)
{
    const QPointF c = m.map(s.points.front());
    const double r = s.radius * m.scale();
    if (r <= 0.5 || std::abs(s.sweep) < 1e-6)
        return;
    const QRectF box(c.x() - r, c.y() - r, 2 * r, 2 * r);
    painter.drawArc(box, static_cast<int>(s.angle * 180.0 / kPi * 16.0), static_cast<int>(s.sweep * 180.0 / kPi * 16.0));
    const double end = s.angle + s.sweep, sign = s.sweep > 0.0 ? 1.0 : -1.0;
    // Screen y points down: the world point (cos, sin) is (cos, −sin) on screen.
    const QPointF tip = c + QPointF(r * std::cos(end), -r * std::sin(end));
    const QPointF tangent(-sign * std::sin(end), -sign * std::cos(end));
    drawHead(painter, tip, tangent, head, color);
}

} // namespace


QColor SceneStyle::stroke(fl::SceneRole role) const
{
    switch (role) {
    case fl::SceneRole::Ground: return ground;
    case fl::SceneRole::Body: return body;
    case fl::SceneRole::Surface: return surface;
    case fl::SceneRole::Marker: return marker;
    case fl::SceneRole::Spring: return spring;
    case fl::SceneRole::Friction: return friction;
    case fl::SceneRole::Forcing: return forcing;
    case fl::SceneRole::Trail: return trail;
    case fl::SceneRole::Contact: return contact;
    }
    return text;
}

QColor SceneStyle::fill(fl::SceneRole role) const
{
    switch (role) {
    case fl::SceneRole::Body: return bodyFill;
    case fl::SceneRole::Surface: return surfaceFill;
    case fl::SceneRole::Ground: return surfaceFill;
    default: {
        QColor c = stroke(role);
        c.setAlphaF(0.35f);
        return c;
    }
    }
}

int SceneStyle::minTextPixels() const
{
    return static_cast<int>(std::ceil(12.0 * std::max(1.0, scale)));
}

int SceneStyle::labelPixels() const
{
    // A third above the minimum: a label is one symbol, read across the room.
    return static_cast<int>(std::lround(16.0 * std::max(1.0, scale)));
}

void paintShape(QPainter& painter, const fl::SceneShape& s, const SceneMapping& m, const SceneStyle& style)
{
    if (s.points.empty())
        return;
    const QColor stroke = style.stroke(s.role);
    const bool heavy = s.role == fl::SceneRole::Friction || s.role == fl::SceneRole::Forcing;
    QPen pen(stroke, style.scale * (heavy ? 3.5 : 2.0));
    pen.setCapStyle(Qt::RoundCap);
    pen.setJoinStyle(Qt::RoundJoin);
    painter.setPen(pen);
    painter.setBrush(s.filled ? QBrush(style.fill(s.role)) : QBrush(Qt::NoBrush));
    const double head = 12.0 * style.scale;
    switch (s.kind) {
    case fl::ShapeKind::Line:
        if (s.points.size() >= 2)
            painter.drawLine(m.map(s.points[0]), m.map(s.points[1]));
        break;
    case fl::ShapeKind::Spring:
        if (s.points.size() >= 2)
            drawSpring(painter, m.map(s.points[0]), m.map(s.points[1]), s.width * m.scale(), s.coils);
        break;
    case fl::ShapeKind::Box: {
        painter.save();
        painter.translate(m.map(s.points[0]));
        painter.rotate(-s.angle * 180.0 / kPi);
        const double w = s.width * m.scale(), h = s.height * m.scale();
        painter.drawRoundedRect(QRectF(-w / 2, -h / 2, w, h), 2.0, 2.0);
        painter.restore();
        break;
    }
    case fl::ShapeKind::Circle: {
        const double r = s.radius * m.scale();
        painter.drawEllipse(m.map(s.points[0]), r, r);
        break;
    }
    case fl::ShapeKind::Arrow: {
        if (s.points.size() < 2)
            break;
        const QPointF a = m.map(s.points[0]), b = m.map(s.points[1]);
        const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
        if (length < 1.0)
            break;
        const double h = std::min(head, 0.6 * length);
        painter.drawLine(a, b - unit(b - a) * (0.8 * h));
        drawHead(painter, b, b - a, h, stroke);
        break;
    }
    case fl::ShapeKind::ArcArrow:
        painter.setBrush(Qt::NoBrush);
        drawArcArrow(painter, m, s, head, stroke);
        break;
    case fl::ShapeKind::Polyline: {
        if (s.role != fl::SceneRole::Trail) {
            QPolygonF line;
            for (const fl::Vec2& p : s.points)
                line << m.map(p);
            painter.drawPolyline(line);
            break;
        }
        // A trail fades in from its oldest point.
        const size_t n = s.points.size();
        for (size_t i = 1; i < n; ++i) {
            QColor c = stroke;
            c.setAlphaF(static_cast<float>(static_cast<double>(i) / static_cast<double>(n)));
            pen.setColor(c);
            painter.setPen(pen);
            painter.drawLine(m.map(s.points[i - 1]), m.map(s.points[i]));
        }
        break;
    }
    }
}

} // namespace fl::ui
