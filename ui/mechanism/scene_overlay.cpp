// The overlay band of a mechanism view: the STICK / SLIP badge and the large readouts a lecturer
// points at (t, v_r, F, ...), readable from the back of a hall.
#include "mechanism/scene_painter.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

/// Fixed-width number so the readouts do not jitter while they change.
QString formatValue(double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("—");
    const double a = std::abs(v);
    QString text = (a != 0.0 && (a >= 1e5 || a < 1e-3)) ? QString::number(v, 'e', 2) : QString::number(v, 'f', a >= 100 ? 1 : 3);
    if (v >= 0.0)
        text.prepend(QChar(0x2007)); // figure space where a minus sign would be
    else
        text.replace(0, 1, QChar(0x2212));
    return text;
}

QString readoutText(const fl::Readout& r)
{
    QString text = QString::fromStdString(r.symbol) + QStringLiteral(" = ") + formatValue(r.value);
    if (!r.unit.empty())
        text += QLatin1Char(' ') + QString::fromStdString(r.unit);
    return text;
}

/// The badge, and what it covers together with the phase note under it, at the band's right end.
struct BadgeArea {
    QRectF badge;   ///< empty when the scene has no contact phase
    QRectF covered; ///< badge and note
};

BadgeArea paintBadge(QPainter& painter, const fl::MechanismScene& scene, const QRectF& band, const SceneStyle& style)
{
    if (scene.phase == fl::ContactPhase::None)
        return {};
    const bool stick = scene.phase == fl::ContactPhase::Stick;
    QFont font = painter.font();
    font.setBold(true);
    font.setPixelSize(std::max(12, static_cast<int>(band.height() * 0.45)));
    painter.setFont(font);
    const QString text = stick ? QStringLiteral("STICK") : QStringLiteral("SLIP");
    const double textWidth = painter.fontMetrics().horizontalAdvance(QStringLiteral("STICK"));
    const double h = band.height() * 0.62, w = textWidth + h * 0.8;
    const QRectF badge(band.right() - w - 8.0, band.top() + 6.0, w, h);
    painter.setPen(Qt::NoPen);
    painter.setBrush(stick ? style.stick : style.slip);
    painter.drawRoundedRect(badge, h * 0.18, h * 0.18);
    painter.setPen(Qt::white);
    painter.drawText(badge, Qt::AlignCenter, text);
    if (!scene.phaseNote.empty()) {
        QFont small = painter.font();
        small.setBold(false);
        small.setPixelSize(std::max(9, static_cast<int>(band.height() * 0.16)));
        painter.setFont(small);
        painter.setPen(style.text);
        const QRectF note(band.left(), badge.bottom() + 2.0, band.width() - 8.0, band.bottom() - badge.bottom());
        const QString text = QString::fromStdString(scene.phaseNote);
        painter.drawText(note, Qt::AlignRight | Qt::AlignTop, text);
        return {badge, badge.united(painter.boundingRect(note, Qt::AlignRight | Qt::AlignTop, text))};
    }
    return {badge, badge};
}

} // namespace

double overlayHeight(const QRectF& whole, const SceneStyle& style)
{
    return std::clamp(whole.height() * 0.17, 36.0 * style.scale, 120.0 * style.scale);
}

namespace {

/// Lays out text with "_x" subscripts from pos (baseline-left); draws it when painter is given.
/// base is a copy: painter.font() changes while the subscripts are drawn.
double layoutSubscripted(QPainter* painter, QFont base, QPointF pos, const QString& text)
{
    QFont small = base;
    if (base.pixelSize() > 0)
        small.setPixelSize(std::max(1, static_cast<int>(base.pixelSize() * 0.7)));
    else
        small.setPointSizeF(std::max(1.0, base.pointSizeF() * 0.7));
    const QFontMetricsF metrics(base), smallMetrics(small);
    const double drop = metrics.ascent() * 0.25, x0 = pos.x();
    const QStringList words = text.split(QLatin1Char(' '));
    for (int w = 0; w < words.size(); ++w) {
        // Within a word, "_" starts a subscript that runs to the next "_" or the word's end.
        const QStringList parts = words[w].split(QLatin1Char('_'));
        if (painter) {
            painter->setFont(base);
            painter->drawText(pos, parts.front());
        }
        pos.rx() += metrics.horizontalAdvance(parts.front());
        for (int i = 1; i < parts.size(); ++i) {
            if (painter) {
                painter->setFont(small);
                painter->drawText(pos + QPointF(0.0, drop), parts[i]);
            }
            pos.rx() += smallMetrics.horizontalAdvance(parts[i]);
        }
        if (w + 1 < words.size())
            pos.rx() += metrics.horizontalAdvance(QLatin1Char(' '));
    }
    if (painter)
        painter->setFont(base);
    return pos.x() - x0;
}

} // namespace

double subscriptedWidth(const QPainter& painter, const QString& text)
{
    return layoutSubscripted(nullptr, painter.font(), QPointF(), text);
}

double drawSubscripted(QPainter& painter, QPointF pos, const QString& text)
{
    return layoutSubscripted(&painter, painter.font(), pos, text);
}

namespace {

/// Splits texts greedily into rows no wider than width at the painter's font; empty if more than
/// maxRows rows would be needed.
std::vector<QStringList> splitRows(const QPainter& painter, const QStringList& texts, double width, int maxRows)
{
    const double gap = painter.font().pixelSize();
    std::vector<QStringList> rows(1);
    double used = 0.0;
    for (const QString& t : texts) {
        const double w = subscriptedWidth(painter, t);
        if (!rows.back().isEmpty() && used + gap + w > width) {
            rows.emplace_back();
            used = 0.0;
        }
        if (w > width || static_cast<int>(rows.size()) > maxRows)
            return {};
        used += (rows.back().isEmpty() ? 0.0 : gap) + w;
        rows.back() << t;
    }
    return rows;
}

/// The smallest readout type, pixels: readable from a hall's back rows at the presenter scale.
int minReadoutPixels(const SceneStyle& style)
{
    return static_cast<int>(std::lround(12.0 * std::max(1.0, style.scale)));
}

/// The largest type (into font) at which the readouts fit in one, two or three rows of this width;
/// empty if none down to minPx does.
std::vector<QStringList> fitReadouts(QPainter& painter, const QStringList& texts, const QRectF& band, double width, int minPx,
                                     QFont& best)
{
    QFont font = best;
    std::vector<QStringList> layout;
    for (int rows = 1; rows <= 3; ++rows) {
        int px = static_cast<int>(std::min(band.height() * 0.36, (band.height() - 8.0) / (1.3 * rows)));
        for (; px >= minPx; px = static_cast<int>(px * 0.9)) {
            font.setPixelSize(px);
            painter.setFont(font);
            std::vector<QStringList> split = splitRows(painter, texts, width, rows);
            if (!split.empty()) {
                if (layout.empty() || px > best.pixelSize()) {
                    best = font;
                    layout = std::move(split);
                }
                break;
            }
        }
    }
    return layout;
}

/// At the smallest type, the readouts that fit in the rows the band has room for, in order; the
/// rest are left out (a small view shows fewer readouts, never unreadable ones).
std::vector<QStringList> firstReadouts(QPainter& painter, const QStringList& texts, const QRectF& band, double width, int minPx,
                                       QFont& best)
{
    best.setPixelSize(minPx);
    painter.setFont(best);
    const int rows = std::max(1, static_cast<int>((band.height() - 8.0) / (1.3 * minPx)));
    for (qsizetype n = texts.size(); n > 0; --n) {
        std::vector<QStringList> layout = splitRows(painter, texts.first(n), width, rows);
        if (!layout.empty())
            return layout;
    }
    return {};
}

} // namespace

void paintOverlay(QPainter& painter, const fl::MechanismScene& scene, const QRectF& whole, const SceneStyle& style)
{
    painter.save();
    const QRectF band(whole.left(), whole.top(), whole.width(), overlayHeight(whole, style));
    const BadgeArea area = paintBadge(painter, scene, band, style);
    auto widthLeftOf = [&band](const QRectF& r) { return (r.isEmpty() ? band.right() - 8.0 : r.left() - 16.0) - band.left() - 10.0; };
    QStringList texts;
    for (const fl::Readout& r : scene.readouts)
        texts << readoutText(r);
    // Clear of badge and note if the readouts fit there (a wide view), else clear of the badge.
    QFont best = painter.font();
    best.setBold(false);
    const int minPx = minReadoutPixels(style);
    std::vector<QStringList> layout = fitReadouts(painter, texts, band, widthLeftOf(area.covered), minPx, best);
    if (layout.empty())
        layout = fitReadouts(painter, texts, band, widthLeftOf(area.badge), minPx, best);
    if (layout.empty())
        layout = firstReadouts(painter, texts, band, widthLeftOf(area.badge), minPx, best);
    painter.setFont(best);
    painter.setPen(style.text);
    const double line = best.pixelSize() * 1.3, top = band.top() + 6.0 + 0.5 * (band.height() - 8.0 - line * layout.size());
    for (size_t r = 0; r < layout.size(); ++r) {
        double x = band.left() + 10.0;
        const double baseline = top + line * r + QFontMetricsF(best).ascent();
        for (const QString& t : layout[r])
            x += drawSubscripted(painter, QPointF(x, baseline), t) + best.pixelSize();
    }
    painter.restore();
}

} // namespace fl::ui
