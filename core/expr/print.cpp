#include "expr/print.h"
#include "expr/functions.h"

#include <charconv>
#include <cmath>
#include <numbers>

namespace fl::expr {
namespace {

// Precedence levels: a node printed where a higher level is needed gets parentheses.
constexpr int kSum = 1, kProduct = 2, kUnary = 3, kPower = 4, kPrimary = 5;

int level(const Node& node)
{
    switch (node.kind) {
    case Kind::Add:
    case Kind::Subtract: return kSum;
    case Kind::Multiply:
    case Kind::Divide: return kProduct;
    case Kind::Negate: return kUnary;
    case Kind::Power: return kPower;
    case Kind::Number: return std::signbit(node.value) && !std::isnan(node.value) ? kUnary : kPrimary;
    default: return kPrimary;
    }
}

void number(double value, std::string& out)
{
    if (std::isnan(value)) {
        out += "(0/0)";
    } else if (std::isinf(value)) {
        out += value > 0 ? "(1/0)" : "(-1/0)";
    } else if (std::fabs(value) == std::numbers::pi) {
        out += value < 0 ? "-pi" : "pi";
    } else {
        char buffer[32];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
        out.append(buffer, result.ptr);
    }
}

class Printer {
public:
    Printer(const SymbolTable& symbols, std::size_t limit) : m_symbols(symbols), m_limit(limit) {}

    void print(const Node& node, int needed, std::string& out) const
    {
        if (out.size() >= m_limit)
            return; // every node prints at least a character: the walk stops within the limit
        const bool parens = level(node) < needed;
        if (parens)
            out += '(';
        body(node, out);
        if (parens)
            out += ')';
    }

private:
    void body(const Node& node, std::string& out) const
    {
        switch (node.kind) {
        case Kind::Number: number(node.value, out); return;
        case Kind::Variable: {
            const std::string_view name = m_symbols.nameOf(node.slot);
            if (name.empty()) {
                out += '$';
                out += std::to_string(node.slot);
            } else {
                out += name;
            }
            return;
        }
        case Kind::Negate: out += '-'; print(*node.a, kUnary, out); return;
        case Kind::Add: binary(node, " + ", kSum, out); return;
        case Kind::Subtract: binary(node, " - ", kSum, out); return;
        case Kind::Multiply: binary(node, "*", kProduct, out); return;
        case Kind::Divide: binary(node, "/", kProduct, out); return;
        case Kind::Power: // right-associative, and its exponent is read as a unary
            print(*node.a, kPrimary, out);
            out += '^';
            print(*node.b, kUnary, out);
            return;
        case Kind::Call:
            out += functionInfo(node.function).name;
            out += '(';
            print(*node.a, kSum, out);
            if (node.arity == 2) {
                out += ", ";
                print(*node.b, kSum, out);
            }
            out += ')';
            return;
        }
    }

    /// Left-associative: the right operand needs a higher level than the operator's own.
    void binary(const Node& node, const char* op, int own, std::string& out) const
    {
        print(*node.a, own, out);
        out += op;
        print(*node.b, own + 1, out);
    }

    const SymbolTable& m_symbols;
    std::size_t m_limit;
};

} // namespace

std::string print(const Expr& expr, const SymbolTable& symbols)
{
    std::string out;
    if (expr)
        Printer(symbols, std::string::npos).print(*expr, 0, out);
    return out;
}

std::string print(const Expr& expr, const SymbolTable& symbols, std::size_t maxLength)
{
    std::string out;
    if (expr)
        Printer(symbols, maxLength).print(*expr, 0, out);
    if (out.size() > maxLength) {
        out.resize(maxLength);
        out += " ... (longer than " + std::to_string(maxLength) + " characters)";
    }
    return out;
}

} // namespace fl::expr
