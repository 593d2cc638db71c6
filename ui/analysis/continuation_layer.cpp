#include "analysis/continuation_layer.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl::ui {
namespace {

const QColor kBranchColor(0x2c, 0xa0, 0x2c);
const QColor kPointColor(0x11, 0x11, 0x11);

} // namespace

ContinuationLayer::ContinuationLayer(QCustomPlot* plot) : QObject(plot), m_plot(plot)
{
    connect(plot, &QCustomPlot::mouseMove, this, &ContinuationLayer::onMouseMove);
}

QString ContinuationLayer::shortLabel(const std::string& type)
{
    static const std::pair<const char*, const char*> labels[] = {
        {"fold", "F"},         {"period-doubling", "PD"}, {"neimark-sacker", "NS"},     {"hopf", "H"},
        {"grazing", "G"},      {"stick-onset", "SO"},     {"holding-tangency", "HT"},   {"branch-end", ""},
    };
    for (const auto& [id, label] : labels)
        if (type == id)
            return QString::fromLatin1(label);
    return QString::fromStdString(type);
}

double ContinuationLayer::valueOf(const fl::BranchPoint& point) const
{
    const std::vector<double>& y = point.orbit.y;
    return m_variable >= 0 && static_cast<size_t>(m_variable) < y.size() ? y[static_cast<size_t>(m_variable)]
                                                                         : std::numeric_limits<double>::quiet_NaN();
}

void ContinuationLayer::clear()
{
    m_points.clear();
    m_sides.clear();
    m_located.clear();
    m_hovered = -1;
    redraw();
}

void ContinuationLayer::setVariable(int variable)
{
    m_variable = variable;
    redraw();
}

void ContinuationLayer::addPoint(const fl::BranchPoint& point, int direction)
{
    // The branch's order while it grows: the lower side reversed, the start, the upper side.
    if (direction < 0) {
        m_points.insert(m_points.begin(), point);
        m_sides.insert(m_sides.begin(), direction);
    } else {
        m_points.push_back(point);
        m_sides.push_back(direction);
    }
    redraw();
}

void ContinuationLayer::setBranch(const fl::Branch& branch)
{
    m_points = branch.points;
    m_sides.clear();
    m_located = branch.located;
    m_hovered = -1;
    redraw();
}

void ContinuationLayer::redraw()
{
    for (QCPCurve* curve : m_curves)
        m_plot->removePlottable(curve);
    m_curves.clear();
    for (QCPItemText* label : m_labels)
        m_plot->removeItem(label);
    m_labels.clear();
    if (m_markers) {
        m_plot->removeGraph(m_markers);
        m_markers = nullptr;
    }
    // Stretches of one stability; each new stretch starts at the last point of the one before, so
    // the line is unbroken where the stability changes.
    double lowest = std::numeric_limits<double>::infinity(), highest = -lowest;
    QCPCurve* curve = nullptr;
    bool stable = false;
    for (size_t i = 0; i < m_points.size(); ++i) {
        const fl::BranchPoint& p = m_points[i];
        const double value = valueOf(p);
        if (!std::isfinite(value))
            continue;
        lowest = std::min(lowest, value);
        highest = std::max(highest, value);
        if (!curve || p.orbit.stable != stable) {
            QCPCurve* next = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
            stable = p.orbit.stable;
            QPen pen(kBranchColor, 2.2);
            if (!stable)
                pen.setStyle(Qt::DashLine);
            next->setPen(pen);
            next->setName(stable ? tr("continued, stable") : tr("continued, unstable"));
            next->setSelectable(QCP::stNone);
            next->removeFromLegend();
            if (curve && i > 0)
                next->addData(m_points[i - 1].parameter, valueOf(m_points[i - 1]));
            m_curves.push_back(next);
            curve = next;
        }
        curve->addData(p.parameter, value);
    }
    addLegendItems();
    if (!m_located.empty()) {
        m_markers = m_plot->addGraph();
        m_markers->setName(tr("located points"));
        m_markers->setLineStyle(QCPGraph::lsNone);
        m_markers->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(kPointColor, 1.5), QBrush(Qt::white), 9.0));
        m_markers->removeFromLegend();
        for (const fl::LocatedPoint& p : m_located) {
            const double value = m_variable >= 0 && static_cast<size_t>(m_variable) < p.y.size() ? p.y[static_cast<size_t>(m_variable)]
                                                                                                   : std::numeric_limits<double>::quiet_NaN();
            if (!std::isfinite(value))
                continue;
            m_markers->addData(p.parameter, value);
            auto* label = new QCPItemText(m_plot);
            label->setText(p.type == "branch-end" ? QStringLiteral("×") : shortLabel(p.type));
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->position->setCoords(p.parameter, value);
            label->setPadding(QMargins(0, 0, 0, 8));
            QFont font = m_plot->font();
            font.setBold(true);
            label->setFont(font);
            label->setColor(kPointColor);
            label->setSelectable(false);
            m_labels.push_back(label);
        }
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    if (std::isfinite(lowest))
        emit valuesChanged(lowest, highest);
}

void ContinuationLayer::addLegendItems()
{
    // One entry per kind drawn: stable, unstable.
    bool listed[2] = {false, false};
    for (QCPCurve* c : m_curves) {
        const bool dashed = c->pen().style() != Qt::SolidLine;
        if (!listed[dashed])
            c->addToLegend();
        listed[dashed] = true;
    }
}

int ContinuationLayer::pointAt(const QPointF& pos, double radius) const
{
    int best = -1;
    double bestDistance = radius * radius;
    for (size_t i = 0; i < m_points.size(); ++i) {
        const double value = valueOf(m_points[i]);
        if (!std::isfinite(value))
            continue;
        const QPointF at(m_plot->xAxis->coordToPixel(m_points[i].parameter), m_plot->yAxis->coordToPixel(value));
        const QPointF d = at - pos;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = static_cast<int>(i);
        }
    }
    return best;
}

void ContinuationLayer::onMouseMove(QMouseEvent* event)
{
    const int index = event->buttons() == Qt::NoButton ? pointAt(event->position()) : -1;
    if (index == m_hovered)
        return;
    m_hovered = index;
    emit hovered(index);
}

} // namespace fl::ui
