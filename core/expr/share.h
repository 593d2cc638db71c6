#pragma once
// Hash-consing: trees rebuilt so that equal subtrees (same structure, same numbers bit for bit) are
// one node, within a tree and across the trees given together. A model's forces, slip velocities and
// their partial derivatives are prepared once and kept for every run; sharing them keeps what they
// hold in memory to their distinct subexpressions (a model's tanh(v/eps) and its derivative's, one
// node), and every later pass (substitute, the tape) visits each once.
#include "expr/node.h"

#include <span>
#include <vector>

namespace fl::expr {

/// The trees, with equal subtrees merged into one node; the same values, the same printed form.
std::vector<Expr> shareCommon(std::span<const Expr> trees);

} // namespace fl::expr
