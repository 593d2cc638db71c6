#pragma once
#include "analysis/bifurcation_sweep.h"

#include <ostream>

namespace fl {

/// Text of an observable, e.g. "maxima of x" or "section x = 0 (down): v".
std::string describeObservable(const SweepSpec& spec, const std::vector<std::string>& stateNames);

/// '#' metadata (scenario, sweep settings), then "param,sample,value,branch": one row per point;
/// branch is "up" or "down"; a settled column (no section point) has one row with sample -1.
void writeSweepCsv(std::ostream& out, const Scenario& scenario, const SweepSpec& spec,
                   const std::vector<std::string>& stateNames, const std::vector<SweepColumn>& columns);

} // namespace fl
