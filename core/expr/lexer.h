#pragma once
// Tokens of one expression's text. Positions are the file's: the caller says at which line and
// column the text starts, and a newline in the text starts a new line at column 1. Columns count
// bytes (a tab is one column). Numbers are read in the C locale whatever the process's locale
// (std::from_chars), so "1,5" is never one number.
#include <initializer_list>
#include <string>
#include <string_view>

namespace fl::expr {

struct Position {
    int line = 1;
    int column = 1;
};

enum class TokenKind {
    End,
    Number,
    Name,
    Plus,
    Minus,
    Star,
    Slash,
    Caret,
    LeftParen,
    RightParen,
    Comma,
    Error, ///< a malformed number, a number out of range or a character that starts no token
};

struct Token {
    TokenKind kind = TokenKind::End;
    std::string_view text; ///< as written (empty at the end)
    Position position;     ///< of its first character; after the last character for End
    double value = 0.0;    ///< for Number
    std::string error;     ///< for Error: the reason
};

class Lexer {
public:
    Lexer(std::string_view text, Position start) : m_text(text), m_position(start) {}
    Token next();

private:
    void advance(std::size_t count);
    Token number(Position at, std::size_t begin);

    std::string_view m_text;
    std::size_t m_index = 0;
    Position m_position;
};

/// The parts one after the other: messages are built with this rather than "text" + std::string,
/// on which GCC 12 gives false -Wrestrict warnings.
std::string joined(std::initializer_list<std::string_view> parts);

/// A token for a message: "'x'", "'*'", "'\x01'", "end of expression"; a long one cut after 40
/// bytes ("'abc...'"), so that a message stays short whatever the input.
std::string describeToken(const Token& token);

} // namespace fl::expr
