#include "widgets/plot_layout.h"

#include <qcustomplot.h>

namespace fl::ui {

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
