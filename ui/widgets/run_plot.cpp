#include "widgets/run_plot.h"

#include "widgets/plot_layout.h"

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

QCPRange padded(QCPRange range)
{
    double pad = 0.05 * range.size();
    if (pad <= 0.0)
        pad = std::max(0.5, 0.05 * std::abs(range.center()));
    return QCPRange(range.lower - pad, range.upper + pad);
}

} // namespace

RunPlot::RunPlot(const QString& title, QWidget* parent) : QCustomPlot(parent), m_title(title)
{
    setMinimumSize(260, 200);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setPlottingHint(QCP::phFastPolylines, true);
    setNoAntialiasingOnDrag(true);

    addTitleAndLegendRows(this, title);
    addLayer(QStringLiteral("cursor"), layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_cursorLayer = layer(QStringLiteral("cursor"));
    m_cursorLayer->setMode(QCPLayer::lmBuffered);
    legend->setRowSpacing(0);
    legend->setColumnSpacing(12);

    connect(this, &QCustomPlot::mouseWheel, this, [this] { m_followData = false; });
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        if (event->buttons() & Qt::LeftButton)
            m_followData = false;
    });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_followData = true;
        setDataRange(m_keys, m_values);
        replot(rpQueuedReplot);
    });
}

void RunPlot::setActive(bool active)
{
    m_active = active;
    update();
}

void RunPlot::paintEvent(QPaintEvent* event)
{
    QCustomPlot::paintEvent(event);
    // On screen only: exports render the plot without this mark.
    if (m_active) {
        QPainter painter(this);
        painter.fillRect(QRect(0, 0, width(), 3), palette().color(QPalette::Highlight));
    }
}

void RunPlot::setDataRange(QCPRange keys, QCPRange values)
{
    m_keys = keys;
    m_values = values;
    if (!m_followData)
        return;
    xAxis->setRange(padded(keys));
    yAxis->setRange(padded(values));
}

QCPGraph* RunPlot::addLineGraph(const QString& name, const QColor& color, double width)
{
    QCPGraph* graph = addGraph();
    graph->setName(name);
    graph->setPen(QPen(color, width));
    return graph;
}

QCPCurve* RunPlot::addCurve(const QString& name, const QColor& color, double width)
{
    auto* curve = new QCPCurve(xAxis, yAxis);
    curve->setName(name);
    curve->setPen(QPen(color, width));
    return curve;
}

void RunPlot::setShown(QCPAbstractPlottable* item, bool shown)
{
    setPlottableShown(this, item, shown);
}

QCPGraph* RunPlot::addCursorDot(const QColor& color)
{
    QCPGraph* dot = addGraph();
    dot->setLayer(m_cursorLayer);
    dot->setLineStyle(QCPGraph::lsNone);
    dot->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::white, 2.0), QBrush(color), 13));
    dot->removeFromLegend();
    dot->setVisible(false);
    return dot;
}

void RunPlot::placeCursorDot(QCPGraph* dot, double x, double y)
{
    const bool shown = std::isfinite(x) && std::isfinite(y);
    dot->setVisible(shown);
    if (shown)
        dot->setData({x}, {y}, true);
}

void RunPlot::replotCursor()
{
    m_cursorLayer->replot();
}

QColor seriesColor(size_t n)
{
    static const QColor palette[] = {RunPlot::positionColor(), RunPlot::relativeVelocityColor(), RunPlot::forceColor(),
                                     QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0x17, 0xbe, 0xcf),
                                     QColor(0xbc, 0xbd, 0x22), QColor(0xe3, 0x77, 0xc2)};
    return palette[n % std::size(palette)];
}

} // namespace fl::ui
