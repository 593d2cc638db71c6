#pragma once
// The parts of the model checks (model_checks.cpp) that the law and section checks
// (model_law_section_checks.cpp) share: the failure, an expression parsed at its place, and the
// names expressions may use (derived quantities written in; the parameters' own expressions).
// Internal to core/model.
#include "model/model_checks.h"

#include "expr/build.h"
#include "expr/derivative.h"
#include "expr/parser.h"

#include <span>
#include <string>
#include <vector>

namespace fl::model::detail {

[[noreturn]] void fail(Where where, std::string reason);
expr::Expr parseAt(const text::LineIndex& lines, const Pending::Text& span, const expr::SymbolTable& symbols);
bool dependsOnAny(const expr::Expr& e, const std::vector<int>& slots);
/// An expression with its derived quantities inlined may be no taller than a parsed one.
void checkHeight(const expr::Expr& e, const text::LineIndex& lines, const Pending::Text& text);

/// The names of derived quantities (let, output) in the state's expressions: each at a slot after
/// the parameters while parsing, then replaced by its tree.
class DerivedNames {
public:
    DerivedNames(const Model& model, const text::LineIndex& lines, const expr::SymbolTable& state)
        : m_model(model), m_lines(lines), m_table(state)
    {
    }
    expr::Expr parse(const Pending::Text& text) const
    {
        expr::Expr e = parseAt(m_lines, text, m_table);
        if (!m_slots.empty())
            e = expr::replace(e, m_slots, m_trees);
        checkHeight(e, m_lines, text);
        return e;
    }
    void name(const std::string& id, const expr::Expr& tree)
    {
        const int slot = m_model.parameterSlot(static_cast<int>(m_model.parameters.size() + m_slots.size()));
        m_table.add(id, slot);
        m_slots.push_back(slot);
        m_trees.push_back(tree);
    }

private:
    const Model& m_model;
    const text::LineIndex& m_lines;
    expr::SymbolTable m_table;
    std::vector<int> m_slots;
    std::vector<expr::Expr> m_trees;
};

/// The parameters' expressions (mass, start, velocity, couplings: slot i is parameter i) with the
/// lets that read parameters only, renumbered to those slots; a let that reads the state is refused
/// where it is used.
class ParameterNames {
public:
    ParameterNames(const Model& model, const text::LineIndex& lines) : m_model(model), m_lines(lines), m_table(model.parameterSlots())
    {
        const int parameters = static_cast<int>(model.parameters.size());
        std::vector<int> moved(static_cast<std::size_t>(model.parameterSlot(parameters)), -1);
        for (int i = 0; i < parameters; ++i)
            moved[static_cast<std::size_t>(model.parameterSlot(i))] = i;
        for (const Let& l : model.lets) {
            const int slot = parameters + static_cast<int>(m_slots.size());
            m_table.add(l.id, slot);
            m_slots.push_back(slot);
            bool ofParameters = true;
            for (int s = 0; s < model.parameterSlot(0); ++s)
                ofParameters = ofParameters && !expr::dependsOn(l.value, s);
            m_ofParameters.push_back(ofParameters);
            m_trees.push_back(ofParameters ? expr::renumber(std::span(&l.value, 1), moved).front() : expr::number(0.0));
        }
    }
    expr::Expr parse(const Pending::Text& text) const
    {
        expr::Expr e = parseAt(m_lines, text, m_table);
        for (std::size_t j = 0; j < m_slots.size(); ++j)
            if (!m_ofParameters[j] && expr::dependsOn(e, m_slots[j]))
                fail(m_lines.at(text.begin), "'" + m_model.lets[j].id + "' (line " + std::to_string(m_model.lets[j].where.line)
                                                 + ") reads coordinates, velocities, states or t: masses, starts and initial velocities read parameters only");
        if (!m_slots.empty())
            e = expr::replace(e, m_slots, m_trees);
        checkHeight(e, m_lines, text);
        return e;
    }

private:
    const Model& m_model;
    const text::LineIndex& m_lines;
    expr::SymbolTable m_table;
    std::vector<int> m_slots;
    std::vector<char> m_ofParameters;
    std::vector<expr::Expr> m_trees;
};

/// law = custom (friction/custom_law.h): parses kinetic and static, registers the law; stateStarts:
/// the states' starts at the parameters' defaults (what the law's checks and plot read).
void addCustomLaw(const Pending::Contact& pending, Contact& contact, const text::LineIndex& lines, const Model& model,
                  const std::vector<double>& stateStarts);
/// A registry law with values of expressions (law = coulomb(mu_s = 2*k)): the law bound to the
/// parameters they read (friction/bound_law.h), checked at the defaults. Nothing for numbers alone.
void bindLawValues(const Pending::Contact& pending, Contact& contact, const text::LineIndex& lines, const ParameterNames& parameters,
                   const Model& model);
/// kinetic and static lines in a contact whose law is not custom: refused at their line.
void refuseCustomLines(const Pending::Contact& pending, const Contact& contact);
/// section strobe / plane: parsed and checked at the defaults into model.section.
void checkSection(const Pending::Section& pending, const text::LineIndex& lines, const DerivedNames& derived,
                  const ParameterNames& parameters, const std::vector<double>& defaults, Model& model);

} // namespace fl::model::detail
