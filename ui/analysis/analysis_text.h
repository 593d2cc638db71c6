#pragma once
// Texts the long-running analysis views (bifurcation diagram, two-parameter map) share.
#include "scenario/scenario.h"

#include <QString>

#include <string>

namespace fl::ui {

/// An axis label of a parameter: "ω₀ [rad/s]", or the symbol alone when it has no unit.
QString parameterAxisLabel(const fl::Scenario& scenario, const std::string& id);
/// "8.5 s", "42 s" or "3 min 20 s".
QString durationText(double seconds);

} // namespace fl::ui
