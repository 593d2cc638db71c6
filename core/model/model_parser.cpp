// Two passes over the statements: the first reads every declaration (so an expression may use a
// coordinate or parameter declared further down), the second parses and checks the expressions
// against the complete names.
#include "model/model_parser.h"
#include "model/model_statement_steps.h"
#include "model/model_checks.h"
#include "model/model_text.h"

#include "friction/friction_law.h"
#include "scenario/scenario.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <new>

namespace fl::model {
namespace {

using text::Cursor;
using text::Token;
using detail::expect;
using detail::expectEnd;
using detail::expectSign;
using detail::expressionAfterEquals;
using detail::readDrawing;
using detail::readSection;

using Failure = CheckFailure;

class Parser {
public:
    explicit Parser(std::string text) : m_text(std::move(text)) {}

    ParsedModel run()
    {
        ParsedModel out;
        try {
            read();
            finish(m_pending, m_lines, m_model);
            out.model = std::move(m_model);
            out.valid = true;
        } catch (const Failure& failure) {
            out.error = failure.error;
        } catch (const std::bad_alloc&) {
            out.error = {{1, 1}, "out of memory"};
        }
        return out;
    }

private:
    [[noreturn]] void fail(Where where, std::string reason) { throw Failure{{where, std::move(reason)}}; }
    [[noreturn]] void fail(const Cursor& cursor, const Token& token, std::string reason)
    {
        throw Failure{cursor.errorAt(token, std::move(reason))};
    }

    void read()
    {
        if (m_text.size() > kMaxFileBytes)
            fail({1, 1}, "the file is larger than " + std::to_string(kMaxFileBytes / 1024) + " KiB");
        if (auto error = text::blankComments(m_text))
            throw Failure{*error};
        m_lines = text::LineIndex(m_text);
        std::vector<text::Statement> statements;
        if (auto error = text::splitStatements(m_text, statements))
            throw Failure{*error};
        if (statements.size() > static_cast<std::size_t>(kMaxStatements))
            fail(m_lines.at(statements[kMaxStatements].begin), "more than " + std::to_string(kMaxStatements) + " statements");
        if (statements.empty())
            fail({1, 1}, "empty model file (it starts with: flmodel 1)");
        for (std::size_t i = 0; i < statements.size(); ++i)
            statement(Cursor(m_text, statements[i]), i == 0);
        if (m_model.name.empty())
            fail({1, 1}, "the model has no name (name \"...\")");
        if (m_model.coordinates.empty())
            fail(m_lines.at(m_text.size()), "the model has no coordinate (coord x)");
    }

    /// A new name of kind `what` (a parameter, a coordinate, ...): a free identifier, not taken.
    std::string declare(Cursor& cursor, const char* what)
    {
        const Token token = expect(cursor, Token::Kind::Word, what);
        checkNewName(token.text, m_lines.at(token.offset), what, m_names);
        return token.text;
    }

    /// Options: word "string" pairs, each at most once, out of `allowed`.
    std::map<std::string, std::string> options(Cursor& cursor, std::initializer_list<const char*> allowed, bool stopAtEquals)
    {
        std::map<std::string, std::string> out;
        for (Token token = cursor.peek(); token.kind == Token::Kind::Word; token = cursor.peek()) {
            bool known = false;
            for (const char* name : allowed)
                known = known || token.text == name;
            if (!known)
                fail(cursor, token, "unknown option '" + token.text + "' (options here: " + joinNames(allowed) + ")");
            cursor.next();
            if (out.count(token.text))
                fail(cursor, token, "option '" + token.text + "' given twice");
            out[token.text] = expect(cursor, Token::Kind::String, "a string in quotes").text;
        }
        if (!stopAtEquals)
            expectEnd(cursor);
        return out;
    }

    /// A declaration with an optional label and unit (coord, state, output): its id, label, unit and
    /// place; before an '=' when `beforeEquals`, else to the statement's end.
    template <class T>
    T labelled(Cursor& cursor, Where where, const char* what, bool beforeEquals)
    {
        T item;
        item.id = declare(cursor, what);
        const auto o = options(cursor, {"label", "unit"}, beforeEquals);
        item.label = o.count("label") ? o.at("label") : std::string();
        item.unit = o.count("unit") ? o.at("unit") : std::string();
        item.where = where;
        return item;
    }

    void statement(Cursor cursor, bool first)
    {
        const Token keyword = cursor.next();
        if (keyword.kind == Token::Kind::End)
            fail(cursor, keyword, keyword.text);
        if (keyword.kind != Token::Kind::Word)
            fail(cursor, keyword, "expected a statement, got " + text::describe(keyword));
        const std::string& k = keyword.text;
        const Where where = m_lines.at(keyword.offset);
        if (first != (k == "flmodel"))
            fail(where, first ? "a model file starts with: flmodel 1" : "'flmodel' only as the first statement");
        if (k == "flmodel") {
            const Token version = expect(cursor, Token::Kind::Number, "the format version (1)");
            if (version.number != 1.0)
                fail(cursor, version, "format version " + version.text + " is not one this FrictionLab reads (1)");
            expectEnd(cursor);
        } else if (k == "name" || k == "about") {
            std::string& target = k == "name" ? m_model.name : m_model.about;
            if (!target.empty())
                fail(where, "'" + k + "' given twice");
            target = expect(cursor, Token::Kind::String, "a string in quotes").text;
            if (target.empty())
                fail(where, "'" + k + "' is empty");
            expectEnd(cursor);
        } else if (k == "param") {
            parameter(cursor, where);
        } else if (k == "let") {
            if (static_cast<int>(m_pending.lets.size()) >= kMaxLets)
                fail(where, "more than " + std::to_string(kMaxLets) + " lets");
            Pending::Let l;
            l.id = declare(cursor, "a derived quantity's name");
            l.value = expressionAfterEquals(cursor, m_lines);
            l.where = where;
            m_pending.lets.push_back(l);
        } else if (k == "numerics") {
            numerics(cursor);
        } else if (k == "breakaway") {
            if (m_model.breakawayGiven)
                fail(where, "'breakaway' given twice");
            expectSign(cursor, "=");
            const Token rule = cursor.nextLawId(); // a word that may hold '-'
            if (rule.kind != Token::Kind::Word || (rule.text != "most-loaded" && rule.text != "in-order"))
                fail(cursor, rule, "expected a break-away rule (most-loaded, in-order), got " + text::describe(rule));
            m_model.breakaway = rule.text == "in-order" ? Breakaway::InOrder : Breakaway::MostLoaded;
            m_model.breakawayGiven = true;
            expectEnd(cursor);
        } else if (k == "coord") {
            if (static_cast<int>(m_model.coordinates.size()) >= kMaxCoordinates)
                fail(where, "more than " + std::to_string(kMaxCoordinates) + " coordinates");
            m_model.coordinates.push_back(labelled<Coordinate>(cursor, where, "a coordinate's name", false));
            m_pending.coordinates.emplace_back();
            m_block = Block::Coordinate;
        } else if (k == "state") {
            if (static_cast<int>(m_model.states.size()) >= kMaxStates)
                fail(where, "more than " + std::to_string(kMaxStates) + " states");
            m_model.states.push_back(labelled<State>(cursor, where, "a state's name", true));
            m_pending.states.push_back({expressionAfterEquals(cursor, m_lines)});
            m_block = Block::None;
        } else if (k == "rate") {
            const Token target = expect(cursor, Token::Kind::Word, "the state it is the rate of (rate theta = EXPR)");
            m_pending.rates.push_back({{target.text, m_lines.at(target.offset)}, expressionAfterEquals(cursor, m_lines), where});
        } else if (k == "mass" && cursor.peek().kind == Token::Kind::Word) {
            // mass A B = EXPR: an off-diagonal entry of the mass matrix, anywhere after both coords.
            const Token a = cursor.next();
            const Token b = expect(cursor, Token::Kind::Word, "the second coordinate (mass A B = EXPR)");
            m_pending.couplings.push_back({{a.text, m_lines.at(a.offset)}, {b.text, m_lines.at(b.offset)}, expressionAfterEquals(cursor, m_lines), where});
        } else if (k == "mass" || k == "start" || k == "velocity") {
            if (m_block != Block::Coordinate)
                fail(where, "'" + k + "' belongs to a coordinate: write it after its coord line");
            Pending::Text& slot = k == "mass" ? m_pending.coordinates.back().mass
                                  : k == "start" ? m_pending.coordinates.back().start
                                                 : m_pending.coordinates.back().velocity;
            if (slot.present())
                fail(where, "'" + k + "' given twice for coordinate '" + m_model.coordinates.back().id + "'");
            slot = expressionAfterEquals(cursor, m_lines);
        } else if (k == "force") {
            const Token target = expect(cursor, Token::Kind::Word, "the coordinate it acts on");
            m_pending.forces.push_back({target.text, m_lines.at(target.offset), expressionAfterEquals(cursor, m_lines), where});
        } else if (k == "contact") {
            if (static_cast<int>(m_model.contacts.size()) >= kMaxContacts)
                fail(where, "more than " + std::to_string(kMaxContacts) + " contacts");
            Contact c;
            c.id = declare(cursor, "a contact's name");
            const auto o = options(cursor, {"label"}, false);
            c.label = o.count("label") ? o.at("label") : std::string();
            c.where = where;
            m_model.contacts.push_back(c);
            m_pending.contacts.emplace_back();
            m_block = Block::Contact;
        } else if (k == "slip" || k == "normal") {
            if (m_block != Block::Contact)
                fail(where, "'" + k + "' belongs to a contact: write it after its contact line");
            Pending::Text& slot = k == "slip" ? m_pending.contacts.back().slip : m_pending.contacts.back().normal;
            if (slot.present())
                fail(where, "'" + k + "' given twice for contact '" + m_model.contacts.back().id + "'");
            slot = expressionAfterEquals(cursor, m_lines);
        } else if (k == "kinetic" || k == "static") {
            if (m_block != Block::Contact)
                fail(where, "'" + k + "' belongs to a contact with law = custom: write it after its contact line");
            Pending::Contact& contact = m_pending.contacts.back();
            Pending::Text& slot = k == "kinetic" ? contact.kinetic : contact.staticLimit;
            if (slot.present())
                fail(where, "'" + k + "' given twice for contact '" + m_model.contacts.back().id + "'");
            (k == "kinetic" ? contact.kineticWhere : contact.staticWhere) = where;
            slot = expressionAfterEquals(cursor, m_lines);
        } else if (k == "law") {
            if (m_block != Block::Contact)
                fail(where, "'law' belongs to a contact: write it after its contact line");
            law(cursor, where);
        } else if (k == "output") {
            Pending::Output o = labelled<Pending::Output>(cursor, where, "an output's name", true);
            o.value = expressionAfterEquals(cursor, m_lines);
            m_pending.outputs.push_back(o);
        } else if (k == "draw") {
            m_pending.drawings.push_back(readDrawing(cursor, where, m_lines));
        } else if (k == "section") {
            if (m_pending.section.kind != Section::Kind::None)
                fail(where, "'section' given twice (a model has one Poincaré section)");
            m_pending.section = readSection(cursor, where, m_lines);
        } else {
            fail(where, "unknown statement '" + k + "' (statements: flmodel, name, about, numerics, breakaway, param, let, coord, mass, start, "
                        "velocity, state, rate, force, contact, slip, normal, law, kinetic, static, output, draw, section)");
        }
    }

    void parameter(Cursor& cursor, Where where)
    {
        if (static_cast<int>(m_model.parameters.size()) >= kMaxParameters)
            fail(where, "more than " + std::to_string(kMaxParameters) + " parameters");
        ParameterSpec spec;
        spec.id = declare(cursor, "a parameter's name");
        expectSign(cursor, "=");
        const Token value = expect(cursor, Token::Kind::Number, "its default value");
        const Token range = expect(cursor, Token::Kind::Word, "'range'");
        if (range.text != "range")
            fail(cursor, range, "expected 'range', got " + text::describe(range));
        const Token lo = expect(cursor, Token::Kind::Number, "the lowest value");
        expectSign(cursor, "..");
        const Token hi = expect(cursor, Token::Kind::Number, "the highest value");
        if (!(lo.number < hi.number))
            fail(cursor, hi, "empty range " + lo.text + " .. " + hi.text + " (the highest value must be above the lowest)");
        if (value.number < lo.number || value.number > hi.number)
            fail(cursor, value, "default " + value.text + " is outside its range " + lo.text + " .. " + hi.text);
        const auto o = options(cursor, {"unit", "symbol", "label", "help"}, false);
        spec.defaultValue = value.number;
        spec.min = lo.number;
        spec.max = hi.number;
        spec.unit = o.count("unit") ? o.at("unit") : "–";
        spec.symbol = o.count("symbol") ? o.at("symbol") : spec.id;
        spec.label = o.count("label") ? o.at("label") : spec.id;
        spec.help = o.count("help") ? o.at("help") : std::string();
        m_model.parameters.push_back(spec);
        m_pending.parameterWhere.push_back(where);
    }

    void law(Cursor& cursor, Where where)
    {
        Pending::Contact& pending = m_pending.contacts.back();
        if (pending.hasLaw)
            fail(where, "'law' given twice for contact '" + m_model.contacts.back().id + "'");
        expectSign(cursor, "=");
        const Token id = cursor.nextLawId();
        if (id.kind != Token::Kind::Word)
            fail(cursor, id, id.kind == Token::Kind::End && !id.text.empty() ? id.text : "expected a friction law's id, got " + text::describe(id));
        if (id.text == "custom") { // the law written in the contact's kinetic (and static) lines
            m_model.contacts.back().lawId = id.text;
            pending.hasLaw = true;
            pending.lawWhere = m_lines.at(id.offset);
            if (cursor.peek().kind == Token::Kind::Sign && cursor.peek().text == "(")
                fail(cursor, cursor.peek(), "law = custom takes no values: write kinetic = EXPR (and static = EXPR) on the contact's next lines");
            expectEnd(cursor);
            return;
        }
        const FrictionLawInfo* info = findLaw(LawFamily::OneDimensional, id.text);
        if (!info)
            fail(cursor, id, "unknown friction law '" + id.text + "' (laws: " + lawIdList() + ", or custom)");
        m_model.contacts.back().lawId = id.text;
        pending.hasLaw = true;
        pending.lawWhere = m_lines.at(id.offset);
        if (cursor.peek().kind == Token::Kind::Sign && cursor.peek().text == "(") {
            cursor.next();
            for (;;) {
                const Token name = expect(cursor, Token::Kind::Word, "a parameter of the law");
                bool known = false;
                for (const ParameterSpec& spec : info->specs)
                    known = known || spec.id == name.text;
                if (!known)
                    fail(cursor, name, "law " + id.text + " has no parameter '" + name.text + "' (its parameters: " + specIdList(info->specs) + ")");
                if (pending.lawValues.count(name.text))
                    fail(cursor, name, "'" + name.text + "' given twice");
                expectSign(cursor, "=");
                // A number becomes a parameter of the model (its slider, --set); an expression of the
                // parameters computes the value at each run (the law is bound to them).
                pending.lawValues[name.text] = lawValue(cursor);
                const Token after = cursor.next();
                if (after.kind == Token::Kind::Sign && after.text == ")")
                    break;
                if (after.kind != Token::Kind::Sign || after.text != ",")
                    fail(cursor, after, "expected ',' or ')', got " + text::describe(after));
            }
        }
        expectEnd(cursor);
    }

    /// A law's value after its '=': a number, or the text of an expression up to the ',' or ')' that
    /// ends it (outside its own parentheses).
    Pending::LawValue lawValue(Cursor& cursor)
    {
        const std::size_t begin = cursor.restOffset();
        const std::string_view all = cursor.text();
        std::size_t end = begin;
        for (int depth = 0; end < cursor.end(); ++end) {
            const char c = all[end];
            if ((c == ',' || c == ')') && depth == 0)
                break;
            depth += c == '(' ? 1 : (c == ')' ? -1 : 0);
        }
        std::size_t last = end;
        while (last > begin && (all[last - 1] == ' ' || all[last - 1] == '\t' || all[last - 1] == '\n' || all[last - 1] == '\r'))
            --last;
        const Token first = cursor.peek();
        if (last == begin)
            fail(cursor, first, "expected a value, got " + text::describe(first));
        if (first.kind == Token::Kind::Number) { // a number alone
            Cursor probe = cursor;
            probe.next();
            if (probe.restOffset() >= last) {
                cursor.next();
                return {first.number, m_lines.at(first.offset), {}};
            }
        }
        cursor.skipTo(end);
        return {0.0, m_lines.at(begin), {begin, last}};
    }

    /// numerics ID = NUMBER, ...: the run's settings the model opens with (t_end, dt, tol, eps, ...).
    void numerics(Cursor& cursor)
    {
        const ParameterSpecs specs = numericsSpecs();
        for (;;) {
            const Token name = expect(cursor, Token::Kind::Word, "a numerical setting (t_end, dt, tol, eps, ...)");
            const auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParameterSpec& s) { return s.id == name.text; });
            if (spec == specs.end())
                fail(cursor, name, "'" + name.text + "' is not a numerical setting (settings: " + specIdList(specs) + ")");
            for (const auto& [id, value] : m_model.numerics)
                if (id == name.text)
                    fail(cursor, name, "'" + name.text + "' given twice");
            expectSign(cursor, "=");
            const Token value = expect(cursor, Token::Kind::Number, "a number");
            if (!(value.number >= spec->min && value.number <= spec->max))
                fail(cursor, value, name.text + " = " + value.text + " is outside its range " + rangeText(*spec));
            m_model.numerics.emplace_back(name.text, value.number);
            const Token after = cursor.next();
            if (after.kind == Token::Kind::End && after.text.empty())
                break;
            if (after.kind != Token::Kind::Sign || after.text != ",")
                fail(cursor, after, "expected ',' or the end of the statement, got " + text::describe(after));
        }
    }

    enum class Block { None, Coordinate, Contact };

    std::string m_text;
    text::LineIndex m_lines{m_text}; ///< of m_text after its comments are blanked (read())
    Model m_model;
    Pending m_pending;
    std::map<std::string, Where> m_names;
    Block m_block = Block::None;
};

} // namespace

ParsedModel parseModel(std::string_view text)
{
    try {
        return Parser(std::string(text)).run();
    } catch (const std::bad_alloc&) {
        ParsedModel out;
        out.error = {{1, 1}, "out of memory"};
        return out;
    }
}

} // namespace fl::model
