#include "widgets/phase_portrait_plot.h"
#include "widgets/angle_wrap.h"

#include <QCheckBox>
#include <QComboBox>

#include <numbers>

namespace fl::ui {
namespace {

/// A coordinate as drawn: modulo 2π when wrapped.
double shown(double value, bool wrap) { return wrap ? wrappedAngle(value) : value; }

} // namespace

PhasePortraitPlot::PhasePortraitPlot(QWidget* parent) : RunPlot(tr("Phase portrait"), parent), m_planes(new QComboBox(this))
{
    m_trajectory = addCurve(tr("trajectory"), positionColor(), 1.2);
    m_stick = addCurve(tr("stick"), stickColor(), 3.0);
    m_stick->setProperty("flRole", QStringLiteral("stickLine"));
    m_start = addLineGraph(tr("start"), lawColor());
    m_start->setLineStyle(QCPGraph::lsNone);
    m_start->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, lawColor(), 8));
    m_planes->setToolTip(tr("Phase plane to show"));
    m_planes->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_planes->hide();
    connect(m_planes, &QComboBox::activated, this, &PhasePortraitPlot::setPlane);
    // Angles that make full turns (the pendulum's φ) may be shown modulo 2π.
    m_wrap = new QCheckBox(tr("mod 2π"), this);
    m_wrap->setObjectName(QStringLiteral("angleWrap"));
    m_wrap->setToolTip(tr("Show the angle modulo 2π, in (−π, π]: the curve breaks where it wraps"));
    m_wrap->setAutoFillBackground(true);
    m_wrap->hide();
    connect(m_wrap, &QCheckBox::toggled, this, [this] {
        if (m_data)
            draw();
    });
    m_cursor = addCursorDot(stickColor().darker(130));
}

void PhasePortraitPlot::showCursor(const PlaybackFrame& frame)
{
    m_frame = frame;
    const bool valid = frame.valid() && m_data && m_plane >= 0 && m_plane < static_cast<int>(m_data->planes.size());
    if (!valid) {
        m_cursor->setVisible(false);
    } else {
        const PhasePlane& plane = m_data->planes[static_cast<size_t>(m_plane)];
        const bool wrap = m_wrap->isChecked();
        placeCursorDot(m_cursor, shown(frame.value(plane.xName.toStdString()), wrap && plane.xAngle),
                       shown(frame.value(plane.yName.toStdString()), wrap && plane.yAngle));
    }
    replotCursor();
}

void PhasePortraitPlot::showData(const PlotDataPtr& data)
{
    // Kept so that another plane can be drawn without a new run.
    m_data = data;
    updateSelector();
    draw();
}

void PhasePortraitPlot::setPlane(int index)
{
    m_plane = index;
    m_planes->setCurrentIndex(index);
    if (m_data)
        draw();
}

void PhasePortraitPlot::setAngleWrap(bool wrap)
{
    m_wrap->setChecked(wrap);
}

bool PhasePortraitPlot::angleWrap() const { return m_wrap->isChecked(); }

void PhasePortraitPlot::resizeEvent(QResizeEvent* event)
{
    RunPlot::resizeEvent(event);
    placeControls();
}

void PhasePortraitPlot::changeEvent(QEvent* event)
{
    RunPlot::changeEvent(event);
    // The plane box and "mod 2π" sized for the new type size (queued: they take it after the plot).
    if (event->type() == QEvent::FontChange || event->type() == QEvent::ApplicationFontChange)
        QMetaObject::invokeMethod(this, &PhasePortraitPlot::placeControls, Qt::QueuedConnection);
}

void PhasePortraitPlot::placeControls()
{
    // The selector top right; the mod 2π box bottom left, beside the horizontal axis' label.
    m_planes->move(width() - m_planes->width() - 6, 4);
    reserveTitleRight(m_planes->isHidden() ? 0 : m_planes->width() + 10); // the title stays clear of it
    m_wrap->adjustSize();
    m_wrap->move(4, height() - m_wrap->height() - 2);
    // A legend wider than the plot (a long near-stick rule) goes on more rows.
    for (const int columns : {0, 2, 1}) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true);
        if (legend->minimumOuterSizeHint().width() <= width() - 12)
            break;
    }
}

void PhasePortraitPlot::updateSelector()
{
    QStringList names;
    for (const PhasePlane& plane : m_data->planes)
        names << plane.title;
    QStringList current;
    for (int i = 0; i < m_planes->count(); ++i)
        current << m_planes->itemText(i);
    if (names != current) {
        m_planes->clear();
        m_planes->addItems(names);
        m_plane = 0;
    }
    m_planes->setCurrentIndex(m_plane);
    m_planes->setVisible(names.size() > 1);
    m_planes->adjustSize();
    placeControls();
}

void PhasePortraitPlot::draw()
{
    const bool valid = m_plane >= 0 && m_plane < static_cast<int>(m_data->planes.size())
                       && !m_data->planes[static_cast<size_t>(m_plane)].path.isEmpty();
    setShown(m_trajectory, valid);
    setShown(m_start, valid);
    if (!valid) {
        setShown(m_stick, false);
        replot(rpQueuedReplot);
        return;
    }
    const PhasePlane& plane = m_data->planes[static_cast<size_t>(m_plane)];
    m_wrap->setVisible(plane.xAngle || plane.yAngle);
    const bool wrapX = m_wrap->isChecked() && plane.xAngle, wrapY = m_wrap->isChecked() && plane.yAngle;
    const QString mod = tr(" mod 2π");
    xAxis->setLabel(plane.xLabel + (wrapX ? mod : QString()));
    yAxis->setLabel(plane.yLabel + (wrapY ? mod : QString()));
    m_trajectory->data()->set(wrapX || wrapY ? wrapCurve(plane.path, wrapX, wrapY) : plane.path, true);
    m_stick->data()->set(wrapX || wrapY ? wrapCurve(plane.stick, wrapX, wrapY) : plane.stick, true);
    m_stick->setName(m_data->stickLabel);
    setShown(m_stick, !plane.stick.isEmpty());
    placeControls();
    m_start->setData({shown(plane.start.x(), wrapX)}, {shown(plane.start.y(), wrapY)});
    const QCPRange turn(-std::numbers::pi, std::numbers::pi);
    setDataRange(wrapX ? turn : plane.xRange, wrapY ? turn : plane.yRange);
    showCursor(m_frame);
    replot(rpQueuedReplot);
}

} // namespace fl::ui
