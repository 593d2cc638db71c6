#include "widgets/run_plot.h"

#include "widgets/axis_range.h"
#include "widgets/plot_layout.h"

#include <QAction>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace fl::ui {
RunPlot::RunPlot(const QString& title, QWidget* parent) : QCustomPlot(parent), m_title(title)
{
    setMinimumSize(180, 120); // small enough for a 1280x720 projector at 150 % (presenter scale)
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setPlottingHint(QCP::phFastPolylines, true);
    setNoAntialiasingOnDrag(true);

    m_titleElement = addTitleAndLegendRows(this, title);
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
    // A double click fits the data now, locked or not.
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_followData = true;
        xAxis->setRange(fittedRange(m_keys));
        yAxis->setRange(fittedRange(m_values));
        replot(rpQueuedReplot);
    });
    buildLockButton();
}

void RunPlot::buildLockButton()
{
    // One checkable action: the button in the corner and the context menu entry share it.
    m_lockAction = new QAction(tr("Lock view"), this);
    m_lockAction->setObjectName(QStringLiteral("lockViewAction"));
    m_lockAction->setCheckable(true);
    m_lockAction->setToolTip(tr("Locked: new runs keep this plot's ranges. Unlocked: every new run is fitted, "
                                "even after a zoom. Double-click fits the data now."));
    addAction(m_lockAction);
    m_lockButton = new QToolButton(this);
    m_lockButton->setObjectName(QStringLiteral("lockViewButton"));
    m_lockButton->setDefaultAction(m_lockAction);
    m_lockButton->setAutoRaise(true);
    m_lockButton->setFocusPolicy(Qt::NoFocus);
    fitLockButton();
}

void RunPlot::fitLockButton()
{
    // Sized for the font in force (at 150 % a button sized at 100 % cut "Lock view" off); the
    // title is centred in the width right of the button (kept free on both sides, a narrow plot
    // cut its title to "po").
    m_lockButton->adjustSize();
    m_lockButton->move(6, 4);
    const int side = m_lockButton->width() + 8;
    if (m_titleElement) {
        m_titleElement->setMargins(QMargins(side, 2, m_titleRight, 2));
        m_titleElement->setMinimumSize(0, m_lockButton->height() + 4);
    }
}

void RunPlot::reserveTitleRight(int px)
{
    if (px == m_titleRight)
        return;
    m_titleRight = px;
    fitLockButton();
    replot(rpQueuedReplot);
}

void RunPlot::changeEvent(QEvent* event)
{
    QCustomPlot::changeEvent(event);
    const QEvent::Type type = event->type();
    // Queued: the button may take the new application font after this plot does.
    if (type == QEvent::FontChange || type == QEvent::ApplicationFontChange || type == QEvent::StyleChange)
        QMetaObject::invokeMethod(this, &RunPlot::fitLockButton, Qt::QueuedConnection);
}

void RunPlot::setViewLocked(bool locked)
{
    m_lockAction->setChecked(locked);
}

bool RunPlot::isViewLocked() const { return m_lockAction->isChecked(); }

void RunPlot::followNewData()
{
    if (!isViewLocked())
        m_followData = true;
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
    if (!m_followData || isViewLocked())
        return;
    xAxis->setRange(fittedRange(keys));
    yAxis->setRange(fittedRange(values));
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
    dot->setProperty(kNoLegend, true);
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
