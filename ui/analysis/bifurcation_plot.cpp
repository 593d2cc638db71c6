#include "analysis/bifurcation_plot.h"
#include "analysis/continuation_layer.h"

#include "widgets/axis_range.h"
#include "widgets/plot_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl::ui {
namespace {

constexpr int kClickSlop = 4; ///< pixels a press may move and still be a click

} // namespace

BifurcationPlot::BifurcationPlot(QWidget* parent) : QCustomPlot(parent)
{
    setMinimumSize(360, 260);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setNoAntialiasingOnDrag(true);
    setToolTip(tr("Drag to pan, wheel to zoom (Reset view fits the data again).\n"
                  "Click a column to open that parameter value in the main window."));

    QFont titleFont = font();
    titleFont.setBold(true);
    m_title = new QCPTextElement(this, tr("Bifurcation diagram"), titleFont);
    addTitleAndLegendRows(this, QString(), m_title);
    legend->setColumnSpacing(12);

    // Up: filled dots; down: rings around them, so that where the branches coincide both show.
    // Equilibria: open diamonds.
    m_up = addPointGraph(tr("sweep up"), upColor(), QCPScatterStyle::ssDisc);
    m_down = addPointGraph(tr("sweep down"), downColor(), QCPScatterStyle::ssCircle);
    m_upSettled = addPointGraph(tr("equilibrium (up)"), upColor(), QCPScatterStyle::ssDiamond);
    m_downSettled = addPointGraph(tr("equilibrium (down)"), downColor(), QCPScatterStyle::ssDiamond);
    m_marker = new QCPItemStraightLine(this);
    m_marker->setPen(QPen(QColor(0x60, 0x60, 0x60), 1.0, Qt::DashLine));
    m_marker->setVisible(false);
    m_marker->setSelectable(false);
    m_continuation = new ContinuationLayer(this);
    connect(m_continuation, &ContinuationLayer::valuesChanged, this, &BifurcationPlot::includeValues);
    updateMarkers();
    updateLegend();

    connect(this, &QCustomPlot::mouseWheel, this, [this] { m_follow = false; });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressPos = event->pos(); });
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        if ((event->buttons() & Qt::LeftButton) && (event->pos() - m_pressPos).manhattanLength() > kClickSlop)
            m_follow = false;
    });
    connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        if (event->button() != Qt::LeftButton || (event->pos() - m_pressPos).manhattanLength() > kClickSlop)
            return;
        if (!axisRect()->rect().contains(event->pos()))
            return;
        if (m_continuation->tookClick()) // a point of a continued branch: the layer's click
            return;
        const double parameter = parameterAtPixel(event->pos().x());
        if (std::isfinite(parameter))
            emit columnClicked(parameter);
    });
}

QCPGraph* BifurcationPlot::addPointGraph(const QString& name, const QColor& color, QCPScatterStyle::ScatterShape shape)
{
    QCPGraph* graph = addGraph();
    graph->setName(name);
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setPen(QPen(color, shape == QCPScatterStyle::ssDisc ? 1.0 : 1.2));
    graph->setAntialiasedScatters(shape != QCPScatterStyle::ssDisc);
    return graph;
}

void BifurcationPlot::updateMarkers()
{
    // Large marks for a sparse diagram, small ones for a dense cloud.
    const int points = pointCount();
    const double scale = points < 2000 ? 1.6 : points < 10000 ? 1.3 : 1.0;
    for (QCPGraph* graph : {m_up, m_down, m_upSettled, m_downSettled}) {
        const QColor color = graph->pen().color();
        const bool ring = graph == m_down;
        if (graph == m_up)
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 2.5 * scale));
        else if (ring)
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.0), Qt::NoBrush, 4.5 * scale));
        else
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(color, 1.2), Qt::NoBrush, 7.0));
    }
}

void BifurcationPlot::beginSweep(const QString& title, const QString& parameterLabel, const QString& valueLabel,
                                 double from, double to, int steps)
{
    for (QCPGraph* graph : {m_up, m_down, m_upSettled, m_downSettled})
        graph->data()->clear();
    for (Pending& pending : m_pending)
        pending = Pending();
    m_pendingColumns = 0;
    m_from = from;
    m_to = to;
    m_steps = steps;
    m_hasValues = false;
    m_follow = true;
    m_title->setText(title);
    xAxis->setLabel(parameterLabel);
    yAxis->setLabel(valueLabel);
    markParameter(std::numeric_limits<double>::quiet_NaN());
    updateMarkers();
    updateLegend();
    fitRanges();
    replot(rpQueuedReplot);
}

void BifurcationPlot::clearDiagram()
{
    beginSweep(tr("Bifurcation diagram"), QString(), QString(), 0.0, 1.0, 0);
}

void BifurcationPlot::addColumn(const fl::SweepColumn& column)
{
    if (!column.status.ok())
        return;
    Pending& pending = m_pending[(column.branch == 0 ? 0 : 1) + (column.settled ? 2 : 0)];
    for (double value : column.values) {
        if (!std::isfinite(value))
            continue;
        pending.keys.push_back(column.parameter);
        pending.values.push_back(value);
        m_valueRange = m_hasValues ? QCPRange(std::min(m_valueRange.lower, value), std::max(m_valueRange.upper, value))
                                   : QCPRange(value, value);
        m_hasValues = true;
    }
    ++m_pendingColumns;
}

void BifurcationPlot::flush()
{
    if (m_pendingColumns == 0)
        return;
    QCPGraph* graphs[] = {m_up, m_down, m_upSettled, m_downSettled};
    for (int i = 0; i < 4; ++i) {
        if (m_pending[i].keys.isEmpty())
            continue;
        graphs[i]->addData(m_pending[i].keys, m_pending[i].values);
        m_pending[i] = Pending();
    }
    m_pendingColumns = 0;
    updateMarkers();
    updateLegend();
    if (m_follow)
        fitRanges();
    replot(rpQueuedReplot);
}

void BifurcationPlot::resetView()
{
    m_follow = true;
    fitRanges();
    replot(rpQueuedReplot);
}

void BifurcationPlot::markParameter(double value)
{
    m_marked = value;
    m_marker->setVisible(std::isfinite(value));
    if (std::isfinite(value)) {
        m_marker->point1->setCoords(value, 0.0);
        m_marker->point2->setCoords(value, 1.0);
    }
    replot(rpQueuedReplot);
}

int BifurcationPlot::pointCount() const
{
    return m_up->dataCount() + m_down->dataCount() + m_upSettled->dataCount() + m_downSettled->dataCount();
}

double BifurcationPlot::parameterAtPixel(double x) const
{
    if (m_steps < 2)
        return std::numeric_limits<double>::quiet_NaN();
    const double value = xAxis->pixelToCoord(x);
    const double step = (m_to - m_from) / (m_steps - 1);
    const double k = std::clamp(std::round((value - m_from) / step), 0.0, double(m_steps - 1));
    // Beyond half a step outside the swept range there is no column.
    if (value < m_from - 0.5 * step || value > m_to + 0.5 * step)
        return std::numeric_limits<double>::quiet_NaN();
    return m_from + (m_to - m_from) * k / (m_steps - 1);
}

void BifurcationPlot::updateLegend()
{
    // Only the kinds of points present are listed (with none yet, the two branches).
    legend->clearItems();
    const bool any = pointCount() > 0;
    for (QCPGraph* graph : {m_up, m_down, m_upSettled, m_downSettled})
        if (graph->dataCount() > 0 || (!any && (graph == m_up || graph == m_down)))
            graph->addToLegend();
    m_continuation->addLegendItems();
}

void BifurcationPlot::includeValues(double lowest, double highest)
{
    m_valueRange = m_hasValues ? QCPRange(std::min(m_valueRange.lower, lowest), std::max(m_valueRange.upper, highest))
                               : QCPRange(lowest, highest);
    m_hasValues = true;
    if (m_follow) {
        fitRanges();
        replot(rpQueuedReplot);
    }
}

void BifurcationPlot::fitRanges()
{
    xAxis->setRange(fittedRange(m_from, m_to));
    yAxis->setRange(m_hasValues ? fittedRange(m_valueRange) : QCPRange(-1.0, 1.0));
}

} // namespace fl::ui
