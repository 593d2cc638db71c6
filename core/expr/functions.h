#pragma once
// The functions an expression may call: name, arity, value. One table serves the parser (names and
// arities), the printer, constant folding and both evaluators, so they cannot disagree.
//
// min, max and sign propagate a NaN argument (std::fmin/fmax would drop it and hide a bad value
// from the caller's finiteness check); sign(0) is 0.
//
// a^2 is a*a everywhere (tape, tree walk, constant folding): it is the most common power, a
// product is several times faster than std::pow, and one rule for all evaluators keeps their results
// identical to the bit.
#include "expr/node.h"

#include <cmath>
#include <limits>
#include <string>
#include <string_view>

namespace fl::expr {

struct FunctionInfo {
    std::string_view name;
    Function function;
    int arity;
};

/// Every function, in the order of enum Function.
const FunctionInfo* functionTable(int* count);
/// The function called name (sgn: sign), or nullptr.
const FunctionInfo* findFunction(std::string_view name);
/// "sin, cos, ..., hypot (sgn is sign)": the known functions, for error messages.
std::string functionListing();
const FunctionInfo& functionInfo(Function function);

inline double signOf(double x) { return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : x; } // 0, -0 and NaN as they are
inline double minOf(double a, double b) { return (a < b || std::isnan(a)) ? a : b; }
inline double maxOf(double a, double b) { return (a > b || std::isnan(a)) ? a : b; }

inline double powerOf(double a, double b) { return b == 2.0 ? a * a : std::pow(a, b); }

/// The value of function at (a, b) (b ignored for a function of one argument).
inline double apply(Function function, double a, double b)
{
    switch (function) {
    case Function::Sin: return std::sin(a);
    case Function::Cos: return std::cos(a);
    case Function::Tan: return std::tan(a);
    case Function::Asin: return std::asin(a);
    case Function::Acos: return std::acos(a);
    case Function::Atan: return std::atan(a);
    case Function::Atan2: return std::atan2(a, b);
    case Function::Sinh: return std::sinh(a);
    case Function::Cosh: return std::cosh(a);
    case Function::Tanh: return std::tanh(a);
    case Function::Exp: return std::exp(a);
    case Function::Log: return std::log(a);
    case Function::Log10: return std::log10(a);
    case Function::Sqrt: return std::sqrt(a);
    case Function::Abs: return std::fabs(a);
    case Function::Sign: return signOf(a);
    case Function::Min: return minOf(a, b);
    case Function::Max: return maxOf(a, b);
    case Function::Pow: return powerOf(a, b);
    case Function::Hypot: return std::hypot(a, b);
    }
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace fl::expr
