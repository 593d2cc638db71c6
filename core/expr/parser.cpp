#include "expr/parser.h"
#include "expr/functions.h"

#include <cmath>
#include <new>
#include <numbers>

namespace fl::expr {
namespace {

std::string at(Position p) { return joined({std::to_string(p.line), ":", std::to_string(p.column)}); }

class Parser {
public:
    Parser(std::string_view text, const SymbolTable& symbols, const Limits& limits, Position start)
        : m_lexer(text, start), m_symbols(symbols), m_limits(limits)
    {
        shift();
    }

    ParseResult run()
    {
        Expr expr = expression();
        if (expr && m_token.kind != TokenKind::End) {
            if (m_token.kind == TokenKind::RightParen)
                fail(m_token.position, "unmatched ')'");
            else if (m_token.kind == TokenKind::Comma)
                fail(m_token.position, "unexpected ',' outside a function's arguments");
            else if (m_token.kind == TokenKind::Error)
                fail(m_token.position, m_token.error);
            else
                fail(m_token.position, joined({"expected an operator before ", describeToken(m_token)}));
        }
        if (m_failed)
            return {nullptr, m_error};
        return {std::move(expr), {}};
    }

private:
    void shift() { m_token = m_lexer.next(); }

    Expr fail(Position position, std::string reason)
    {
        if (!m_failed) {
            m_failed = true;
            m_error = {position.line, position.column, std::move(reason)};
        }
        return nullptr;
    }

    /// Counts a new node and checks its height; null (with the error) when over a limit.
    Expr counted(Expr node, Position where)
    {
        if (++m_nodes > m_limits.maxNodes)
            return fail(where, joined({"expression has more than ", std::to_string(m_limits.maxNodes), " nodes"}));
        if (node->height > m_limits.maxHeight)
            return fail(where, joined({"chain of operations longer than ", std::to_string(m_limits.maxHeight)}));
        return node;
    }

    /// One more level of nesting at the current token: false (with the error) beyond the limit.
    bool enter()
    {
        if (++m_depth <= m_limits.maxDepth)
            return true;
        fail(m_token.position, joined({"nesting deeper than ", std::to_string(m_limits.maxDepth)}));
        return false;
    }

    Expr expression()
    {
        Expr left = term();
        while (left && (m_token.kind == TokenKind::Plus || m_token.kind == TokenKind::Minus)) {
            const Token op = m_token;
            shift();
            Expr right = term();
            if (!right)
                return nullptr;
            left = counted(makeBinary(op.kind == TokenKind::Plus ? Kind::Add : Kind::Subtract, std::move(left), std::move(right)),
                           op.position);
        }
        return left;
    }

    Expr term()
    {
        Expr left = unary();
        while (left && (m_token.kind == TokenKind::Star || m_token.kind == TokenKind::Slash)) {
            const Token op = m_token;
            shift();
            Expr right = unary();
            if (!right)
                return nullptr;
            left = counted(makeBinary(op.kind == TokenKind::Star ? Kind::Multiply : Kind::Divide, std::move(left), std::move(right)),
                           op.position);
        }
        return left;
    }

    Expr unary()
    {
        if (m_token.kind != TokenKind::Minus && m_token.kind != TokenKind::Plus)
            return power();
        const Token sign = m_token;
        if (!enter())
            return nullptr;
        shift();
        Expr operand = unary();
        --m_depth;
        if (!operand || sign.kind == TokenKind::Plus)
            return operand;
        if (operand->kind == Kind::Number && !std::signbit(operand->value))
            return makeNumber(-operand->value); // replaces the node counted for the number
        return counted(makeUnary(Kind::Negate, std::move(operand)), sign.position);
    }

    Expr power()
    {
        Expr base = primary();
        if (!base || m_token.kind != TokenKind::Caret)
            return base;
        const Token op = m_token;
        if (!enter())
            return nullptr;
        shift();
        Expr exponent = unary();
        --m_depth;
        if (!exponent)
            return nullptr;
        return counted(makeBinary(Kind::Power, std::move(base), std::move(exponent)), op.position);
    }

    Expr primary()
    {
        const Token token = m_token;
        switch (token.kind) {
        case TokenKind::Number: shift(); return counted(makeNumber(token.value), token.position);
        case TokenKind::Name: shift(); return name(token);
        case TokenKind::LeftParen: {
            if (!enter())
                return nullptr;
            shift();
            Expr inner = expression();
            if (!inner)
                return nullptr;
            if (m_token.kind != TokenKind::RightParen)
                return closeError(token);
            shift();
            --m_depth;
            return inner;
        }
        case TokenKind::End: return fail(token.position, "unexpected end of expression");
        case TokenKind::Error: return fail(token.position, token.error);
        default: return fail(token.position, joined({"unexpected ", describeToken(token)}));
        }
    }

    Expr closeError(const Token& open)
    {
        if (m_token.kind == TokenKind::Error)
            return fail(m_token.position, m_token.error);
        return fail(m_token.position, joined({"expected ')' to close '(' at ", at(open.position)}));
    }

    Expr name(const Token& token)
    {
        const FunctionInfo* function = findFunction(token.text);
        if (m_token.kind == TokenKind::LeftParen) {
            if (!function) {
                if (token.text == "pi" || m_symbols.slotOf(token.text) >= 0)
                    return fail(token.position, joined({describeToken(token), " is not a function"}));
                return fail(token.position, joined({"unknown function ", describeToken(token), " (functions: ", functionListing(), ")"}));
            }
            return call(token, *function);
        }
        if (function)
            return fail(token.position, joined({"function ", describeToken(token), " needs its arguments in parentheses"}));
        if (token.text == "pi")
            return counted(makeNumber(std::numbers::pi), token.position);
        const int slot = m_symbols.slotOf(token.text);
        if (slot >= 0)
            return counted(makeVariable(slot), token.position);
        // x'' where x' is a name: an acceleration, which the equations give and no expression reads.
        if (token.text.size() > 2 && token.text.ends_with("''") && !token.text.ends_with("'''")
            && m_symbols.slotOf(token.text.substr(0, token.text.size() - 1)) >= 0 && m_symbols.slotOf(token.text.substr(0, token.text.size() - 2)) >= 0)
            return fail(token.position, joined({describeToken(token), " is an acceleration: expressions read coordinates and velocities (",
                                                token.text.substr(0, token.text.size() - 2), ", ", token.text.substr(0, token.text.size() - 1),
                                                "), not accelerations"}));
        std::string names = m_symbols.listing();
        if (names.size() > 200)
            names = joined({std::string_view(names).substr(0, names.rfind(", ", 200)), ", ..."});
        return fail(token.position,
                    joined({"unknown name ", describeToken(token), " ", names.empty() ? "(no variables)" : "(variables: ", names, names.empty() ? "" : ")"}));
    }

    Expr call(const Token& name, const FunctionInfo& function)
    {
        const Token open = m_token;
        if (!enter())
            return nullptr;
        shift();
        Expr arguments[2];
        int count = 0;
        if (m_token.kind != TokenKind::RightParen) {
            for (;;) {
                Expr argument = expression();
                if (!argument)
                    return nullptr;
                if (count < 2)
                    arguments[count] = std::move(argument);
                ++count;
                if (m_token.kind != TokenKind::Comma)
                    break;
                shift();
            }
        }
        if (m_token.kind != TokenKind::RightParen)
            return closeError(open);
        shift();
        --m_depth;
        if (count != function.arity)
            return fail(name.position, joined({function.name, " takes ", std::to_string(function.arity),
                                                  function.arity == 1 ? " argument, got " : " arguments, got ", std::to_string(count)}));
        return counted(makeCall(function.function, std::move(arguments[0]), std::move(arguments[1])), name.position);
    }

    Lexer m_lexer;
    const SymbolTable& m_symbols;
    const Limits& m_limits;
    Token m_token;
    int m_depth = 0;
    int m_nodes = 0;
    bool m_failed = false;
    ParseError m_error;
};

} // namespace

std::string ParseError::text() const { return joined({std::to_string(line), ":", std::to_string(column), ": ", reason}); }

ParseResult parse(std::string_view text, const SymbolTable& symbols, const Limits& limits, Position start)
{
    if (text.size() > limits.maxLength)
        return {nullptr, {start.line, start.column, joined({"expression longer than ", std::to_string(limits.maxLength), " bytes"})}};
    try {
        return Parser(text, symbols, limits, start).run();
    } catch (const std::bad_alloc&) {
        return {nullptr, {start.line, start.column, "out of memory"}};
    }
}

} // namespace fl::expr
