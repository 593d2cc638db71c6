#pragma once
// What crosses from a worker thread to the GUI: one finished run as a value type, tagged with its
// run id (docs/architecture.md ideas 2 and 7).
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <QMetaType>
#include <QtGlobal>

#include <memory>

namespace fl::ui {

/// One finished run: the scenario exactly as it was simulated and its result.
struct RunOutput {
    quint64 runId = 0;      ///< id returned by SimulationController::request
    fl::Scenario scenario;
    fl::RunResult result;
    bool cancelled = false; ///< stopped by SimulationController::cancel (status "cancelled"), not failed
};

/// Shared, immutable: the GUI keeps the last good run while newer ones arrive.
using RunOutputPtr = std::shared_ptr<const RunOutput>;

/// Section points of a run in progress (a slice of RunResult::sectionTimes / sectionStates).
struct SectionChunk {
    quint64 runId = 0;
    int dimension = 0;
    std::vector<double> times;
    std::vector<double> states;   ///< row-major, dimension values per point
    double simulatedTime = 0.0;   ///< how far the run has got
    long switchCount = 0;         ///< switches located so far (kept or not: RunResult::switchCount)
    std::string warning;          ///< the run's warning so far, e.g. that its events are no longer kept
};
using SectionChunkPtr = std::shared_ptr<const SectionChunk>;

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::ui::RunOutputPtr)
Q_DECLARE_METATYPE(fl::ui::SectionChunkPtr)
