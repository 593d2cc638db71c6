#pragma once
// Random expression trees of the tests' own (not the engine's): each prints itself to text with
// the fewest parentheses its precedence needs (plus random extra parentheses and whitespace, newlines
// included) and evaluates itself in plain C++, so that the engine's parse and evaluation are compared
// with an independent reading of the same expression. Used by test_expr_random (values, printing)
// and test_expr_calculus (derivatives against finite differences).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace exprtest {

/// The seed of a randomized test: FL_EXPR_SEED if set, else a fixed default.
inline std::uint64_t seedFromEnvironment(std::uint64_t fallback)
{
    const char* text = std::getenv("FL_EXPR_SEED");
    return text && *text ? std::strtoull(text, nullptr, 0) : fallback;
}

struct Function {
    const char* name;
    int arity;
    double (*value)(double, double);
};

// The language's semantics written out: sign, min and max propagate NaN, a^2 is a*a.
inline double pow2(double a, double b) { return b == 2.0 ? a * a : std::pow(a, b); }

inline const std::vector<Function>& functions()
{
    static const std::vector<Function> list = {
        {"sin", 1, [](double a, double) { return std::sin(a); }},
        {"cos", 1, [](double a, double) { return std::cos(a); }},
        {"tan", 1, [](double a, double) { return std::tan(a); }},
        {"asin", 1, [](double a, double) { return std::asin(a); }},
        {"acos", 1, [](double a, double) { return std::acos(a); }},
        {"atan", 1, [](double a, double) { return std::atan(a); }},
        {"atan2", 2, [](double a, double b) { return std::atan2(a, b); }},
        {"sinh", 1, [](double a, double) { return std::sinh(a); }},
        {"cosh", 1, [](double a, double) { return std::cosh(a); }},
        {"tanh", 1, [](double a, double) { return std::tanh(a); }},
        {"exp", 1, [](double a, double) { return std::exp(a); }},
        {"log", 1, [](double a, double) { return std::log(a); }},
        {"log10", 1, [](double a, double) { return std::log10(a); }},
        {"sqrt", 1, [](double a, double) { return std::sqrt(a); }},
        {"abs", 1, [](double a, double) { return std::fabs(a); }},
        {"sign", 1, [](double a, double) { return a > 0 ? 1.0 : a < 0 ? -1.0 : a; }},
        {"min", 2, [](double a, double b) { return (a < b || std::isnan(a)) ? a : b; }},
        {"max", 2, [](double a, double b) { return (a > b || std::isnan(a)) ? a : b; }},
        {"pow", 2, [](double a, double b) { return pow2(a, b); }},
        {"hypot", 2, [](double a, double b) { return std::hypot(a, b); }},
    };
    return list;
}

struct Tree {
    enum Type { Number, Variable, Negate, Binary, Call } type = Number;
    double value = 0.0;
    std::string literal; ///< a number's text
    int variable = 0;
    char op = '+';
    int function = 0;
    std::vector<Tree> operands;

    double evaluate(const double* variables) const
    {
        switch (type) {
        case Number: return value;
        case Variable: return variables[variable];
        case Negate: return -operands[0].evaluate(variables);
        case Binary: {
            const double a = operands[0].evaluate(variables), b = operands[1].evaluate(variables);
            switch (op) {
            case '+': return a + b;
            case '-': return a - b;
            case '*': return a * b;
            case '/': return a / b;
            default: return pow2(a, b);
            }
        }
        case Call: {
            const Function& f = functions()[static_cast<std::size_t>(function)];
            const double a = operands[0].evaluate(variables);
            return f.value(a, f.arity == 2 ? operands[1].evaluate(variables) : 0.0);
        }
        }
        return 0.0;
    }

    /// The largest magnitude of a subtree's value at variables (NaN counts as infinite).
    double largest(const double* variables) const
    {
        const double own = evaluate(variables);
        double result = std::isnan(own) ? INFINITY : std::fabs(own);
        for (const Tree& operand : operands)
            result = std::max(result, operand.largest(variables));
        return result;
    }

    int level() const
    {
        if (type == Negate)
            return 3;
        if (type != Binary)
            return 5;
        return op == '+' || op == '-' ? 1 : op == '*' || op == '/' ? 2 : 4;
    }
};

class Generator {
public:
    Generator(std::uint64_t seed, std::vector<std::string> names) : m_rng(seed), m_names(std::move(names)) {}

    int below(int n) { return static_cast<int>(m_rng() % static_cast<std::uint64_t>(n)); }
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(m_rng); }

    /// A tree of height at most depth + 1; smooth: without the functions that have kinks or jumps
    /// (abs, sign, min, max).
    Tree tree(int depth, bool smooth = false)
    {
        Tree t;
        const int pick = depth <= 0 ? below(2) : below(10);
        if (pick == 0) {
            number(t);
        } else if (pick == 1) {
            t.type = Tree::Variable;
            t.variable = below(static_cast<int>(m_names.size()));
        } else if (pick == 2) {
            t.type = Tree::Negate;
            t.operands.push_back(tree(depth - 1, smooth));
        } else if (pick <= 6) {
            t.type = Tree::Binary;
            t.op = "+-*/^"[below(5)];
            t.operands.push_back(tree(depth - 1, smooth));
            t.operands.push_back(tree(depth - 1, smooth));
        } else {
            t.type = Tree::Call;
            do
                t.function = below(static_cast<int>(functions().size()));
            while (smooth && (t.function >= 14 && t.function <= 17)); // abs, sign, min, max
            for (int i = 0; i < functions()[static_cast<std::size_t>(t.function)].arity; ++i)
                t.operands.push_back(tree(depth - 1, smooth));
        }
        return t;
    }

    /// The text of t: the parentheses its precedence needs, sometimes more, random whitespace.
    std::string text(const Tree& t, int needed = 0)
    {
        const bool parens = t.level() < needed || below(12) == 0;
        std::string out;
        auto put = [&](std::string_view token) {
            out += token;
            out += space();
        };
        if (parens)
            put("(");
        switch (t.type) {
        case Tree::Number: out += t.literal; break;
        case Tree::Variable: out += m_names[static_cast<std::size_t>(t.variable)]; break;
        case Tree::Negate:
            put("-");
            out += text(t.operands[0], 3);
            break;
        case Tree::Binary: {
            const bool power = t.op == '^';
            const int own = t.level();
            out += text(t.operands[0], power ? 5 : own);
            out += space();
            put(std::string_view(&t.op, 1));
            out += text(t.operands[1], power ? 3 : own + 1);
            break;
        }
        case Tree::Call:
            put(functions()[static_cast<std::size_t>(t.function)].name);
            put("(");
            out += text(t.operands[0]);
            if (t.operands.size() == 2) {
                out += space();
                put(",");
                out += text(t.operands[1]);
            }
            out += space();
            out += ')';
            break;
        }
        if (parens) {
            out += space();
            out += ')';
        }
        return out;
    }

private:
    void number(Tree& t)
    {
        struct Literal {
            const char* text;
            double value;
        };
        static const Literal literals[] = {{"0", 0.0}, {"1", 1.0}, {"2", 2.0}, {"3", 3.0}, {"0.5", 0.5}, {".25", 0.25},
                                           {"1e-3", 1e-3}, {"2.5E1", 25.0}, {"1.", 1.0}, {"10", 10.0}, {"pi", 3.141592653589793}};
        t.type = Tree::Number;
        if (below(3) == 0) {
            t.value = uniform(0.0, 4.0);
            char buffer[40];
            std::snprintf(buffer, sizeof buffer, "%.17g", t.value);
            t.literal = buffer;
        } else {
            const Literal& l = literals[below(static_cast<int>(sizeof literals / sizeof literals[0]))];
            t.literal = l.text;
            t.value = l.value;
        }
    }

    std::string space()
    {
        switch (below(8)) {
        case 0: return " ";
        case 1: return below(4) == 0 ? "\n" : "\t";
        default: return "";
        }
    }

    std::mt19937_64 m_rng;
    std::vector<std::string> m_names;
};

} // namespace exprtest
