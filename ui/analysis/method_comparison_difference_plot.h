#pragma once
#include "analysis/method_comparison_data.h"
#include "widgets/run_plot.h"

#include <vector>

namespace fl::ui {

/// |event-driven - regularized| over time for each compared variable (|Δx|, |Δφ| for the disk),
/// on a linear or logarithmic axis. Shrinks as eps -> 0 (docs/physics.md S2: the curves of JTAM
/// Fig. 4 coincide).
class MethodComparisonDifferencePlot : public RunPlot {
    Q_OBJECT
public:
    explicit MethodComparisonDifferencePlot(QWidget* parent = nullptr);

    void showComparison(const MethodComparisonPtr& data);
    /// A single run has no difference: the plot is cleared.
    void showData(const PlotDataPtr& data) override;

    void setLogScale(bool log);
    bool logScale() const { return m_log; }
    /// The visible graph of a variable ("x", "phi", ...), or nullptr.
    QCPGraph* differenceGraph(const QString& variable) const;

private:
    void draw();

    MethodComparisonPtr m_data;
    std::vector<QCPGraph*> m_graphs; ///< one per variable shown so far; unused ones hidden
    bool m_log = false;
};

} // namespace fl::ui
