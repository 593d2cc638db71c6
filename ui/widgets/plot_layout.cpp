#include "widgets/plot_layout.h"

#include <qcustomplot.h>

#include <algorithm>
#include <vector>

namespace fl::ui {
namespace {

/// Wraps the legend into as few rows as fit the plot's width: the most columns (entries in order,
/// column i % columns) whose widest entries, spacing and margins fit; one row when all do. Called
/// before every replot, so a narrow plot at 1280x720 shows whole entries ("z (right)") on two rows
/// instead of clipping them.
void fitLegendToWidth(QCustomPlot* plot)
{
    QCPLegend* legend = plot->legend;
    if (!legend)
        return;
    // The entries in order (a wrapped grid has empty cells, where item() is null).
    std::vector<double> entries;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i))
            entries.push_back(item->minimumOuterSizeHint().width());
    const int count = static_cast<int>(entries.size());
    if (count < 2)
        return;
    const QMargins margins = legend->margins();
    const double available = plot->viewport().width() - margins.left() - margins.right() - 8.0;
    std::vector<double> widths(static_cast<size_t>(count));
    int columns = count;
    for (; columns > 1; --columns) {
        std::fill(widths.begin(), widths.begin() + columns, 0.0);
        for (int i = 0; i < count; ++i) {
            double& w = widths[static_cast<size_t>(i % columns)];
            w = std::max(w, entries[static_cast<size_t>(i)]);
        }
        double total = (columns - 1) * legend->columnSpacing();
        for (int c = 0; c < columns; ++c)
            total += widths[static_cast<size_t>(c)];
        if (total <= available)
            break;
    }
    const int wrap = columns == count ? 0 : columns;
    if (legend->wrap() != wrap) {
        legend->setWrap(wrap);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    }
}

constexpr char kLegendRow[] = "flLegendRow";
constexpr char kAxisLabel[] = "flAxisLabel";
constexpr char kLegendFolded[] = "flLegendFolded";

/// The axis label, cleared (hidden) or given back.
void showAxisLabel(QCPAxis* axis, bool shown)
{
    if (!shown && !axis->label().isEmpty()) {
        axis->setProperty(kAxisLabel, axis->label());
        axis->setLabel(QString());
    } else if (shown && axis->label().isEmpty() && !axis->property(kAxisLabel).toString().isEmpty()) {
        axis->setLabel(axis->property(kAxisLabel).toString());
    }
}

/// A plot given little height for its fonts (a 1280x720 projector at 200 %, a scene's caption
/// above) keeps its axes room for curves: first the legend row goes, then the axis labels. Called
/// before every replot; the rows come back when the height allows.
void fitRowsToHeight(QCustomPlot* plot)
{
    auto* legendRow = plot->property(kLegendRow).value<QCPLayoutGrid*>();
    QCPLegend* legend = plot->legend;
    if (!legendRow || !legend || plot->axisRects().size() != 1)
        return;
    QCPAxisRect* rect = plot->axisRect();
    const int font = QFontMetrics(plot->xAxis->tickLabelFont()).height();
    QCPLayoutElement* titleElement = plot->plotLayout()->elementAt(0);
    const int title = titleElement ? titleElement->minimumOuterSizeHint().height() : 0;
    const int axes = 2 * font + 16;   // the x tick labels and label
    const int curves = 3 * font + 20; // the least height left for the curves
    const int height = plot->viewport().height();
    const bool folded = plot->property(kLegendFolded).toBool();
    const bool legendFits = height - title - legend->minimumOuterSizeHint().height() - axes >= curves;
    if (!folded && !legendFits && legend->visible() && legend->layout() == legendRow) {
        legendRow->take(legend);
        rect->insetLayout()->addElement(legend, Qt::AlignRight | Qt::AlignTop);
        legend->setVisible(false);
        plot->setProperty(kLegendFolded, true);
    } else if (folded && legendFits) {
        rect->insetLayout()->take(legend);
        legendRow->addElement(0, 1, legend);
        legend->setVisible(true);
        plot->setProperty(kLegendFolded, false);
    }
    // Still short: the horizontal axes' labels go too; a vertical label longer than its axis
    // ("x, φ [rad], v_s, ω_s" over 150 px) would run into the title.
    const int axisHeight = height - title - (legendFits ? legend->minimumOuterSizeHint().height() : 0) - axes;
    for (QCPAxis* axis : rect->axes()) {
        if (axis->orientation() == Qt::Horizontal) {
            showAxisLabel(axis, axisHeight >= curves);
        } else {
            const QString text = axis->label().isEmpty() ? axis->property(kAxisLabel).toString() : axis->label();
            showAxisLabel(axis, QFontMetrics(axis->labelFont()).horizontalAdvance(text) <= axisHeight);
        }
    }
}

} // namespace

QCPTextElement* addTitleAndLegendRows(QCustomPlot* plot, const QString& title, QCPTextElement* element)
{
    if (!element) {
        QFont titleFont = plot->font();
        titleFont.setBold(true);
        element = new QCPTextElement(plot, title, titleFont);
    }
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, element);
    // The legend between two empty elements that take the spare width.
    QCPLegend* legend = plot->legend;
    plot->axisRect()->insetLayout()->take(legend);
    auto* legendRow = new QCPLayoutGrid;
    plot->plotLayout()->insertRow(1);
    plot->plotLayout()->addElement(1, 0, legendRow);
    legendRow->addElement(0, 0, new QCPLayoutElement(plot));
    legendRow->addElement(0, 1, legend);
    legendRow->addElement(0, 2, new QCPLayoutElement(plot));
    legendRow->setColumnStretchFactors({1.0, 0.001, 1.0});
    plot->plotLayout()->setRowStretchFactor(0, 0.001);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    legend->setVisible(true);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    legend->setMargins(QMargins(4, 0, 4, 0));
    plot->setProperty(kLegendRow, QVariant::fromValue(legendRow));
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
        fitLegendToWidth(plot);
        fitRowsToHeight(plot);
    });
    return element;
}

void setPlottableShown(QCustomPlot* plot, QCPAbstractPlottable* item, bool shown)
{
    if (item->visible() == shown)
        return;
    item->setVisible(shown);
    plot->legend->clearItems();
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (plot->plottable(i)->visible() && !plot->plottable(i)->property(kNoLegend).toBool())
            plot->plottable(i)->addToLegend();
}

} // namespace fl::ui
