#pragma once
// Test helpers: a preset's scenario and a run that must succeed (either failing ends the test
// program with the reason: a fixture that does not hold is not a result).
#include "scenario/scenario.h"
#include "solvers/run_result.h"

namespace fltest {

/// The scenario of a registered preset.
fl::Scenario presetScenario(const char* presetId);

/// fl::simulate(s), which must end ok.
fl::RunResult simulateOk(const fl::Scenario& s);

} // namespace fltest
