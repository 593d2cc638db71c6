#pragma once
// One expression's text to a tree: a recursive-descent parser with bounded recursion.
//
//   expression := term (('+' | '-') term)*
//   term       := unary (('*' | '/') unary)*
//   unary      := ('-' | '+') unary | power
//   power      := primary ('^' unary)?          right-associative; binds tighter than unary minus,
//                                               so -x^2 = -(x^2) and 2^-x = 2^(-x)
//   primary    := number | name | name '(' arguments ')' | '(' expression ')'
//
// Model files are untrusted, so the parser refuses, with the position, text longer than
// Limits::maxLength, nesting (parentheses, calls, unary signs, powers) deeper than maxDepth, more
// than maxNodes nodes and a tree taller than maxHeight. The last one is there because everything
// after parsing (printing, derivatives, compiling) recurses over the tree: a chain a+b+c+... is a
// tree as tall as it is long, and its height bounds those recursions' stack.
//
// A minus sign directly before a number (or a parenthesized number) is part of the number: "-3" is
// the number -3, not the negation of 3, so printing a tree with negative numbers (a derivative's)
// gives text that parses back to the same tree.
#include "expr/lexer.h"
#include "expr/node.h"
#include "expr/symbols.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace fl::expr {

struct Limits {
    std::size_t maxLength = 64 * 1024; ///< bytes of text
    int maxDepth = 100;                ///< nesting of parentheses, calls, unary signs and powers
    int maxNodes = 20000;
    int maxHeight = 1000; ///< nodes on the longest path from the root to a leaf
};

struct ParseError {
    int line = 0;   ///< 1-based, of the offending token (in the caller's file)
    int column = 0; ///< 1-based, of the offending token
    std::string reason; ///< one line, e.g. "unknown name 'vv' (variables: x, v, t, k)"
    /// "line:column: reason".
    std::string text() const;
};

struct ParseResult {
    Expr expr;        ///< null on an error
    ParseError error; ///< when expr is null
    bool ok() const { return expr != nullptr; }
};

/// Parses text, which starts at `start` in the caller's file. Never throws (an allocation failure
/// is reported as an error at the start), never recurses deeper than a few frames per limits.maxDepth.
ParseResult parse(std::string_view text, const SymbolTable& symbols, const Limits& limits = {}, Position start = {});

} // namespace fl::expr
