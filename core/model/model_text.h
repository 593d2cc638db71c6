#pragma once
// The text level of a model file: comments blanked (so expressions that span lines keep their
// columns), the statements (a line, continued while a parenthesis is open), and the words, numbers,
// strings and signs of a statement with their positions. Expressions are not tokenized here: a
// statement hands the rest of its text after '=' to the expression parser (expr/parser.h).
#include "model/model_spec.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fl::model::text {

/// The file with every comment ('#' to the end of the line, outside strings) replaced by spaces.
/// An error for a control character other than tab and line ends, or a string left open at its line's end.
std::optional<ModelError> blankComments(std::string& text);

/// One statement: [begin, end) of the blanked text, not empty.
struct Statement {
    std::size_t begin = 0;
    std::size_t end = 0;
};
/// The statements: a line, joined with the next while a '(' is open at its end. An error for a ')'
/// without its '(' or a '(' still open at the end of the file.
std::optional<ModelError> splitStatements(std::string_view text, std::vector<Statement>& out);

/// Line and column of an offset (1-based), counted from the start: for a single error message.
Where whereOf(std::string_view text, std::size_t offset);

/// The starts of a text's lines, for the line and column of many offsets (every declaration's
/// position) in O(log lines) each. Views the text: it must outlive the index, with its line ends
/// unchanged.
class LineIndex {
public:
    explicit LineIndex(std::string_view text);
    Where at(std::size_t offset) const;
    std::string_view text() const { return m_text; }

private:
    std::string_view m_text;
    std::vector<std::size_t> m_starts;
};

struct Token {
    enum class Kind { Word, Number, String, Sign, End };
    Kind kind = Kind::End;
    std::string text;   ///< the word, the sign ("=", ",", "(", ")", ".."), or the string's contents
    double number = 0.0;
    std::size_t offset = 0;
};

/// Reads the tokens of one statement in turn.
class Cursor {
public:
    Cursor(std::string_view text, Statement statement) : m_text(text), m_at(statement.begin), m_end(statement.end) {}

    /// The next token without taking it; an error token (Kind::End with text) for a character that
    /// starts none.
    Token peek() const;
    Token next();
    /// A law's id: a word that may go on with '-' and letters ("stribeck-gauss").
    Token nextLawId();
    /// Where the next token starts (after blanks), for "the rest is an expression".
    std::size_t restOffset() const;
    /// Goes on reading at `offset` (within the statement): past an expression read as text.
    void skipTo(std::size_t offset) { m_at = offset < m_end ? offset : m_end; }
    std::size_t end() const { return m_end; }
    /// An error at a token, or at the statement's end for an End token.
    ModelError errorAt(const Token& token, std::string reason) const;
    std::string_view text() const { return m_text; }

private:
    Token read(std::size_t& at) const;

    std::string_view m_text;
    std::size_t m_at;
    std::size_t m_end;
};

/// How a token reads in a message: the word or sign in quotes, "a string", "a number", "the end of the line".
std::string describe(const Token& token);

} // namespace fl::model::text
