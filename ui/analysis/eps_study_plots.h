#pragma once
// The two plots of the eps study (Acta Mech 2016 Fig. 9): every run's time history of one variable
// overlaid, and each run's |difference| from the run at the smallest eps on a log axis.
#include "analysis/eps_study_data.h"
#include "widgets/run_plot.h"

#include <vector>

namespace fl::ui {

/// Shared: one graph per run, legend "ε = ...", one variable at a time.
class EpsStudyPlot : public RunPlot {
    Q_OBJECT
public:
    EpsStudyPlot(const QString& title, bool differences, QWidget* parent = nullptr);

    void showStudy(const EpsStudyPlotPtr& data, int variable);
    /// The study has no single run to show.
    void showData(const PlotDataPtr&) override {}
    void setLogScale(bool log);
    bool logScale() const { return m_log; }
    /// The visible graphs, in ascending eps (the difference plot has none for the reference).
    std::vector<QCPGraph*> visibleGraphs() const;
    /// Colour of run k (k = 0: the reference, drawn dark and wide).
    static QColor runColor(size_t k);

private:
    void draw();

    bool m_differences;
    bool m_log = false;
    EpsStudyPlotPtr m_data;
    int m_variable = 0;
    std::vector<QCPGraph*> m_graphs;
};

} // namespace fl::ui
