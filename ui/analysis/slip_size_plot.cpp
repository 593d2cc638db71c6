#include "analysis/slip_size_plot.h"
#include "presenter/appearance.h"
#include "presenter/theme.h"
#include "widgets/axis_range.h"

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

void setLogAxis(QCPAxis* axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
}

} // namespace

SlipSizePlot::SlipSizePlot(QWidget* parent) : QCustomPlot(parent)
{
    setObjectName(QStringLiteral("slipSizePlot"));
    setMinimumSize(280, 160);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setToolTip(tr("How often slip events of each size occur (log-binned probability density), with the power law fitted by "
                  "maximum likelihood.\nDrag to pan, wheel to zoom, double-click to fit."));
    QFont titleFont = font();
    titleFont.setBold(true);
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, tr("Slip-event sizes"), titleFont);
    plotLayout()->addElement(0, 0, m_title);
    setLogAxis(xAxis);
    setLogAxis(yAxis);
    yAxis->setLabel(tr("probability density p"));
    m_density = addGraph();
    m_density->setName(tr("events"));
    m_density->setLineStyle(QCPGraph::lsNone);
    const QColor dots(0x1f, 0x77, 0xb4);
    m_density->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, dots, dots, 7));
    m_fit = addGraph();
    m_fit->setName(tr("power law fit"));
    m_fit->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2.5));
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignLeft); // the data fall from top left
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        fitToData();
        replot(QCustomPlot::rpQueuedReplot);
    });
}

void SlipSizePlot::matchLegendFont()
{
    // The legend sits in the axis rect's inset layout, which the window's styling does not walk:
    // give it the axes' font and colour, so that it is measured with the font it is drawn in.
    legend->setFont(xAxis->tickLabelFont());
    legend->setTextColor(xAxis->tickLabelColor());
    legend->setBrush(currentAppearance().theme().plotBackground);
    legend->setBorderPen(xAxis->basePen());
}

void SlipSizePlot::clear()
{
    m_density->data()->clear();
    m_fit->data()->clear();
    m_title->setText(tr("Slip-event sizes"));
    matchLegendFont();
    replot(QCustomPlot::rpQueuedReplot);
}

void SlipSizePlot::showDistribution(const fl::LogHistogram& histogram, const fl::PowerLawFit& fit, const QString& xLabel)
{
    m_density->setData(QVector<double>(histogram.centre.begin(), histogram.centre.end()),
                       QVector<double>(histogram.density.begin(), histogram.density.end()), true);
    QVector<double> x, p;
    if (fit.valid) {
        for (int k = 0; k <= 40; ++k) {
            const double v = fit.xMin * std::pow(fit.xMax / fit.xMin, k / 40.0);
            x.push_back(v);
            p.push_back(fl::powerLawDensity(fit, v));
        }
    }
    m_fit->setData(x, p, true);
    m_fit->setVisible(fit.valid);
    m_title->setText(fit.valid ? tr("Slip-event sizes: α = %1 ± %2").arg(fit.alpha, 0, 'f', 2).arg(fit.sigma, 0, 'f', 2)
                               : tr("Slip-event sizes (too few events for a fit)"));
    xAxis->setLabel(xLabel);
    matchLegendFont();
    fitToData();
    replot(QCustomPlot::rpQueuedReplot);
}

void SlipSizePlot::fitToData()
{
    // Positive values only (log axes); a single size or density is widened, not drawn degenerate.
    bool any = false;
    QCPRange keys, values;
    for (QCPGraph* graph : {m_density, m_fit}) {
        if (!graph->visible())
            continue;
        bool found = false;
        const QCPRange k = graph->getKeyRange(found, QCP::sdPositive);
        if (!found)
            continue;
        const QCPRange v = graph->getValueRange(found, QCP::sdPositive);
        if (!found)
            continue;
        if (any) {
            keys.expand(k);
            values.expand(v);
        } else {
            keys = k;
            values = v;
            any = true;
        }
    }
    if (!any)
        return;
    xAxis->setRange(fittedLogRange(keys.lower, keys.upper));
    yAxis->setRange(fittedLogRange(values.lower, values.upper));
}

} // namespace fl::ui
