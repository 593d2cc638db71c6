#include "analysis/law_lab_plot.h"
#include "plotdata/plot_data.h"

#include <algorithm>
#include <cmath>

namespace fl::ui {

LawLabPlot::LawLabPlot(QWidget* parent) : RunPlot(tr("Law lab"), parent)
{
    m_slope = addCurve(QString(), lawColor(), 1.2);
    m_slope->setPen(QPen(lawColor(), 1.2, Qt::DashLine));
    setShown(m_slope, false);
    // Steady-state references are drawn under the responses (the slowest lag loop lies on the
    // steady curve and was hidden by it).
    addLayer(QStringLiteral("reference"), layer(QStringLiteral("main")), QCustomPlot::limBelow);
}

std::vector<QCPCurve*> LawLabPlot::visibleCurves() const
{
    std::vector<QCPCurve*> out;
    for (QCPCurve* c : m_curves)
        if (c->visible())
            out.push_back(c);
    return out;
}

void LawLabPlot::clearExperiment()
{
    for (QCPCurve* curve : m_curves)
        setShown(curve, false);
    setShown(m_slope, false);
    replot(rpQueuedReplot);
}

void LawLabPlot::showExperiment(const std::shared_ptr<const fl::LawExperimentResult>& result)
{
    const fl::LawExperimentResult& r = *result;
    QCPRange xs(0.0, 0.0), ys(0.0, 0.0);
    bool first = true;
    for (size_t k = 0; k < r.curves.size(); ++k) {
        if (k == m_curves.size())
            m_curves.push_back(addCurve(QString(), seriesColor(k), 1.8));
        const fl::LawCurve& curve = r.curves[k];
        QCPCurve* c = m_curves[k];
        // The steady-state reference of a speed-step experiment: grey and wide, under the response.
        const bool reference = curve.label.rfind("steady", 0) == 0;
        c->setPen(QPen(reference ? lawShade() : seriesColor(k), reference ? 3.0 : 1.8));
        c->setLayer(reference ? QStringLiteral("reference") : QStringLiteral("main"));
        c->setName(QString::fromStdString(curve.label));
        QVector<QCPCurveData> points;
        points.reserve(static_cast<qsizetype>(curve.x.size()));
        for (size_t i = 0; i < curve.x.size(); ++i) {
            points << QCPCurveData(static_cast<double>(i), curve.x[i], curve.y[i]);
            if (!std::isfinite(curve.y[i]))
                continue;
            xs = first ? QCPRange(curve.x[i], curve.x[i]) : QCPRange(std::min(xs.lower, curve.x[i]), std::max(xs.upper, curve.x[i]));
            ys = first ? QCPRange(curve.y[i], curve.y[i]) : QCPRange(std::min(ys.lower, curve.y[i]), std::max(ys.upper, curve.y[i]));
            first = false;
        }
        c->data()->set(points, true);
        setShown(c, true);
    }
    for (size_t k = r.curves.size(); k < m_curves.size(); ++k)
        setShown(m_curves[k], false);
    // F = sigma0 x through the origin, across the force range the loops reach.
    const bool slope = r.initialSlope > 0.0 && !first;
    if (slope) {
        const double reach = std::max(std::abs(ys.lower), std::abs(ys.upper)) / r.initialSlope;
        m_slope->setName(tr("F = σ₀ x (σ₀ = %1)").arg(r.initialSlope, 0, 'g', 4));
        m_slope->data()->set({QCPCurveData(0, -reach, -reach * r.initialSlope), QCPCurveData(1, reach, reach * r.initialSlope)}, true);
    }
    setShown(m_slope, slope);
    xAxis->setLabel(QString::fromUtf8(r.xLabel));
    yAxis->setLabel(QString::fromUtf8(r.yLabel));
    followNewData();
    setDataRange(first ? QCPRange(0.0, 1.0) : xs, first ? QCPRange(0.0, 1.0) : ys);
    replot(rpQueuedReplot);
}

} // namespace fl::ui
