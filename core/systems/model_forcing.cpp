// The time scale of a model's explicit time dependence (modelForcingFrequency): a step limit for
// every method, as a built-in system's forcing frequency gives one (dynamics_factory.cpp).
#include "systems/model_equations.h"

#include "expr/derivative.h"
#include "params/parameter_set.h"

#include <cmath>
#include <unordered_map>
#include <vector>

namespace fl {

double modelForcingFrequency(const CompiledModel& compiled, const ParameterSet& values)
{
    const model::Model& m = compiled.model;
    const int n = compiled.coordinates(), tSlot = m.timeSlot();
    // The model's slots at t = 0 and the start: q, q', z, t, then the parameters.
    std::vector<double> now(static_cast<size_t>(m.parameterSlot(0)) + m.parameters.size(), 0.0);
    const std::vector<double> initial = modelInitialValues(compiled, values); // masses, starts, velocities, states' starts
    for (int i = 0; i < n; ++i) {
        now[static_cast<size_t>(m.coordinateSlot(i))] = initial[static_cast<size_t>(n + i)];
        now[static_cast<size_t>(m.velocitySlot(i))] = initial[static_cast<size_t>(2 * n + i)];
    }
    for (int j = 0; j < compiled.states(); ++j)
        now[static_cast<size_t>(m.stateSlot(j))] = initial[static_cast<size_t>(3 * n + j)];
    for (size_t i = 0; i < m.parameters.size(); ++i)
        now[static_cast<size_t>(m.parameterSlot(static_cast<int>(i)))] = values.value(m.parameters[i].id);
    // Every node's value at t = 0 and at t = delta, each in one walk of the model's shared trees
    // (linear in its distinct nodes, as the file's bounded work requires); a sin, cos or tan's
    // frequency is the difference quotient of its argument: w for sin(w t + phi).
    constexpr double kDelta = 1e-6;
    std::vector<double> later = now;
    later[static_cast<size_t>(tSlot)] = kDelta;
    std::vector<expr::Expr> roots(compiled.motion.begin(), compiled.motion.end());
    roots.insert(roots.end(), compiled.slip.begin(), compiled.slip.end());
    std::unordered_map<const expr::Node*, double> at0, at1;
    expr::evaluateNodes(roots, now.data(), at0);
    expr::evaluateNodes(roots, later.data(), at1);
    auto valueOf = [](const expr::Node* node, const std::vector<double>& variables, const std::unordered_map<const expr::Node*, double>& nodes) {
        if (node->kind == expr::Kind::Number)
            return node->value;
        if (node->kind == expr::Kind::Variable)
            return variables[static_cast<size_t>(node->slot)];
        const auto it = nodes.find(node);
        return it == nodes.end() ? 0.0 : it->second;
    };
    double fastest = 0.0;
    for (const auto& entry : at0) {
        const expr::Node* node = entry.first;
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
