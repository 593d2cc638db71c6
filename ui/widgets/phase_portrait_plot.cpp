#include "widgets/phase_portrait_plot.h"

#include <QComboBox>

namespace fl::ui {

PhasePortraitPlot::PhasePortraitPlot(QWidget* parent) : RunPlot(tr("Phase portrait"), parent), m_planes(new QComboBox(this))
{
    m_trajectory = addCurve(tr("trajectory"), positionColor(), 1.2);
    m_stick = addCurve(tr("stick"), stickColor(), 3.0);
    m_start = addLineGraph(tr("start"), lawColor());
    m_start->setLineStyle(QCPGraph::lsNone);
    m_start->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, lawColor(), 8));
    m_planes->setToolTip(tr("Phase plane to show"));
    m_planes->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_planes->hide();
    connect(m_planes, &QComboBox::activated, this, &PhasePortraitPlot::setPlane);
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
        placeCursorDot(m_cursor, frame.value(plane.xName.toStdString()), frame.value(plane.yName.toStdString()));
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

void PhasePortraitPlot::resizeEvent(QResizeEvent* event)
{
    RunPlot::resizeEvent(event);
    m_planes->move(width() - m_planes->width() - 6, 4);
}

void PhasePortraitPlot::updateSelector()
{
    QStringList names;
    for (const PhasePlane& plane : m_data->planes)
        names << plane.xName + QStringLiteral(" – ") + plane.yName;
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
    m_planes->move(width() - m_planes->width() - 6, 4);
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
    xAxis->setLabel(plane.xName);
    yAxis->setLabel(plane.yName);
    m_trajectory->data()->set(plane.path, true);
    m_stick->data()->set(plane.stick, true);
    setShown(m_stick, !plane.stick.isEmpty());
    m_start->setData({plane.start.x()}, {plane.start.y()});
    setDataRange(plane.xRange, plane.yRange);
    showCursor(m_frame);
    replot(rpQueuedReplot);
}

} // namespace fl::ui
