#include "analysis/eps_study_plots.h"
#include "analysis/analysis_view_parts.h"
#include "widgets/axis_range.h"

#include <algorithm>

namespace fl::ui {

EpsStudyPlot::EpsStudyPlot(const QString& title, bool differences, QWidget* parent)
    : RunPlot(title, parent), m_differences(differences)
{
    xAxis->setLabel(QStringLiteral("t"));
    if (differences)
        setLogScale(true);
}

QColor EpsStudyPlot::runColor(size_t k) { return k == 0 ? QColor(0x20, 0x20, 0x20) : seriesColor(k - 1); }

void EpsStudyPlot::showStudy(const EpsStudyPlotPtr& data, int variable)
{
    m_data = data;
    m_variable = variable;
    draw();
}

void EpsStudyPlot::setLogScale(bool log)
{
    m_log = log;
    setLogValueAxis(yAxis, log);
    if (m_data)
        draw();
}

std::vector<QCPGraph*> EpsStudyPlot::visibleGraphs() const
{
    std::vector<QCPGraph*> out;
    for (QCPGraph* g : m_graphs)
        if (g->visible())
            out.push_back(g);
    return out;
}

void EpsStudyPlot::draw()
{
    const EpsStudyVariable* var = m_data && m_variable >= 0 && static_cast<size_t>(m_variable) < m_data->variables.size()
                                      ? &m_data->variables[static_cast<size_t>(m_variable)]
                                      : nullptr;
    const size_t runs = var ? var->values.size() : 0;
    for (size_t k = 0; k < runs; ++k) {
        if (k == m_graphs.size())
            m_graphs.push_back(addLineGraph(QString(), runColor(k), k == 0 ? 2.6 : 1.3));
        QCPGraph* g = m_graphs[k];
        g->setPen(QPen(runColor(k), k == 0 ? 2.6 : 1.3));
        g->setName(m_data->legends[k]);
        const QVector<QCPGraphData>& points = m_differences ? var->differences[k] : var->values[k];
        g->data()->set(points, true);
        // The reference has no difference from itself; a failed run nothing to show.
        setShown(g, !points.isEmpty() && !(m_differences && k == 0));
    }
    for (size_t k = runs; k < m_graphs.size(); ++k)
        setShown(m_graphs[k], false);
    if (var) {
        yAxis->setLabel(m_differences ? QStringLiteral("|Δ%1| from %2").arg(var->label, m_data->legends.front()) : var->label);
        QCPRange values = m_differences ? var->differenceRange : var->valueRange;
        if (m_differences && !m_log)
            values = QCPRange(0.0, values.upper);
        setDataRange(m_data->timeRange, values);
        // Eight decades below the largest difference at most (near t = 0 the runs agree to round-off).
        if (m_differences && m_log)
            yAxis->setRange(fittedLogRange(std::max(values.lower, values.upper * 1e-8), values.upper, 2.0));
    }
    replot(rpQueuedReplot);
}

} // namespace fl::ui
