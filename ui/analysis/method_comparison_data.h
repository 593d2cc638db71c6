#pragma once
// What "Compare methods" draws of a comparison of a scenario run event-driven and regularized
// (JTAM Fig. 4): the numbers are the core's (fl::methodDifference, analysis/method_difference.h,
// which `frictionlab-cli compare` writes too); here they become plot data. Pure functions, safe
// on any thread.
#include "analysis/method_difference.h"
#include "plotdata/plot_data.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace fl::ui {

/// |a - b| of one variable as the difference plot draws it (the values: fl::VariableDifference).
struct DifferenceSeries {
    QString name;                      ///< the variable, e.g. "x"
    QVector<QCPGraphData> points;      ///< difference for display (min/max envelope if long)
    double max = 0.0;                  ///< as the core found them
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
    fl::MethodDifference difference;           ///< the core's numbers: grid, values, |difference|
    std::vector<DifferenceSeries> differences; ///< one per difference.variables, in order
    QCPRange differenceRange;  ///< over all difference series
};
using MethodComparisonPtr = std::shared_ptr<const MethodComparisonData>;

/// (t_i, y_i), or beyond kMaxSeriesPoints the smallest and largest value of each of
/// kEnvelopeBuckets runs of samples in time order (as plot_data.h), so that no spike is lost.
QVector<QCPGraphData> envelope(const std::vector<double>& t, const std::vector<double>& y);

/// Compares two finished runs (either may be null or failed: then there are no differences).
MethodComparisonPtr compareRuns(const RunOutputPtr& eventDriven, const RunOutputPtr& regularized);

/// CSV of the compared variables (fl::methodDifferenceCsv): '#' lines describing both runs, then
/// t, and per variable the event-driven value, the regularized value and their absolute difference.
QByteArray differenceCsv(const MethodComparisonData& data);

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::ui::MethodComparisonPtr)
