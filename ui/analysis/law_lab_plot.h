#pragma once
// The law lab's plot: one experiment's curves (fl::LawExperimentResult) as parametric curves with a
// legend (loops in the (x, F) or (v_r, F) plane, or F against t), and for pre-sliding the line
// F = σ_0 x of the initial bristle stiffness.
#include "analysis/law_experiments.h"
#include "widgets/run_plot.h"

#include <memory>
#include <vector>

namespace fl::ui {

class LawLabPlot : public RunPlot {
    Q_OBJECT
public:
    explicit LawLabPlot(QWidget* parent = nullptr);

    void showExperiment(const std::shared_ptr<const fl::LawExperimentResult>& result);
    /// Hides every curve (another law: the loops no longer belong to the scenario).
    void clearExperiment();
    /// The lab has no single run to show.
    void showData(const PlotDataPtr&) override {}
    /// The visible curves, in the experiment's order (the slope line excluded).
    std::vector<QCPCurve*> visibleCurves() const;
    /// The dashed line F = σ_0 x (hidden unless the experiment is pre-sliding with a σ_0).
    QCPCurve* slopeLine() const { return m_slope; }

private:
    std::vector<QCPCurve*> m_curves;
    QCPCurve* m_slope;
};

} // namespace fl::ui
