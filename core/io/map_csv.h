#pragma once
// The two-parameter map's CSV: '#' metadata, then "x,y,value", one row per point,
// y outer and x inner (row j of the map, then j + 1), numbers in shortest round-trip form.
#include "analysis/parameter_map.h"

#include <ostream>
#include <string>
#include <vector>

namespace fl {

/// What the value column holds, e.g. "amplitude of x (half the peak-to-peak range)".
/// The observable in words; period and stick phases name the section they count points of (the
/// scenario's default section, taken again at each point's values).
std::string describeMapValue(const MapSpec& spec, const std::vector<std::string>& stateNames, const std::string& section = {});

void writeMapCsv(std::ostream& out, const Scenario& scenario, const MapSpec& spec, const std::vector<std::string>& stateNames,
                 const std::vector<double>& values);

} // namespace fl
