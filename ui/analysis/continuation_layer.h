#pragma once
// The continued branches drawn over the bifurcation diagram (docs/continuation.md, "In the window"):
// each the chosen state variable on the section against the continued parameter, stable stretches solid and
// unstable ones dashed (a branch may turn back at a fold, so each stretch is a parametric curve), each
// located point a labelled marker (F fold, PD period doubling, NS Neimark-Sacker, H Hopf, G grazing,
// SO stick onset, HT holding tangency, a cross where the branch ends). Branches of one parameter
// accumulate (the equilibria and the orbit born at their Hopf point, side by side) until cleared.
// While a continuation runs its points are added as they come; the finished branch replaces them in
// the branch's order. The point under the mouse is reported (hovered), for its multipliers.
#include "analysis/orbit_continuation.h"
#include "scenario/scenario.h"

#include <QObject>
#include <QPointF>
#include <QString>

#include <deque>
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
    /// A branch as drawn: what it continued, its points and its located points.
    struct Drawn {
        fl::Scenario scenario; ///< continued (its parameter's value is the start's)
        std::string parameter;
        bool equilibria = false;
        std::vector<std::string> stateNames;
        std::deque<fl::BranchPoint> points; ///< in the branch's order (while running: as far as found, both ends growing)
        std::vector<fl::LocatedPoint> located;
    };
    /// A point of a drawn branch.
    struct Hit {
        int branch = -1;
        int index = -1;
        bool valid() const { return branch >= 0; }
        bool operator==(const Hit&) const = default;
    };

    explicit ContinuationLayer(QCustomPlot* plot);

    /// Removes every branch (another parameter, another system, Clear).
    void clear();
    /// Draws state variable `variable` from now on (the diagram's recorded variable).
    void setVariable(int variable);
    int variable() const { return m_variable; }
    /// A new branch, empty until its points come.
    void beginBranch(const fl::Scenario& scenario, const std::string& parameter, bool equilibria, const std::vector<std::string>& stateNames);
    /// A point of the running (last) branch (direction 0: the start, +1 / -1: the side it grows on),
    /// drawn with the others at most 25 times a second.
    void addPoint(const fl::BranchPoint& point, int direction);
    /// The last branch finished (or cancelled): its points in order, with its located points.
    void finishBranch(const fl::Branch& branch);

    const std::vector<Drawn>& branches() const { return m_branches; }
    /// The point within `radius` pixels of pos (the nearest), or an invalid hit.
    Hit pointAt(const QPointF& pos, double radius = 10.0) const;
    /// Lists the stable and the unstable stretch in the plot's legend (after the plot rebuilt it).
    void addLegendItems();
    /// The curves of the stable and the unstable stretches (legend entries, tests).
    const std::vector<QCPCurve*>& curves() const { return m_curves; }
    const std::vector<QCPItemText*>& labels() const { return m_labels; }
    /// The short label of a located point's type ("PD" for period-doubling).
    static QString shortLabel(const std::string& type);
    /// Whether the last mouse release was a click on a branch's point (the plot then does not take it
    /// as a click on a column).
    bool tookClick() const { return m_tookClick; }
    /// The value drawn for a state (its variable), NaN when it has none.
    double valueOf(const std::vector<double>& y) const;

signals:
    /// The point under the mouse changed (invalid: none).
    void hovered(fl::ui::ContinuationLayer::Hit hit);
    /// A click (without dragging) on a point of a branch.
    void clicked(fl::ui::ContinuationLayer::Hit hit);
    /// The drawn branches' lowest and highest value (the view fits the diagram to them).
    void valuesChanged(double lowest, double highest);

private:
    void redraw();
    void drawBranch(const Drawn& branch, double& lowest, double& highest);
    void drawLabels(double lowest, double highest);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    QCustomPlot* m_plot;
    int m_variable = 0;
    std::vector<Drawn> m_branches;
    std::vector<QCPCurve*> m_curves;
    QCPGraph* m_markers = nullptr;
    std::vector<QCPItemText*> m_labels;
    Hit m_hovered;
    bool m_redrawQueued = false; ///< points came since the last redraw (addPoint)
    QPointF m_pressed;
    bool m_tookClick = false;
};

} // namespace fl::ui
