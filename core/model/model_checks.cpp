#include "model/model_checks.h"
#include "model/model_check_parts.h"
#include "model/model_text.h"

#include "expr/affine.h"
#include "expr/build.h"
#include "expr/derivative.h"
#include "expr/functions.h"
#include "expr/parser.h"
#include "friction/friction_law.h"
#include "params/parameter_set.h"
#include "scenario/scenario.h"

#include <cmath>

namespace fl::model {
namespace detail {

void fail(Where where, std::string reason) { throw CheckFailure{{where, std::move(reason)}}; }

std::string whereText(Where where) { return "line " + std::to_string(where.line); }

expr::Expr parseAt(const text::LineIndex& lines, const Pending::Text& span, const expr::SymbolTable& symbols)
{
    const Where where = lines.at(span.begin);
    const expr::ParseResult parsed = expr::parse(lines.text().substr(span.begin, span.end - span.begin), symbols, {}, {where.line, where.column});
    if (!parsed.ok())
        fail({parsed.error.line, parsed.error.column}, parsed.error.reason);
    return parsed.expr;
}

int coordinateIndex(const Model& model, const Pending::Name& name, bool wallAllowed)
{
    if (wallAllowed && name.text == "wall")
        return -1;
    for (std::size_t i = 0; i < model.coordinates.size(); ++i)
        if (model.coordinates[i].id == name.text)
            return static_cast<int>(i);
    std::string list;
    for (const Coordinate& c : model.coordinates)
        list += (list.empty() ? "" : ", ") + c.id;
    fail(name.where, "'" + name.text + "' is not a coordinate (coordinates: " + list + (wallAllowed ? ", or wall)" : ")"));
}

/// The velocities' slots and names ("x1', x2'") of the model.
std::vector<int> velocitySlots(const Model& model)
{
    std::vector<int> slots;
    for (std::size_t i = 0; i < model.coordinates.size(); ++i)
        slots.push_back(model.velocitySlot(static_cast<int>(i)));
    return slots;
}

std::string velocityNames(const Model& model)
{
    std::string out;
    for (const Coordinate& c : model.coordinates)
        out += (out.empty() ? "" : ", ") + c.id + "'";
    return out;
}

bool dependsOnAny(const expr::Expr& e, const std::vector<int>& slots)
{
    for (int slot : slots)
        if (expr::dependsOn(e, slot))
            return true;
    return false;
}

/// An expression with its derived quantities inlined may be no taller than a parsed one: what runs
/// on it afterwards recurses over its height (expr/parser.h).
void checkHeight(const expr::Expr& e, const text::LineIndex& lines, const Pending::Text& text)
{
    const int limit = expr::Limits{}.maxHeight;
    if (e->height > limit)
        fail(lines.at(text.begin), "with its derived quantities (let, output) written in, this expression is " + std::to_string(e->height)
                                       + " levels deep, more than " + std::to_string(limit) + ": nest fewer lets");
}

} // namespace detail

namespace {

using namespace detail;

/// The contact's law parameters appended to the model's parameters (ids: the law's own with one
/// contact, "<contact>.<id>" with several), with the values the file gives.
void addLawParameters(const Pending::Contact& pending, Contact& contact, bool prefixed, Model& model,
                      std::map<std::string, Where>& names)
{
    const FrictionLawInfo* info = findLaw(LawFamily::OneDimensional, contact.lawId);
    ParameterSet values(info->specs);
    bool bound = false; // a value is an expression: the law's checks once it is known (bindLawValues)
    for (const auto& [id, value] : pending.lawValues) {
        if (value.expression.present()) {
            if (info->stickWindow)
                fail(value.where, "law " + contact.lawId + "'s values are numbers: its stick window's method reads them as they are");
            bound = true;
            continue;
        }
        const ParameterSpec* spec = nullptr;
        for (const ParameterSpec& s : info->specs)
            if (s.id == id)
                spec = &s;
        if (value.value < spec->min || value.value > spec->max)
            fail(value.where, id + " = " + formatNumber(value.value) + " is outside its range " + rangeText(*spec));
        if (const Status status = values.set(id, value.value); !status.ok())
            fail(value.where, status.message());
    }
    if (info->validate && !bound)
        if (const Status status = info->validate(values); !status.ok())
            fail(pending.lawWhere, "law " + contact.lawId + ": " + status.message());
    for (std::size_t i = 0; i < info->specs.size(); ++i) {
        ParameterSpec spec = info->specs[i];
        if (const auto given = pending.lawValues.find(spec.id); given != pending.lawValues.end() && given->second.expression.present()) {
            contact.lawParameterIds.emplace_back(); // computed from the expression: no parameter of its own
            continue;
        }
        spec.defaultValue = values.values()[i];
        if (prefixed) { // several contacts: each law's parameters say whose they are, in the panel too
            spec.id = contact.id + "." + spec.id;
            spec.symbol += " (" + contact.id + ")";
            spec.label = (contact.label.empty() ? contact.id : contact.label) + ": " + spec.label;
        }
        if (names.count(spec.id))
            fail(pending.lawWhere, "the law's parameter '" + spec.id + "' has the name of a declaration at " + whereText(names.at(spec.id))
                                       + " (rename that one)");
        names[spec.id] = pending.lawWhere;
        contact.lawParameterIds.push_back(spec.id);
        model.parameters.push_back(spec);
    }
}

/// Each state's one rate line: rate ID = EXPR, of the state, t, parameters and derived quantities.
void checkRates(const Pending& pending, const text::LineIndex& lines, const DerivedNames& derived, Model& model)
{
    std::vector<char> given(model.states.size(), 0);
    for (const Pending::Rate& r : pending.rates) {
        std::size_t j = 0;
        while (j < model.states.size() && model.states[j].id != r.state.text)
            ++j;
        if (j == model.states.size()) {
            std::string list;
            for (const State& z : model.states)
                list += (list.empty() ? "" : ", ") + z.id;
            fail(r.state.where, "'" + r.state.text + "' is not a state" + (list.empty() ? std::string(" (declare it first: state " + r.state.text + " = START)")
                                                                                          : " (states: " + list + ")"));
        }
        if (given[j])
            fail(r.where, "rate " + r.state.text + " given twice (line " + std::to_string(model.states[j].rateWhere.line) + ")");
        given[j] = 1;
        model.states[j].rate = derived.parse(r.value);
        model.states[j].rateWhere = r.where;
    }
    for (std::size_t j = 0; j < model.states.size(); ++j)
        if (!given[j])
            fail(model.states[j].where, "state '" + model.states[j].id + "' has no rate (write rate " + model.states[j].id + " = EXPR, its time derivative)");
}

} // namespace

bool massMatrixPositive(const Model& model, const std::vector<double>& parameters)
{
    // Cholesky: every pivot positive (and finite).
    const std::size_t n = model.coordinates.size();
    std::vector<double> m(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        m[i * n + i] = expr::evaluate(model.coordinates[i].mass, parameters.data());
    for (const MassCoupling& c : model.couplings) {
        const double v = expr::evaluate(c.value, parameters.data());
        m[static_cast<std::size_t>(c.first) * n + static_cast<std::size_t>(c.second)] = v;
        m[static_cast<std::size_t>(c.second) * n + static_cast<std::size_t>(c.first)] = v;
    }
    for (std::size_t j = 0; j < n; ++j) {
        double d = m[j * n + j];
        for (std::size_t k = 0; k < j; ++k)
            d -= m[j * n + k] * m[j * n + k];
        if (!(d > 0.0) || !std::isfinite(d))
            return false;
        const double r = std::sqrt(d);
        m[j * n + j] = r;
        for (std::size_t i = j + 1; i < n; ++i) {
            double v = m[i * n + j];
            for (std::size_t k = 0; k < j; ++k)
                v -= m[i * n + k] * m[j * n + k];
            m[i * n + j] = v / r;
        }
    }
    return true;
}

std::string joinNames(std::initializer_list<const char*> list)
{
    std::string out;
    for (const char* name : list)
        out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

std::string lawIdList()
{
    std::string out;
    for (const FrictionLawInfo& law : lawsOf(LawFamily::OneDimensional))
        out += (out.empty() ? "" : ", ") + law.id;
    return out;
}

std::string specIdList(const ParameterSpecs& specs)
{
    std::string out;
    for (const ParameterSpec& spec : specs)
        out += (out.empty() ? "" : ", ") + spec.id;
    return out;
}

void checkNewName(const std::string& name, Where where, const char* what, std::map<std::string, Where>& names)
{
    if (name == "t" || name == "wall" || !expr::isFreeName(name))
        fail(where, "'" + name + "' is reserved (t, pi, wall and the functions); choose another name for " + what);
    for (const ParameterSpec& spec : numericsSpecs())
        if (spec.id == name)
            fail(where, "'" + name + "' is a numerics parameter of every model (" + spec.label + "); choose another name");
    if (const auto taken = names.find(name); taken != names.end())
        fail(where, "'" + name + "' is already declared at " + whereText(taken->second));
    names[name] = where;
}

void finish(const Pending& pending, const text::LineIndex& lines, Model& model)
{
    std::map<std::string, Where> names;
    for (std::size_t i = 0; i < model.parameters.size(); ++i)
        names[model.parameters[i].id] = pending.parameterWhere[i];
    for (const Coordinate& c : model.coordinates)
        names[c.id] = c.where;
    for (const State& z : model.states)
        names[z.id] = z.where;
    for (const Contact& c : model.contacts)
        names[c.id] = c.where;
    for (std::size_t i = 0; i < model.contacts.size(); ++i) {
        if (!pending.contacts[i].hasLaw)
            fail(model.contacts[i].where, "contact '" + model.contacts[i].id + "' has no law = … (e.g. law = coulomb(mu_s = 2, mu_k = 1))");
        if (model.contacts[i].lawId != "custom") { // a custom law below, once the states' starts are known
            refuseCustomLines(pending.contacts[i], model.contacts[i]);
            addLawParameters(pending.contacts[i], model.contacts[i], model.contacts.size() > 1, model, names);
        }
    }
    const expr::SymbolTable state = model.stateSlots();
    std::vector<double> defaults; // parameterSlots(): slot i is parameter i
    for (const ParameterSpec& spec : model.parameters)
        defaults.push_back(spec.defaultValue);

    // Derived quantities: each let, then each output, reads the state, t, the parameters and those
    // declared before it; a name stands for its tree, inlined (shared) where it is used.
    DerivedNames derived(model, lines, state);
    for (const Pending::Let& l : pending.lets) {
        const expr::Expr value = derived.parse(l.value);
        model.lets.push_back({l.id, value, l.where});
        derived.name(l.id, value);
    }
    for (const Pending::Output& o : pending.outputs) {
        const expr::Expr value = derived.parse(o.value);
        model.outputs.push_back({o.id, o.label, o.unit, value, o.where});
        derived.name(o.id, value);
    }
    // Masses, starts and velocities read parameters, and the lets that read parameters only.
    const ParameterNames parameters(model, lines);

    for (std::size_t i = 0; i < model.coordinates.size(); ++i) {
        Coordinate& c = model.coordinates[i];
        const Pending::Coordinate& p = pending.coordinates[i];
        c.mass = p.mass.present() ? parameters.parse(p.mass) : expr::number(1.0);
        c.start = p.start.present() ? parameters.parse(p.start) : expr::number(0.0);
        c.velocity = p.velocity.present() ? parameters.parse(p.velocity) : expr::number(0.0);
        const double mass = expr::evaluate(c.mass, defaults.data());
        if (!(mass > 0.0) || !std::isfinite(mass))
            fail(p.mass.present() ? lines.at(p.mass.begin) : c.where,
                 "the mass of '" + c.id + "' is " + formatNumber(mass) + " at the parameters' defaults; it must be positive");
    }
    std::vector<double> stateStarts;
    for (std::size_t j = 0; j < model.states.size(); ++j) {
        model.states[j].start = parameters.parse(pending.states[j].start);
        stateStarts.push_back(expr::evaluate(model.states[j].start, defaults.data()));
    }
    for (std::size_t i = 0; i < model.contacts.size(); ++i)
        if (model.contacts[i].lawId == "custom")
            addCustomLaw(pending.contacts[i], model.contacts[i], lines, model, stateStarts);
        else
            bindLawValues(pending.contacts[i], model.contacts[i], lines, parameters, model);
    const std::vector<int> velocities = velocitySlots(model);
    for (const Pending::Coupling& p : pending.couplings) {
        MassCoupling coupling;
        coupling.first = coordinateIndex(model, p.first, false);
        coupling.second = coordinateIndex(model, p.second, false);
        if (coupling.first == coupling.second)
            fail(p.second.where, "mass " + p.first.text + " " + p.second.text
                                     + ": a coupling is between two coordinates (the diagonal is the coordinate's own mass = ...)");
        for (const MassCoupling& earlier : model.couplings)
            if (std::min(earlier.first, earlier.second) == std::min(coupling.first, coupling.second)
                && std::max(earlier.first, earlier.second) == std::max(coupling.first, coupling.second))
                fail(p.where, "mass " + p.first.text + " " + p.second.text + " given twice");
        coupling.value = parameters.parse(p.value);
        coupling.where = p.where;
        model.couplings.push_back(coupling);
    }
    if (!model.couplings.empty() && !massMatrixPositive(model, defaults))
        fail(model.couplings.front().where, "the mass matrix is not positive definite at the parameters' defaults");
    for (const Pending::Force& f : pending.forces) {
        Force force;
        force.coordinate = coordinateIndex(model, {f.coordinate, f.coordinateWhere}, false);
        force.value = derived.parse(f.value);
        force.where = f.where;
        model.forces.push_back(force);
    }
    checkRates(pending, lines, derived, model);
    for (std::size_t i = 0; i < model.contacts.size(); ++i) {
        Contact& c = model.contacts[i];
        const Pending::Contact& p = pending.contacts[i];
        if (!p.slip.present())
            fail(c.where, "contact '" + c.id + "' has no slip = … (its relative velocity, e.g. slip = x' - v_b)");
        c.slip = derived.parse(p.slip);
        const auto affine = expr::affineForm(c.slip, velocities);
        if (!affine)
            fail(lines.at(p.slip.begin), "the slip velocity must be affine in the velocities (" + velocityNames(model)
                                                + "): a sum of velocities times expressions of coordinates, states, t and parameters");
        if (!dependsOnAny(c.slip, velocities))
            fail(lines.at(p.slip.begin), "the slip velocity depends on no velocity (" + velocityNames(model) + ")");
        c.slipConstant = affine->constant;
        c.slipGradient = affine->coefficients;
        // The normal force may follow velocities too (a damper in the pressing spring, the brake).
        c.normal = p.normal.present() ? derived.parse(p.normal) : expr::number(1.0);
    }
    checkSection(pending.section, lines, derived, parameters, defaults, model);
    std::vector<int> coordinatesAndVelocities = velocities;
    for (std::size_t i = 0; i < model.coordinates.size(); ++i)
        coordinatesAndVelocities.push_back(model.coordinateSlot(static_cast<int>(i)));
    for (std::size_t j = 0; j < model.states.size(); ++j)
        coordinatesAndVelocities.push_back(model.stateSlot(static_cast<int>(j)));
    for (const Pending::Drawing& d : pending.drawings) {
        Drawing drawing;
        drawing.kind = d.kind;
        drawing.where = d.where;
        drawing.at = d.at;
        drawing.atGiven = d.atGiven;
        drawing.size = d.size;
        if (d.kind == Drawing::Kind::Belt) {
            drawing.speed = derived.parse(d.speed);
            if (dependsOnAny(drawing.speed, coordinatesAndVelocities))
                fail(lines.at(d.speed.begin), "the belt's speed may depend on t and parameters only");
        } else {
            drawing.coordinate = coordinateIndex(model, d.first, d.kind == Drawing::Kind::Spring);
            if (d.kind == Drawing::Kind::Spring) {
                drawing.other = coordinateIndex(model, d.second, true);
                if (drawing.coordinate == drawing.other)
                    fail(d.second.where, "a spring needs two different ends");
            }
        }
        model.drawings.push_back(drawing);
    }
}

expr::SymbolTable Model::stateSlots() const
{
    expr::SymbolTable table;
    for (std::size_t i = 0; i < coordinates.size(); ++i) {
        table.add(coordinates[i].id, coordinateSlot(static_cast<int>(i)));
        table.add(coordinates[i].id + "'", velocitySlot(static_cast<int>(i)));
    }
    for (std::size_t j = 0; j < states.size(); ++j)
        table.add(states[j].id, stateSlot(static_cast<int>(j)));
    table.add("t", timeSlot());
    for (std::size_t i = 0; i < parameters.size(); ++i)
        table.add(parameters[i].id, parameterSlot(static_cast<int>(i))); // a law's "c.mu_s" is no name: refused, unreadable
    return table;
}

expr::SymbolTable Model::parameterSlots() const
{
    expr::SymbolTable table;
    for (std::size_t i = 0; i < parameters.size(); ++i)
        table.add(parameters[i].id, static_cast<int>(i));
    return table;
}

} // namespace fl::model
