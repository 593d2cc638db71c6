#include "expr/derivative.h"
#include "expr/build.h"
#include "expr/functions.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace fl::expr {
namespace {

Expr square(const Expr& a) { return power(a, number(2.0)); }

/// d f(a, b) for a call, given a' and b'.
Expr callDerivative(const Node& node, const Expr& da, const Expr& db)
{
    const Expr& a = node.a;
    const Expr& b = node.b;
    switch (node.function) {
    case Function::Sin: return multiply(call(Function::Cos, a), da);
    case Function::Cos: return negate(multiply(call(Function::Sin, a), da));
    case Function::Tan: return divide(da, square(call(Function::Cos, a)));
    case Function::Asin: return divide(da, call(Function::Sqrt, subtract(number(1.0), square(a))));
    case Function::Acos: return negate(divide(da, call(Function::Sqrt, subtract(number(1.0), square(a)))));
    case Function::Atan: return divide(da, add(number(1.0), square(a)));
    case Function::Atan2: // atan2(y, x)' = (x y' - y x') / (x^2 + y^2)
        return divide(subtract(multiply(b, da), multiply(a, db)), add(square(a), square(b)));
    case Function::Sinh: return multiply(call(Function::Cosh, a), da);
    case Function::Cosh: return multiply(call(Function::Sinh, a), da);
    case Function::Tanh: return multiply(subtract(number(1.0), square(call(Function::Tanh, a))), da);
    case Function::Exp: return multiply(call(Function::Exp, a), da);
    case Function::Log: return divide(da, a);
    case Function::Log10: return divide(da, multiply(a, number(std::numbers::ln10)));
    case Function::Sqrt: return divide(da, multiply(number(2.0), call(Function::Sqrt, a)));
    case Function::Abs: return multiply(call(Function::Sign, a), da);
    case Function::Sign: return number(0.0);
    case Function::Min:
    case Function::Max: {
        const Expr mean = divide(add(da, db), number(2.0));
        const Expr half = multiply(call(Function::Sign, subtract(a, b)), divide(subtract(da, db), number(2.0)));
        return node.function == Function::Min ? subtract(mean, half) : add(mean, half);
    }
    case Function::Pow: return nullptr; // handled as a power
    case Function::Hypot: return divide(add(multiply(a, da), multiply(b, db)), call(Function::Hypot, a, b));
    }
    return number(std::numeric_limits<double>::quiet_NaN());
}

Expr powerDerivative(const Expr& self, const Expr& a, const Expr& b, const Expr& da, const Expr& db)
{
    if (isNumber(db, 0.0))
        return multiply(multiply(b, power(a, subtract(b, number(1.0)))), da);
    if (isNumber(da, 0.0))
        return multiply(multiply(self, call(Function::Log, a)), db);
    return multiply(self, add(multiply(db, call(Function::Log, a)), divide(multiply(b, da), a)));
}

} // namespace

Expr derivative(const Expr& expr, int slot)
{
    const Node& node = *expr;
    switch (node.kind) {
    case Kind::Number: return number(0.0);
    case Kind::Variable: return number(node.slot == slot ? 1.0 : 0.0);
    default: break;
    }
    const Expr da = derivative(node.a, slot);
    const Expr db = node.arity == 2 ? derivative(node.b, slot) : Expr();
    switch (node.kind) {
    case Kind::Negate: return negate(da);
    case Kind::Add: return add(da, db);
    case Kind::Subtract: return subtract(da, db);
    case Kind::Multiply: return add(multiply(da, node.b), multiply(node.a, db));
    case Kind::Divide: // a'/b - a b'/b^2
        if (isNumber(db, 0.0))
            return divide(da, node.b);
        return subtract(divide(da, node.b), divide(multiply(node.a, db), square(node.b)));
    case Kind::Power: return powerDerivative(expr, node.a, node.b, da, db);
    case Kind::Call:
        if (node.function == Function::Pow)
            return powerDerivative(expr, node.a, node.b, da, db);
        if (isNumber(da, 0.0) && (node.arity == 1 || isNumber(db, 0.0)))
            return number(0.0);
        return callDerivative(node, da, db);
    default: return number(0.0);
    }
}

bool dependsOn(const Expr& expr, int slot)
{
    if (!(expr->variables & slotBit(slot)))
        return false;
    if (slot >= 0 && slot < 63)
        return true;
    if (expr->kind == Kind::Variable)
        return expr->slot == slot;
    return (expr->a && dependsOn(expr->a, slot)) || (expr->b && dependsOn(expr->b, slot));
}

Expr substitute(const Expr& expr, std::span<const int> slots, std::span<const double> values)
{
    const Node& node = *expr;
    switch (node.kind) {
    case Kind::Number: return expr;
    case Kind::Variable: {
        const auto it = std::find(slots.begin(), slots.end(), node.slot);
        return it == slots.end() ? expr : number(values[static_cast<std::size_t>(it - slots.begin())]);
    }
    default: break;
    }
    Expr a = substitute(node.a, slots, values);
    Expr b = node.arity == 2 ? substitute(node.b, slots, values) : Expr();
    switch (node.kind) {
    case Kind::Negate: return negate(std::move(a));
    case Kind::Add: return add(std::move(a), std::move(b));
    case Kind::Subtract: return subtract(std::move(a), std::move(b));
    case Kind::Multiply: return multiply(std::move(a), std::move(b));
    case Kind::Divide: return divide(std::move(a), std::move(b));
    case Kind::Power: return power(std::move(a), std::move(b));
    default: return call(node.function, std::move(a), std::move(b));
    }
}

double evaluate(const Expr& expr, const double* variables)
{
    const Node& node = *expr;
    switch (node.kind) {
    case Kind::Number: return node.value;
    case Kind::Variable: return variables[node.slot];
    case Kind::Negate: return -evaluate(node.a, variables);
    default: break;
    }
    const double a = evaluate(node.a, variables);
    const double b = node.arity == 2 ? evaluate(node.b, variables) : 0.0;
    switch (node.kind) {
    case Kind::Add: return a + b;
    case Kind::Subtract: return a - b;
    case Kind::Multiply: return a * b;
    case Kind::Divide: return a / b;
    case Kind::Power: return powerOf(a, b);
    default: return apply(node.function, a, b);
    }
}

} // namespace fl::expr
