#pragma once
// Affinity in a set of variables, for a contact's relative velocity: the event-driven method needs
// it as c0 + sum_i c_i v_i with the coefficients free of the velocities (its gradient in the
// velocities is then the c_i).
//
// The test is the derivative one: expr is affine in the slots when its derivative with respect to
// each slot depends on none of them. It is exact for the smooth functions; sign() is the one
// function whose derivative (0) hides its dependence, so an expression in which sign's argument
// depends on one of the slots is not affine (abs, min and max are caught by their derivatives,
// which contain sign). It is also structural: an expression that is affine only after algebra the
// builders do not do (v*v - v*v) is reported as not affine, which is the safe side.
#include "expr/node.h"

#include <optional>
#include <span>
#include <vector>

namespace fl::expr {

struct AffineForm {
    Expr constant;                  ///< c0: expr with the slots' variables at 0
    std::vector<Expr> coefficients; ///< c_i, one per slot, in the order of the slots given
};

bool isAffineIn(const Expr& expr, std::span<const int> slots);
/// expr = constant + sum_i coefficients[i] * variable(slots[i]), or nothing when expr is not affine
/// in the slots.
std::optional<AffineForm> affineForm(const Expr& expr, std::span<const int> slots);

} // namespace fl::expr
