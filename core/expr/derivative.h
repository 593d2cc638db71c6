#pragma once
// Symbolic derivatives, built with the simplifying builders (build.h) so that they stay small and
// share the expression's own subtrees (tanh(v/eps) appears once in a tree and in its derivative,
// and a tape compiled from both computes it once).
//
// Rules beyond the textbook ones:
//   abs(a)'      = sign(a) a'          (0 at a = 0)
//   min(a, b)'   = (a' + b')/2 - sign(a - b) (a' - b')/2   (and max with +): the derivative of the
//                  side that is smaller (larger), the mean of both where they are equal. Written
//                  with sign because the tree has no conditional.
//   sign(a)'     = 0
//   a^b          with b free of the variable: b a^(b-1) a'; with a free of it: a^b log(a) b';
//                otherwise a^b (b' log(a) + b a'/a).
#include "expr/node.h"

#include <span>
#include <unordered_map>
#include <vector>

namespace fl::expr {

// Every function here visits each distinct node once (shared subtrees are not walked again), so
// its work and the size of what it builds grow with the distinct nodes of its input, never with
// the size of the input as printed. The nodes they build count against the thread's NodeBudget.

/// d expr / d (the variable at slot).
Expr derivative(const Expr& expr, int slot);
/// d e / d (the variable at slot) for each e, sharing the derivatives of their common subtrees.
std::vector<Expr> derivatives(std::span<const Expr> exprs, int slot);
/// Whether the variable at slot appears in expr.
bool dependsOn(const Expr& expr, int slot);
/// expr with each variable whose slot is in slots replaced by the number at the same index of
/// values, simplified.
Expr substitute(const Expr& expr, std::span<const int> slots, std::span<const double> values);
/// substitute() of each tree, their common subtrees substituted once (and shared in the results).
std::vector<Expr> substitute(std::span<const Expr> exprs, std::span<const int> slots, std::span<const double> values);
/// Each tree with the variable at slot s moved to slot moved[s] (slots past moved's end stay), the
/// common subtrees renumbered once and shared in the results.
std::vector<Expr> renumber(std::span<const Expr> exprs, std::span<const int> moved);
/// expr with each variable whose slot is in slots replaced by the tree at the same index of trees
/// (shared, not copied), simplified.
Expr replace(const Expr& expr, std::span<const int> slots, std::span<const Expr> trees);
/// The value of expr at variables (variables[slot] for each variable): a direct walk of the tree,
/// slow but obvious; the reference for the tape (tape.h) and the constant folding.
double evaluate(const Expr& expr, const double* variables);
/// The value of every distinct node of the trees (of a kind other than Number and Variable) at
/// variables, into `values` (keyed by node): one walk for all of them.
void evaluateNodes(std::span<const Expr> exprs, const double* variables, std::unordered_map<const Node*, double>& values);

} // namespace fl::expr
