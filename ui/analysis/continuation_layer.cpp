#include "analysis/continuation_layer.h"

#include <qcustomplot.h>

#include <QTimer>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl::ui {
namespace {

const QColor kBranchColor(0x2c, 0xa0, 0x2c);
const QColor kPointColor(0x11, 0x11, 0x11);
constexpr int kFrameMs = 40; ///< a growing branch is redrawn at most 25 times a second

} // namespace

ContinuationLayer::ContinuationLayer(QCustomPlot* plot) : QObject(plot), m_plot(plot)
{
    connect(plot, &QCustomPlot::mouseMove, this, &ContinuationLayer::onMouseMove);
    connect(plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        m_pressed = event->position();
        m_tookClick = false;
    });
    connect(plot, &QCustomPlot::mouseRelease, this, &ContinuationLayer::onMouseRelease);
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

double ContinuationLayer::valueOf(const std::vector<double>& y) const
{
    return m_variable >= 0 && static_cast<size_t>(m_variable) < y.size() ? y[static_cast<size_t>(m_variable)]
                                                                         : std::numeric_limits<double>::quiet_NaN();
}

void ContinuationLayer::clear()
{
    m_branches.clear();
    m_hovered = Hit();
    redraw();
}

void ContinuationLayer::setVariable(int variable)
{
    m_variable = variable;
    redraw();
}

void ContinuationLayer::beginBranch(const fl::Scenario& scenario, const std::string& parameter, bool equilibria,
                                    const std::vector<std::string>& stateNames)
{
    m_branches.push_back(Drawn{scenario, parameter, equilibria, stateNames, {}, {}});
    m_hovered = Hit();
}

void ContinuationLayer::addPoint(const fl::BranchPoint& point, int direction)
{
    if (m_branches.empty())
        return;
    // The branch's order while it grows: the lower side reversed, the start, the upper side.
    std::deque<fl::BranchPoint>& points = m_branches.back().points;
    if (direction < 0)
        points.push_front(point);
    else
        points.push_back(point);
    // Each redraw goes over every point: a branch of thousands redrawn per point would hold the
    // GUI thread; once a frame is enough to watch it grow.
    if (!m_redrawQueued) {
        m_redrawQueued = true;
        QTimer::singleShot(kFrameMs, this, [this] {
            m_redrawQueued = false;
            redraw();
        });
    }
}

void ContinuationLayer::finishBranch(const fl::Branch& branch)
{
    if (m_branches.empty())
        return;
    m_branches.back().points.assign(branch.points.begin(), branch.points.end());
    m_branches.back().located = branch.located;
    m_hovered = Hit();
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
    double lowest = std::numeric_limits<double>::infinity(), highest = -lowest;
    for (const Drawn& branch : m_branches)
        drawBranch(branch, lowest, highest);
    drawLabels(lowest, highest);
    addLegendItems();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    if (std::isfinite(lowest))
        emit valuesChanged(lowest, highest);
}

void ContinuationLayer::drawBranch(const Drawn& branch, double& lowest, double& highest)
{
    // Stretches of one stability; each new stretch starts at the last point of the one before, so
    // the line is unbroken where the stability changes.
    QCPCurve* curve = nullptr;
    bool stable = false;
    const fl::BranchPoint* previous = nullptr;
    for (const fl::BranchPoint& p : branch.points) {
        const double value = valueOf(p.orbit.y);
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
            if (previous)
                next->addData(previous->parameter, valueOf(previous->orbit.y));
            m_curves.push_back(next);
            curve = next;
        }
        curve->addData(p.parameter, value);
        previous = &p;
    }
    for (const fl::LocatedPoint& p : branch.located) {
        const double value = valueOf(p.y);
        if (!std::isfinite(value))
            continue;
        if (!m_markers) {
            m_markers = m_plot->addGraph();
            m_markers->setName(tr("located points"));
            m_markers->setLineStyle(QCPGraph::lsNone);
            m_markers->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(kPointColor, 1.5), QBrush(Qt::white), 9.0));
            m_markers->removeFromLegend();
        }
        m_markers->addData(p.parameter, value);
    }
}

void ContinuationLayer::drawLabels(double lowest, double highest)
{
    // Named points first, then the branch ends; a label near one already placed (a point two
    // branches share, as a Hopf point and the end of the branch born there) is left out.
    double left = INFINITY, right = -INFINITY;
    for (const Drawn& branch : m_branches)
        for (const fl::BranchPoint& p : branch.points) {
            left = std::min(left, p.parameter);
            right = std::max(right, p.parameter);
        }
    const double dx = 0.015 * std::max(right - left, 1e-12), dy = 0.03 * std::max(highest - lowest, 1e-12);
    std::vector<std::pair<double, double>> placed;
    for (const bool ends : {false, true})
        for (const Drawn& branch : m_branches)
            for (const fl::LocatedPoint& p : branch.located) {
                const double value = valueOf(p.y);
                if ((p.type == "branch-end") != ends || !std::isfinite(value))
                    continue;
                bool near = false;
                for (const auto& [x, y] : placed)
                    near = near || (std::abs(x - p.parameter) < dx && std::abs(y - value) < dy);
                if (near)
                    continue;
                placed.emplace_back(p.parameter, value);
                auto* label = new QCPItemText(m_plot);
                label->setText(ends ? QStringLiteral("×") : shortLabel(p.type));
                label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
                label->position->setCoords(p.parameter, value);
                label->setPadding(QMargins(0, 0, 0, 8));
                QFont font = m_plot->xAxis->tickLabelFont(); // the type size the plot's appearance gives
                font.setBold(true);
                label->setFont(font);
                label->setColor(kPointColor);
                label->setSelectable(false);
                label->setClipToAxisRect(false); // a label over the range's top stays whole
                m_labels.push_back(label);
            }
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

ContinuationLayer::Hit ContinuationLayer::pointAt(const QPointF& pos, double radius) const
{
    Hit best;
    double bestDistance = radius * radius;
    for (size_t b = 0; b < m_branches.size(); ++b)
        for (size_t i = 0; i < m_branches[b].points.size(); ++i) {
            const fl::BranchPoint& p = m_branches[b].points[i];
            const double value = valueOf(p.orbit.y);
            if (!std::isfinite(value))
                continue;
            const QPointF d = QPointF(m_plot->xAxis->coordToPixel(p.parameter), m_plot->yAxis->coordToPixel(value)) - pos;
            const double distance = d.x() * d.x() + d.y() * d.y();
            if (distance <= bestDistance) {
                bestDistance = distance;
                best = Hit{static_cast<int>(b), static_cast<int>(i)};
            }
        }
    return best;
}

void ContinuationLayer::onMouseRelease(QMouseEvent* event)
{
    // As the plot's own click on a column: the left button, moved at most a few pixels.
    m_tookClick = false;
    if (event->button() != Qt::LeftButton || (event->position() - m_pressed).manhattanLength() > 4.0)
        return;
    const Hit hit = pointAt(event->position());
    if (!hit.valid())
        return;
    m_tookClick = true;
    emit clicked(hit);
}

void ContinuationLayer::onMouseMove(QMouseEvent* event)
{
    const Hit hit = event->buttons() == Qt::NoButton ? pointAt(event->position()) : Hit();
    if (hit == m_hovered)
        return;
    m_hovered = hit;
    emit hovered(hit);
}

} // namespace fl::ui
