#include "systems/model_parameter_state.h"

#include "expr/build.h"
#include "expr/derivative.h"

#include <algorithm>

namespace fl {

std::optional<model::Model> withParameterAsState(const model::Model& m, std::string_view id, std::string& why)
{
    const auto found = std::find_if(m.parameters.begin(), m.parameters.end(), [&](const ParameterSpec& p) { return p.id == id; });
    if (found == m.parameters.end()) {
        why = std::string(id) + " is not a parameter of the model";
        return std::nullopt;
    }
    const int j = static_cast<int>(found - m.parameters.begin());
    // Masses, couplings and starts read the parameters alone (slot i is parameter i).
    for (const model::Coordinate& q : m.coordinates)
        if (expr::dependsOn(q.mass, j)) {
            why = std::string(id) + " sets the mass of " + q.id;
            return std::nullopt;
        }
    for (const model::MassCoupling& c : m.couplings)
        if (expr::dependsOn(c.value, j)) {
            why = std::string(id) + " sets a mass coupling";
            return std::nullopt;
        }
    for (const model::Contact& c : m.contacts)
        if (std::find(c.lawParameterIds.begin(), c.lawParameterIds.end(), id) != c.lawParameterIds.end()) {
            why = std::string(id) + " is a value of contact " + c.id + "'s friction law";
            return std::nullopt;
        }

    // The slots move: coordinates, velocities and states stay, the new state is 2n+m, t at 2n+m+1, the
    // parameters after it; the parameter itself reads the new state.
    const int parameters = static_cast<int>(m.parameters.size());
    const int added = m.timeSlot(); // 2n + m
    std::vector<int> moved(static_cast<size_t>(m.parameterSlot(parameters)));
    for (int s = 0; s < added; ++s)
        moved[static_cast<size_t>(s)] = s;
    moved[static_cast<size_t>(m.timeSlot())] = added + 1;
    for (int p = 0; p < parameters; ++p)
        moved[static_cast<size_t>(m.parameterSlot(p))] = p == j ? added : added + 2 + p;

    // Every state expression, renumbered together (their shared subtrees once).
    std::vector<expr::Expr> all;
    for (const model::Force& f : m.forces)
        all.push_back(f.value);
    for (const model::Contact& c : m.contacts) {
        all.push_back(c.slip);
        all.push_back(c.slipConstant);
        all.push_back(c.normal);
        all.insert(all.end(), c.slipGradient.begin(), c.slipGradient.end());
    }
    for (const model::State& z : m.states)
        all.push_back(z.rate);
    for (const model::Output& o : m.outputs)
        all.push_back(o.value);
    for (const model::Drawing& d : m.drawings)
        all.push_back(d.speed);
    if (m.section.kind == model::Section::Kind::Plane)
    {
        all.insert(all.end(), {m.section.plane, m.section.time, m.section.offset});
        all.insert(all.end(), m.section.coefficients.begin(), m.section.coefficients.end());
    }
    all = expr::renumber(all, moved);

    model::Model out = m;
    auto next = all.begin();
    for (model::Force& f : out.forces)
        f.value = *next++;
    for (model::Contact& c : out.contacts) {
        c.slip = *next++;
        c.slipConstant = *next++;
        c.normal = *next++;
        for (expr::Expr& g : c.slipGradient)
            g = *next++;
    }
    for (model::State& z : out.states)
        z.rate = *next++;
    for (model::Output& o : out.outputs)
        o.value = *next++;
    for (model::Drawing& d : out.drawings)
        d.speed = *next++;
    if (out.section.kind == model::Section::Kind::Plane) {
        out.section.plane = *next++;
        out.section.time = *next++;
        out.section.offset = *next++;
        for (expr::Expr& c : out.section.coefficients)
            c = *next++;
    }
    model::State p;
    p.id = std::string(id);
    p.start = expr::variable(j);
    p.rate = expr::number(0.0);
    out.states.push_back(std::move(p));
    return out;
}

} // namespace fl
