// The model prepared once, for every run of it (systems/model_equations.h): its equations as lists
// of trees, the exact partial derivatives of every force, normal force, slip gradient and slip
// velocity in the state and t, and the band of the Jacobian they make.
#include "systems/model_equations.h"

#include "expr/build.h"
#include "expr/derivative.h"
#include "expr/share.h"

#include <algorithm>
#include <cstdlib>

namespace fl {

namespace {

using expr::Expr;

/// The sum of terms, each run of 32 added in order (a short sum, every model's force, is the plain
/// left-to-right sum, value for value), the runs' sums added as a balanced tree: 5000 force lines on
/// one coordinate (the file's limit) make a tree 190 levels tall, not 5000, which the recursive
/// derivative and evaluation would not survive.
Expr sumOf(const std::vector<Expr>& terms)
{
    constexpr std::size_t kRun = 32;
    std::vector<Expr> level;
    for (std::size_t i = 0; i < terms.size(); i += kRun) {
        Expr run = expr::number(0.0);
        for (std::size_t j = i; j < std::min(terms.size(), i + kRun); ++j)
            run = expr::add(run, terms[j]);
        level.push_back(std::move(run));
    }
    while (level.size() > 1) {
        std::vector<Expr> next;
        for (std::size_t i = 0; i < level.size(); i += 2)
            next.push_back(i + 1 < level.size() ? expr::add(level[i], level[i + 1]) : level[i]);
        level = std::move(next);
    }
    return level.empty() ? expr::number(0.0) : level.front();
}

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
    for (int j = 0; j < static_cast<int>(m.states.size()); ++j)
        add(m.stateSlot(j), 2 * n + j);
    add(m.timeSlot(), -1);
}

} // namespace

namespace {

/// What compileModel is preparing, for the message when the budget runs out.
struct Preparing {
    model::Where where;
    std::string what;
};

std::shared_ptr<CompiledModel> prepare(model::Model model, Preparing& now);

} // namespace

ModelCompilation compileModel(model::Model model, long budget)
{
    Preparing now{{1, 1}, "the model"};
    ModelCompilation out;
    try {
        const expr::NodeBudget bound(budget);
        out.compiled = prepare(std::move(model), now);
    } catch (const expr::BudgetExceeded& e) {
        out.error = {now.where, "preparing " + now.what + " (its exact partial derivatives) would build more than " + std::to_string(e.limit)
                                    + (e.limit == budget ? " expression nodes: the model is too large to run; write it with fewer or smaller terms"
                                                         : " expression nodes together with the other models read with it")};
    }
    return out;
}

namespace {

std::shared_ptr<CompiledModel> prepare(model::Model model, Preparing& now)
{
    auto c = std::make_shared<CompiledModel>();
    c->model = std::move(model);
    const model::Model& m = c->model;
    const int n = c->coordinates(), k = c->contacts();

    std::vector<std::vector<Expr>> terms(static_cast<size_t>(n));
    for (const model::Force& f : m.forces)
        terms[static_cast<size_t>(f.coordinate)].push_back(f.value);
    std::vector<Expr> forces;
    for (const std::vector<Expr>& t : terms)
        forces.push_back(sumOf(t));
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
    for (const model::State& z : m.states) // the first-order states' rates, last
        motion.push_back(z.rate);
    c->motion = std::move(motion);

    std::vector<Expr> slips, drifts;
    for (const model::Contact& contact : m.contacts) {
        now = {contact.where, "the slip velocity of contact " + contact.id};
        slips.push_back(contact.slip);
        std::vector<Expr> drift = {expr::derivative(contact.slip, m.timeSlot())};
        for (int j = 0; j < n; ++j)
            drift.push_back(expr::multiply(expr::derivative(contact.slip, m.coordinateSlot(j)), expr::variable(m.velocitySlot(j))));
        for (int j = 0; j < static_cast<int>(m.states.size()); ++j) // a slip that reads a state moves with its rate
            if (expr::dependsOn(contact.slip, m.stateSlot(j)))
                drift.push_back(expr::multiply(expr::derivative(contact.slip, m.stateSlot(j)), m.states[static_cast<size_t>(j)].rate));
        drifts.push_back(sumOf(drift));
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
    for (const model::State& z : m.states)
        initial.push_back(z.start);
    c->initial = std::move(initial);

    using Q = CompiledModel::Quantity;
    std::vector<Expr> partials;
    for (int i = 0; i < n; ++i) {
        const auto first = std::find_if(m.forces.begin(), m.forces.end(), [i](const model::Force& f) { return f.coordinate == i; });
        now = {first != m.forces.end() ? first->where : m.coordinates[static_cast<size_t>(i)].where,
               "the force on " + m.coordinates[static_cast<size_t>(i)].id};
        addPartials(m, forces[static_cast<size_t>(i)], Q::Force, i, c->partialList, partials);
    }
    for (int ci = 0; ci < k; ++ci) {
        now = {m.contacts[static_cast<size_t>(ci)].where, "the normal force of contact " + m.contacts[static_cast<size_t>(ci)].id};
        addPartials(m, m.contacts[static_cast<size_t>(ci)].normal, Q::Normal, ci, c->partialList, partials);
    }
    for (size_t e = 0; e < c->gradient.size(); ++e) {
        const CompiledModel::GradientEntry& g = c->gradient[e];
        now = {m.contacts[static_cast<size_t>(g.contact)].where, "the slip gradient of contact " + m.contacts[static_cast<size_t>(g.contact)].id};
        addPartials(m, m.contacts[static_cast<size_t>(g.contact)].slipGradient[static_cast<size_t>(g.coordinate)], Q::Gradient,
                    static_cast<int>(e), c->partialList, partials);
    }
    for (int ci = 0; ci < k; ++ci) {
        now = {m.contacts[static_cast<size_t>(ci)].where, "the slip velocity of contact " + m.contacts[static_cast<size_t>(ci)].id};
        addPartials(m, m.contacts[static_cast<size_t>(ci)].slip, Q::Slip, ci, c->partialList, partials);
    }
    for (size_t j = 0; j < m.states.size(); ++j) {
        now = {m.states[j].rateWhere, "the rate of state " + m.states[j].id};
        addPartials(m, m.states[j].rate, Q::Rate, static_cast<int>(j), c->partialList, partials);
    }
    // Equal subtrees of every list merged (the forces' and their partials' common factors once):
    // what the model holds, and what each run substitutes and compiles, is its distinct nodes.
    c->partials = std::move(partials);
    now = {{1, 1}, "the model's equations"};
    std::vector<std::vector<Expr>*> lists = {&c->motion, &c->slip, &c->drift, &c->outputs, &c->initial, &c->partials};
    std::vector<Expr> all;
    for (const std::vector<Expr>* list : lists)
        all.insert(all.end(), list->begin(), list->end());
    all = expr::shareCommon(all);
    auto next = all.begin();
    for (std::vector<Expr>* list : lists)
        for (Expr& e : *list)
            e = std::move(*next++);

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
    // First-order states (after the interleaved coordinates) read, and are read by, any of them: no band.
    c->halfBandwidth = m.states.empty() && 2 * band + 1 < 2 * n ? band : -1;
    return c;
}

} // namespace

} // namespace fl
