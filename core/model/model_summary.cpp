#include "model/model_summary.h"

#include "expr/print.h"
#include "friction/custom_law.h"

namespace fl::model {
namespace {
/// Characters of an expression shown: lets written in can make its text exponentially long.
constexpr std::size_t kShown = 2000;
/// The contact's law as the file writes it: custom, an id, or an id with values of expressions.
std::string lawText(const Contact& c)
{
    if (c.kinetic)
        return "custom";
    const FrictionLawInfo* law = findFrictionLaw(c.lawId);
    const std::size_t at = c.lawId.find('@'); // a law bound to expressions (friction/bound_law.h)
    return at != std::string::npos && law ? c.lawId.substr(0, at) + " with " + law->formula.substr(law->formula.rfind("; ") + 2) + " [" + c.lawId + "]" : c.lawId;
}

} // namespace

std::string summarize(const Model& model)
{
    const expr::SymbolTable state = model.stateSlots();
    const expr::SymbolTable parameters = model.parameterSlots();
    std::string out = "model: " + model.name + "\n";
    out += "coordinates: " + std::to_string(model.coordinates.size()) + "\n";
    for (const Coordinate& c : model.coordinates) {
        out += "  " + c.id + "  mass " + expr::print(c.mass, parameters, kShown) + "  start " + expr::print(c.start, parameters, kShown)
               + "  velocity " + expr::print(c.velocity, parameters, kShown);
        int forces = 0;
        for (const Force& f : model.forces)
            forces += &model.coordinates[static_cast<std::size_t>(f.coordinate)] == &c ? 1 : 0;
        out += "  forces " + std::to_string(forces) + "\n";
    }
    for (const MassCoupling& m : model.couplings)
        out += "  mass " + model.coordinates[static_cast<std::size_t>(m.first)].id + " " + model.coordinates[static_cast<std::size_t>(m.second)].id
               + " " + expr::print(m.value, parameters, kShown) + "\n";
    if (!model.states.empty()) {
        out += "states: " + std::to_string(model.states.size()) + "\n";
        for (const State& z : model.states)
            out += "  " + z.id + "  start " + expr::print(z.start, parameters, kShown) + "  rate " + expr::print(z.rate, state, kShown) + "\n";
    }
    out += "contacts: " + std::to_string(model.contacts.size()) + "\n";
    for (const Contact& c : model.contacts) {
        out += "  " + c.id + "  slip " + expr::print(c.slip, state, kShown) + "  normal " + expr::print(c.normal, state, kShown) + "  law " + lawText(c) + " (";
        for (std::size_t i = 0; i < c.lawParameterIds.size(); ++i)
            out += (i ? ", " : "") + c.lawParameterIds[i];
        out += ")\n";
        if (c.kinetic) { // law = custom: as written, over speed and the parameters and states it reads
            expr::SymbolTable law;
            law.add("speed", kCustomSpeedSlot);
            for (std::size_t i = 0; i < c.lawParameterIds.size(); ++i)
                law.add(c.lawParameterIds[i], customParameterSlot(static_cast<int>(i)));
            for (std::size_t k = 0; k < c.lawStates.size(); ++k)
                law.add(model.states[static_cast<std::size_t>(c.lawStates[k])].id,
                        customStateSlot(static_cast<int>(c.lawParameterIds.size()), static_cast<int>(k)));
            out += "    kinetic " + expr::print(c.kinetic, law, kShown) + "\n";
            out += "    static " + (c.staticLimit ? expr::print(c.staticLimit, law, kShown) : std::string("none (the smooth methods only)")) + "\n";
        }
    }
    if (model.contacts.size() > 1) // which one gives way where the stuck ones cannot all hold
        out += std::string("  breakaway = ") + (model.breakaway == Breakaway::InOrder ? "in-order" : "most-loaded") + "\n";
    out += "parameters: " + std::to_string(model.parameters.size()) + "\n";
    for (const ParameterSpec& p : model.parameters)
        out += "  " + p.id + " = " + formatNumber(p.defaultValue) + "  range " + formatNumber(p.min) + " .. " + formatNumber(p.max)
               + (p.unit.empty() || p.unit == "–" ? std::string() : "  " + p.unit) + "\n";
    if (!model.lets.empty()) {
        out += "derived (let): " + std::to_string(model.lets.size()) + "\n";
        for (const Let& l : model.lets)
            out += "  " + l.id + " = " + expr::print(l.value, state, kShown) + "\n";
    }
    out += "outputs: " + std::to_string(model.outputs.size()) + "\n";
    for (const Output& o : model.outputs)
        out += "  " + o.id + " = " + expr::print(o.value, state, kShown) + "\n";
    if (model.section.kind == Section::Kind::Strobe)
        out += "section: strobe, period " + expr::print(model.section.period, parameters, kShown) + "\n";
    else if (model.section.kind == Section::Kind::Plane)
        out += "section: plane " + expr::print(model.section.plane, state, kShown) + " = 0, "
               + (model.section.direction > 0 ? "rising" : "falling") + "\n";
    out += "drawings: " + std::to_string(model.drawings.size()) + "\n";
    return out;
}

} // namespace fl::model
