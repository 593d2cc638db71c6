#include "widgets/time_history_plot.h"
#include "widgets/axis_range.h"
#include "widgets/plot_layout.h"
#include "plotdata/variable_text.h"

#include <algorithm>

namespace fl::ui {

TimeHistoryPlot::TimeHistoryPlot(QWidget* parent) : RunPlot(tr("Time history"), parent)
{
    // The shading lies on the background layer, under the grid; yAxis2 (hidden) spans [0, 1].
    // Opaque: translucent fills of this size cost several milliseconds per replot.
    yAxis2->setRange(0.0, 1.0);
    m_stick = addGraph(xAxis, yAxis2);
    m_stick->setLayer(QStringLiteral("background"));
    m_stick->setName(tr("stick"));
    m_stick->setPen(Qt::NoPen);
    m_stick->setBrush(stickShade());
    m_stick->setProperty("flRole", QStringLiteral("stickTint"));
    // A bar along the bottom of the plot in a strong colour (>= 3:1 on the background in every
    // theme, presenter/theme.h): stick stays visible on a washed-out projector. Its own hidden
    // axis spans [0, 14], so the 0/1 boxes fill the lowest fourteenth.
    QCPAxis* stripAxis = axisRect()->addAxis(QCPAxis::atRight);
    stripAxis->setVisible(false);
    stripAxis->setRange(0.0, 14.0);
    m_stickStrip = addGraph(xAxis, stripAxis);
    m_stickStrip->setLayer(QStringLiteral("background"));
    m_stickStrip->setPen(Qt::NoPen);
    m_stickStrip->setBrush(stickColor().darker(135));
    m_stickStrip->setProperty("flRole", QStringLiteral("stickStrip"));
    m_stickStrip->removeFromLegend();
    m_stickStrip->setProperty(kNoLegend, true);
    // Grazes: a downward triangle near the top edge at each, in the stick bar's colour.
    m_grazes = addGraph(xAxis, yAxis2);
    m_grazes->setName(tr("graze"));
    m_grazes->setLineStyle(QCPGraph::lsNone);
    m_grazes->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, stickColor().darker(160), stickColor().darker(135), 11));
    m_grazes->setProperty("flRole", QStringLiteral("grazeMarkers"));
    setShown(m_grazes, false);
    m_stateAxis = axisRect()->addAxis(QCPAxis::atRight);
    m_stateAxis->setVisible(false);
    m_stateAxis->setProperty("flRole", QStringLiteral("lawStateAxis"));
    xAxis->setLabel(QStringLiteral("t"));
    m_cursor = new QCPItemStraightLine(this);
    m_cursor->setLayer(cursorLayer());
    m_cursor->setPen(QPen(QColor(0x20, 0x20, 0x20), 2.0, Qt::DashLine));
    m_cursor->setVisible(false);
    connect(this, &QCustomPlot::beforeReplot, this, &TimeHistoryPlot::fitStickBoxes);
}

void TimeHistoryPlot::fitStickBoxes()
{
    const QCPRange range = xAxis->range();
    const int width = std::max(axisRect()->width(), 1);
    if (range == m_boxesRange && width == m_boxesWidth)
        return;
    m_boxesRange = range;
    m_boxesWidth = width;
    // The intervals are ordered and disjoint; each shown one is the box (b, 0), (b, 1), (e, 1), (e, 0).
    const double gap = 2.0 * range.size() / width;
    auto k = std::lower_bound(m_stickIntervals.begin(), m_stickIntervals.end(), range.lower - gap,
                              [](const fl::TimeInterval& i, double t) { return i.end < t; }); // the first ending in view
    QVector<QCPGraphData> shown;
    for (; k != m_stickIntervals.end() && k->begin <= range.upper + gap; ++k) {
        if (!shown.isEmpty() && k->begin - shown.last().key < gap) {
            shown[shown.size() - 2].key = k->end; // joins the previous box
            shown.last().key = k->end;
            continue;
        }
        shown << QCPGraphData(k->begin, 0.0) << QCPGraphData(k->begin, 1.0) << QCPGraphData(k->end, 1.0)
              << QCPGraphData(k->end, 0.0);
    }
    m_stick->data()->set(shown, true);
    m_stickStrip->data()->set(shown, true);
}

void TimeHistoryPlot::showCursor(const PlaybackFrame& frame)
{
    m_cursor->setVisible(frame.valid());
    m_cursor->point1->setCoords(frame.t, 0.0);
    m_cursor->point2->setCoords(frame.t, 1.0);
    replotCursor();
}

QCPGraph* TimeHistoryPlot::curve(const QString& column) const
{
    for (const std::vector<QCPGraph*>* graphs : {&m_curves, &m_stateCurves})
        for (QCPGraph* graph : *graphs)
            if (graph->visible() && graph->property("flColumn").toString() == column)
                return graph;
    return nullptr;
}

void TimeHistoryPlot::showData(const PlotDataPtr& ptr)
{
    const PlotData& data = *ptr;
    QStringList names;
    for (size_t i = 0; i < data.series.size(); ++i) {
        if (i == m_curves.size())
            m_curves.push_back(addLineGraph(QString(), seriesColor(i)));
        // Legends show the display label (x′, φ [rad]); curve() finds a curve by its column id.
        m_curves[i]->setName(data.series[i].label);
        m_curves[i]->setProperty("flColumn", data.series[i].name);
        m_curves[i]->data()->set(data.series[i].points, true);
        setShown(m_curves[i], true);
        names << data.series[i].label;
    }
    xAxis->setLabel(variableText(data.run->scenario.systemId, "t"));
    m_stick->setName(data.stickLabel);
    for (size_t i = data.series.size(); i < m_curves.size(); ++i)
        setShown(m_curves[i], false);
    yAxis->setLabel(names.join(QStringLiteral(",  ")));
    // Intervals closer than 2 pixels are joined, so even sub-pixel stick stays visible.
    m_stickIntervals = data.stickIntervals;
    setShown(m_stick, !m_stickIntervals.empty());
    m_stickStrip->setVisible(!m_stickIntervals.empty());
    QVector<QCPGraphData> grazes;
    for (double t : data.grazeTimes)
        grazes << QCPGraphData(t, 0.955);
    m_grazes->data()->set(grazes, true);
    setShown(m_grazes, !grazes.isEmpty());
    showLawStates(data);
    setDataRange(data.timeRange, data.valueRange);
    m_boxesWidth = -1;
    fitStickBoxes();
    replot(rpQueuedReplot);
}

void TimeHistoryPlot::showLawStates(const PlotData& data)
{
    QStringList names;
    for (size_t i = 0; i < data.lawStates.size(); ++i) {
        if (i == m_stateCurves.size()) {
            QCPGraph* graph = addGraph(xAxis, m_stateAxis);
            QPen pen(seriesColor(data.series.size() + i), 1.5, Qt::DashLine);
            graph->setPen(pen);
            m_stateCurves.push_back(graph);
        }
        QCPGraph* graph = m_stateCurves[i];
        graph->setName(tr("%1 (right)").arg(data.lawStates[i].label));
        graph->setProperty("flColumn", data.lawStates[i].name);
        graph->data()->set(data.lawStates[i].points, true);
        setShown(graph, true);
        names << data.lawStates[i].label;
    }
    for (size_t i = data.lawStates.size(); i < m_stateCurves.size(); ++i)
        setShown(m_stateCurves[i], false);
    m_stateAxis->setVisible(!data.lawStates.empty());
    if (data.lawStates.empty())
        return;
    m_stateAxis->setLabel(names.join(QStringLiteral(",  ")));
    m_stateAxis->setRange(fittedRange(data.lawStateRange));
}

} // namespace fl::ui
