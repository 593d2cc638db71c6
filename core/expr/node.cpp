#include "expr/node.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace fl::expr {
namespace {

std::shared_ptr<Node> fresh(Kind kind)
{
    auto node = std::make_shared<Node>();
    node->kind = kind;
    return node;
}

} // namespace

Expr makeNumber(double value)
{
    auto node = fresh(Kind::Number);
    node->value = value;
    return node;
}

Expr makeVariable(int slot)
{
    auto node = fresh(Kind::Variable);
    node->slot = slot;
    node->variables = slotBit(slot);
    return node;
}

Expr makeUnary(Kind kind, Expr a)
{
    auto node = fresh(kind);
    node->arity = 1;
    node->height = a->height + 1;
    node->variables = a->variables;
    node->a = std::move(a);
    return node;
}

Expr makeBinary(Kind kind, Expr a, Expr b)
{
    auto node = fresh(kind);
    node->arity = 2;
    node->height = std::max(a->height, b->height) + 1;
    node->variables = a->variables | b->variables;
    node->a = std::move(a);
    node->b = std::move(b);
    return node;
}

Expr makeCall(Function function, Expr a, Expr b)
{
    auto node = fresh(Kind::Call);
    node->function = function;
    node->arity = b ? 2 : 1;
    node->height = std::max(a->height, b ? b->height : 0) + 1;
    node->variables = a->variables | (b ? b->variables : 0);
    node->a = std::move(a);
    node->b = std::move(b);
    return node;
}

bool equal(const Expr& x, const Expr& y)
{
    if (x == y)
        return true;
    if (!x || !y || x->kind != y->kind || x->arity != y->arity)
        return false;
    switch (x->kind) {
    case Kind::Number: return std::bit_cast<std::uint64_t>(x->value) == std::bit_cast<std::uint64_t>(y->value);
    case Kind::Variable: return x->slot == y->slot;
    case Kind::Call:
        if (x->function != y->function)
            return false;
        break;
    default: break;
    }
    return equal(x->a, y->a) && (x->arity < 2 || equal(x->b, y->b));
}

long nodeCount(const Expr& x)
{
    if (!x)
        return 0;
    return 1 + nodeCount(x->a) + nodeCount(x->b);
}

} // namespace fl::expr
