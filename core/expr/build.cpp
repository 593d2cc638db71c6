#include "expr/build.h"
#include "expr/functions.h"

#include <cmath>

namespace fl::expr {
namespace {

bool isNumber(const Expr& x) { return x->kind == Kind::Number; }

/// The number if value is finite, else the node as built.
Expr folded(double value, Expr unfolded) { return std::isfinite(value) ? makeNumber(value) : std::move(unfolded); }

} // namespace

bool isNumber(const Expr& x, double value) { return x->kind == Kind::Number && x->value == value; }

Expr number(double value) { return makeNumber(value); }
Expr variable(int slot) { return makeVariable(slot); }

Expr negate(Expr a)
{
    if (isNumber(a))
        return makeNumber(-a->value);
    if (a->kind == Kind::Negate)
        return a->a;
    return makeUnary(Kind::Negate, std::move(a));
}

Expr add(Expr a, Expr b)
{
    if (isNumber(a, 0.0))
        return b;
    if (isNumber(b, 0.0))
        return a;
    if (isNumber(a) && isNumber(b))
        return folded(a->value + b->value, makeBinary(Kind::Add, a, b));
    if (b->kind == Kind::Negate)
        return subtract(std::move(a), b->a);
    if (isNumber(b) && b->value < 0.0)
        return subtract(std::move(a), makeNumber(-b->value));
    return makeBinary(Kind::Add, std::move(a), std::move(b));
}

Expr subtract(Expr a, Expr b)
{
    if (isNumber(b, 0.0))
        return a;
    if (isNumber(a, 0.0))
        return negate(std::move(b));
    if (isNumber(a) && isNumber(b))
        return folded(a->value - b->value, makeBinary(Kind::Subtract, a, b));
    if (b->kind == Kind::Negate)
        return add(std::move(a), b->a);
    return makeBinary(Kind::Subtract, std::move(a), std::move(b));
}

Expr multiply(Expr a, Expr b)
{
    if (isNumber(a, 0.0) || isNumber(b, 0.0))
        return makeNumber(0.0);
    if (isNumber(a, 1.0))
        return b;
    if (isNumber(b, 1.0))
        return a;
    if (isNumber(a, -1.0))
        return negate(std::move(b));
    if (isNumber(b, -1.0))
        return negate(std::move(a));
    if (isNumber(a) && isNumber(b))
        return folded(a->value * b->value, makeBinary(Kind::Multiply, a, b));
    if (isNumber(b)) // the number in front
        return multiply(std::move(b), std::move(a));
    if (a->kind == Kind::Negate) // (-a) * b = -(a * b)
        return negate(multiply(a->a, std::move(b)));
    if (b->kind == Kind::Negate)
        return negate(multiply(std::move(a), b->a));
    if (isNumber(a) && b->kind == Kind::Multiply && isNumber(b->a)) { // 2 * (3 * x) = 6 * x
        const double product = a->value * b->a->value;
        if (std::isfinite(product))
            return multiply(makeNumber(product), b->b);
    }
    return makeBinary(Kind::Multiply, std::move(a), std::move(b));
}

Expr divide(Expr a, Expr b)
{
    if (isNumber(a, 0.0) && isNumber(b, 0.0)) // 0/0 stays a node (NaN when evaluated): not 0/b = 0
        return makeBinary(Kind::Divide, std::move(a), std::move(b));
    if (isNumber(a, 0.0))
        return makeNumber(0.0);
    if (isNumber(b, 1.0))
        return a;
    if (isNumber(b, -1.0))
        return negate(std::move(a));
    if (isNumber(a) && isNumber(b))
        return folded(a->value / b->value, makeBinary(Kind::Divide, a, b));
    if (a->kind == Kind::Negate)
        return negate(divide(a->a, std::move(b)));
    return makeBinary(Kind::Divide, std::move(a), std::move(b));
}

Expr power(Expr a, Expr b)
{
    if (isNumber(b, 0.0))
        return makeNumber(1.0);
    if (isNumber(b, 1.0))
        return a;
    if (isNumber(a) && isNumber(b))
        return folded(powerOf(a->value, b->value), makeBinary(Kind::Power, a, b));
    return makeBinary(Kind::Power, std::move(a), std::move(b));
}

Expr call(Function function, Expr a, Expr b)
{
    if (function == Function::Pow)
        return power(std::move(a), std::move(b));
    if (isNumber(a) && (!b || isNumber(b)))
        return folded(apply(function, a->value, b ? b->value : 0.0), makeCall(function, a, b));
    return makeCall(function, std::move(a), std::move(b));
}

} // namespace fl::expr
