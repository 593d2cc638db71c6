#include "expr/affine.h"
#include "expr/derivative.h"

#include <algorithm>
#include <unordered_set>

namespace fl::expr {
namespace {

bool dependsOnAny(const Expr& expr, std::span<const int> slots)
{
    return std::any_of(slots.begin(), slots.end(), [&](int slot) { return dependsOn(expr, slot); });
}

/// Whether a sign() in expr has an argument that depends on one of the slots (each distinct node
/// visited once: `seen` holds those already found free of such a sign).
bool signDependsOn(const Expr& expr, std::span<const int> slots, std::unordered_set<const Node*>& seen)
{
    if (!seen.insert(expr.get()).second)
        return false;
    if (expr->kind == Kind::Call && expr->function == Function::Sign && dependsOnAny(expr->a, slots))
        return true;
    return (expr->a && signDependsOn(expr->a, slots, seen)) || (expr->b && signDependsOn(expr->b, slots, seen));
}

} // namespace

std::optional<AffineForm> affineForm(const Expr& expr, std::span<const int> slots)
{
    std::unordered_set<const Node*> seen;
    if (signDependsOn(expr, slots, seen))
        return std::nullopt;
    AffineForm form;
    for (int slot : slots) {
        Expr coefficient = derivative(expr, slot);
        if (dependsOnAny(coefficient, slots))
            return std::nullopt;
        form.coefficients.push_back(std::move(coefficient));
    }
    const std::vector<double> zeros(slots.size(), 0.0);
    form.constant = substitute(expr, slots, zeros);
    return form;
}

bool isAffineIn(const Expr& expr, std::span<const int> slots) { return affineForm(expr, slots).has_value(); }

} // namespace fl::expr
