#pragma once
#include "common/polyline.h"
#include "scenario/scenario.h"

#include <vector>

namespace fl {

/// The friction characteristic F(v_r) of the scenario's law as its method sees it, on [vMin, vMax]
/// (vMin < 0 < vMax): for event-driven runs the set-valued law (the slip branches and the vertical
/// stick segment [-limit, limit] at v_r = 0); for regularized runs the smooth law, sampled densely
/// near v_r = 0 so that the peak of width eps is resolved. Empty for plane-contact laws.
Polyline frictionCharacteristic(const Scenario& scenario, double vMin, double vMax, int points = 400);

} // namespace fl
