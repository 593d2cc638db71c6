#include "expr/node.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace fl::expr {
namespace {

thread_local NodeBudget* t_budget = nullptr;

} // namespace

NodeBudget::NodeBudget(long limit) : m_limit(limit), m_outer(t_budget) { t_budget = this; }
NodeBudget::~NodeBudget() { t_budget = m_outer; }

void countNode()
{
    for (NodeBudget* b = t_budget; b; b = b->m_outer)
        if (++b->m_used > b->m_limit)
            throw BudgetExceeded(b->m_limit);
}

namespace {

std::shared_ptr<Node> fresh(Kind kind)
{
    countNode();
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

namespace {

struct PairHash {
    std::size_t operator()(const std::pair<const Node*, const Node*>& p) const
    {
        return std::hash<const Node*>()(p.first) * 31u ^ std::hash<const Node*>()(p.second);
    }
};

/// equal() with the pairs already found equal remembered, so that shared subtrees are compared once.
bool equalShared(const Expr& x, const Expr& y, std::unordered_set<std::pair<const Node*, const Node*>, PairHash>& same)
{
    if (x == y)
        return true;
    if (!x || !y || x->kind != y->kind || x->arity != y->arity || x->variables != y->variables || x->height != y->height)
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
    if (same.count({x.get(), y.get()}))
        return true;
    const bool result = equalShared(x->a, y->a, same) && (x->arity < 2 || equalShared(x->b, y->b, same));
    if (result)
        same.insert({x.get(), y.get()});
    return result;
}

long countUses(const Node* x, std::unordered_map<const Node*, long>& counts)
{
    if (!x)
        return 0;
    if (const auto it = counts.find(x); it != counts.end())
        return it->second;
    const long a = countUses(x->a.get(), counts), b = countUses(x->b.get(), counts);
    const long total = (a > LONG_MAX - 1 - b) ? LONG_MAX : 1 + a + b;
    counts.emplace(x, total);
    return total;
}

void collect(const Node* x, std::unordered_set<const Node*>& seen)
{
    if (!x || !seen.insert(x).second)
        return;
    collect(x->a.get(), seen);
    collect(x->b.get(), seen);
}

} // namespace

bool equal(const Expr& x, const Expr& y)
{
    std::unordered_set<std::pair<const Node*, const Node*>, PairHash> same;
    return equalShared(x, y, same);
}

long nodeCount(const Expr& x)
{
    std::unordered_map<const Node*, long> counts;
    return countUses(x.get(), counts);
}

long distinctNodeCount(std::span<const Expr> trees)
{
    std::unordered_set<const Node*> seen;
    for (const Expr& t : trees)
        collect(t.get(), seen);
    return static_cast<long>(seen.size());
}

} // namespace fl::expr
