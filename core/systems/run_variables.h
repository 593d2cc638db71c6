#pragma once
// The phase planes a run of a scenario is shown in: the system's own (PlotHints::phasePortraits)
// and, for a law with memory, each internal state against the relative velocity (z against v_r
// for LuGre's bristle: its hysteresis; Ostermeyer's mu against v_r: fading and recovery).
#include <string>
#include <utility>
#include <vector>

namespace fl {

struct Scenario;

/// (horizontal, vertical) column ids, the system's planes first; empty for an unknown system.
std::vector<std::pair<std::string, std::string>> phasePlanes(const Scenario& scenario);

} // namespace fl
