#include "expr/functions.h"

namespace fl::expr {
namespace {

constexpr FunctionInfo kFunctions[] = {
    {"sin", Function::Sin, 1},     {"cos", Function::Cos, 1},     {"tan", Function::Tan, 1},       {"asin", Function::Asin, 1},
    {"acos", Function::Acos, 1},   {"atan", Function::Atan, 1},   {"atan2", Function::Atan2, 2},   {"sinh", Function::Sinh, 1},
    {"cosh", Function::Cosh, 1},   {"tanh", Function::Tanh, 1},   {"exp", Function::Exp, 1},       {"log", Function::Log, 1},
    {"log10", Function::Log10, 1}, {"sqrt", Function::Sqrt, 1},   {"abs", Function::Abs, 1},       {"sign", Function::Sign, 1},
    {"min", Function::Min, 2},     {"max", Function::Max, 2},     {"pow", Function::Pow, 2},       {"hypot", Function::Hypot, 2},
};
constexpr int kCount = static_cast<int>(sizeof kFunctions / sizeof kFunctions[0]);
static_assert(kCount == static_cast<int>(Function::Hypot) + 1);

} // namespace

const FunctionInfo* functionTable(int* count)
{
    *count = kCount;
    return kFunctions;
}

const FunctionInfo* findFunction(std::string_view name)
{
    if (name == "sgn") // the papers' name of sign
        return &kFunctions[static_cast<int>(Function::Sign)];
    for (const FunctionInfo& info : kFunctions)
        if (info.name == name)
            return &info;
    return nullptr;
}

std::string functionListing()
{
    std::string out;
    for (const FunctionInfo& info : kFunctions)
        out += (out.empty() ? "" : ", ") + std::string(info.name);
    return out + " (sgn is sign)";
}

const FunctionInfo& functionInfo(Function function) { return kFunctions[static_cast<int>(function)]; }

} // namespace fl::expr
