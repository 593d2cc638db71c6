#pragma once
// The located points of a continuation followed in a second parameter (core/analysis/
// located_curves.h), as the Continuation box hands them to the other views: the Map view draws them
// over its picture when the map is of the same two parameters (docs/continuation.md).
#include "analysis/located_curves.h"
#include "scenario/scenario.h"

#include <memory>
#include <string>
#include <vector>

namespace fl::ui {

struct LocatedCurvesShown {
    fl::Scenario scenario;      ///< continued (its system names the plane's)
    std::string first, second;  ///< the continued parameter and the second one
    std::vector<fl::LocatedCurve> curves;
};
using LocatedCurvesPtr = std::shared_ptr<const LocatedCurvesShown>;

} // namespace fl::ui
