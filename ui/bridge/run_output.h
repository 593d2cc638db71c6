#pragma once
// What crosses from a worker thread to the GUI: one finished run as a value type, tagged with its
// run id (ARCHITECTURE.md ideas 2 and 7).
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
};

/// Shared, immutable: the GUI keeps the last good run while newer ones arrive.
using RunOutputPtr = std::shared_ptr<const RunOutput>;

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::ui::RunOutputPtr)
