#pragma once
// A number as the shortest text that reads back as the same double ("0.1", "1e-05", "0.30000000000000004"):
// the form of every number in CSV files, sessions' texts and messages.
#include <string>

namespace fl {

std::string formatNumber(double value);

} // namespace fl
