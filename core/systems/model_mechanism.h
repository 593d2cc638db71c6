#pragma once
// The generic mechanism drawing of user-written models (systems/model_mechanism.cpp).
#include "model/model_spec.h"
#include "scene/mechanism_scene.h"
#include "scene/near_stick.h"

namespace fl {

/// The model's blocks, springs and belt at one frame (state q_1, q_1', ...; outputs v_r, F, ...).
MechanismScene drawModelMechanism(const model::Model& model, const Scenario& scenario, const MechanismFrame& frame);
/// The first contact's |v_r| against scene::stickThreshold(belt speed, eps).
NearStick modelNearStick(const model::Model& model, const Scenario& scenario, const MechanismFrame& frame);

} // namespace fl
