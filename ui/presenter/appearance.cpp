#include "presenter/appearance.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QFontMetrics>

#include <algorithm>
#include <QPalette>
#include <QWidget>

namespace fl::ui {
namespace {

Appearance g_appearance;
int g_generation = 1;
QFont g_baseFont;
bool g_hasBase = false;

constexpr char kGeneration[] = "flStyled";
constexpr char kBasePen[] = "flBasePen";
constexpr char kBaseBrush[] = "flBaseBrush";
constexpr char kBaseScatter[] = "flBaseScatter";
constexpr char kRole[] = "flRole";

QPalette paletteOf(const Theme& t)
{
    QPalette p;
    p.setColor(QPalette::Window, t.window);
    p.setColor(QPalette::WindowText, t.windowText);
    p.setColor(QPalette::Base, t.base);
    p.setColor(QPalette::AlternateBase, t.window);
    p.setColor(QPalette::Text, t.windowText);
    p.setColor(QPalette::Button, t.button);
    p.setColor(QPalette::ButtonText, t.windowText);
    p.setColor(QPalette::ToolTipBase, t.base);
    p.setColor(QPalette::ToolTipText, t.windowText);
    p.setColor(QPalette::Highlight, t.highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, t.grid);
    QColor disabled = t.windowText;
    disabled.setAlphaF(0.45f);
    p.setColor(QPalette::Disabled, QPalette::Text, disabled);
    p.setColor(QPalette::Disabled, QPalette::WindowText, disabled);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, disabled);
    return p;
}

/// The pen a plottable is drawn with under the theme, from its base pen.
QPen themedPen(const QPen& base, const QString& role, const Theme& t, double scale)
{
    QPen pen = base;
    const bool stickColoured = role == QLatin1String("stickLine") || role == QLatin1String("grazeMarkers");
    pen.setColor(stickColoured ? t.stickStrip : t.curve(base.color()));
    if (base.widthF() > 0.0)
        pen.setWidthF(base.widthF() * scale * t.lineScale);
    return pen;
}

QBrush themedBrush(const QBrush& base, const QString& role, const Theme& t)
{
    QBrush brush = base;
    if (role == QLatin1String("stickTint"))
        brush.setColor(t.stickTint);
    else if (role == QLatin1String("stickStrip"))
        brush.setColor(t.stickStrip);
    else if (base.style() != Qt::NoBrush)
        brush.setColor(t.curve(base.color()));
    return brush;
}

void styleScatter(QCPAbstractPlottable* p, QCPScatterStyle style, const Theme& t, double scale,
                  const std::function<void(const QCPScatterStyle&)>& set)
{
    if (style.isNone())
        return;
    if (!p->property(kBaseScatter).isValid())
        p->setProperty(kBaseScatter, style.size());
    style.setSize(p->property(kBaseScatter).toDouble() * scale);
    if (p->property(kRole).toString() == QLatin1String("grazeMarkers")) { // the stick bar's colour
        style.setPen(QPen(t.stickStrip.darker(130), style.pen().widthF()));
        style.setBrush(t.stickStrip);
        set(style);
        return;
    }
    style.setPen(QPen(t.curve(style.pen().color()), style.pen().widthF()));
    style.setBrush(t.curve(style.brush().color()));
    set(style);
}

void stylePlottable(QCPAbstractPlottable* p, const Theme& t, double scale)
{
    if (!p->property(kBasePen).isValid()) {
        p->setProperty(kBasePen, p->pen());
        p->setProperty(kBaseBrush, p->brush());
    }
    const QString role = p->property(kRole).toString();
    p->setPen(themedPen(p->property(kBasePen).value<QPen>(), role, t, scale));
    p->setBrush(themedBrush(p->property(kBaseBrush).value<QBrush>(), role, t));
    if (auto* g = qobject_cast<QCPGraph*>(p))
        styleScatter(p, g->scatterStyle(), t, scale, [g](const QCPScatterStyle& s) { g->setScatterStyle(s); });
    else if (auto* c = qobject_cast<QCPCurve*>(p))
        styleScatter(p, c->scatterStyle(), t, scale, [c](const QCPScatterStyle& s) { c->setScatterStyle(s); });
    p->setProperty(kGeneration, g_generation);
}

void styleAxis(QCPAxis* axis, const Theme& t, double scale, const QFont& font)
{
    const QPen pen(t.axis, scale);
    axis->setBasePen(pen);
    axis->setTickPen(pen);
    axis->setSubTickPen(pen);
    axis->setTickLabelColor(t.axis);
    axis->setLabelColor(t.axis);
    axis->setTickLabelFont(font);
    axis->setLabelFont(font);
    axis->setTickLengthIn(static_cast<int>(5 * scale));
    axis->setSubTickLengthIn(static_cast<int>(2 * scale));
    axis->grid()->setPen(QPen(t.grid, scale, Qt::DotLine));
    axis->grid()->setSubGridPen(QPen(t.subGrid, scale, Qt::DotLine));
    axis->grid()->setZeroLinePen(QPen(t.grid, scale));
}

void styleElements(QCPLayout* layout, const Theme& t, const QFont& font)
{
    for (int i = 0; i < layout->elementCount(); ++i) {
        QCPLayoutElement* e = layout->elementAt(i);
        if (auto* text = qobject_cast<QCPTextElement*>(e)) {
            QFont bold = font;
            bold.setBold(true);
            text->setFont(bold);
            text->setTextColor(t.axis);
        } else if (auto* legend = qobject_cast<QCPLegend*>(e)) {
            legend->setFont(font);
            legend->setTextColor(t.axis);
            legend->setIconSize(QSize(static_cast<int>(font.pointSizeF() * 2.6), static_cast<int>(font.pointSizeF() * 1.4)));
        } else if (auto* sub = qobject_cast<QCPLayout*>(e)) {
            styleElements(sub, t, font);
        }
    }
}

void styleItems(QCustomPlot* plot, const Theme& t, double scale, const QFont& font)
{
    for (int i = 0; i < plot->itemCount(); ++i) {
        QCPAbstractItem* item = plot->item(i);
        if (auto* text = qobject_cast<QCPItemText*>(item)) {
            text->setFont(font);
            text->setColor(t.axis);
        } else if (auto* line = qobject_cast<QCPItemStraightLine*>(item)) {
            if (!line->property(kBasePen).isValid())
                line->setProperty(kBasePen, line->pen());
            line->setPen(themedPen(line->property(kBasePen).value<QPen>(), QString(), t, scale));
        }
    }
}

/// Legend items clip their text to their outer rectangle, which ends at the font's descent: an
/// underscore ("v_r") falls below it and vanishes ("v r"). A bottom margin keeps it visible.
void padLegendItems(QCPLayout* layout)
{
    for (int i = 0; i < layout->elementCount(); ++i) {
        QCPLayoutElement* e = layout->elementAt(i);
        if (auto* legend = qobject_cast<QCPLegend*>(e)) {
            const int pad = QFontMetrics(legend->font()).descent() / 2 + 2;
            for (int j = 0; j < legend->itemCount(); ++j)
                if (QCPAbstractLegendItem* item = legend->item(j); item && item->margins().bottom() != pad)
                    item->setMargins(QMargins(0, 0, 0, pad));
        } else if (auto* sub = qobject_cast<QCPLayout*>(e)) {
            padLegendItems(sub);
        }
    }
}

/// Styles what the current generation has not styled yet (cheap: called before every replot).
void styleNew(QCustomPlot* plot)
{
    padLegendItems(plot->plotLayout());
    for (QCPAxisRect* rect : plot->axisRects())
        padLegendItems(rect->insetLayout());
    const Theme& t = g_appearance.theme();
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (plot->plottable(i)->property(kGeneration).toInt() != g_generation)
            stylePlottable(plot->plottable(i), t, g_appearance.scale);
}

} // namespace

const Appearance& currentAppearance() { return g_appearance; }

namespace {

constexpr char kFace[] = "flScaledFace";
constexpr char kRelative[] = "flScaledRelative";

void applyScaledFont(QWidget* widget)
{
    QFont font = widget->property(kFace).value<QFont>();
    font.setPointSizeF(scaledFont().pointSizeF() * widget->property(kRelative).toDouble());
    widget->setFont(font);
}

} // namespace

namespace {

constexpr char kReplotOnShow[] = "flReplotOnShow";

/// Replots the plots replotWhenShown left for later, when they are shown.
class ShowReplotter : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Show && watched->property(kReplotOnShow).toBool())
            if (auto* plot = qobject_cast<QCustomPlot*>(watched)) {
                plot->setProperty(kReplotOnShow, false);
                plot->replot(QCustomPlot::rpQueuedReplot);
            }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

void replotWhenShown(QCustomPlot* plot)
{
    if (plot->isVisible()) {
        plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    static auto* replotter = new ShowReplotter(qApp);
    if (!plot->property(kReplotOnShow).toBool()) {
        plot->setProperty(kReplotOnShow, true);
        plot->removeEventFilter(replotter);
        plot->installEventFilter(replotter);
    }
}

void keepScaledFont(QWidget* widget, const QFont& face, double relative)
{
    widget->setProperty(kFace, face);
    widget->setProperty(kRelative, relative);
    // (An explicit size is not propagated, and ApplicationFontChange reaches windows only.)
    QObject::connect(qApp, &QGuiApplication::fontChanged, widget, [widget] { applyScaledFont(widget); });
    applyScaledFont(widget);
}

void setScaledStyleSheet(QWidget* widget, const QString& sheet)
{
    if (!widget->property(kFace).isValid())
        keepScaledFont(widget, widget->font());
    widget->setStyleSheet(sheet);
}

QFont scaledFont()
{
    if (!g_hasBase) {
        g_baseFont = QApplication::font();
        g_hasBase = true;
    }
    QFont f = g_baseFont;
    f.setPointSizeF(g_baseFont.pointSizeF() * g_appearance.scale);
    return f;
}

void setCurrentAppearance(const Appearance& appearance)
{
    scaledFont(); // remembers the starting font before the first change
    g_appearance = appearance;
    g_appearance.scale = std::clamp(appearance.scale, kMinScale, kMaxScale);
    ++g_generation;
    QApplication::setPalette(paletteOf(g_appearance.theme()));
    QApplication::setFont(scaledFont());
}

/// As many ticks as there is room for their labels, at most QCustomPlot's default of 5 (a small
/// plot at 150 % had its tick labels written over each other).
void fitTickCounts(QCustomPlot* plot)
{
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) {
            if (!axis->visible() || !axis->tickLabels())
                continue;
            const QFontMetrics metrics(axis->tickLabelFont());
            const bool vertical = axis->orientation() == Qt::Vertical;
            const int length = vertical ? rect->height() : rect->width();
            const int perLabel = vertical ? 2 * metrics.height() : metrics.horizontalAdvance(QStringLiteral("−0.000 ")) + metrics.height();
            // A short vertical axis (a plot at 250 % under a caption) keeps one label rather than
            // two written over each other.
            const int count = std::clamp(length / std::max(1, perLabel), vertical && length < 3 * metrics.height() ? 1 : 2, 5);
            if (axis->ticker()->tickCount() != count)
                axis->ticker()->setTickCount(count);
        }
}

void stylePlot(QCustomPlot* plot)
{
    const Theme& t = g_appearance.theme();
    const double scale = g_appearance.scale;
    const QFont font = scaledFont();
    plot->setBackground(t.plotBackground);
    for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes())
            styleAxis(axis, t, scale, font);
    styleElements(plot->plotLayout(), t, font);
    // A legend folded into its axis rect (a plot short for its fonts, plot_layout.cpp) is styled
    // there, or it comes back with the type size it had before.
    for (QCPAxisRect* rect : plot->axisRects())
        styleElements(rect->insetLayout(), t, font);
    styleItems(plot, t, scale, font);
    for (int i = 0; i < plot->plottableCount(); ++i)
        stylePlottable(plot->plottable(i), t, scale);
    if (!plot->property("flStyleHook").toBool()) {
        plot->setProperty("flStyleHook", true);
        QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
            styleNew(plot);
            fitTickCounts(plot);
        });
    }
}

} // namespace fl::ui
