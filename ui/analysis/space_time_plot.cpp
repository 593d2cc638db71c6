#include "analysis/space_time_plot.h"
#include "presenter/appearance.h"
#include "presenter/theme.h"
#include "widgets/axis_range.h"

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {
constexpr int kClickSlop = 4; // pixels a press may move and still be a click
} // namespace

SpaceTimePlot::SpaceTimePlot(QWidget* parent) : QCustomPlot(parent), m_windowTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("spaceTimePlot"));
    setMinimumSize(240, 160);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    setNoAntialiasingOnDrag(true);
    setToolTip(tr("Slip speed of every block over time: dark streaks are slip events, a band across the blocks a large one.\n"
                  "Drag to pan, wheel to zoom the time axis, double-click to see the whole run; click to play from there."));
    QFont titleFont = font();
    titleFont.setBold(true);
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, tr("Space–time: slip speed |v_r,i| of each block"), titleFont);
    plotLayout()->addElement(0, 0, m_title);
    xAxis->setLabel(tr("time t"));
    yAxis->setLabel(tr("block i"));
    m_map = new QCPColorMap(xAxis, yAxis);
    m_map->setName(tr("slip speed"));
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(this);
    plotLayout()->addElement(1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setLabel(tr("|v_r,i|"));
    m_scale->setDataScaleType(QCPAxis::stLogarithmic);
    m_scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_scale->axis()->setNumberFormat(QStringLiteral("eb"));
    m_scale->axis()->setNumberPrecision(0);
    m_scale->setBarWidth(14);
    m_map->setColorScale(m_scale);
    auto* margins = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    // The playback line on a layer of its own: moving it repaints that layer, not the map.
    addLayer(QStringLiteral("cursor"), layer(QStringLiteral("main")), QCustomPlot::limAbove);
    layer(QStringLiteral("cursor"))->setMode(QCPLayer::lmBuffered);
    m_cursor = new QCPItemStraightLine(this);
    m_cursor->setLayer(QStringLiteral("cursor"));
    m_cursor->setPen(QPen(QColor(0x1f, 0x77, 0xb4), 2.0));
    m_cursor->setVisible(false);
    m_transient = new QCPItemRect(this);
    m_transient->setPen(Qt::NoPen);
    m_transient->setBrush(QColor(128, 128, 128, 70));
    m_transient->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_transient->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_transient->setVisible(false);
    m_transientLabel = new QCPItemText(this);
    m_transientLabel->setText(tr("transient\n(not counted)"));
    m_transientLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_transientLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_transientLabel->setTextAlignment(Qt::AlignLeft);
    m_transientLabel->setVisible(false);
    updateGradient();

    m_windowTimer->setSingleShot(true);
    m_windowTimer->setInterval(150);
    connect(m_windowTimer, &QTimer::timeout, this, [this] { emit windowChanged(xAxis->range().lower, xAxis->range().upper); });
    connect(this, &QCustomPlot::mouseWheel, this, [this] { m_windowTimer->start(); });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressPos = event->pos(); });
    connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        if (event->button() != Qt::LeftButton || !hasMap())
            return;
        if ((event->pos() - m_pressPos).manhattanLength() > kClickSlop) {
            m_windowTimer->start(); // a drag: the window moved
            return;
        }
        if (axisRect()->rect().contains(event->pos()))
            emit timeClicked(xAxis->pixelToCoord(event->pos().x()));
    });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] { resetView(); });
}

void SpaceTimePlot::updateGradient()
{
    // Sticking is the plot's background; slips go through amber and red to the axis colour
    // (black on light themes, white on dark): readable on a projector in both.
    const Theme& t = currentAppearance().theme();
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorStopAt(0.0, t.plotBackground);
    gradient.setColorStopAt(0.12, QColor(0xfe, 0xe0, 0x8b));
    gradient.setColorStopAt(0.45, QColor(0xf4, 0x6d, 0x43));
    gradient.setColorStopAt(0.75, QColor(0xb2, 0x18, 0x2b));
    gradient.setColorStopAt(1.0, t.axis);
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    m_map->setGradient(gradient);
    // The colour scale's axis lives outside the axis rect the window's styling walks: copy the
    // time axis' look (fonts and colours of the theme and presenter scale).
    QCPAxis* a = m_scale->axis();
    a->setBasePen(xAxis->basePen());
    a->setTickPen(xAxis->tickPen());
    a->setSubTickPen(xAxis->subTickPen());
    a->setTickLabelColor(xAxis->tickLabelColor());
    a->setTickLabelFont(xAxis->tickLabelFont());
    a->setLabelColor(xAxis->labelColor());
    a->setLabelFont(xAxis->labelFont());
    m_transientLabel->setColor(xAxis->labelColor());
    m_transientLabel->setFont(xAxis->tickLabelFont());
}

void SpaceTimePlot::clear()
{
    m_blocks = 0;
    m_runMap = {};
    m_map->data()->clear();
    m_map->setVisible(false);
    m_cursor->setVisible(false);
    m_transient->setVisible(false);
    m_transientLabel->setVisible(false);
    replot(QCustomPlot::rpQueuedReplot);
}

void SpaceTimePlot::fill(const fl::SpaceTimeMap& map)
{
    auto* data = new QCPColorMapData(map.columns, map.blocks, QCPRange(map.tBegin, map.tEnd), QCPRange(1.0, map.blocks));
    for (int c = 0; c < map.columns; ++c)
        for (int b = 0; b < map.blocks; ++b)
            data->setCell(c, b, std::max(static_cast<double>(map.at(c, b)), m_floor));
    m_map->setData(data, false);
    m_map->setDataRange(QCPRange(m_floor, std::max(10.0 * m_floor, static_cast<double>(m_runMap.maxSpeed))));
    m_map->setVisible(true);
}

void SpaceTimePlot::showMap(const fl::SpaceTimeMap& map, double floor)
{
    if (map.empty()) {
        clear();
        return;
    }
    const bool sameRun = m_blocks == map.blocks && m_runMap.tBegin == map.tBegin && m_runMap.tEnd == map.tEnd;
    m_runMap = map;
    m_blocks = map.blocks;
    // The lowest colour up to the stick threshold, and at least 3 decades below the fastest slip.
    m_floor = std::max(floor, 1e-3 * map.maxSpeed);
    if (!(m_floor > 0.0))
        m_floor = 1e-6;
    fill(map);
    yAxis->setRange(0.5, map.blocks + 0.5);
    if (!sameRun)
        xAxis->setRange(fittedRange(map.tBegin, map.tEnd, RangeFit{.padding = 0.0}));
    updateGradient(); // the theme may have changed while no map was shown
    replot(QCustomPlot::rpQueuedReplot);
}

void SpaceTimePlot::showWindow(const fl::SpaceTimeMap& window)
{
    if (window.empty() || window.blocks != m_blocks)
        return;
    fill(window);
    replot(QCustomPlot::rpQueuedReplot);
}

void SpaceTimePlot::resetView()
{
    if (!hasMap())
        return;
    fill(m_runMap);
    xAxis->setRange(fittedRange(m_runMap.tBegin, m_runMap.tEnd, RangeFit{.padding = 0.0}));
    replot(QCustomPlot::rpQueuedReplot);
}

void SpaceTimePlot::markTransient(double t)
{
    const bool shown = hasMap() && t > m_runMap.tBegin;
    m_transient->setVisible(shown);
    m_transientLabel->setVisible(shown);
    if (shown) {
        m_transient->topLeft->setCoords(m_runMap.tBegin, 0.0);
        m_transient->bottomRight->setCoords(t, 1.0);
        m_transientLabel->position->setCoords(m_runMap.tBegin, 0.02);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void SpaceTimePlot::markTime(double t)
{
    const bool shown = std::isfinite(t) && hasMap();
    m_cursor->setVisible(shown);
    if (shown) {
        m_cursor->point1->setCoords(t, 0.0);
        m_cursor->point2->setCoords(t, 1.0);
    }
    m_cursor->layer()->replot();
}

double SpaceTimePlot::markedTime() const { return m_cursor->visible() ? m_cursor->point1->coords().x() : NAN; }

} // namespace fl::ui
