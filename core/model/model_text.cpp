#include "model/model_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace fl::model::text {
namespace {

bool isLetter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string hexOf(char c)
{
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned char>(c));
    return buffer;
}

} // namespace

LineIndex::LineIndex(std::string_view text) : m_text(text)
{
    m_starts.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n')
            m_starts.push_back(i + 1);
}

Where LineIndex::at(std::size_t offset) const
{
    offset = std::min(offset, m_text.size());
    const auto next = std::upper_bound(m_starts.begin(), m_starts.end(), offset);
    const std::size_t line = static_cast<std::size_t>(next - m_starts.begin()); // >= 1: m_starts[0] = 0
    return {static_cast<int>(line), static_cast<int>(offset - m_starts[line - 1]) + 1};
}

Where whereOf(std::string_view text, std::size_t offset)
{
    Where where{1, 1};
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++where.line;
            where.column = 1;
        } else {
            ++where.column;
        }
    }
    return where;
}

std::optional<ModelError> blankComments(std::string& text)
{
    bool inString = false, inComment = false;
    std::size_t stringStart = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            if (inString)
                return ModelError{whereOf(text, stringStart), "string not closed on its line (a '\"' is missing)"};
            inComment = false;
            continue;
        }
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\r')
            return ModelError{whereOf(text, i), "unexpected control character '" + hexOf(c) + "'"};
        if (inComment) {
            text[i] = ' ';
        } else if (inString) {
            if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
            stringStart = i;
        } else if (c == '#') {
            inComment = true;
            text[i] = ' ';
        }
    }
    if (inString)
        return ModelError{whereOf(text, stringStart), "string not closed on its line (a '\"' is missing)"};
    return std::nullopt;
}

std::optional<ModelError> splitStatements(std::string_view text, std::vector<Statement>& out)
{
    std::size_t begin = 0;
    int depth = 0;
    std::size_t firstOpen = 0;
    bool inString = false, content = false;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text[i] : '\n';
        if (inString) {
            inString = c != '"';
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '(') {
            if (depth++ == 0)
                firstOpen = i;
        } else if (c == ')') {
            if (--depth < 0)
                return ModelError{whereOf(text, i), "')' without its '('"};
        } else if (c == '\n' && depth == 0) {
            if (content)
                out.push_back({begin, i});
            begin = i + 1;
            content = false;
            continue;
        }
        if (!isBlank(c))
            content = true;
    }
    if (depth > 0)
        return ModelError{whereOf(text, firstOpen), "'(' not closed before the end of the file"};
    return std::nullopt;
}

Token Cursor::read(std::size_t& at) const
{
    while (at < m_end && isBlank(m_text[at]))
        ++at;
    Token token;
    token.offset = at;
    if (at >= m_end)
        return token; // End
    const char c = m_text[at];
    if (isLetter(c)) {
        std::size_t i = at;
        while (i < m_end && (isLetter(m_text[i]) || isDigit(m_text[i])))
            ++i;
        token.kind = Token::Kind::Word;
        token.text = std::string(m_text.substr(at, i - at));
        at = i;
        return token;
    }
    const bool signedNumber = (c == '-' || c == '+') && at + 1 < m_end && (isDigit(m_text[at + 1]) || m_text[at + 1] == '.');
    if (isDigit(c) || signedNumber || (c == '.' && at + 1 < m_end && isDigit(m_text[at + 1]))) {
        std::size_t i = at + (signedNumber ? 1 : 0);
        while (i < m_end && (isDigit(m_text[i]) || m_text[i] == '.' || m_text[i] == 'e' || m_text[i] == 'E'
                             || ((m_text[i] == '-' || m_text[i] == '+') && (m_text[i - 1] == 'e' || m_text[i - 1] == 'E')))) {
            if (m_text[i] == '.' && i + 1 < m_end && m_text[i + 1] == '.')
                break; // "0..1": a range, not a number
            ++i;
        }
        token.text = std::string(m_text.substr(at, i - at));
        std::size_t used = 0;
        try {
            token.number = std::stod(token.text, &used);
        } catch (...) {
            used = 0;
        }
        token.kind = used == token.text.size() && std::isfinite(token.number) ? Token::Kind::Number : Token::Kind::End;
        if (token.kind == Token::Kind::End)
            token.text = "malformed number '" + token.text + "'";
        at = i;
        return token;
    }
    if (c == '"') {
        const std::size_t close = m_text.find('"', at + 1);
        token.kind = Token::Kind::String;
        token.text = std::string(m_text.substr(at + 1, close - at - 1));
        at = close + 1;
        return token;
    }
    if (c == '.' && at + 1 < m_end && m_text[at + 1] == '.') {
        token.kind = Token::Kind::Sign;
        token.text = "..";
        at += 2;
        return token;
    }
    if (c == '=' || c == ',' || c == '(' || c == ')') {
        token.kind = Token::Kind::Sign;
        token.text = std::string(1, c);
        ++at;
        return token;
    }
    token.text = static_cast<unsigned char>(c) < 0x80 ? "unexpected character '" + std::string(1, c) + "'"
                                                       : "unexpected character '" + hexOf(c) + "' (non-ASCII text belongs in quotes)";
    return token; // End with a reason: an error
}

Token Cursor::peek() const
{
    std::size_t at = m_at;
    return read(at);
}

Token Cursor::next() { return read(m_at); }

Token Cursor::nextLawId()
{
    Token token = read(m_at);
    while (token.kind == Token::Kind::Word && m_at + 1 < m_end && m_text[m_at] == '-' && isLetter(m_text[m_at + 1])) {
        std::size_t at = m_at + 1;
        const Token part = read(at);
        token.text += "-" + part.text;
        m_at = at;
    }
    return token;
}

std::size_t Cursor::restOffset() const
{
    std::size_t at = m_at;
    while (at < m_end && isBlank(m_text[at]))
        ++at;
    return at;
}

ModelError Cursor::errorAt(const Token& token, std::string reason) const
{
    return ModelError{whereOf(m_text, token.kind == Token::Kind::End && token.text.empty() ? m_end : token.offset), std::move(reason)};
}

std::string describe(const Token& token)
{
    switch (token.kind) {
    case Token::Kind::Word:
    case Token::Kind::Sign:
        return "'" + token.text + "'";
    case Token::Kind::Number:
        return "the number " + token.text;
    case Token::Kind::String:
        return "a string";
    case Token::Kind::End:
        break;
    }
    return "the end of the statement";
}

} // namespace fl::model::text
