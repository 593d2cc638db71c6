#pragma once
// What the plots draw for one run, computed away from the GUI thread: columns picked by the
// system's PlotHints, long series reduced to a min/max envelope, parametric curves thinned, the
// law's characteristic evaluated. The plots then only hand these vectors to QCustomPlot (O(1):
// QVector is implicitly shared) and replot.
#include "bridge/run_output.h"

#include <qcustomplot.h>

#include <memory>
#include <vector>

namespace fl::ui {

/// One curve of the time history.
struct PlotSeries {
    QString name;                   ///< column id, e.g. "v_r"
    QVector<QCPGraphData> points;
    QString label;                  ///< display text (variableText), e.g. "φ [rad]"
};

/// The trajectory in one phase plane.
struct PhasePlane {
    QString xName;                  ///< column ids
    QString yName;
    QVector<QCPCurveData> path;     ///< thinned (CurveDecimator)
    QVector<QCPCurveData> stick;    ///< stick (or near-stick) samples only, NaN between segments
    QCPRange xRange;
    QCPRange yRange;
    QPointF start;
    QString xLabel;                 ///< display texts (variableText), e.g. "φ′ [rad/s]"
    QString yLabel;
    bool xAngle = false;            ///< the variable is an angle (unit rad): it may be shown mod 2π
    bool yAngle = false;
    QString title;                  ///< the plane by its labels alone, e.g. "φ – φ′"
};

struct PlotData {
    RunOutputPtr run;
    std::vector<PlotSeries> series;      ///< PlotHints::timeHistory columns the run has
    /// The stick intervals (never thinned; the time history shades those in view, joined where
    /// closer than 2 pixels).
    std::vector<fl::TimeInterval> stickIntervals;
    /// The times where a guard touched its bound tangentially (event-driven runs),
    /// marked along the top of the time history.
    std::vector<double> grazeTimes;
    /// What the shading means: "stick" (exact, event-driven) or, for smooth runs, the near-stick
    /// rule, e.g. "near-stick |v_r| < 0.0005" (fl::findNearStick).
    QString stickLabel;
    QCPRange timeRange;
    QCPRange valueRange;
    /// The internal states of a law with memory (z, μ, θ, ...), drawn on the time history's right
    /// axis: their scale (z ~ g/σ_0 ~ 1e-5) has nothing in common with x's.
    std::vector<PlotSeries> lawStates;
    QCPRange lawStateRange;
    std::vector<PhasePlane> planes;      ///< PlotHints::phasePortraits, in order
    QString speedName;                   ///< PlotHints::characteristic; empty if none
    QString forceName;
    QString speedLabel;                  ///< their display texts (variableText)
    QString forceLabel;
    QVector<QCPCurveData> law;           ///< fl::frictionCharacteristic, NaN breaks
    QVector<QCPCurveData> loop;          ///< the trajectory's (v_r, F), thinned
    QCPRange speedRange;                 ///< symmetric window the law is drawn on
    QCPRange forceRange;

    bool hasCharacteristic() const { return !loop.isEmpty(); }
};

using PlotDataPtr = std::shared_ptr<const PlotData>;

/// Series longer than this are reduced to a min/max envelope of kEnvelopeBuckets buckets.
constexpr size_t kMaxSeriesPoints = 50'000;
constexpr size_t kEnvelopeBuckets = 8'192;

/// Range [min, max] of values, ignoring NaN; (0, 1) if there is none.
QCPRange finiteRange(const std::vector<double>& values);
/// The samples of a state variable or output column of a run by name; empty if there is none.
std::vector<double> columnValues(const fl::RunResult& result, const std::string& name);

/// Everything the plots need for a successful run (status ok, at least one sample). Pure: safe on
/// any thread.
PlotDataPtr preparePlotData(const RunOutputPtr& run);

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::ui::PlotDataPtr)
