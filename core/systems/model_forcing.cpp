// The time scale of a model's explicit time dependence (ModelEquations::forcingFrequency): a step
// limit for every method, as a built-in system's forcing frequency gives one (dynamics_factory.cpp).
#include "systems/model_equations.h"

#include "expr/derivative.h"

#include <cmath>
#include <unordered_set>

namespace fl {

double ModelEquations::forcingFrequency()
{
    const std::vector<double> start = initialState();
    load(0.0, start.data());
    const int tSlot = 2 * m_n;
    double fastest = 0.0;
    std::unordered_set<const expr::Node*> seen;
    std::vector<expr::Expr> pending;
    for (const auto* list : {&m_c->motion, &m_c->slip})
        pending.insert(pending.end(), list->begin(), list->end());
    while (!pending.empty()) {
        const expr::Expr node = pending.back();
        pending.pop_back();
        if (!node || !seen.insert(node.get()).second || !expr::dependsOn(node, tSlot))
            continue;
        const bool periodic = node->kind == expr::Kind::Call
                              && (node->function == expr::Function::Sin || node->function == expr::Function::Cos
                                  || node->function == expr::Function::Tan);
        if (periodic && node->a) {
            // d(argument)/dt at t = 0 and the start: w for sin(w t + phi)
            const double w = std::abs(expr::evaluate(expr::derivative(node->a, tSlot), m_variables.data()));
            if (std::isfinite(w) && w > fastest)
                fastest = w;
        }
        pending.push_back(node->a);
        pending.push_back(node->b);
    }
    return fastest;
}

} // namespace fl
