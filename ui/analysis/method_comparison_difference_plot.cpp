#include "analysis/method_comparison_difference_plot.h"
#include "analysis/analysis_view_parts.h"
#include "widgets/axis_range.h"

#include <algorithm>

namespace fl::ui {
namespace {

QString legendName(const QString& variable) { return QStringLiteral("|Δ%1|").arg(variable); }

} // namespace

MethodComparisonDifferencePlot::MethodComparisonDifferencePlot(QWidget* parent)
    : RunPlot(tr("Difference: |event-driven − regularized|"), parent)
{
    xAxis->setLabel(QStringLiteral("t"));
}

void MethodComparisonDifferencePlot::showComparison(const MethodComparisonPtr& data)
{
    m_data = data;
    draw();
}

void MethodComparisonDifferencePlot::showData(const PlotDataPtr&)
{
    m_data = std::make_shared<MethodComparisonData>();
    draw();
}

void MethodComparisonDifferencePlot::setLogScale(bool log)
{
    m_log = log;
    setLogValueAxis(yAxis, log);
    if (m_data)
        draw();
}

QCPGraph* MethodComparisonDifferencePlot::differenceGraph(const QString& variable) const
{
    for (QCPGraph* graph : m_graphs)
        if (graph->visible() && graph->name() == legendName(variable))
            return graph;
    return nullptr;
}

void MethodComparisonDifferencePlot::draw()
{
    const std::vector<DifferenceSeries>& series = m_data->differences;
    QStringList names;
    for (size_t i = 0; i < series.size(); ++i) {
        if (i == m_graphs.size())
            m_graphs.push_back(addLineGraph(QString(), seriesColor(i), 1.2));
        m_graphs[i]->setName(legendName(series[i].name));
        m_graphs[i]->data()->set(series[i].points, true);
        setShown(m_graphs[i], true);
        names << legendName(series[i].name);
    }
    for (size_t i = series.size(); i < m_graphs.size(); ++i)
        setShown(m_graphs[i], false);
    yAxis->setLabel(names.join(QStringLiteral(",  ")));
    if (!series.empty()) {
        const QCPRange time(m_data->difference.t.front(), m_data->difference.t.back());
        QCPRange values(0.0, std::max(m_data->differenceRange.upper, 1e-300));
        if (m_log) {
            // Eight decades below the largest difference: exact agreement (0) is not drawable.
            bool found = false;
            QCPRange positive(values.upper, values.upper);
            for (size_t i = 0; i < series.size(); ++i)
                if (const QCPRange r = m_graphs[i]->getValueRange(found, QCP::sdPositive); found)
                    positive.expand(r);
            values = fittedLogRange(std::max(positive.lower, values.upper * 1e-8), values.upper, 2.0);
        }
        setDataRange(time, values);
        if (m_log)
            yAxis->setRange(values);
    }
    replot(rpQueuedReplot);
}

} // namespace fl::ui
