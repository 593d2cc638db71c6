#include "widgets/characteristic_plot.h"

namespace fl::ui {

CharacteristicPlot::CharacteristicPlot(QWidget* parent) : RunPlot(tr("Friction characteristic"), parent)
{
    // A wide grey law under a thin trajectory: both stay visible where they coincide.
    m_law = addCurve(tr("law F(v_r)"), lawShade(), 4.0);
    m_trajectory = addCurve(tr("trajectory (v_r, F)"), forceColor(), 1.5);
    m_note = new QCPItemText(this);
    m_note->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_note->position->setCoords(0.5, 0.5);
    m_note->setText(tr("This system's contact is not one-dimensional:\nno friction characteristic F(v_r)."));
    m_note->setVisible(false);
    m_cursor = addCursorDot(forceColor());
}

void CharacteristicPlot::showCursor(const PlaybackFrame& frame)
{
    if (m_speedName.empty() || !frame.valid())
        m_cursor->setVisible(false);
    else
        placeCursorDot(m_cursor, frame.value(m_speedName), frame.value(m_forceName));
    replotCursor();
}

void CharacteristicPlot::showData(const PlotDataPtr& ptr)
{
    const PlotData& data = *ptr;
    const bool shown = data.hasCharacteristic();
    m_note->setVisible(!shown);
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->setVisible(shown);
        axis->grid()->setVisible(shown);
    }
    setShown(m_law, shown && !data.law.isEmpty());
    setShown(m_trajectory, shown);
    m_speedName = shown ? data.speedName.toStdString() : std::string();
    m_forceName = shown ? data.forceName.toStdString() : std::string();
    if (shown) {
        xAxis->setLabel(data.speedLabel);
        yAxis->setLabel(data.forceLabel);
        // The legend names the run's own pair: (v_r, F) on a line contact, (S, μ) for a tyre.
        m_law->setName(tr("law %1(%2)").arg(data.forceLabel.section(QLatin1Char(' '), 0, 0), data.speedLabel.section(QLatin1Char(' '), 0, 0)));
        m_trajectory->setName(tr("trajectory (%1, %2)").arg(data.speedLabel.section(QLatin1Char(' '), 0, 0), data.forceLabel.section(QLatin1Char(' '), 0, 0)));
        m_law->data()->set(data.law, true);
        m_trajectory->data()->set(data.loop, true);
        setDataRange(data.speedRange, data.forceRange);
    }
    replot(rpQueuedReplot);
}

} // namespace fl::ui
