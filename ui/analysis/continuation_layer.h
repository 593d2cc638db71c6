#pragma once
// A continued branch drawn over the bifurcation diagram (docs/continuation.md, "In the window"): the
// chosen state variable on the section against the continued parameter, stable stretches solid and
// unstable ones dashed (a branch may turn back at a fold, so each stretch is a parametric curve), each
// located point a labelled marker (F fold, PD period doubling, NS Neimark-Sacker, H Hopf, G grazing,
// SO stick onset, HT holding tangency, a cross where the branch ends). While the continuation runs
// the points are added as they come; the finished branch replaces them in the branch's order. The
// point under the mouse is reported (hovered), for its multipliers.
#include "analysis/orbit_continuation.h"

#include <QObject>
#include <QString>

#include <vector>

class QCustomPlot;
class QCPCurve;
class QCPGraph;
class QCPItemText;
class QMouseEvent;

namespace fl::ui {

class ContinuationLayer : public QObject {
    Q_OBJECT
public:
    explicit ContinuationLayer(QCustomPlot* plot);

    /// Empties the layer (a new continuation, another system).
    void clear();
    /// Draws state variable `variable` from now on (the diagram's recorded variable).
    void setVariable(int variable);
    int variable() const { return m_variable; }
    /// A point of a running continuation (direction 0: the start, +1 / -1: the side it grows on).
    void addPoint(const fl::BranchPoint& point, int direction);
    /// The finished (or cancelled) branch, in its order, with its located points.
    void setBranch(const fl::Branch& branch);

    /// Lists the stable and the unstable stretch in the plot's legend (after the plot rebuilt it).
    void addLegendItems();

    /// The points drawn, in the branch's order once it is finished.
    const std::vector<fl::BranchPoint>& points() const { return m_points; }
    const std::vector<fl::LocatedPoint>& located() const { return m_located; }
    /// The index of the point within `radius` pixels of pos (the nearest), or -1.
    int pointAt(const QPointF& pos, double radius = 10.0) const;
    /// The curves of the stable and the unstable stretches (legend entries, tests).
    const std::vector<QCPCurve*>& curves() const { return m_curves; }
    const std::vector<QCPItemText*>& labels() const { return m_labels; }
    /// The short label of a located point's type ("PD" for period-doubling).
    static QString shortLabel(const std::string& type);
    /// The value drawn for a point (its variable on the section), NaN when it has none.
    double valueOf(const fl::BranchPoint& point) const;

signals:
    /// The point under the mouse changed (-1: none).
    void hovered(int index);
    /// The finished branch's lowest and highest drawn value (the view fits the diagram to them).
    void valuesChanged(double lowest, double highest);

private:
    void redraw();
    void onMouseMove(QMouseEvent* event);

    QCustomPlot* m_plot;
    int m_variable = 0;
    std::vector<fl::BranchPoint> m_points;
    std::vector<int> m_sides; ///< per point while running: 0, +1, -1 (empty once finished)
    std::vector<fl::LocatedPoint> m_located;
    std::vector<QCPCurve*> m_curves;
    QCPGraph* m_markers = nullptr;
    std::vector<QCPItemText*> m_labels;
    int m_hovered = -1;
};

} // namespace fl::ui
