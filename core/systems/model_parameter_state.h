#pragma once
// A model's parameter made a first-order state of its own (docs/continuation.md, "Exact parameter
// derivatives"): the state p is appended after the model's states, starting at the parameter's
// value with rate 0 (so p stays the parameter's value), and every state expression (forces, normal
// forces, slip velocities and gradients, rates, outputs) reads it where it read the parameter. The
// variational equations of this model (exact partial derivatives of its expressions inside each
// mode, a saltation matrix at every switch) then carry the derivative of the flow with respect to
// the parameter as the tangent column of p, the last entry of the model's state: dG/dlambda of a
// periodic orbit without a difference quotient.
#include "model/model_spec.h"

#include <optional>
#include <string>
#include <string_view>

namespace fl {

/// The model with parameter `id` as its last first-order state (named as the parameter). Nothing,
/// with why, where the parameter is not the model's own or enters where a state cannot: a mass, a
/// mass coupling, or a contact's friction law (whose values the law takes once per run).
std::optional<model::Model> withParameterAsState(const model::Model& m, std::string_view id, std::string& why);

} // namespace fl
