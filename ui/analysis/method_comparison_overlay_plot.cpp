#include "analysis/method_comparison_overlay_plot.h"
#include "scenario/scenario.h"
#include "systems/scenario_setup.h"

#include <QComboBox>

namespace fl::ui {

MethodComparisonOverlayPlot::MethodComparisonOverlayPlot(Kind kind, int index, const QString& title, QWidget* parent)
    : RunPlot(title, parent), m_kind(kind), m_index(index),
      m_selector(new QComboBox(this))
{
    m_eventCurve = addCurve(tr("event-driven"), eventColor(), 4.5);
    m_regularizedCurve = addCurve(tr("regularized"), regularizedColor(), 1.2);
    m_selector->setToolTip(tr("Variable of the time history"));
    m_selector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_selector->hide();
    if (kind == Kind::TimeHistory)
        xAxis->setLabel(QStringLiteral("t"));
    connect(m_selector, &QComboBox::activated, this, &MethodComparisonOverlayPlot::setVariable);
}

void MethodComparisonOverlayPlot::showComparison(const MethodComparisonPtr& data)
{
    m_event = data->eventDriven;
    m_regularized = data->regularized;
    updateSelector();
    draw();
}

void MethodComparisonOverlayPlot::showData(const PlotDataPtr& data)
{
    const bool event = data->run->scenario.method == fl::Method::EventDriven;
    m_event = event ? data : nullptr;
    m_regularized = event ? nullptr : data;
    updateSelector();
    draw();
}

void MethodComparisonOverlayPlot::setVariable(int index)
{
    m_index = index;
    m_selector->setCurrentIndex(index);
    draw();
}

void MethodComparisonOverlayPlot::resizeEvent(QResizeEvent* event)
{
    RunPlot::resizeEvent(event);
    m_selector->move(width() - m_selector->width() - 6, 4);
}

void MethodComparisonOverlayPlot::updateSelector()
{
    const PlotDataPtr& data = m_event ? m_event : m_regularized;
    if (m_kind != Kind::TimeHistory || !data)
        return;
    QStringList names;
    for (const PlotSeries& s : data->series)
        names << s.name;
    QStringList current;
    for (int i = 0; i < m_selector->count(); ++i)
        current << m_selector->itemText(i);
    if (names != current) {
        m_selector->clear();
        m_selector->addItems(names);
        if (m_index >= names.size())
            m_index = 0;
    }
    m_selector->setCurrentIndex(m_index);
    m_selector->setVisible(names.size() > 1);
    m_selector->adjustSize();
    m_selector->move(width() - m_selector->width() - 6, 4);
}

QVector<QCPCurveData> MethodComparisonOverlayPlot::pointsOf(const PlotData& data) const
{
    QVector<QCPCurveData> points;
    const auto index = static_cast<size_t>(m_index);
    if (m_kind == Kind::PhasePlane)
        return index < data.planes.size() ? data.planes[index].path : points;
    if (index >= data.series.size())
        return points;
    const QVector<QCPGraphData>& series = data.series[index].points;
    points.reserve(series.size());
    for (const QCPGraphData& p : series)
        points << QCPCurveData(p.key, p.key, p.value);
    return points;
}

void MethodComparisonOverlayPlot::draw()
{
    bool first = true;
    QCPRange keys, values;
    for (auto [curve, data] : {std::pair{m_eventCurve, m_event}, std::pair{m_regularizedCurve, m_regularized}}) {
        const QVector<QCPCurveData> points = data ? pointsOf(*data) : QVector<QCPCurveData>();
        curve->data()->set(points, true);
        setShown(curve, !points.isEmpty());
        bool foundKeys = false, foundValues = false;
        const QCPRange k = curve->getKeyRange(foundKeys), v = curve->getValueRange(foundValues);
        if (points.isEmpty() || !foundKeys || !foundValues)
            continue;
        keys = first ? k : QCPRange(std::min(keys.lower, k.lower), std::max(keys.upper, k.upper));
        values = first ? v : QCPRange(std::min(values.lower, v.lower), std::max(values.upper, v.upper));
        first = false;
    }
    // Named by law when the two runs' laws differ (LuGre against event-driven stribeck-gauss).
    const bool lawsDiffer = m_event && m_regularized && m_event->run->scenario.lawId != m_regularized->run->scenario.lawId;
    m_eventCurve->setName(lawsDiffer ? tr("event-driven %1").arg(QString::fromStdString(m_event->run->scenario.lawId))
                                     : tr("event-driven"));
    if (m_regularized) {
        const fl::Scenario& s = m_regularized->run->scenario;
        m_regularizedCurve->setName(!fl::usesRegularization(s) ? QString::fromStdString(s.lawId)
                                    : lawsDiffer ? tr("%1, ε = %2").arg(QString::fromStdString(s.lawId)).arg(s.params.value("eps"))
                                                 : tr("regularized, ε = %1").arg(s.params.value("eps")));
    }
    const PlotDataPtr& any = m_event ? m_event : m_regularized;
    if (any && m_kind == Kind::PhasePlane && static_cast<size_t>(m_index) < any->planes.size()) {
        const PhasePlane& plane = any->planes[static_cast<size_t>(m_index)];
        xAxis->setLabel(plane.xName);
        yAxis->setLabel(plane.yName);
    } else if (any && static_cast<size_t>(m_index) < any->series.size()) {
        yAxis->setLabel(any->series[static_cast<size_t>(m_index)].name);
    }
    if (!first)
        setDataRange(keys, values);
    replot(rpQueuedReplot);
}

} // namespace fl::ui
