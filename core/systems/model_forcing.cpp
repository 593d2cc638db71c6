// The time scale of a model's explicit time dependence (ModelEquations::forcingFrequency): a step
// limit for every method, as a built-in system's forcing frequency gives one (dynamics_factory.cpp).
#include "systems/model_equations.h"

#include "expr/derivative.h"

#include <cmath>
#include <unordered_map>
#include <vector>

namespace fl {

double ModelEquations::forcingFrequency()
{
    const std::vector<double> start = initialState();
    load(0.0, start.data());
    // Every node's value at t = 0 and at t = delta, each in one walk of the model's shared trees
    // (linear in its distinct nodes, as the file's bounded work requires); a sin, cos or tan's
    // frequency is the difference quotient of its argument: w for sin(w t + phi).
    const int tSlot = 2 * m_n;
    constexpr double kDelta = 1e-6;
    std::vector<expr::Expr> roots(m_c->motion.begin(), m_c->motion.end());
    roots.insert(roots.end(), m_c->slip.begin(), m_c->slip.end());
    std::vector<double> later = m_variables;
    later[static_cast<size_t>(tSlot)] = kDelta;
    std::vector<double> now = m_variables;
    now[static_cast<size_t>(tSlot)] = 0.0;
    std::unordered_map<const expr::Node*, double> at0, at1;
    expr::evaluateNodes(roots, now.data(), at0);
    expr::evaluateNodes(roots, later.data(), at1);
    auto valueOf = [](const expr::Node* node, const std::vector<double>& variables, const std::unordered_map<const expr::Node*, double>& values) {
        if (node->kind == expr::Kind::Number)
            return node->value;
        if (node->kind == expr::Kind::Variable)
            return variables[static_cast<size_t>(node->slot)];
        const auto it = values.find(node);
        return it == values.end() ? 0.0 : it->second;
    };
    double fastest = 0.0;
    for (const auto& [node, value] : at0) {
        (void)value;
        const bool periodic = node->kind == expr::Kind::Call
                              && (node->function == expr::Function::Sin || node->function == expr::Function::Cos
                                  || node->function == expr::Function::Tan);
        if (!periodic || !node->a)
            continue;
        const double w = std::abs(valueOf(node->a.get(), later, at1) - valueOf(node->a.get(), now, at0)) / kDelta;
        if (std::isfinite(w) && w > fastest)
            fastest = w;
    }
    return fastest;
}

} // namespace fl
