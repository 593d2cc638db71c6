#pragma once
// Test helpers: a preset's scenario and a run that must succeed (either failing ends the test
// program with the reason: a fixture that does not hold is not a result).
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <string>

namespace fltest {

/// The scenario of a registered preset.
fl::Scenario presetScenario(const char* presetId);

/// The scenario of a model text (registered), at its defaults, by `method` (Kudra's regularization).
fl::Scenario modelScenario(const std::string& text, fl::Method method = fl::Method::EventDriven);

/// fl::simulate(s), which must end ok.
fl::RunResult simulateOk(const fl::Scenario& s);

} // namespace fltest
