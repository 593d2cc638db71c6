#pragma once
// A tree back to text that parses to the same tree (with the same symbol table): parentheses only
// where precedence or associativity needs them (a - (b - c), (a ^ b) ^ c, (-2) ^ x), numbers in
// the shortest form that reads back to the same double, and the number pi as "pi". A variable
// whose slot has no name prints as "$<slot>" and a number that is inf or NaN (which no parse and
// no simplification produces) as (1/0), (-1/0) or (0/0); neither reads back to the same tree.
#include "expr/node.h"
#include "expr/symbols.h"

#include <cstddef>
#include <string>

namespace fl::expr {

std::string print(const Expr& expr, const SymbolTable& symbols);
/// The same, cut after maxLength characters (with a note that says so): the text of a tree whose
/// subtrees are shared (a model's lets written in) can be exponentially longer than the tree, and
/// the walk stops within the limit.
std::string print(const Expr& expr, const SymbolTable& symbols, std::size_t maxLength);

} // namespace fl::expr
