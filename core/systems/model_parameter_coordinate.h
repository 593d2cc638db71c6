#pragma once
// A model's parameter made a coordinate of its own (docs/continuation.md, "Exact parameter
// derivatives"): the coordinate p is appended after the model's, with mass 1, no force and starting
// at rest at the parameter's value (p'' = 0, so p stays the parameter's value), and every state
// expression (forces, normal forces, slip velocities and gradients, outputs) reads it where it read
// the parameter. The variational equations of this model (exact partial derivatives of its
// expressions inside each mode, a saltation matrix at every switch) then carry the derivative of the
// flow with respect to the parameter as the tangent column of p: ∂G/∂λ of a periodic orbit without
// a difference quotient.
#include "model/model_spec.h"

#include <optional>
#include <string>
#include <string_view>

namespace fl {

/// The model with parameter `id` as its last coordinate (named as the parameter). Nothing, with
/// why, where the parameter is not the model's own or enters where a coordinate cannot: a mass, a
/// mass coupling, or a contact's friction law (whose values the law takes once per run).
std::optional<model::Model> withParameterAsCoordinate(const model::Model& m, std::string_view id, std::string& why);

} // namespace fl
