#include "expr/lexer.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace fl::expr {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isLetter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }

/// A token's text in a message: at most 40 bytes, with a byte that is not printable ASCII shown
/// as \xNN (the message stays one printable line whatever the input).
std::string quoted(std::string_view text)
{
    std::string out(1, '\'');
    std::size_t shown = 0;
    for (char c : text) {
        if (++shown > 40) {
            out += "...";
            break;
        }
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", byte);
            out += hex;
        }
    }
    out += '\'';
    return out;
}

} // namespace

void Lexer::advance(std::size_t count)
{
    for (; count > 0 && m_index < m_text.size(); --count, ++m_index) {
        if (m_text[m_index] == '\n') {
            ++m_position.line;
            m_position.column = 1;
        } else {
            ++m_position.column;
        }
    }
}

Token Lexer::number(Position at, std::size_t begin)
{
    std::size_t i = begin;
    auto digits = [&] {
        const std::size_t from = i;
        while (i < m_text.size() && isDigit(m_text[i]))
            ++i;
        return i > from;
    };
    bool ok = digits();
    if (i < m_text.size() && m_text[i] == '.') {
        ++i;
        ok = digits() || ok;
    }
    if (ok && i < m_text.size() && (m_text[i] == 'e' || m_text[i] == 'E')) {
        ++i;
        if (i < m_text.size() && (m_text[i] == '+' || m_text[i] == '-'))
            ++i;
        ok = digits();
    }
    // "2x", "1.2.3", "1e": the whole run of number-like characters is the bad token.
    bool glued = false;
    while (i < m_text.size() && (isLetter(m_text[i]) || isDigit(m_text[i]) || m_text[i] == '.')) {
        ++i;
        glued = true;
    }
    Token token{TokenKind::Number, m_text.substr(begin, i - begin), at, 0.0, {}};
    advance(i - begin);
    if (!ok || glued) {
        token.kind = TokenKind::Error;
        token.error = joined({"malformed number ", quoted(token.text)});
        return token;
    }
    const auto [end, code] = std::from_chars(token.text.data(), token.text.data() + token.text.size(), token.value);
    if (code == std::errc::result_out_of_range || (code == std::errc() && !std::isfinite(token.value))) {
        token.kind = TokenKind::Error;
        token.error = joined({"number out of range ", quoted(token.text)});
    } else if (code != std::errc() || end != token.text.data() + token.text.size()) {
        token.kind = TokenKind::Error;
        token.error = joined({"malformed number ", quoted(token.text)});
    }
    return token;
}

Token Lexer::next()
{
    while (m_index < m_text.size()) {
        const char c = m_text[m_index];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        advance(1);
    }
    const Position at = m_position;
    if (m_index >= m_text.size())
        return Token{TokenKind::End, {}, at, 0.0, {}};
    const std::size_t begin = m_index;
    const char c = m_text[begin];
    if (isDigit(c) || (c == '.' && begin + 1 < m_text.size() && isDigit(m_text[begin + 1])))
        return number(at, begin);
    if (isLetter(c)) {
        std::size_t i = begin;
        while (i < m_text.size() && (isLetter(m_text[i]) || isDigit(m_text[i])))
            ++i;
        // Primes end a name: a model writes the velocity of coordinate x as x' (as the plots label it).
        while (i < m_text.size() && m_text[i] == '\'')
            ++i;
        advance(i - begin);
        return Token{TokenKind::Name, m_text.substr(begin, i - begin), at, 0.0, {}};
    }
    TokenKind kind = TokenKind::Error;
    switch (c) {
    case '+': kind = TokenKind::Plus; break;
    case '-': kind = TokenKind::Minus; break;
    case '*': kind = TokenKind::Star; break;
    case '/': kind = TokenKind::Slash; break;
    case '^': kind = TokenKind::Caret; break;
    case '(': kind = TokenKind::LeftParen; break;
    case ')': kind = TokenKind::RightParen; break;
    case ',': kind = TokenKind::Comma; break;
    default: break;
    }
    Token token{kind, m_text.substr(begin, 1), at, 0.0, {}};
    advance(1);
    if (kind == TokenKind::Error)
        token.error = joined({"unexpected character ", quoted(token.text)});
    return token;
}

std::string joined(std::initializer_list<std::string_view> parts)
{
    std::string out;
    for (const std::string_view part : parts)
        out += part;
    return out;
}

std::string describeToken(const Token& token)
{
    if (token.kind == TokenKind::End)
        return "end of expression";
    return quoted(token.text);
}

} // namespace fl::expr
