#pragma once
// CSV of a method comparison's difference table (plain C++: `frictionlab-cli compare` and the
// GUI's "Difference (CSV)" export write the same text).
#include "analysis/method_difference.h"

#include <string>

namespace fl {

/// '#' lines describing the comparison and each run that succeeded (event-driven first: its
/// description and steps; no wall time, so the same comparison gives the same bytes), then "t" and per variable <name>_event, <name>_regularized and
/// abs_d<name>, one row per time of MethodDifference::t. Every number is the shortest text that
/// reads back as the same double.
std::string methodDifferenceCsv(const MethodDifference& difference);

} // namespace fl
