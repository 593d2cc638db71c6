#include "expr/derivative.h"
#include "expr/build.h"
#include "expr/functions.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <unordered_map>

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

/// dependsOn() with the answers for the nodes already visited in `known`.
bool dependsOnShared(const Node* expr, int slot, std::unordered_map<const Node*, bool>& known)
{
    if (!(expr->variables & slotBit(slot)))
        return false;
    if (slot >= 0 && slot < 63)
        return true; // the bit is exact below 63
    if (expr->kind == Kind::Variable)
        return expr->slot == slot;
    if (const auto it = known.find(expr); it != known.end())
        return it->second;
    const bool found = (expr->a && dependsOnShared(expr->a.get(), slot, known)) || (expr->b && dependsOnShared(expr->b.get(), slot, known));
    known.emplace(expr, found);
    return found;
}

/// Every pass below visits each distinct node once (by identity) and remembers its result, so a
/// tree whose subtrees are shared (a derivative: d max(a, b) reads a' twice) costs its distinct
/// nodes, not the nodes of its printed form, which can be exponentially many.
class Differentiator {
public:
    explicit Differentiator(int slot) : m_slot(slot) {}

    Expr operator()(const Expr& expr)
    {
        if (const auto it = m_done.find(expr.get()); it != m_done.end())
            return it->second;
        Expr d = compute(expr);
        m_done.emplace(expr.get(), d);
        return d;
    }

private:
    Expr compute(const Expr& expr)
    {
        const Node& node = *expr;
        switch (node.kind) {
        case Kind::Number: return number(0.0);
        case Kind::Variable: return number(node.slot == m_slot ? 1.0 : 0.0);
        default: break;
        }
        if (!dependsOnShared(expr.get(), m_slot, m_depends))
            return number(0.0);
        const Expr da = (*this)(node.a);
        const Expr db = node.arity == 2 ? (*this)(node.b) : Expr();
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

    int m_slot;
    std::unordered_map<const Node*, Expr> m_done;
    std::unordered_map<const Node*, bool> m_depends; ///< whether a node visited depends on m_slot
};

class Substitution {
public:
    Substitution(std::span<const int> slots, std::span<const double> values, std::span<const int> moved = {}, std::span<const Expr> trees = {})
        : m_slots(slots), m_values(values), m_moved(moved), m_trees(trees)
    {
    }

    Expr operator()(const Expr& expr)
    {
        const Node& node = *expr;
        switch (node.kind) {
        case Kind::Number: return expr;
        case Kind::Variable: {
            const auto it = std::find(m_slots.begin(), m_slots.end(), node.slot);
            if (it != m_slots.end())
                return m_trees.empty() ? number(m_values[static_cast<std::size_t>(it - m_slots.begin())])
                                       : m_trees[static_cast<std::size_t>(it - m_slots.begin())];
            if (node.slot >= 0 && static_cast<std::size_t>(node.slot) < m_moved.size() && m_moved[static_cast<std::size_t>(node.slot)] != node.slot)
                return variable(m_moved[static_cast<std::size_t>(node.slot)]);
            return expr;
        }
        default: break;
        }
        if (const auto it = m_done.find(expr.get()); it != m_done.end())
            return it->second;
        Expr a = (*this)(node.a);
        Expr b = node.arity == 2 ? (*this)(node.b) : Expr();
        Expr result; // rebuilt by the simplifying builders even where nothing was replaced below
        switch (node.kind) {
        case Kind::Negate: result = negate(std::move(a)); break;
        case Kind::Add: result = add(std::move(a), std::move(b)); break;
        case Kind::Subtract: result = subtract(std::move(a), std::move(b)); break;
        case Kind::Multiply: result = multiply(std::move(a), std::move(b)); break;
        case Kind::Divide: result = divide(std::move(a), std::move(b)); break;
        case Kind::Power: result = power(std::move(a), std::move(b)); break;
        default: result = call(node.function, std::move(a), std::move(b)); break;
        }
        m_done.emplace(expr.get(), result);
        return result;
    }

private:
    std::span<const int> m_slots;
    std::span<const double> m_values;
    std::span<const int> m_moved;
    std::span<const Expr> m_trees;
    std::unordered_map<const Node*, Expr> m_done;
};

double evaluateShared(const Node* node, const double* variables, std::unordered_map<const Node*, double>& values)
{
    switch (node->kind) {
    case Kind::Number: return node->value;
    case Kind::Variable: return variables[node->slot];
    default: break;
    }
    if (const auto it = values.find(node); it != values.end())
        return it->second;
    double result;
    const double a = evaluateShared(node->a.get(), variables, values);
    if (node->kind == Kind::Negate) {
        result = -a;
    } else {
        const double b = node->arity == 2 ? evaluateShared(node->b.get(), variables, values) : 0.0;
        switch (node->kind) {
        case Kind::Add: result = a + b; break;
        case Kind::Subtract: result = a - b; break;
        case Kind::Multiply: result = a * b; break;
        case Kind::Divide: result = a / b; break;
        case Kind::Power: result = powerOf(a, b); break;
        default: result = apply(node->function, a, b); break;
        }
    }
    values.emplace(node, result);
    return result;
}

} // namespace

Expr derivative(const Expr& expr, int slot) { return Differentiator(slot)(expr); }

std::vector<Expr> derivatives(std::span<const Expr> exprs, int slot)
{
    Differentiator d(slot);
    std::vector<Expr> out;
    out.reserve(exprs.size());
    for (const Expr& e : exprs)
        out.push_back(d(e));
    return out;
}

bool dependsOn(const Expr& expr, int slot)
{
    std::unordered_map<const Node*, bool> known;
    return dependsOnShared(expr.get(), slot, known);
}

Expr substitute(const Expr& expr, std::span<const int> slots, std::span<const double> values)
{
    return Substitution(slots, values)(expr);
}

std::vector<Expr> substitute(std::span<const Expr> exprs, std::span<const int> slots, std::span<const double> values)
{
    Substitution s(slots, values);
    std::vector<Expr> out;
    out.reserve(exprs.size());
    for (const Expr& e : exprs)
        out.push_back(s(e));
    return out;
}

std::vector<Expr> renumber(std::span<const Expr> exprs, std::span<const int> moved)
{
    Substitution s({}, {}, moved);
    std::vector<Expr> out;
    out.reserve(exprs.size());
    for (const Expr& e : exprs)
        out.push_back(e ? s(e) : e);
    return out;
}

Expr replace(const Expr& expr, std::span<const int> slots, std::span<const Expr> trees)
{
    return Substitution(slots, {}, {}, trees)(expr);
}

double evaluate(const Expr& expr, const double* variables)
{
    std::unordered_map<const Node*, double> values;
    return evaluateShared(expr.get(), variables, values);
}

void evaluateNodes(std::span<const Expr> exprs, const double* variables, std::unordered_map<const Node*, double>& values)
{
    for (const Expr& e : exprs)
        if (e)
            evaluateShared(e.get(), variables, values);
}

} // namespace fl::expr
