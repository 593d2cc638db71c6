#pragma once
// The expression tree of the model-file engine (expr/expression.h): immutable nodes shared between
// trees (a derivative reuses the subtrees of its expression), so a tree is a
// std::shared_ptr<const Node>.
//
// Every function has one or two arguments, so a node holds its operands inline (no vector).
#include <cstdint>
#include <exception>
#include <memory>
#include <span>

namespace fl::expr {

enum class Kind : std::uint8_t {
    Number,   ///< value
    Variable, ///< slot
    Negate,   ///< -a
    Add,      ///< a + b
    Subtract, ///< a - b
    Multiply, ///< a * b
    Divide,   ///< a / b
    Power,    ///< a ^ b
    Call,     ///< function(a) or function(a, b)
};

enum class Function : std::uint8_t {
    Sin, Cos, Tan, Asin, Acos, Atan, Atan2, Sinh, Cosh, Tanh, Exp, Log, Log10, Sqrt, Abs, Sign, Min, Max, Pow, Hypot,
};

struct Node;
using Expr = std::shared_ptr<const Node>;

struct Node {
    Kind kind = Kind::Number;
    Function function = Function::Sin; ///< for Kind::Call
    std::uint8_t arity = 0;            ///< operands in a, b: 0, 1 or 2
    int slot = -1;                     ///< for Kind::Variable
    int height = 1;                    ///< 1 for a leaf; the recursive algorithms recurse this deep
    /// slotBit(s) set for each slot s of a variable in the tree: dependsOn() in constant time for
    /// slots below 63 (a derivative's tree, walked without its sharing, can be large).
    std::uint64_t variables = 0;
    double value = 0.0;                ///< for Kind::Number
    Expr a, b;
};

/// Bit s for a slot s below 63, bit 63 for every other slot.
inline std::uint64_t slotBit(int slot) { return std::uint64_t(1) << (slot >= 0 && slot < 63 ? slot : 63); }

/// Nodes as written, no simplification (the parser's; the builders of build.h simplify).
Expr makeNumber(double value);
Expr makeVariable(int slot);
Expr makeUnary(Kind kind, Expr a);                     ///< Kind::Negate
Expr makeBinary(Kind kind, Expr a, Expr b);            ///< Add .. Power
Expr makeCall(Function function, Expr a, Expr b = {}); ///< b only for a function of two arguments

/// A bound on the nodes this thread builds while it lives (nested budgets: the innermost counts,
/// and its nodes count for the outer ones too). An untrusted model's preparation runs inside one,
/// so that no text can make the program build more than `limit` nodes: past it, building a node
/// throws BudgetExceeded (the partial trees are freed as the exception unwinds).
class NodeBudget {
public:
    explicit NodeBudget(long limit);
    ~NodeBudget();
    NodeBudget(const NodeBudget&) = delete;
    NodeBudget& operator=(const NodeBudget&) = delete;
    long used() const { return m_used; }
    long limit() const { return m_limit; }

private:
    friend void countNode();
    long m_limit;
    long m_used = 0;
    NodeBudget* m_outer;
};

struct BudgetExceeded : std::exception {
    long limit = 0;
    explicit BudgetExceeded(long l) : limit(l) {}
    const char* what() const noexcept override { return "node budget exceeded"; }
};

/// Same structure and the same numbers (bit for bit, so -0 differs from 0 and a NaN from itself
/// only by its bits).
bool equal(const Expr& x, const Expr& y);
/// Nodes in the tree, counting a shared subtree once per use (the size of the tree as printed);
/// saturates at the largest long. Linear in the distinct nodes.
long nodeCount(const Expr& x);
/// Distinct nodes (by identity) of all the trees together: what they hold in memory.
long distinctNodeCount(std::span<const Expr> trees);

} // namespace fl::expr
