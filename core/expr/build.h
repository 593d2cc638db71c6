#pragma once
// Builders that simplify as they build, so that derivatives stay small: 0 and 1 fold away
// (x + 0 = x, x * 1 = x, x * 0 = 0, x ^ 1 = x, x ^ 0 = 1), numbers fold into one number, a number
// factor moves in front and merges with another (2 * (3 * x) = 6 * x), and a double negation
// cancels. The folds are those of real algebra: x * 0 = 0 even where x would evaluate to inf or
// NaN, which is what a derivative means. A fold whose result would be inf or NaN is not done (the
// node stays, and evaluates to that at run time), so a simplified tree never holds a number that
// has no text.
#include "expr/node.h"

namespace fl::expr {

Expr number(double value);
Expr variable(int slot);
Expr negate(Expr a);
Expr add(Expr a, Expr b);
Expr subtract(Expr a, Expr b);
Expr multiply(Expr a, Expr b);
Expr divide(Expr a, Expr b);
Expr power(Expr a, Expr b);
Expr call(Function function, Expr a, Expr b = {});

/// Whether x is the number value.
bool isNumber(const Expr& x, double value);

} // namespace fl::expr
