#include "analysis/map_plot.h"

#include "widgets/axis_range.h"
#include "widgets/plot_layout.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace fl::ui {
namespace {

constexpr int kClickSlop = 4; ///< pixels a press may move and still be a click

bool isCount(fl::MapObservable o) { return o == fl::MapObservable::Period || o == fl::MapObservable::StickPhases; }

} // namespace

MapPlot::MapPlot(QWidget* parent) : QCustomPlot(parent)
{
    setMinimumSize(360, 260);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setNoAntialiasingOnDrag(true);
    setToolTip(tr("Drag to pan, wheel to zoom (Reset view shows the whole map).\n"
                  "Click a cell to run that case in the main window."));
    QFont titleFont = font();
    titleFont.setBold(true);
    m_title = new QCPTextElement(this, tr("Two-parameter map"), titleFont);
    addTitleAndLegendRows(this, QString(), m_title);
    legend->setVisible(false);

    m_map = new QCPColorMap(xAxis, yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(this);
    plotLayout()->addElement(plotLayout()->rowCount() - 1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_map->setColorScale(m_scale);
    auto* margins = new QCPMarginGroup(this); // the bar as tall as the axes
    axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    applyGradient();

    // Before the first map: no colours, axes or bar (a purple 0..5 field looked like a result).
    m_empty = new QCPItemText(this);
    m_empty->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_empty->position->setCoords(0.5, 0.5);
    m_empty->setSelectable(false);
    // Wrapped to the plot's width before each replot: at 200 % on a 1280-pixel screen the one line
    // ran past both edges.
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        if (!m_empty->visible())
            return;
        const QString text = wrappedToWidth(tr("No map yet: choose the parameter plane and the value per point, then Start."),
                                            QFontMetricsF(m_empty->font()), 0.9 * viewport().width());
        if (m_empty->text() != text)
            m_empty->setText(text);
    });
    for (QCPLayerable* part : std::initializer_list<QCPLayerable*>{m_map, m_scale, xAxis, yAxis})
        part->setVisible(false);

    m_marker = new QCPItemText(this);
    m_marker->setText(QStringLiteral("✕"));
    QFont markerFont = font();
    markerFont.setPointSizeF(markerFont.pointSizeF() * 1.6);
    markerFont.setBold(true);
    m_marker->setFont(markerFont);
    m_marker->setColor(Qt::white);
    m_marker->setVisible(false);
    m_marker->setSelectable(false);

    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressPos = event->pos(); });
    connect(this, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* event) {
        if (event->button() != Qt::LeftButton || (event->pos() - m_pressPos).manhattanLength() > kClickSlop)
            return;
        int i = 0, j = 0;
        if (cellAt(event->pos(), i, j))
            emit cellClicked(i, j);
    });
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        int i = 0, j = 0;
        if (!(event->buttons() & Qt::LeftButton) && cellAt(event->pos(), i, j))
            emit cellHovered(i, j);
    });
}

QString MapPlot::wrappedToWidth(const QString& text, const QFontMetricsF& metrics, double width)
{
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
}

void MapPlot::applyGradient()
{
    QCPColorGradient gradient;
    if (isCount(m_spec.observable)) {
        // Discrete: -2 undecided (light grey), -1 not periodic (black), 0 at rest (white), then
        // one hue per count; one level per integer of [-2, maxPeriod].
        const int levels = m_spec.maxPeriod + 3;
        gradient.clearColorStops();
        gradient.setLevelCount(levels);
        gradient.setColorInterpolation(QCPColorGradient::ciRGB);
        for (int k = 0; k < levels; ++k) {
            const double position = double(k) / (levels - 1);
            QColor color;
            if (k == 0)
                color = QColor(0xc8, 0xc8, 0xc8);
            else if (k == 1)
                color = Qt::black;
            else if (k == 2)
                color = Qt::white;
            else
                color = QColor::fromHsvF(std::fmod(0.6 + 0.618 * (k - 3), 1.0), 0.75, 0.95); // golden-angle hues
            gradient.setColorStopAt(position, color);
        }
    } else {
        // Viridis (perceptually uniform, readable in grey and by colour-blind viewers, no white
        // end that would look like a cell not computed yet).
        gradient.clearColorStops();
        gradient.setColorStopAt(0.0, QColor(0x44, 0x01, 0x54));
        gradient.setColorStopAt(0.25, QColor(0x3b, 0x52, 0x8b));
        gradient.setColorStopAt(0.5, QColor(0x21, 0x91, 0x8c));
        gradient.setColorStopAt(0.75, QColor(0x5e, 0xc9, 0x62));
        gradient.setColorStopAt(1.0, QColor(0xfd, 0xe7, 0x25));
        gradient.setColorInterpolation(QCPColorGradient::ciRGB);
        gradient.setLevelCount(256);
    }
    gradient.setNanHandling(QCPColorGradient::nhTransparent);
    m_map->setGradient(gradient);
}

void MapPlot::beginMap(const fl::MapSpec& spec, const QString& title, const QString& xLabel, const QString& yLabel,
                       const QString& valueLabel)
{
    m_spec = spec;
    m_empty->setVisible(false);
    for (QCPLayerable* part : std::initializer_list<QCPLayerable*>{m_map, m_scale, xAxis, yAxis})
        part->setVisible(true);
    m_title->setText(title);
    xAxis->setLabel(xLabel);
    yAxis->setLabel(yLabel);
    m_scale->axis()->setLabel(valueLabel);
    QCPColorMapData* data = m_map->data();
    data->setSize(spec.x.steps, spec.y.steps);
    data->setRange(QCPRange(spec.x.from, spec.x.to), QCPRange(spec.y.from, spec.y.to));
    data->fill(std::numeric_limits<double>::quiet_NaN());
    m_block.assign(size_t(spec.x.steps) * size_t(spec.y.steps), 0);
    m_hasValue = false;
    m_low = m_high = m_lowPositive = 0.0;
    applyGradient();
    applyDataRange();
    m_marker->setVisible(false);
    resetView();
}

void MapPlot::addPoint(const fl::MapCell& cell, double value)
{
    const int nx = m_spec.x.steps, ny = m_spec.y.steps;
    if (cell.i < 0 || cell.j < 0 || cell.i >= nx || cell.j >= ny)
        return;
    QCPColorMapData* data = m_map->data();
    // The point stands for the block above and right of it, wherever no finer point is shown yet.
    for (int j = cell.j; j < std::min(ny, cell.j + cell.block); ++j)
        for (int i = cell.i; i < std::min(nx, cell.i + cell.block); ++i) {
            int& shown = m_block[size_t(j) * size_t(nx) + size_t(i)];
            if (shown == 0 || cell.block < shown || (i == cell.i && j == cell.j)) {
                shown = (i == cell.i && j == cell.j) ? 1 : cell.block;
                data->setCell(i, j, value);
            }
        }
    if (std::isfinite(value)) {
        m_low = m_hasValue ? std::min(m_low, value) : value;
        m_high = m_hasValue ? std::max(m_high, value) : value;
        m_hasValue = true;
        if (value > 0.0)
            m_lowPositive = m_lowPositive > 0.0 ? std::min(m_lowPositive, value) : value;
    }
    m_dirty = true;
}

void MapPlot::flush(bool force)
{
    if (!m_dirty)
        return;
    if (!force) {
        if (!isVisible())
            return; // drawn when shown (showEvent of the view) or at the end
        if (m_lastFlush.isValid() && static_cast<double>(m_lastFlush.elapsed()) < 4.0 * replotTime())
            return;
    }
    m_lastFlush.start();
    m_dirty = false;
    applyDataRange();
    replot(QCustomPlot::rpQueuedReplot);
}

void MapPlot::applyDataRange()
{
    const bool log = m_log && !isCount(m_spec.observable);
    m_scale->setDataScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (isCount(m_spec.observable)) { // whole numbers only
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(1.0);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        m_scale->axis()->setTicker(ticker);
    } else if (log) {
        m_scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    } else {
        m_scale->axis()->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    if (isCount(m_spec.observable))
        m_map->setDataRange(QCPRange(-2.0, m_spec.maxPeriod));
    else if (log && m_lowPositive > 0.0)
        // The colours span the data exactly; only a flat map (a constant up to round-off) is widened.
        m_map->setDataRange(m_high > m_lowPositive * (1.0 + RangeFit{}.relativeFloor) ? QCPRange(m_lowPositive, m_high)
                                                                                     : fittedLogRange(m_lowPositive, m_high, 1.0));
    else if (m_hasValue)
        m_map->setDataRange(fittedRange(m_low, m_high, RangeFit{.padding = 0.0}));
}

void MapPlot::setLogScale(bool on)
{
    m_log = on;
    applyDataRange();
    replot(QCustomPlot::rpQueuedReplot);
}

void MapPlot::resetView()
{
    const double dx = m_spec.x.steps > 1 ? (m_spec.x.to - m_spec.x.from) / (m_spec.x.steps - 1) : 1.0;
    const double dy = m_spec.y.steps > 1 ? (m_spec.y.to - m_spec.y.from) / (m_spec.y.steps - 1) : 1.0;
    xAxis->setRange(fittedRange(m_spec.x.from - 0.5 * dx, m_spec.x.to + 0.5 * dx, RangeFit{.padding = 0.0}));
    yAxis->setRange(fittedRange(m_spec.y.from - 0.5 * dy, m_spec.y.to + 0.5 * dy, RangeFit{.padding = 0.0}));
    replot(QCustomPlot::rpQueuedReplot);
}

void MapPlot::markCell(int i, int j)
{
    if (i < 0) {
        m_marker->setVisible(false);
    } else {
        m_marker->position->setCoords(m_spec.x.value(i), m_spec.y.value(j));
        m_marker->setVisible(true);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

double MapPlot::shownValue(int i, int j) const { return m_map->data()->cell(i, j); }

bool MapPlot::cellAt(const QPointF& pixel, int& i, int& j) const
{
    if (m_block.empty() || !axisRect()->rect().contains(pixel.toPoint()))
        return false;
    m_map->data()->coordToCell(xAxis->pixelToCoord(pixel.x()), yAxis->pixelToCoord(pixel.y()), &i, &j);
    return i >= 0 && j >= 0 && i < m_spec.x.steps && j < m_spec.y.steps;
}

} // namespace fl::ui
