#include "systems/model_registry.h"

#include "expr/build.h"
#include "expr/derivative.h"
#include "expr/print.h"
#include "model/model_checks.h"
#include "model/model_parser.h"
#include "systems/model_dynamics.h"
#include "systems/model_mechanism.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <numbers>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <mutex>

namespace fl {

namespace {

struct Entry {
    std::string text;
    std::shared_ptr<const CompiledModel> compiled;
    SystemInfo info;
};

std::mutex& registryMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::deque<Entry>& entries() // a deque: registered systems never move
{
    static std::deque<Entry> list;
    return list;
}

const Entry* findEntry(std::string_view id)
{
    for (const Entry& e : entries())
        if (e.info.id == id)
            return &e;
    return nullptr;
}

/// "m1 x1'' = -k1*x1 - kc*(x1 - x2) + friction", one line per coordinate.
std::string equationText(const model::Model& m)
{
    const expr::SymbolTable state = m.stateSlots(), parameters = m.parameterSlots();
    std::string text;
    for (size_t i = 0; i < m.coordinates.size(); ++i) {
        const model::Coordinate& q = m.coordinates[i];
        std::string rhs;
        auto term = [&rhs](const std::string& t) { rhs.append(rhs.empty() ? "" : " + ").append(t); };
        for (const model::Force& f : m.forces)
            if (f.coordinate == static_cast<int>(i))
                term(expr::print(f.value, state, 2000)); // lets written in: bounded text
        for (const model::Contact& c : m.contacts)
            if (!expr::isNumber(c.slipGradient[i], 0.0))
                term("friction of " + c.id);
        text.append(text.empty() ? "" : "\n").append(expr::print(q.mass, parameters, 2000)).append(" ").append(q.id).append("'' = ");
        text.append(rhs.empty() ? "0" : rhs);
    }
    for (const model::State& z : m.states)
        text.append("\n").append(z.id).append("' = ").append(expr::print(z.rate, state, 2000));
    return text;
}

std::vector<VariableLabel> labelsOf(const model::Model& m)
{
    std::vector<VariableLabel> labels = {{"t", "t", ""}};
    for (const model::Coordinate& q : m.coordinates) {
        const std::string unit = q.unit == "–" ? "" : q.unit;
        labels.push_back({q.id, q.label.empty() ? q.id : q.label, unit});
        labels.push_back({std::string("d").append(q.id), q.id + "′", unit.empty() ? "" : unit + "/s"});
    }
    for (const model::State& z : m.states)
        labels.push_back({z.id, z.label.empty() ? z.id : z.label, z.unit == "–" ? "" : z.unit});
    if (m.contacts.size() > 1) // several contacts: their memory laws' states, named by contact
        for (const model::Contact& c : m.contacts)
            if (const FrictionLawInfo* law = findFrictionLaw(c.lawId); law && law->hasMemory())
                for (const LawStateSpec& state : law->states)
                    labels.push_back({state.id + "." + c.id, state.label + " (" + c.id + ")", state.unit});
    // F is the law's force at unit normal load (the built-in systems' convention): F/N.
    const std::vector<std::string> contactColumns = modelContactOutputNames(m);
    for (const std::string& id : contactColumns)
        labels.push_back({id, id.front() == 'F' ? "F/N" + id.substr(1) : (id.rfind("mode.", 0) == 0 ? "mode of " + id.substr(5) + " (0 stick, ±1 slip)" : id), ""});
    for (const model::Output& o : m.outputs)
        labels.push_back({o.id, o.label.empty() ? o.id : o.label, o.unit});
    return labels;
}

/// The section the file declares at these values: strobe at T, or the plane sum_k a_k y_k + c t + b
/// = 0 (y: a run's state) counted where it rises (+) or falls (-).
PoincareSection declaredSection(const model::Model& m, const ParameterSet& values)
{
    const model::Section& section = m.section;
    std::vector<double> p;
    for (const ParameterSpec& spec : m.parameters)
        p.push_back(values.value(spec.id));
    if (section.kind == model::Section::Kind::Strobe)
        return PoincareSection::stroboscopic(expr::evaluate(section.period, p.data()));
    const std::vector<double> v = modelParameterSlots(m, values);
    std::vector<double> normal;
    for (const expr::Expr& a : section.coefficients)
        normal.push_back(expr::evaluate(a, v.data()));
    return PoincareSection::plane(std::move(normal), expr::evaluate(section.time, v.data()), 0.0 - expr::evaluate(section.offset, v.data()),
                                  section.direction);
}

/// The declared section as written over a run's state ids (dX for X'), t and the parameters, the
/// lets written in: a strobe's period or a plane; "" without one.
std::string declaredSectionText(const model::Model& m)
{
    constexpr std::size_t kSectionTextLength = 4000; // bounded: lets written in can make it long
    const model::Section& section = m.section;
    expr::SymbolTable names;
    if (section.kind == model::Section::Kind::Strobe) {
        for (std::size_t i = 0; i < m.parameters.size(); ++i)
            names.add(m.parameters[i].id, static_cast<int>(i));
        return expr::print(section.period, names, kSectionTextLength);
    }
    if (section.kind != model::Section::Kind::Plane)
        return {};
    for (std::size_t i = 0; i < m.coordinates.size(); ++i) {
        names.add(m.coordinates[i].id, m.coordinateSlot(static_cast<int>(i)));
        names.add("d" + m.coordinates[i].id, m.velocitySlot(static_cast<int>(i)));
    }
    for (std::size_t j = 0; j < m.states.size(); ++j)
        names.add(m.states[j].id, m.stateSlot(static_cast<int>(j)));
    names.add("t", m.timeSlot());
    for (std::size_t i = 0; i < m.parameters.size(); ++i)
        names.add(m.parameters[i].id, m.parameterSlot(static_cast<int>(i)));
    return expr::print(section.plane, names, kSectionTextLength);
}

/// The declared section at the scenario's values: a period > 0, a plane's coefficients finite and
/// not all 0 in the variables.
Status validateSection(const model::Model& m, const ParameterSet& values)
{
    if (m.section.kind == model::Section::Kind::None)
        return Status::success();
    const PoincareSection section = declaredSection(m, values);
    if (m.section.kind == model::Section::Kind::Strobe && !(section.period() > 0.0 && std::isfinite(section.period())))
        return Status::error("the model's section strobe has period " + formatNumber(section.period()) + " at these values; it must be > 0");
    if (m.section.kind != model::Section::Kind::Plane)
        return Status::success();
    bool finite = std::isfinite(section.level()) && std::isfinite(section.timeCoefficient()), some = section.variable() >= 0;
    for (double a : section.normal()) {
        finite = finite && std::isfinite(a);
        some = some || a != 0.0;
    }
    if (!finite || !some)
        return Status::error(!finite ? "the model's section plane is not finite at these values"
                                     : "the model's section plane has no coordinate, velocity or state at these values (their coefficients are 0)");
    return Status::success();
}

/// Masses positive at the scenario's values; several contacts: each law's own checks and methods.
Status validateModel(const CompiledModel& compiled, const Scenario& scenario)
{
    if (Status status = validateSection(compiled.model, scenario.params); !status.ok())
        return status;
    const std::vector<double> initial = modelInitialValues(compiled, scenario.params); // masses, starts, velocities
    const int n = compiled.coordinates();
    for (int i = 0; i < n; ++i) {
        const double mass = initial[static_cast<size_t>(i)];
        if (!(mass > 0.0 && std::isfinite(mass)))
            return Status::error("the mass of " + compiled.model.coordinates[static_cast<size_t>(i)].id + " is " + formatNumber(mass)
                                 + " at these values; it must be positive");
    }
    if (!compiled.model.couplings.empty()) {
        std::vector<double> values;
        for (const ParameterSpec& spec : compiled.model.parameters)
            values.push_back(scenario.params.value(spec.id));
        if (!model::massMatrixPositive(compiled.model, values))
            return Status::error("the mass matrix is not positive definite at these values");
    }
    for (size_t j = static_cast<size_t>(n); j < initial.size(); ++j)
        if (!std::isfinite(initial[j]))
            return Status::error("an initial value of the model is not finite at these values");
    if (compiled.contacts() < 2)
        return Status::success();
    bool window = false, memory = false;
    for (const model::Contact& contact : compiled.model.contacts) {
        window = window || findFrictionLaw(contact.lawId)->stickWindow;
        memory = memory || findFrictionLaw(contact.lawId)->hasMemory();
    }
    if (window && memory)
        return Status::error("Karnopp's stick window and laws with memory in one model are not supported together: give the "
                             "window's contacts another law");
    for (const model::Contact& contact : compiled.model.contacts) {
        const FrictionLawInfo* law = findFrictionLaw(contact.lawId);
        if (scenario.method == Method::EventDriven && !law->eventDriven)
            return Status::error("contact " + contact.id + ": law " + law->id + " has no set-valued form for the event-driven method");
        const ParameterSet values = contactLawValues(contact, *law, scenario.params);
        if (Status s = law->validate(values); !s.ok())
            return Status::error("contact " + contact.id + ": " + s.message());
        // Kudra's regularization keeps the static peak F_s / g(0) (as fl::validate checks for one law).
        if (law->create && !law->hasMemory() && law->regularized && methodInfo(scenario.method).smooth
            && scenario.regularization == Regularization::Kudra) {
            const std::unique_ptr<FrictionLaw> f = law->create(values);
            const double g0 = f->slipMagnitude(0.0), eta = g0 > 0.0 ? f->staticLimit() / g0 : 1.0;
            if (!(eta <= kMaxKudraEta))
                return Status::error("contact " + contact.id + ": Kudra's regularization cannot keep its static peak F_s/g(0) = "
                                     + formatNumber(eta) + ": raise the kinetic friction or choose another regularization");
        }
    }
    return Status::success();
}

/// A chain of blocks on one belt (SystemInfo::blockChain): every coordinate has exactly one contact,
/// whose slip velocity is q' - V with one V for all, of the parameters alone; no law with memory (the
/// slip events read x_i, v_i pairwise). V then is the belt speed.
bool isBlockChain(const model::Model& m)
{
    if (m.contacts.size() < 2 || m.contacts.size() != m.coordinates.size())
        return false;
    std::vector<int> contactsOn(m.coordinates.size(), 0);
    const expr::Expr& constant = m.contacts.front().slipConstant;
    for (int slot = 0; slot <= m.timeSlot(); ++slot)
        if (expr::dependsOn(constant, slot))
            return false;
    for (const model::Contact& c : m.contacts) {
        if (findFrictionLaw(c.lawId)->hasMemory() || !expr::equal(c.slipConstant, constant))
            return false;
        int entries = 0;
        for (size_t i = 0; i < c.slipGradient.size(); ++i)
            if (!expr::isNumber(c.slipGradient[i], 0.0)) {
                if (!expr::isNumber(c.slipGradient[i], 1.0))
                    return false;
                ++entries;
                ++contactsOn[i];
            }
        if (entries != 1)
            return false;
    }
    return std::all_of(contactsOn.begin(), contactsOn.end(), [](int k) { return k == 1; });
}

/// The first contact's law as a scenario of its own: its parameters at the model's values (the
/// characteristic plots that contact's F/N over its slip).
Scenario firstContactLaw(const model::Model& m, const Scenario& s)
{
    const model::Contact& contact = m.contacts.front();
    const FrictionLawInfo* law = findFrictionLaw(contact.lawId);
    ParameterSpecs specs = law->specs;
    if (const int eps = s.params.index("eps"); eps >= 0)
        specs.push_back(s.params.specs()[static_cast<size_t>(eps)]); // the regularization's width
    Scenario own = s;
    own.lawId = contact.lawId;
    own.params = ParameterSet(specs);
    for (size_t i = 0; i < law->specs.size() && i < contact.lawParameterIds.size(); ++i)
        own.params.set(law->specs[i].id, s.params.value(contact.lawParameterIds[i])); // a law's own range
    if (s.params.has("eps"))
        own.params.set("eps", s.params.value("eps"));
    return own;
}

SystemInfo systemOf(const std::string& id, const std::shared_ptr<const CompiledModel>& compiled)
{
    const model::Model& m = compiled->model;
    SystemInfo info;
    info.id = id;
    info.name = m.name;
    info.equation = equationText(m);
    info.about = m.about;
    const bool single = m.contacts.size() == 1;
    const FrictionLawInfo* firstLaw = m.contacts.empty() ? findFrictionLaw("coulomb") : findFrictionLaw(m.contacts.front().lawId);
    info.laws = {firstLaw->id};
    info.ownLaws = !single;
    for (const ParameterSpec& spec : m.parameters) {
        const bool lawParameter = single && std::find(m.contacts.front().lawParameterIds.begin(), m.contacts.front().lawParameterIds.end(),
                                                      spec.id) != m.contacts.front().lawParameterIds.end();
        if (lawParameter)
            info.defaults.emplace_back(spec.id, spec.defaultValue); // the law's own spec, at the file's value
        else
            info.specs.push_back(spec);
    }
    info.defaults.insert(info.defaults.end(), m.numerics.begin(), m.numerics.end());
    bool eventDriven = true, smooth = true;
    for (const model::Contact& c : m.contacts) {
        const FrictionLawInfo* law = findFrictionLaw(c.lawId);
        eventDriven = eventDriven && law->eventDriven;
        smooth = smooth && law->smoothForm;
    }
    if (eventDriven)
        info.methods.push_back(Method::EventDriven);
    if (smooth) {
        info.methods.push_back(Method::Regularized);
        info.methods.push_back(Method::Explicit);
    }
    info.states = single ? modelStateNames(m) : modelStateNamesWithLaws(m); // several: their memory states too
    info.outputs = modelContactOutputNames(m);
    for (const model::Output& o : m.outputs)
        info.outputs.push_back(o.id);
    info.plots.timeHistory = {info.states.front()};
    if (m.coordinates.size() > 1)
        info.plots.timeHistory.push_back(info.states[2]);
    info.plots.timeHistory.push_back(info.outputs[1]);
    for (size_t i = 0; i < m.coordinates.size() && i < 3; ++i)
        info.plots.phasePortraits.emplace_back(info.states[2 * i], info.states[2 * i + 1]);
    info.plots.characteristic = {info.outputs[0], info.outputs[1]};
    info.variables = labelsOf(m);
    // Forced (an explicit sin or cos of t): stroboscopic at its fastest forcing's period, as a
    // built-in forced system; else the maxima of q_1. (A hyperplane section of a forced model made
    // its periodic orbits, found as if autonomous, wrong.)
    // A section the file declares (section strobe/plane) replaces both.
    info.defaultSection = [compiled](const Scenario& s) {
        if (compiled->model.section.kind != model::Section::Kind::None)
            return declaredSection(compiled->model, s.params);
        if (const double w = modelForcingFrequency(*compiled, s.params); w > 0.0)
            return PoincareSection::stroboscopic(2.0 * std::numbers::pi / w);
        return PoincareSection::hyperplane(1, 0.0, -1);
    };
    info.sectionText = declaredSectionText(m);
    info.sectionDirection = m.section.direction;
    if (isBlockChain(m)) {
        info.blockChain = true;
        info.chainBeltSpeed = [compiled](const Scenario& s) {
            const std::vector<double> v = modelParameterSlots(compiled->model, s.params);
            return -expr::evaluate(compiled->model.contacts.front().slipConstant, v.data()); // slip = q' - V
        };
    }
    if (!single && !m.contacts.empty())
        info.characteristicLaw = [compiled](const Scenario& s) { return firstContactLaw(compiled->model, s); };
    info.validate = [compiled](const Scenario& s) { return validateModel(*compiled, s); };
    info.makeDynamics = [compiled](const Scenario& s, const IntegrationSettings& settings) { return makeModelDynamics(compiled, s, settings); };
    info.mechanism = [compiled](const Scenario& s, const MechanismFrame& f) { return drawModelMechanism(compiled->model, s, f); };
    info.nearStick = [compiled](const Scenario& s, const MechanismFrame& f) { return modelNearStick(compiled->model, s, f); };
    return info;
}

} // namespace

std::string modelSystemId(std::string_view text)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const char c : text) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ull;
    }
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(h));
    return std::string("model-") + buffer;
}

PreparedModel prepareModel(std::string_view text)
{
    PreparedModel out;
    model::ParsedModel parsed;
    try {
        parsed = model::parseModel(text);
    } catch (const expr::BudgetExceeded& e) { // an enclosing budget (a session's, for all its models) ran out
        out.error = {{1, 1}, "reading this model would build more than " + std::to_string(e.limit)
                                 + " expression nodes together with the other models read with it"};
        return out;
    }
    if (!parsed.ok()) {
        out.error = parsed.error;
        return out;
    }
    if (parsed.model.contacts.empty()) {
        out.error = {{1, 1}, "the model has no contact: a friction oscillator needs at least one (contact ID with slip = …)"};
        return out;
    }
    ModelCompilation compilation = compileModel(std::move(parsed.model));
    out.compiled = std::move(compilation.compiled);
    out.error = compilation.error;
    return out;
}

ModelRegistration registerModel(std::string_view text)
{
    ModelRegistration out;
    const std::string id = modelSystemId(text);
    {
        const std::lock_guard<std::mutex> lock(registryMutex());
        if (const Entry* e = findEntry(id)) {
            out.system = &e->info;
            return out;
        }
    }
    PreparedModel prepared = prepareModel(text);
    if (!prepared.ok()) {
        out.error = prepared.error;
        return out;
    }
    const std::shared_ptr<const CompiledModel> compiled = std::move(prepared.compiled);
    const std::lock_guard<std::mutex> lock(registryMutex());
    if (const Entry* e = findEntry(id)) { // registered by another thread meanwhile
        out.system = &e->info;
        return out;
    }
    entries().push_back({std::string(text), compiled, systemOf(id, compiled)});
    out.system = &entries().back().info;
    return out;
}

const SystemInfo* findModelSystem(std::string_view id)
{
    if (id.substr(0, 6) != "model-")
        return nullptr;
    const std::lock_guard<std::mutex> lock(registryMutex());
    const Entry* e = findEntry(id);
    return e ? &e->info : nullptr;
}

const std::string* modelText(std::string_view systemId)
{
    const std::lock_guard<std::mutex> lock(registryMutex());
    const Entry* e = findEntry(systemId);
    return e ? &e->text : nullptr;
}

const model::Model* findModel(std::string_view systemId)
{
    const std::lock_guard<std::mutex> lock(registryMutex());
    const Entry* e = findEntry(systemId);
    return e ? &e->compiled->model : nullptr;
}

} // namespace fl
