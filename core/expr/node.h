#pragma once
// The expression tree of the model-file engine (expr/expression.h): immutable nodes shared between
// trees (a derivative reuses the subtrees of its expression), so a tree is a
// std::shared_ptr<const Node>.
//
// Every function has one or two arguments, so a node holds its operands inline (no vector).
#include <cstdint>
#include <memory>

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

/// Same structure and the same numbers (bit for bit, so -0 differs from 0 and a NaN from itself
/// only by its bits).
bool equal(const Expr& x, const Expr& y);
/// Nodes in the tree, counting a shared subtree once per use.
long nodeCount(const Expr& x);

} // namespace fl::expr
