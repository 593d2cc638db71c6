// A contact's law written in the file (law = custom) and the model's own Poincaré section
// (section strobe / plane): parsed and checked at their places (docs/model-files.md).
#include "model/model_check_parts.h"

#include "expr/affine.h"
#include "expr/print.h"
#include "friction/bound_law.h"
#include "friction/custom_law.h"
#include "params/parameter_set.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace fl::model::detail {

/// law = custom: g of speed, parameters and states, F_s of parameters (friction/custom_law.h),
/// registered as a law whose parameters are the model parameters it reads; stateStarts: each state's
/// start at the parameters' defaults.
void addCustomLaw(const Pending::Contact& pending, Contact& contact, const text::LineIndex& lines, const Model& model,
                  const std::vector<double>& stateStarts)
{
    if (!pending.kinetic.present())
        fail(pending.lawWhere, "law = custom needs kinetic = EXPR on a line of its contact: the friction coefficient while slipping, "
                               "of speed (the contact's |slip|), parameters and states");
    const int count = static_cast<int>(model.parameters.size()), states = static_cast<int>(model.states.size());
    expr::SymbolTable table;
    table.add("speed", kCustomSpeedSlot);
    for (int i = 0; i < count; ++i) {
        if (model.parameters[static_cast<std::size_t>(i)].id == "speed")
            fail(pending.lawWhere, "'speed' in a custom law is the contact's speed: rename the parameter 'speed'");
        table.add(model.parameters[static_cast<std::size_t>(i)].id, customParameterSlot(i)); // a law's "c.mu_s" is no name
    }
    for (int j = 0; j < states; ++j) {
        if (model.states[static_cast<std::size_t>(j)].id == "speed")
            fail(pending.lawWhere, "'speed' in a custom law is the contact's speed: rename the state 'speed'");
        table.add(model.states[static_cast<std::size_t>(j)].id, customStateSlot(count, j));
    }
    const expr::Expr kinetic = parseAt(lines, pending.kinetic, table);
    expr::Expr staticLimit;
    if (pending.staticLimit.present()) {
        staticLimit = parseAt(lines, pending.staticLimit, table);
        bool readsState = false;
        for (int j = 0; j < states; ++j)
            readsState = readsState || expr::dependsOn(staticLimit, customStateSlot(count, j));
        if (expr::dependsOn(staticLimit, kCustomSpeedSlot) || readsState)
            fail(lines.at(pending.staticLimit.begin), "the static limit is a number of the parameters: it cannot read speed or states");
    }
    // The law's parameters: those it reads, in the model's order, at slots 1, 2, ...; then the
    // states it reads.
    CustomLawDefinition law;
    std::vector<int> moved(static_cast<std::size_t>(customStateSlot(count, states)), -1);
    moved[kCustomSpeedSlot] = kCustomSpeedSlot;
    expr::SymbolTable own;
    own.add("speed", kCustomSpeedSlot);
    for (int i = 0; i < count; ++i) {
        const int slot = customParameterSlot(i);
        if (!expr::dependsOn(kinetic, slot) && !(staticLimit && expr::dependsOn(staticLimit, slot)))
            continue;
        const ParameterSpec& spec = model.parameters[static_cast<std::size_t>(i)];
        moved[static_cast<std::size_t>(slot)] = customParameterSlot(static_cast<int>(law.specs.size()));
        own.add(spec.id, customParameterSlot(static_cast<int>(law.specs.size())));
        law.specs.push_back(spec);
        contact.lawParameterIds.push_back(spec.id);
    }
    const int parameters = static_cast<int>(law.specs.size());
    for (int j = 0; j < states; ++j) {
        const int slot = customStateSlot(count, j);
        if (!expr::dependsOn(kinetic, slot))
            continue;
        const int k = static_cast<int>(law.states.size());
        moved[static_cast<std::size_t>(slot)] = customStateSlot(parameters, k);
        own.add(model.states[static_cast<std::size_t>(j)].id, customStateSlot(parameters, k));
        law.states.push_back(model.states[static_cast<std::size_t>(j)].id);
        law.stateDefaults.push_back(stateStarts[static_cast<std::size_t>(j)]);
        contact.lawStates.push_back(j);
    }
    law.kinetic = expr::renumber(std::span(&kinetic, 1), moved).front();
    law.kineticSlope = expr::derivative(law.kinetic, kCustomSpeedSlot);
    for (int k = 0; k < static_cast<int>(law.states.size()); ++k)
        law.kineticStateSlopes.push_back(expr::derivative(law.kinetic, customStateSlot(parameters, k)));
    if (staticLimit)
        law.staticLimit = expr::renumber(std::span(&staticLimit, 1), moved).front();
    law.name = "Custom law (" + contact.id + ")";
    constexpr std::size_t kShown = 2000;
    law.formula = "g = " + expr::print(law.kinetic, own, kShown)
                  + (staticLimit ? "; F_s = " + expr::print(law.staticLimit, own, kShown) : "; no static limit (the smooth methods only)");
    contact.kinetic = law.kinetic;
    contact.staticLimit = law.staticLimit;
    contact.lawId = registerCustomLaw(law);
    ParameterSet defaults(law.specs);
    if (const Status status = findCustomLaw(contact.lawId)->validate(defaults); !status.ok())
        fail(pending.lawWhere, "law custom: " + status.message() + (law.states.empty() ? "" : " (with the states at their starts)"));
}

void bindLawValues(const Pending::Contact& pending, Contact& contact, const text::LineIndex& lines, const ParameterNames& parameters,
                   const Model& model)
{
    const FrictionLawInfo* base = findLaw(LawFamily::OneDimensional, contact.lawId);
    BoundLawDefinition law;
    law.baseId = contact.lawId;
    std::vector<expr::Expr> given(base->specs.size()); // of the model's parameters (slot i is parameter i)
    bool any = false;
    for (std::size_t i = 0; i < base->specs.size(); ++i) {
        const auto value = pending.lawValues.find(base->specs[i].id);
        if (value == pending.lawValues.end() || !value->second.expression.present())
            continue;
        given[i] = parameters.parse(value->second.expression);
        law.written += (any ? ", " : "") + base->specs[i].id + " = "
                       + std::string(lines.text().substr(value->second.expression.begin, value->second.expression.end - value->second.expression.begin));
        any = true;
    }
    if (!any)
        return;
    // The bound law's parameters: the values given as numbers (model parameters already), then
    // the model parameters the expressions read, each once.
    const int count = static_cast<int>(model.parameters.size());
    std::vector<int> slotOf(static_cast<std::size_t>(count), -1); // model parameter -> the bound law's slot
    auto take = [&](int j) {
        if (slotOf[static_cast<std::size_t>(j)] < 0) {
            slotOf[static_cast<std::size_t>(j)] = static_cast<int>(law.specs.size());
            law.specs.push_back(model.parameters[static_cast<std::size_t>(j)]);
        }
        return slotOf[static_cast<std::size_t>(j)];
    };
    auto indexOf = [&](const std::string& id) {
        for (int j = 0; j < count; ++j)
            if (model.parameters[static_cast<std::size_t>(j)].id == id)
                return j;
        return -1;
    };
    for (std::size_t i = 0; i < base->specs.size(); ++i)
        law.fromSpec.push_back(given[i] ? -1 : take(indexOf(contact.lawParameterIds[i])));
    for (std::size_t i = 0; i < base->specs.size(); ++i)
        if (given[i])
            for (int j = 0; j < count; ++j)
                if (expr::dependsOn(given[i], j))
                    take(j);
    std::vector<int> moved(static_cast<std::size_t>(count), -1);
    for (int j = 0; j < count; ++j)
        moved[static_cast<std::size_t>(j)] = slotOf[static_cast<std::size_t>(j)];
    for (std::size_t i = 0; i < base->specs.size(); ++i)
        law.value.push_back(given[i] ? expr::renumber(std::span(&given[i], 1), moved).front() : expr::Expr());
    contact.lawParameterIds.clear();
    for (const ParameterSpec& spec : law.specs)
        contact.lawParameterIds.push_back(spec.id);
    contact.lawId = registerBoundLaw(law);
    ParameterSet defaults(law.specs);
    if (const Status status = findCustomLaw(contact.lawId)->validate(defaults); !status.ok())
        fail(pending.lawWhere, "law " + law.baseId + ": " + status.message());
}

/// section strobe = EXPR (of parameters, > 0 at the defaults) or section plane = EXPR direction +|-,
/// EXPR affine in the run's variables and t with coefficients of parameters (not all the variables'
/// 0 at the defaults).
void checkSection(const Pending::Section& pending, const text::LineIndex& lines, const DerivedNames& derived,
                  const ParameterNames& parameters, const std::vector<double>& defaults, Model& model)
{
    Section& section = model.section;
    section.kind = pending.kind;
    section.where = pending.where;
    section.direction = pending.direction;
    if (pending.kind == Section::Kind::None)
        return;
    const Where at = lines.at(pending.value.begin);
    if (pending.kind == Section::Kind::Strobe) {
        section.period = parameters.parse(pending.value);
        const double period = expr::evaluate(section.period, defaults.data());
        if (!(period > 0.0) || !std::isfinite(period))
            fail(at, "the strobe's period is " + formatNumber(period) + " at the parameters' defaults; it must be > 0");
        return;
    }
    section.plane = derived.parse(pending.value);
    std::vector<int> state;
    for (std::size_t i = 0; i < model.coordinates.size(); ++i) {
        state.push_back(model.coordinateSlot(static_cast<int>(i)));
        state.push_back(model.velocitySlot(static_cast<int>(i)));
    }
    for (std::size_t j = 0; j < model.states.size(); ++j)
        state.push_back(model.stateSlot(static_cast<int>(j)));
    std::vector<int> variables = state;
    variables.push_back(model.timeSlot());
    const std::string affineOnly = "a section plane is affine in the coordinates, velocities, states and t, with coefficients of "
                                   "the parameters (x' or x1 - x2 or 2*x - d or x - v0*t)";
    const auto affine = expr::affineForm(section.plane, variables);
    if (!affine || dependsOnAny(affine->constant, variables))
        fail(at, affineOnly);
    for (const expr::Expr& c : affine->coefficients)
        if (dependsOnAny(c, variables))
            fail(at, affineOnly);
    section.coefficients.assign(affine->coefficients.begin(), affine->coefficients.end() - 1);
    section.time = affine->coefficients.back();
    section.offset = affine->constant;
    if (std::all_of(section.coefficients.begin(), section.coefficients.end(), [](const expr::Expr& c) { return expr::isNumber(c, 0.0); }))
        fail(at, "the section plane depends on no coordinate, velocity or state (a plane in t alone is a time: use section strobe)");
    std::vector<double> values(static_cast<std::size_t>(model.parameterSlot(static_cast<int>(model.parameters.size()))), 0.0);
    for (std::size_t i = 0; i < model.parameters.size(); ++i)
        values[static_cast<std::size_t>(model.parameterSlot(static_cast<int>(i)))] = defaults[i];
    bool some = false;
    for (const expr::Expr& c : section.coefficients) {
        const double a = expr::evaluate(c, values.data());
        if (!std::isfinite(a))
            fail(at, "a coefficient of the section plane is " + formatNumber(a) + " at the parameters' defaults; it must be finite");
        some = some || a != 0.0;
    }
    if (!some)
        fail(at, "the section plane's coefficients of the coordinates, velocities and states are all 0 at the parameters' defaults");
}

/// kinetic and static lines in a contact whose law is not custom.
void refuseCustomLines(const Pending::Contact& pending, const Contact& contact)
{
    for (const auto& [text, where, name] : {std::tuple(pending.kinetic, pending.kineticWhere, "kinetic"),
                                           std::tuple(pending.staticLimit, pending.staticWhere, "static")})
        if (text.present())
            fail(where, std::string("'") + name + "' belongs to law = custom; contact '" + contact.id + "' has law " + contact.lawId);
}

} // namespace fl::model::detail
