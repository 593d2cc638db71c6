#include "mechanism/scene_painter.h"

#include <QPainter>
#include <QPainterPath>

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

void drawLabel(QPainter& painter, const fl::SceneShape& s, const SceneMapping& m, const SceneStyle& style)
{
    if (s.label.empty() || s.points.empty())
        return;
    QPointF anchor = m.map(s.points.back());
    if (s.kind == fl::ShapeKind::Circle || s.kind == fl::ShapeKind::ArcArrow)
        anchor = m.map(s.points.front()) + QPointF(s.radius * m.scale() * 0.75, -s.radius * m.scale() * 0.75);
    if (s.kind == fl::ShapeKind::Box)
        anchor = m.map(s.points.front()) + QPointF(-s.width * m.scale() / 2.0, -s.height * m.scale() / 2.0 - 4.0);
    painter.setPen(style.stroke(s.role));
    drawSubscripted(painter, anchor + QPointF(6.0, -6.0), QString::fromStdString(s.label));
}

void drawShape(QPainter& painter, const fl::SceneShape& s, const SceneMapping& m, const SceneStyle& style)
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
    drawLabel(painter, s, m, style);
}

} // namespace

SceneMapping::SceneMapping(const fl::MechanismScene& scene, const QRectF& target) : m_min(scene.min)
{
    const double w = std::max(1e-12, scene.max.x - scene.min.x), h = std::max(1e-12, scene.max.y - scene.min.y);
    m_scale = std::min(target.width() / w, target.height() / h);
    m_x0 = target.left() + (target.width() - w * m_scale) / 2.0;
    // Device y of world min.y (the bottom of the fitted box).
    m_y0 = target.top() + (target.height() + h * m_scale) / 2.0;
}

QPointF SceneMapping::map(fl::Vec2 p) const
{
    return QPointF(m_x0 + (p.x - m_min.x) * m_scale, m_y0 - (p.y - m_min.y) * m_scale);
}

void paintScene(QPainter& painter, const fl::MechanismScene& scene, const QRectF& whole, const SceneStyle& style)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.fillRect(whole, style.background);
    const double band = overlayHeight(whole, style);
    const QRectF target = whole.adjusted(8.0, band, -8.0, -8.0);
    if (target.width() > 4.0 && target.height() > 4.0) {
        const SceneMapping mapping(scene, target);
        QFont font = painter.font();
        font.setPointSizeF(std::max(8.0, 14.0 * style.scale));
        painter.setFont(font);
        for (const fl::SceneShape& shape : scene.shapes)
            drawShape(painter, shape, mapping, style);
    }
    paintOverlay(painter, scene, whole, style);
    painter.restore();
}

} // namespace fl::ui
