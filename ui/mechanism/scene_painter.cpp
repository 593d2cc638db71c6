// Lays a mechanism scene out and paints it: the overlay first (scene_overlay.cpp), then the
// drawing below it, then each label in the first free place beside its shape, shrinking the
// drawing (never the text) until the labels have room.
#include "mechanism/scene_painter.h"

#include <QPainter>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace fl::ui {
namespace {

constexpr double kPi = std::numbers::pi;

QPointF unit(QPointF v)
{
    const double n = std::hypot(v.x(), v.y());
    return n > 0.0 ? v / n : QPointF(1.0, 0.0);
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

namespace {

/// A place a label may take: beside p on the side dir points to (device, unit length), or
/// centred on p when dir is null (a label the drawing put exactly where it wants it).
struct Side {
    QPointF p;
    QPointF dir;
};

/// A stroke a label should rather not cover (a spring, an arrow, a rod): a polyline and its half width.
struct Stroke {
    QPolygonF line;
    double half = 0.0;
};

/// Where labels may go and what they must keep clear of.
struct Room {
    QRectF area;               ///< inside the view, below the overlay
    std::vector<QRectF> taken; ///< the overlay's texts, the bodies and the labels placed so far
    std::vector<Stroke> strokes;
    double pad = 2.0;          ///< the least gap between a label and anything taken
};

struct PlacedLabel {
    DrawnText drawn;
    QPointF baseline;
    QColor color;
};

/// The drawing at one size: its mapping's target, bodies and the labels that found a place.
struct Fitted {
    QRectF drawing;
    double shrink = 1.0;
    std::vector<QRectF> bodies;
    std::vector<PlacedLabel> labels;
    int leftOut = 0;
};

/// The normal of a direction that points up on screen (left for a vertical one): labels sit
/// above a horizontal spring or arrow first, as in a textbook sketch.
QPointF upNormal(QPointF u)
{
    const QPointF n(u.y(), -u.x());
    return n.y() > 0.0 || (n.y() == 0.0 && n.x() > 0.0) ? -n : n;
}

void addPointSides(std::vector<Side>& sides, QPointF p)
{
    constexpr double d = 0.70710678;
    for (const QPointF dir : {QPointF(0, -1), QPointF(1, 0), QPointF(0, 1), QPointF(-1, 0), QPointF(d, -d), QPointF(-d, -d), QPointF(d, d), QPointF(-d, d)})
        sides.push_back({p, dir});
}

/// Sides of a segment a -> b: along both of its sides (a spring's stand off by its coils' half
/// width), an arrow's first beyond and beside its head. Never beyond its other ends: a spring's
/// ends hold a wall and a block, an arrow's tail sits in its body, and a label there reads as the
/// neighbour's.
void addSegmentSides(std::vector<Side>& sides, QPointF a, QPointF b, double half, bool arrow)
{
    const QPointF u = unit(b - a), n = upNormal(u);
    if (arrow)
        sides.insert(sides.end(), {{b, u}, {b, n}, {b, -n}});
    for (const double at : {0.5, 0.25, 0.75}) {
        const QPointF p = a + at * (b - a);
        sides.insert(sides.end(), {{p + n * half, n}, {p - n * half, -n}});
    }
}

/// The device box of a box or circle shape (null for other kinds), grown by outline.
QRectF boxOf(const fl::SceneShape& s, const SceneMapping& m, double outline)
{
    const QPointF c = m.map(s.points.front());
    if (s.kind == fl::ShapeKind::Circle) {
        const double r = s.radius * m.scale() + outline;
        return QRectF(c.x() - r, c.y() - r, 2.0 * r, 2.0 * r);
    }
    if (s.kind != fl::ShapeKind::Box)
        return {};
    QTransform t;
    t.translate(c.x(), c.y());
    t.rotate(-s.angle * 180.0 / kPi);
    const double w = s.width * m.scale(), h = s.height * m.scale();
    return t.mapRect(QRectF(-0.5 * w, -0.5 * h, w, h)).adjusted(-outline, -outline, outline, outline);
}

/// Where the label of a shape may go, in order of preference.
std::vector<Side> sidesOf(const fl::SceneShape& s, const SceneMapping& m)
{
    std::vector<Side> sides;
    const QPointF p0 = m.map(s.points.front()), p1 = m.map(s.points.back());
    const bool segment = s.points.size() >= 2 && std::hypot(p1.x() - p0.x(), p1.y() - p0.y()) >= 1.0;
    switch (s.kind) {
    case fl::ShapeKind::Arrow:
    case fl::ShapeKind::Line:
    case fl::ShapeKind::Spring:
        if (!segment) {
            if (s.kind == fl::ShapeKind::Line)
                sides.push_back({p0, QPointF()});
            addPointSides(sides, p1);
        } else {
            const double half = s.kind == fl::ShapeKind::Spring ? 0.5 * s.width * m.scale() : 0.0;
            addSegmentSides(sides, p0, m.map(s.points[1]), half, s.kind == fl::ShapeKind::Arrow);
        }
        break;
    case fl::ShapeKind::ArcArrow:
        // The arrow's head, the arc's middle and its start, outward.
        for (const double a : {s.angle + s.sweep, s.angle + 0.5 * s.sweep, s.angle}) {
            const QPointF dir(std::cos(a), -std::sin(a));
            sides.push_back({p0 + dir * (s.radius * m.scale()), dir});
        }
        break;
    case fl::ShapeKind::Circle: {
        std::vector<Side> around;
        addPointSides(around, p0);
        for (Side& side : around)
            sides.push_back({p0 + side.dir * (s.radius * m.scale()), side.dir});
        break;
    }
    case fl::ShapeKind::Box: {
        const QRectF b = boxOf(s, m, 0.0);
        sides = {{QPointF(b.center().x(), b.top()), {0, -1}}, {QPointF(b.right(), b.center().y()), {1, 0}},
                 {QPointF(b.left(), b.center().y()), {-1, 0}}, {QPointF(b.center().x(), b.bottom()), {0, 1}}};
        break;
    }
    case fl::ShapeKind::Polyline:
        addPointSides(sides, p1);
        break;
    }
    return sides;
}

/// Device boxes of the bodies: every box and circle (blocks, belts, walls, wheels), except a
/// surface that holds a body's centre: a belt seen from above or a driving disk is the ground
/// the mechanism moves on, and labels lie on it as on paper.
std::vector<QRectF> bodiesOf(const fl::MechanismScene& scene, const SceneMapping& m, double outline)
{
    std::vector<QPointF> centres;
    for (const fl::SceneShape& s : scene.shapes)
        if (s.role == fl::SceneRole::Body && !s.points.empty())
            centres.push_back(m.map(s.points.front()));
    std::vector<QRectF> bodies;
    for (const fl::SceneShape& s : scene.shapes) {
        const QRectF box = s.points.empty() ? QRectF() : boxOf(s, m, outline);
        const bool ground = s.role == fl::SceneRole::Surface
                            && std::any_of(centres.begin(), centres.end(), [&](QPointF c) { return box.contains(c); });
        if (!box.isNull() && !ground)
            bodies.push_back(box);
    }
    return bodies;
}

/// The strokes labels should rather not cover; marks and trails do not count (they are
/// everywhere on a moving surface).
std::vector<Stroke> strokesOf(const fl::MechanismScene& scene, const SceneMapping& m, double scale)
{
    std::vector<Stroke> strokes;
    for (const fl::SceneShape& s : scene.shapes) {
        if (s.points.empty() || s.role == fl::SceneRole::Marker || s.role == fl::SceneRole::Trail)
            continue;
        Stroke stroke{{}, 2.0 * scale};
        if (s.kind == fl::ShapeKind::ArcArrow) {
            for (int i = 0; i <= 16; ++i) {
                const double a = s.angle + s.sweep * i / 16.0;
                stroke.line << m.map(s.points.front()) + s.radius * m.scale() * QPointF(std::cos(a), -std::sin(a));
            }
        } else if (s.kind == fl::ShapeKind::Line || s.kind == fl::ShapeKind::Spring || s.kind == fl::ShapeKind::Arrow
                   || s.kind == fl::ShapeKind::Polyline) {
            for (const fl::Vec2& p : s.points)
                stroke.line << m.map(p);
            if (s.kind == fl::ShapeKind::Spring)
                stroke.half = 0.5 * s.width * m.scale();
            if (s.kind == fl::ShapeKind::Arrow)
                stroke.half = 6.0 * scale; // the head's half width
        }
        if (stroke.line.size() >= 2)
            strokes.push_back(std::move(stroke));
    }
    return strokes;
}

/// Whether segment a-b enters r (Liang-Barsky clipping).
bool crosses(QPointF a, QPointF b, const QRectF& r)
{
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy}, q[4] = {a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y()};
    double t0 = 0.0, t1 = 1.0;
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
            continue;
        }
        const double t = q[i] / p[i]; // where the line enters (p < 0) or leaves (p > 0) this edge's side
        if (p[i] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    return true;
}

/// Inside the room's area and clear of everything taken: the rule no label may break.
bool isFree(const QRectF& r, const Room& room)
{
    if (!room.area.contains(r))
        return false;
    const QRectF padded = r.adjusted(-room.pad, -room.pad, room.pad, room.pad);
    return std::none_of(room.taken.begin(), room.taken.end(), [&](const QRectF& t) { return t.intersects(padded); });
}

/// Whether r covers a spring, an arrow or a rod: allowed, but only where no other place is free.
bool coversStroke(const QRectF& r, const Room& room)
{
    for (const Stroke& s : room.strokes) {
        const QRectF grown = r.adjusted(-s.half, -s.half, s.half, s.half);
        for (qsizetype i = 1; i < s.line.size(); ++i)
            if (crosses(s.line[i - 1], s.line[i], grown))
                return true;
    }
    return false;
}

/// The first free place for a box of this size beside the sides, ring by ring further out (in
/// steps of a third of its height, so that one starting inside a body finds the spot just
/// outside it): one that covers no stroke if there is one, else one that crosses strokes; null if none.
QRectF findPlace(const std::vector<Side>& sides, QSizeF size, const Room& room, double gap)
{
    QRectF fallback;
    for (int ring = 0; ring <= 5; ++ring) { // further out, a label no longer reads as its shape's
        const double distance = gap + ring * size.height() / 3.0;
        for (const Side& side : sides) {
            const bool centred = side.dir.isNull();
            if (centred && ring > 0)
                continue;
            const double extent = std::abs(side.dir.x()) * 0.5 * size.width() + std::abs(side.dir.y()) * 0.5 * size.height();
            const QPointF c = centred ? side.p : side.p + side.dir * (distance + extent);
            const QRectF r(c.x() - 0.5 * size.width(), c.y() - 0.5 * size.height(), size.width(), size.height());
            if (!isFree(r, room))
                continue;
            if (!coversStroke(r, room))
                return r;
            if (fallback.isNull())
                fallback = r;
        }
    }
    return fallback;
}

/// The drawing fitted into `drawing`, with a place for each label that has one.
Fitted fitAt(const fl::MechanismScene& scene, const QRectF& drawing, Room room, const SceneStyle& style, const QFont& font)
{
    const SceneMapping m(scene, drawing);
    Fitted fit{drawing, 1.0, bodiesOf(scene, m, style.scale), {}, 0};
    room.taken.insert(room.taken.end(), fit.bodies.begin(), fit.bodies.end());
    room.strokes = strokesOf(scene, m, style.scale);
    const int minPx = style.minTextPixels();
    for (const fl::SceneShape& s : scene.shapes) {
        if (s.label.empty() || s.points.empty())
            continue;
        const QString text = QString::fromStdString(s.label);
        const QRectF box = layoutSubscripted(nullptr, font, QPointF(), text, minPx); // relative to the baseline
        const QRectF place = findPlace(sidesOf(s, m), box.size(), room, 3.0 * style.scale);
        if (place.isNull()) {
            ++fit.leftOut;
            continue;
        }
        room.taken.push_back(place);
        const int px = text.contains(QLatin1Char('_')) ? subscriptPixels(font.pixelSize(), minPx) : font.pixelSize();
        fit.labels.push_back({{DrawnText::Kind::Label, text, place, px}, place.topLeft() - box.topLeft(), style.stroke(s.role)});
    }
    return fit;
}

/// The largest drawing (at most maxShrink of target, shrunk in steps of 15 %) at which every label
/// has a place; where none has room for all, the one that places the most.
Fitted fitDrawing(const fl::MechanismScene& scene, const QRectF& target, const Room& room, const SceneStyle& style,
                  const QFont& font, double maxShrink)
{
    constexpr int kSteps = 6; // down to 44 %: smaller, the mechanism is no longer worth a label
    Fitted best;
    best.leftOut = std::numeric_limits<int>::max();
    for (int k = 0; k < kSteps && best.leftOut > 0; ++k) {
        const double f = std::pow(0.85, k);
        if (f > maxShrink + 1e-9 && k + 1 < kSteps)
            continue;
        const QSizeF size = target.size() * f;
        Fitted fit = fitAt(scene, QRectF(target.center() - QPointF(0.5 * size.width(), 0.5 * size.height()), size), room, style, font);
        fit.shrink = f;
        if (fit.leftOut < best.leftOut)
            best = std::move(fit);
    }
    return best;
}

/// Paints the drawing fitted into target with its labels (kept clear of what record already
/// holds: the overlay's texts) and records bodies and labels.
void paintDrawing(QPainter& painter, const fl::MechanismScene& scene, const QRectF& target, const QRectF& labelArea,
                  const SceneStyle& style, double maxShrink, SceneLayout& record)
{
    Room room{labelArea, {}, {}, 2.0 * style.scale};
    for (const DrawnText& t : record.texts)
        room.taken.push_back(t.rect);
    QFont font = painter.font();
    font.setPixelSize(style.labelPixels());
    font.setBold(false);
    const Fitted fit = fitDrawing(scene, target, room, style, font, maxShrink);
    const SceneMapping mapping(scene, fit.drawing);
    for (const fl::SceneShape& shape : scene.shapes)
        paintShape(painter, shape, mapping, style);
    for (const PlacedLabel& label : fit.labels) {
        painter.setPen(label.color);
        layoutSubscripted(&painter, font, label.baseline, label.drawn.text, style.minTextPixels());
        record.texts.push_back(label.drawn);
    }
    record.drawing = fit.drawing;
    record.shrink = fit.shrink;
    record.bodies = fit.bodies;
    record.labelsLeftOut = fit.leftOut;
}

} // namespace

void paintScene(QPainter& painter, const fl::MechanismScene& scene, const QRectF& whole, const SceneStyle& style, SceneLayout* layout,
                double maxShrink)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.fillRect(whole, style.background);
    const OverlayLayout overlay = layoutOverlay(scene, whole, style, painter.font());
    SceneLayout record;
    record.texts = overlay.texts(style.minTextPixels());
    record.readoutsLeftOut = overlay.readoutsLeftOut;
    // The drawing goes below the band and below whatever of the overlay reaches further down;
    // labels may use any free room under the overlay's texts.
    const double top = std::max(overlayHeight(whole, style), overlay.bottom + 4.0 - whole.top());
    const QRectF target = whole.adjusted(8.0, top, -8.0, -8.0);
    if (target.width() > 4.0 && target.height() > 4.0)
        paintDrawing(painter, scene, target, whole.adjusted(4.0, overlay.bottom + 4.0 - whole.top(), -4.0, -4.0), style, maxShrink, record);
    paintOverlay(painter, scene, overlay, style);
    painter.restore();
    if (layout)
        *layout = std::move(record);
}

QStringList layoutProblems(const SceneLayout& layout, const QRectF& view, const SceneStyle& style)
{
    QStringList problems;
    const int least = static_cast<int>(std::floor(12.0 * style.scale));
    auto name = [](const DrawnText& t) {
        return QStringLiteral("'%1' at (%2, %3 %4x%5)").arg(t.text).arg(t.rect.x()).arg(t.rect.y()).arg(t.rect.width()).arg(t.rect.height());
    };
    for (size_t i = 0; i < layout.texts.size(); ++i) {
        const DrawnText& t = layout.texts[i];
        if (t.pixelSize < least)
            problems << QStringLiteral("%1 in %2 px type, under %3 px").arg(name(t)).arg(t.pixelSize).arg(least);
        if (!view.contains(t.rect))
            problems << QStringLiteral("%1 outside the view").arg(name(t));
        for (size_t j = i + 1; j < layout.texts.size(); ++j)
            if (t.rect.intersects(layout.texts[j].rect))
                problems << QStringLiteral("%1 overlaps %2").arg(name(t), name(layout.texts[j]));
        if (t.kind == DrawnText::Kind::Label)
            for (const QRectF& body : layout.bodies)
                if (t.rect.intersects(body))
                    problems << QStringLiteral("%1 on a body at (%2, %3 %4x%5)").arg(name(t)).arg(body.x()).arg(body.y()).arg(body.width()).arg(body.height());
    }
    return problems;
}

} // namespace fl::ui
