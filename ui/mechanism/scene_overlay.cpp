// The overlay band of a mechanism view: the STICK / SLIP badge, the method note under it and the
// large readouts a lecturer points at (t, v_r, F, ...), readable from the back of a hall. Laid out
// before anything is drawn, so that the drawing and its labels keep clear of it.
#include "mechanism/scene_painter.h"

#include <QFontMetricsF>
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

QFont withPixels(QFont font, int px, bool bold = false)
{
    font.setPixelSize(std::max(1, px));
    font.setBold(bold);
    return font;
}

/// The badge at the band's top right; its height follows its type.
QRectF badgeRect(const QRectF& band, const QFont& font)
{
    const double h = 1.38 * font.pixelSize();
    const double w = QFontMetricsF(font).horizontalAdvance(QStringLiteral("STICK")) + 0.8 * h;
    return QRectF(band.right() - w - 8.0, band.top() + 6.0, w, h);
}

/// The note in at most two lines no wider than width; empty if it needs more (a narrow view at a
/// large scale shows no note rather than one in small type).
QStringList wrapNote(const QString& text, const QFont& font, double width)
{
    const QFontMetricsF metrics(font);
    QStringList lines;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString joined = lines.isEmpty() ? word : lines.back() + QLatin1Char(' ') + word;
        if (!lines.isEmpty() && metrics.horizontalAdvance(joined) <= width)
            lines.back() = joined;
        else
            lines << word;
        if (metrics.horizontalAdvance(lines.back()) > width || lines.size() > 2)
            return {};
    }
    return lines;
}

/// The note's box, right-aligned under the band's right end, from top.
QRectF noteRect(const QRectF& band, const QStringList& lines, const QFont& font, double top)
{
    if (lines.isEmpty())
        return {};
    const QFontMetricsF metrics(font);
    double w = 0.0;
    for (const QString& line : lines)
        w = std::max(w, metrics.horizontalAdvance(line));
    return QRectF(band.right() - 8.0 - w, top, w, metrics.lineSpacing() * lines.size());
}

/// Room for the readouts from the band's left to 16 px before r (a null r: the band's right end).
double widthLeftOf(const QRectF& band, const QRectF& r)
{
    return (r.isNull() ? band.right() - 8.0 : r.left() - 16.0) - band.left() - 10.0;
}

/// Distance between the baselines of two rows of readouts: the type's 1.3, or more where a
/// subscript reaches lower (a subscript under the minimum type keeps that minimum).
double rowPitch(const QFont& font, int minPx)
{
    return std::max(1.3 * font.pixelSize(), layoutSubscripted(nullptr, font, QPointF(), QStringLiteral("g_g"), minPx).height() + 2.0);
}

struct Rows {
    std::vector<QStringList> rows;
    QFont font;
    qsizetype count() const
    {
        qsizetype n = 0;
        for (const QStringList& row : rows)
            n += row.size();
        return n;
    }
};

/// Splits texts greedily into rows no wider than width; empty if more than maxRows rows would be needed.
std::vector<QStringList> splitRows(const QFont& font, const QStringList& texts, double width, int maxRows, int minPx)
{
    const double gap = font.pixelSize();
    std::vector<QStringList> rows(1);
    double used = 0.0;
    for (const QString& t : texts) {
        const double w = layoutSubscripted(nullptr, font, QPointF(), t, minPx).width();
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

/// The largest type at which all readouts fit in one, two or three rows of this width within
/// area's height; no rows if none down to minPx does.
Rows fitReadouts(const QStringList& texts, const QRectF& area, double width, int minPx, const QFont& base)
{
    Rows best;
    for (int rows = 1; rows <= 3; ++rows) {
        int px = static_cast<int>(std::min(area.height() * 0.36, (area.height() - 8.0) / (1.3 * rows)));
        for (; px >= minPx; px = static_cast<int>(px * 0.9)) {
            const QFont font = withPixels(base, px);
            if (rowPitch(font, minPx) * rows > area.height() - 8.0)
                continue;
            std::vector<QStringList> split = splitRows(font, texts, width, rows, minPx);
            if (split.empty())
                continue;
            if (best.rows.empty() || px > best.font.pixelSize())
                best = {std::move(split), font};
            break;
        }
    }
    return best;
}

/// At the smallest type, the readouts that fit in the rows area has room for, in order; the rest
/// are left out (a small view shows fewer readouts, never unreadable ones).
Rows firstReadouts(const QStringList& texts, const QRectF& area, double width, int minPx, const QFont& base)
{
    const QFont font = withPixels(base, minPx);
    const int rows = static_cast<int>((area.height() - 8.0) / rowPitch(font, minPx));
    for (qsizetype n = texts.size(); n > 0 && rows > 0; --n) {
        std::vector<QStringList> layout = splitRows(font, texts.first(n), width, rows, minPx);
        if (!layout.empty())
            return {std::move(layout), font};
    }
    return {{}, font};
}

/// Places the rows' texts from the band's left edge, the first row's top at top.
void placeRows(OverlayLayout& o, const Rows& rows, double top, int minPx)
{
    o.readoutFont = rows.font;
    const double px = rows.font.pixelSize(), line = rowPitch(rows.font, minPx), ascent = QFontMetricsF(rows.font).ascent();
    for (size_t r = 0; r < rows.rows.size(); ++r) {
        double x = o.band.left() + 10.0;
        for (const QString& t : rows.rows[r]) {
            const QPointF baseline(x, top + line * static_cast<double>(r) + ascent);
            const QRectF box = layoutSubscripted(nullptr, rows.font, baseline, t, minPx);
            o.readouts << t;
            o.readoutBaselines.push_back(baseline);
            o.readoutRects.push_back(box);
            x += box.width() + px;
        }
    }
}

/// The readouts when they do not fit beside the badge at its full size: beside the badge at the
/// smallest type, or in rows under it across the whole width (down to 60 % of the view's height),
/// whichever shows more of them. Sets belowTop to the rows' top when they go under the badge.
Rows squeezeReadouts(OverlayLayout& o, const QStringList& texts, const QRectF& whole, int minPx, const QFont& plain, double& belowTop)
{
    o.badgeFont = withPixels(plain, minPx, true);
    o.badge = badgeRect(o.band, o.badgeFont);
    Rows beside = fitReadouts(texts, o.band, widthLeftOf(o.band, o.badge), minPx, plain);
    if (beside.rows.empty())
        beside = firstReadouts(texts, o.band, widthLeftOf(o.band, o.badge), minPx, plain);
    if (beside.count() == texts.size())
        return beside;
    // Rows from 2 px under the badge (firstReadouts keeps 6 px above and 2 below them).
    const double limit = whole.top() + 0.6 * whole.height();
    const QRectF below(o.band.left(), o.badge.bottom() - 4.0, o.band.width(), limit - o.badge.bottom() + 6.0);
    Rows under = firstReadouts(texts, below, widthLeftOf(o.band, QRectF()), minPx, plain);
    if (under.count() <= beside.count())
        return beside;
    belowTop = below.top() + 6.0;
    return under;
}

/// Moves the note under any readout it would touch; leaves it out where that leaves the drawing
/// too little room.
void settleNote(OverlayLayout& o, const QRectF& whole)
{
    if (o.noteLines.isEmpty())
        return;
    double top = o.badge.bottom() + 2.0;
    const QRectF first = noteRect(o.band, o.noteLines, o.noteFont, top);
    for (const QRectF& r : o.readoutRects)
        if (r.right() + 12.0 > first.left())
            top = std::max(top, r.bottom() + 4.0);
    o.note = noteRect(o.band, o.noteLines, o.noteFont, top);
    if (o.note.bottom() > whole.top() + 0.6 * whole.height()) {
        o.noteLines.clear();
        o.note = QRectF();
    }
}

} // namespace

double overlayHeight(const QRectF& whole, const SceneStyle& style)
{
    return std::clamp(whole.height() * 0.17, 36.0 * style.scale, 120.0 * style.scale);
}

int subscriptPixels(int basePx, int minPx)
{
    return std::min(basePx, std::max(minPx, static_cast<int>(basePx * 0.7)));
}

QRectF layoutSubscripted(QPainter* painter, const QFont& font, QPointF pos, const QString& text, int minPx)
{
    const QFont small = withPixels(font, subscriptPixels(font.pixelSize(), minPx), font.bold());
    const QFontMetricsF metrics(font), smallMetrics(small);
    const double drop = metrics.ascent() * 0.25, x0 = pos.x();
    const QStringList words = text.split(QLatin1Char(' '));
    bool subscripts = false;
    for (qsizetype w = 0; w < words.size(); ++w) {
        // Within a word, "_" starts a subscript that runs to the next "_" or the word's end.
        const QStringList parts = words[w].split(QLatin1Char('_'));
        if (painter) {
            painter->setFont(font);
            painter->drawText(pos, parts.front());
        }
        pos.rx() += metrics.horizontalAdvance(parts.front());
        for (qsizetype i = 1; i < parts.size(); ++i) {
            subscripts = true;
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
        painter->setFont(font);
    const double bottom = std::max(metrics.descent(), subscripts ? drop + smallMetrics.descent() : 0.0);
    return QRectF(x0, pos.y() - metrics.ascent(), pos.x() - x0, metrics.ascent() + bottom);
}

OverlayLayout layoutOverlay(const fl::MechanismScene& scene, const QRectF& whole, const SceneStyle& style, const QFont& base)
{
    OverlayLayout o;
    o.band = QRectF(whole.left(), whole.top(), whole.width(), overlayHeight(whole, style));
    const int minPx = style.minTextPixels();
    const QFont plain = withPixels(base, minPx);
    QStringList texts;
    for (const fl::Readout& r : scene.readouts)
        texts << readoutText(r);
    const bool phase = scene.phase != fl::ContactPhase::None;
    o.noteFont = withPixels(plain, std::max(minPx, static_cast<int>(o.band.height() * 0.16)));
    if (phase) {
        o.badgeFont = withPixels(plain, std::max(minPx, static_cast<int>(o.band.height() * 0.45)), true);
        o.badge = badgeRect(o.band, o.badgeFont);
        o.badgeText = scene.phase == fl::ContactPhase::Stick ? QStringLiteral("STICK") : QStringLiteral("SLIP");
        o.noteLines = wrapNote(QString::fromStdString(scene.phaseNote), o.noteFont, whole.width() - 16.0);
    }
    // Clear of badge and note if the readouts fit there (a wide view), else clear of the badge
    // (the note then goes under them), else squeezed.
    const QRectF note = noteRect(o.band, o.noteLines, o.noteFont, o.badge.bottom() + 2.0);
    Rows rows = fitReadouts(texts, o.band, widthLeftOf(o.band, o.badge.united(note)), minPx, plain);
    if (rows.rows.empty() && !note.isNull())
        rows = fitReadouts(texts, o.band, widthLeftOf(o.band, o.badge), minPx, plain);
    double top = -1.0;
    if (rows.rows.empty() && phase)
        rows = squeezeReadouts(o, texts, whole, minPx, plain, top);
    else if (rows.rows.empty())
        rows = firstReadouts(texts, o.band, widthLeftOf(o.band, QRectF()), minPx, plain);
    if (top < 0.0) // centred in the band
        top = o.band.top() + 6.0 + 0.5 * (o.band.height() - 8.0 - rowPitch(rows.font, minPx) * static_cast<double>(rows.rows.size()));
    placeRows(o, rows, top, minPx);
    o.readoutsLeftOut = static_cast<int>(texts.size() - rows.count());
    settleNote(o, whole);
    o.bottom = o.band.top();
    for (const DrawnText& t : o.texts(minPx))
        o.bottom = std::max(o.bottom, t.rect.bottom());
    return o;
}

std::vector<DrawnText> OverlayLayout::texts(int minPx) const
{
    std::vector<DrawnText> out;
    if (!badge.isNull())
        out.push_back({DrawnText::Kind::Badge, badgeText, badge, badgeFont.pixelSize()});
    if (!noteLines.isEmpty())
        out.push_back({DrawnText::Kind::Note, noteLines.join(QLatin1Char(' ')), note, noteFont.pixelSize()});
    const int px = readoutFont.pixelSize();
    for (qsizetype i = 0; i < readouts.size(); ++i) {
        const bool sub = readouts[i].contains(QLatin1Char('_'));
        out.push_back({DrawnText::Kind::Readout, readouts[i], readoutRects[static_cast<size_t>(i)], sub ? subscriptPixels(px, minPx) : px});
    }
    return out;
}

void paintOverlay(QPainter& painter, const fl::MechanismScene& scene, const OverlayLayout& o, const SceneStyle& style)
{
    painter.save();
    if (!o.badge.isNull()) {
        const double radius = o.badge.height() * 0.18;
        painter.setPen(Qt::NoPen);
        painter.setBrush(scene.phase == fl::ContactPhase::Stick ? style.stick : style.slip);
        painter.drawRoundedRect(o.badge, radius, radius);
        painter.setPen(Qt::white);
        painter.setFont(o.badgeFont);
        painter.drawText(o.badge, Qt::AlignCenter, o.badgeText);
    }
    painter.setPen(style.text);
    if (!o.noteLines.isEmpty()) {
        // Each line right-aligned on its own baseline, exactly where the layout measured it.
        painter.setFont(o.noteFont);
        const QFontMetricsF metrics(o.noteFont);
        for (qsizetype i = 0; i < o.noteLines.size(); ++i) {
            const double x = o.note.right() - metrics.horizontalAdvance(o.noteLines[i]);
            painter.drawText(QPointF(x, o.note.top() + metrics.lineSpacing() * static_cast<double>(i) + metrics.ascent()), o.noteLines[i]);
        }
    }
    const int minPx = style.minTextPixels();
    for (qsizetype i = 0; i < o.readouts.size(); ++i)
        layoutSubscripted(&painter, o.readoutFont, o.readoutBaselines[static_cast<size_t>(i)], o.readouts[i], minPx);
    painter.restore();
}

} // namespace fl::ui
