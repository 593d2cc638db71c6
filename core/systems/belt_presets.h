#pragma once
// Teaching presets of S1, the block on a moving belt: one case per lecture scene.
#include "systems/system_registry.h"

#include <vector>

namespace fl {

/// The "Teaching" group of the belt: belt-pure-slip, belt-stick-slip, belt-stick-segment,
/// belt-friction-loop, belt-stribeck, belt-damping, belt-critical-speed, belt-forced,
/// belt-tanh-vs-event. The ids are a contract (the shipped lecture and its tests name them); each
/// note gives the numbers measured for it, and tests/core/test_teaching_presets.cpp checks them.
std::vector<Preset> beltTeachingPresets();

} // namespace fl
