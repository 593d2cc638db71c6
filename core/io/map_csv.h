#pragma once
// The two-parameter map's CSV: '#' metadata, then "x,y,value", one row per point,
// y outer and x inner (row j of the map, then j + 1), numbers in shortest round-trip form.
#include "analysis/parameter_map.h"

#include <ostream>
#include <string>
#include <vector>

namespace fl {

/// What the value column holds, e.g. "amplitude of x (half the peak-to-peak range)".
std::string describeMapValue(const MapSpec& spec, const std::vector<std::string>& stateNames);

void writeMapCsv(std::ostream& out, const Scenario& scenario, const MapSpec& spec, const std::vector<std::string>& stateNames,
                 const std::vector<double>& values);

} // namespace fl
