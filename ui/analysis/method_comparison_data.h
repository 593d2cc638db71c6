#pragma once
// The comparison of a scenario run event-driven (exact stick/slip switching) and regularized
// (smooth law of width eps, the scenario's stiff integrator), as in JTAM Fig. 4: pure functions, safe on any thread.
#include "widgets/plot_data.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace fl::ui {

/// The scenario with the event-driven method and with the regularized one at eps (every other
/// value as given). The event-driven run takes eventLawId (empty: fl::eventDrivenCounterpart, the
/// scenario's own law when it has a set-valued form), with the values of the parameters both laws
/// have; so LuGre runs against event-driven stribeck-gauss. An error names the method the system
/// or its law cannot run.
fl::Status comparisonScenarios(const fl::Scenario& scenario, double eps, const std::string& eventLawId,
                               fl::Scenario& eventDriven, fl::Scenario& regularized);

/// |a - b| of one variable on the event-driven run's output grid.
struct DifferenceSeries {
    QString name;                      ///< the variable, e.g. "x"
    std::vector<double> eventValues;
    std::vector<double> regularizedValues; ///< linearly interpolated when the grids differ
    std::vector<double> difference;    ///< |event - regularized|
    QVector<QCPGraphData> points;      ///< difference for display (min/max envelope if long)
    double max = 0.0;
    double maxTime = 0.0;
};

/// Both runs, their plot data (preparePlotData) and the differences of the variables compared:
/// the state variables among the system's PlotHints::timeHistory (x and phi for the disk, x for
/// the block), sampled on the overlap of the two runs.
struct MethodComparisonData {
    RunOutputPtr eventRun;        ///< as finished (its status may be an error)
    RunOutputPtr regularizedRun;
    PlotDataPtr eventDriven;   ///< null if that run failed
    PlotDataPtr regularized;   ///< null if that run failed
    std::vector<double> t;     ///< grid of the differences
    std::vector<DifferenceSeries> differences;
    QCPRange differenceRange;  ///< over all difference series
};
using MethodComparisonPtr = std::shared_ptr<const MethodComparisonData>;

/// (t_i, y_i), or beyond kMaxSeriesPoints the smallest and largest value of each of
/// kEnvelopeBuckets runs of samples in time order (as plot_data.h), so that no spike is lost.
QVector<QCPGraphData> envelope(const std::vector<double>& t, const std::vector<double>& y);

/// Compares two finished runs (either may be null or failed: then there are no differences).
MethodComparisonPtr compareRuns(const RunOutputPtr& eventDriven, const RunOutputPtr& regularized);

/// CSV of the compared variables: '#' lines describing both runs, then t, and per variable the
/// event-driven value, the regularized value and their absolute difference.
QByteArray differenceCsv(const MethodComparisonData& data);

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::ui::MethodComparisonPtr)
