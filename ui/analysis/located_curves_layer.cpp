#include "analysis/located_curves_layer.h"
#include "analysis/continuation_layer.h"

#include <qcustomplot.h>

namespace fl::ui {

LocatedCurvesLayer::LocatedCurvesLayer(QCustomPlot* plot) : QObject(plot), m_plot(plot) {}

void LocatedCurvesLayer::setCurves(const LocatedCurvesPtr& curves)
{
    m_curves = curves;
    redraw();
}

void LocatedCurvesLayer::showPlane(const std::string& systemId, const std::string& x, const std::string& y)
{
    m_system = systemId;
    m_x = x;
    m_y = y;
    redraw();
}

void LocatedCurvesLayer::redraw()
{
    for (QCPCurve* curve : m_drawn)
        m_plot->removePlottable(curve);
    m_drawn.clear();
    for (QCPItemText* label : m_labels)
        m_plot->removeItem(label);
    m_labels.clear();
    const bool inPlane = m_curves && m_curves->scenario.systemId == m_system
                         && ((m_curves->first == m_x && m_curves->second == m_y) || (m_curves->first == m_y && m_curves->second == m_x));
    if (inPlane) {
        const bool firstOnX = m_curves->first == m_x;
        for (const fl::LocatedCurve& c : m_curves->curves) {
            if (c.points.size() < 2)
                continue;
            auto* curve = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
            curve->setPen(QPen(Qt::black, 2.4));
            curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 1.2), QBrush(Qt::white), 5.0));
            curve->setSelectable(QCP::stNone);
            curve->setName(tr("%1 curve").arg(QString::fromStdString(c.type)));
            for (const fl::LocatedCurvePoint& p : c.points)
                curve->addData(firstOnX ? p.first : p.second, firstOnX ? p.second : p.first);
            m_drawn.push_back(curve);
            const fl::LocatedCurvePoint& middle = c.points[c.points.size() / 2];
            auto* label = new QCPItemText(m_plot);
            label->setText(ContinuationLayer::shortLabel(c.type));
            label->position->setCoords(firstOnX ? middle.first : middle.second, firstOnX ? middle.second : middle.first);
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
            label->setPadding(QMargins(6, 0, 0, 4));
            QFont font = m_plot->xAxis->tickLabelFont();
            font.setBold(true);
            label->setFont(font);
            label->setColor(Qt::black);
            label->setBrush(QBrush(QColor(255, 255, 255, 200)));
            label->setSelectable(false);
            m_labels.push_back(label);
        }
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace fl::ui
