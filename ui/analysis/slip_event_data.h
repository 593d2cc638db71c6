#pragma once
// What the "Slip events" view shows of a Burridge-Knopoff chain run, computed off the GUI thread
// from the run on display: the block x time map of slip speeds, the slip events after the
// transient, their size distributions (moment and block count) and the power laws fitted to them.
#include "analysis/space_time_map.h"
#include "bridge/run_output.h"
#include "contract/slip_events_analysis.h"

#include <QString>

#include <memory>
#include <vector>

namespace fl::ui {

enum class SlipSize { Moment = 0, Blocks = 1 };

struct SlipEventRequest {
    RunOutputPtr run;
    double skipTime = 0.0;   ///< transient left out of the events
    double fitMin = 0.0;     ///< moment range fitted (<= 0: chosen by the fit)
    double fitMax = 0.0;
    int mapColumns = 2000;   ///< most time columns of the map
};

struct SlipEventData {
    quint64 runId = 0;
    fl::SpaceTimeMap map;
    double stickThreshold = 0.0; ///< slip speed counted as slipping (the map's lowest colour up to it)
    bool exact = false;          ///< event-driven run: v_r = 0 exactly in stick
    double skipTime = 0.0;
    std::vector<fl::SlipEvent> events;
    fl::SlipEventsSetup setup;           ///< what the events and statistics were computed with
    fl::SlipEventStatistics statistics;  ///< fits and densities, by SlipSize
};
using SlipEventDataPtr = std::shared_ptr<const SlipEventData>;

/// Why a run has no slip events to show (not a chain, failed run), or empty when it has.
QString slipEventsUnavailableReason(const RunOutputPtr& run);

/// Computes everything the view shows (runs on any thread; the run is shared and read only).
SlipEventDataPtr computeSlipEventData(const SlipEventRequest& request);

/// The map of the run's samples in [tFrom, tTo] (zooming into a map whose columns hold many samples).
fl::SpaceTimeMap computeSpaceTimeWindow(const RunOutputPtr& run, double tFrom, double tTo, int columns);

/// "α = 1.79 ± 0.05 on moments 0.0199 … 3.92 (422 of 2692 events)" or why there is no fit
/// (fl::describeSlipPowerLaw).
QString describePowerLaw(const fl::PowerLawFit& fit, SlipSize size);

} // namespace fl::ui
