#pragma once
#include <vector>

namespace fl {

/// A polyline; NaN points break it into pieces.
struct Polyline {
    std::vector<double> x;
    std::vector<double> y;
};

} // namespace fl
