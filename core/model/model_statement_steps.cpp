// Reading a model file's statements (model_parser.cpp): the tokens a statement expects, and the
// statements with a grammar of their own, `section` and `draw` (docs/model-files.md).
#include "model/model_statement_steps.h"

#include <cctype>

namespace fl::model::detail {

void fail(const Cursor& cursor, const Token& token, std::string reason) { throw CheckFailure{cursor.errorAt(token, std::move(reason))}; }

Token expect(Cursor& cursor, Token::Kind kind, const char* what)
{
    const Token token = cursor.next();
    if (token.kind == Token::Kind::End && !token.text.empty())
        fail(cursor, token, token.text);
    if (token.kind != kind)
        fail(cursor, token, std::string("expected ") + what + ", got " + text::describe(token));
    return token;
}

void expectSign(Cursor& cursor, const char* sign)
{
    const Token token = cursor.next();
    if (token.kind != Token::Kind::Sign || token.text != sign)
        fail(cursor, token, std::string("expected '") + sign + "', got " + text::describe(token));
}

void expectEnd(Cursor& cursor)
{
    const Token token = cursor.next();
    if (token.kind != Token::Kind::End || !token.text.empty())
        fail(cursor, token, token.kind == Token::Kind::End ? token.text : "expected the end of the statement, got " + text::describe(token));
}

/// The rest of the statement after '=' is an expression.
Pending::Text expressionAfterEquals(Cursor& cursor, const text::LineIndex& lines)
{
    expectSign(cursor, "=");
    const std::size_t begin = cursor.restOffset();
    if (begin >= cursor.end())
        fail(lines.at(begin), "expected an expression after '='");
    return {begin, cursor.end()};
}


/// section strobe = EXPR | section plane = EXPR direction +|-: the plane's expression ends at the
/// last word 'direction' of the statement.
Pending::Section readSection(Cursor& cursor, Where where, const text::LineIndex& lines)
{
    const Token kind = expect(cursor, Token::Kind::Word, "the kind of section (strobe, plane)");
    if (kind.text != "strobe" && kind.text != "plane")
        fail(cursor, kind, "unknown section '" + kind.text + "' (strobe = PERIOD, plane = EXPR direction +|-)");
    Pending::Section section;
    const std::string_view all = lines.text();
    section.where = where;
    if (kind.text == "strobe") {
        section.kind = Section::Kind::Strobe;
        section.value = expressionAfterEquals(cursor, lines);
        return section;
    }
    section.kind = Section::Kind::Plane;
    expectSign(cursor, "=");
    const std::size_t begin = cursor.restOffset();
    const std::string_view text = cursor.text().substr(begin, cursor.end() - begin);
    std::size_t at = std::string_view::npos;
    for (std::size_t i = text.find("direction"); i != std::string_view::npos; i = text.find("direction", i + 1)) {
        const bool startsWord = i == 0 || !(std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_');
        const std::size_t after = i + 9;
        const bool endsWord = after >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[after])) || text[after] == '_' || text[after] == '\'');
        if (startsWord && endsWord)
            at = i;
    }
    if (at == std::string_view::npos)
        fail(lines.at(cursor.end()), "a section plane ends with its direction: section plane = EXPR direction + (where EXPR rises "
                                       "through 0) or direction - (where it falls)");
    std::size_t end = begin + at;
    while (end > begin && std::isspace(static_cast<unsigned char>(all[end - 1])))
        --end;
    if (end == begin)
        fail(lines.at(begin), "expected an expression after '='");
    section.value = {begin, end};
    std::size_t sign = begin + at + 9;
    while (sign < cursor.end() && std::isspace(static_cast<unsigned char>(all[sign])))
        ++sign;
    std::size_t last = cursor.end();
    while (last > sign && std::isspace(static_cast<unsigned char>(all[last - 1])))
        --last;
    const std::string_view word = all.substr(sign, last - sign);
    if (word != "+" && word != "-")
        fail(lines.at(sign), "expected + or - after 'direction' (+: where the expression rises through 0, -: where it falls), got '"
                                   + std::string(word.substr(0, 40)) + "'");
    section.direction = word == "+" ? 1 : -1;
    return section;
}

Pending::Drawing readDrawing(Cursor& cursor, Where where, const text::LineIndex& lines)
{
    const Token what = expect(cursor, Token::Kind::Word, "what to draw (block, spring, belt, pendulum, disk)");
    Pending::Drawing d;
    d.where = where;
    if (what.text == "block") {
        d.kind = Drawing::Kind::Block;
        const Token c = expect(cursor, Token::Kind::Word, "the coordinate that moves the block");
        d.first = {c.text, lines.at(c.offset)};
        if (cursor.peek().kind == Token::Kind::Word && cursor.peek().text == "at") {
            cursor.next();
            d.at = expect(cursor, Token::Kind::Number, "the block's position at coordinate 0").number;
        }
        expectEnd(cursor);
    } else if (what.text == "spring") {
        d.kind = Drawing::Kind::Spring;
        const Token a = expect(cursor, Token::Kind::Word, "a coordinate or 'wall'");
        const Token b = expect(cursor, Token::Kind::Word, "a coordinate or 'wall'");
        d.first = {a.text, lines.at(a.offset)};
        d.second = {b.text, lines.at(b.offset)};
        expectEnd(cursor);
    } else if (what.text == "belt") {
        d.kind = Drawing::Kind::Belt;
        d.speed = expressionAfterEquals(cursor, lines);
    } else if (what.text == "pendulum" || what.text == "disk") {
        // draw pendulum ID [at X] length L, draw disk ID [at X] radius R: bodies an angle turns.
        const bool pendulum = what.text == "pendulum";
        d.kind = pendulum ? Drawing::Kind::Pendulum : Drawing::Kind::Disk;
        const Token c = expect(cursor, Token::Kind::Word, pendulum ? "the angle that swings the pendulum" : "the angle that turns the disk");
        d.first = {c.text, lines.at(c.offset)};
        const char* sizeWord = pendulum ? "length" : "radius";
        for (Token word = cursor.next();; word = cursor.next()) {
            if (word.kind == Token::Kind::Word && word.text == "at" && !d.atGiven) {
                d.at = expect(cursor, Token::Kind::Number, pendulum ? "the pivot's position" : "the centre's position").number;
                d.atGiven = true;
            } else if (word.kind == Token::Kind::Word && word.text == sizeWord && d.size == 0.0) {
                const Token size = expect(cursor, Token::Kind::Number, pendulum ? "the pendulum's length" : "the disk's radius");
                if (!(size.number > 0.0))
                    fail(cursor, size, std::string("the ") + sizeWord + " must be > 0");
                d.size = size.number;
            } else if (word.kind == Token::Kind::End && word.text.empty() && d.size > 0.0) {
                break;
            } else {
                fail(cursor, word, std::string("expected ") + (d.atGiven ? "" : "'at X' or ") + (d.size > 0.0 ? "the end of the statement" : "'" + std::string(sizeWord) + " L'")
                                       + " (draw " + what.text + " " + c.text + " at 0 " + sizeWord + " 1), got " + text::describe(word));
            }
        }
    } else {
        fail(cursor, what, "unknown drawing '" + what.text + "' (block, spring, belt, pendulum, disk)");
    }
    return d;
}

} // namespace fl::model::detail
