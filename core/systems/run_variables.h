#pragma once
// The variables of a scenario's runs without building its Dynamics, and the phase planes a run of
// a scenario is shown in: the system's own (PlotHints::phasePortraits)
// and, for a law with memory, each internal state against the relative velocity (z against v_r
// for LuGre's bristle: its hysteresis; Ostermeyer's mu against v_r: fading and recovery).
#include <string>
#include <utility>
#include <vector>

namespace fl {

struct Scenario;

/// (horizontal, vertical) column ids, the system's planes first; empty for an unknown system.
std::vector<std::pair<std::string, std::string>> phasePlanes(const Scenario& scenario);

/// The state variables of a run of the scenario, as its Dynamics names them (SystemInfo::states,
/// then the law's states), without building the Dynamics: cheap and safe on the GUI thread.
/// Empty for an unknown system or law.
std::vector<std::string> stateNames(const Scenario& scenario);
/// The derived outputs of a run of the scenario (SystemInfo::outputs).
std::vector<std::string> outputNames(const Scenario& scenario);

} // namespace fl
