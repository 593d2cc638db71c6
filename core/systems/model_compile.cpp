// The model prepared once, for every run of it (systems/model_equations.h): its equations as lists
// of trees, the exact partial derivatives of every force, normal force, slip gradient and slip
// velocity in the state and t, and the band of the Jacobian they make.
#include "systems/model_equations.h"

#include "expr/build.h"
#include "expr/derivative.h"

#include <algorithm>
#include <cstdlib>

namespace fl {

namespace {

using expr::Expr;

/// d(quantity)/d(every state slot and t) that is not the number 0, appended to list and outputs.
void addPartials(const model::Model& m, const Expr& quantity, CompiledModel::Quantity kind, int index,
                 std::vector<CompiledModel::Partial>& list, std::vector<Expr>& outputs)
{
    const int n = static_cast<int>(m.coordinates.size());
    auto add = [&](int slot, int column) {
        if (!expr::dependsOn(quantity, slot))
            return;
        Expr d = expr::derivative(quantity, slot);
        if (expr::isNumber(d, 0.0))
            return;
        list.push_back({kind, index, column});
        outputs.push_back(std::move(d));
    };
    for (int j = 0; j < n; ++j) {
        add(m.coordinateSlot(j), 2 * j);
        add(m.velocitySlot(j), 2 * j + 1);
    }
    add(m.timeSlot(), -1);
}

} // namespace

std::shared_ptr<const CompiledModel> compileModel(model::Model model)
{
    auto c = std::make_shared<CompiledModel>();
    c->model = std::move(model);
    const model::Model& m = c->model;
    const int n = c->coordinates(), k = c->contacts();

    std::vector<Expr> forces(static_cast<size_t>(n), expr::number(0.0));
    for (const model::Force& f : m.forces)
        forces[static_cast<size_t>(f.coordinate)] = expr::add(forces[static_cast<size_t>(f.coordinate)], f.value);
    std::vector<Expr> motion = forces;
    for (const model::Contact& contact : m.contacts)
        motion.push_back(contact.normal);
    for (int ci = 0; ci < k; ++ci)
        for (int i = 0; i < n; ++i) {
            const Expr& g = m.contacts[static_cast<size_t>(ci)].slipGradient[static_cast<size_t>(i)];
            if (!expr::isNumber(g, 0.0)) {
                c->gradient.push_back({ci, i});
                motion.push_back(g);
            }
        }
    c->motion = std::move(motion);

    std::vector<Expr> slips, drifts;
    for (const model::Contact& contact : m.contacts) {
        slips.push_back(contact.slip);
        Expr drift = expr::derivative(contact.slip, m.timeSlot());
        for (int j = 0; j < n; ++j)
            drift = expr::add(drift, expr::multiply(expr::derivative(contact.slip, m.coordinateSlot(j)), expr::variable(m.velocitySlot(j))));
        drifts.push_back(std::move(drift));
    }
    c->slip = std::move(slips);
    c->drift = std::move(drifts);

    std::vector<Expr> outputs;
    for (const model::Output& o : m.outputs)
        outputs.push_back(o.value);
    c->outputs = std::move(outputs);

    std::vector<Expr> initial;
    for (const model::Coordinate& q : m.coordinates)
        initial.push_back(q.mass);
    for (const model::Coordinate& q : m.coordinates)
        initial.push_back(q.start);
    for (const model::Coordinate& q : m.coordinates)
        initial.push_back(q.velocity);
    c->initial = std::move(initial);

    using Q = CompiledModel::Quantity;
    std::vector<Expr> partials;
    for (int i = 0; i < n; ++i)
        addPartials(m, forces[static_cast<size_t>(i)], Q::Force, i, c->partialList, partials);
    for (int ci = 0; ci < k; ++ci)
        addPartials(m, m.contacts[static_cast<size_t>(ci)].normal, Q::Normal, ci, c->partialList, partials);
    for (size_t e = 0; e < c->gradient.size(); ++e) {
        const CompiledModel::GradientEntry& g = c->gradient[e];
        addPartials(m, m.contacts[static_cast<size_t>(g.contact)].slipGradient[static_cast<size_t>(g.coordinate)], Q::Gradient,
                    static_cast<int>(e), c->partialList, partials);
    }
    for (int ci = 0; ci < k; ++ci)
        addPartials(m, m.contacts[static_cast<size_t>(ci)].slip, Q::Slip, ci, c->partialList, partials);
    c->partials = std::move(partials);

    // The band of df/dy: row 2i reads 2i + 1; row 2i + 1 reads what f_i reads and, for each contact
    // acting on q_i, what its g, N and v_r read.
    int band = 1;
    auto widen = [&](int row, int column) {
        if (column >= 0)
            band = std::max(band, std::abs(row - column));
    };
    for (const CompiledModel::Partial& p : c->partialList) {
        if (p.quantity == Q::Force)
            widen(2 * p.index + 1, p.column);
        for (const CompiledModel::GradientEntry& g : c->gradient) {
            const bool acts = (p.quantity == Q::Normal || p.quantity == Q::Slip) ? g.contact == p.index
                              : p.quantity == Q::Gradient                      ? &g == &c->gradient[static_cast<size_t>(p.index)]
                                                                                : false;
            if (acts)
                widen(2 * g.coordinate + 1, p.column);
        }
    }
    c->halfBandwidth = 2 * band + 1 < 2 * n ? band : -1;
    return c;
}

} // namespace fl
