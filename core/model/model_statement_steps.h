#pragma once
// The steps of reading one statement of a model file (model_parser.cpp): the tokens it expects,
// each failing with the reason at its place, and the `section` and `draw` statements. Internal to
// core/model.
#include "model/model_check_parts.h"
#include "model/model_text.h"

#include <string>

namespace fl::model::detail {

using text::Cursor;
using text::Token;

[[noreturn]] void fail(const Cursor& cursor, const Token& token, std::string reason);
/// The next token, of `kind` (what: how a message names it).
Token expect(Cursor& cursor, Token::Kind kind, const char* what);
void expectSign(Cursor& cursor, const char* sign);
void expectEnd(Cursor& cursor);
/// '=' and the rest of the statement, an expression.
Pending::Text expressionAfterEquals(Cursor& cursor, const text::LineIndex& lines);
/// section strobe = EXPR | section plane = EXPR direction +|- (the plane's expression ends at the
/// statement's last word 'direction').
Pending::Section readSection(Cursor& cursor, Where where, const text::LineIndex& lines);
/// draw block | spring | belt | pendulum | disk ...
Pending::Drawing readDrawing(Cursor& cursor, Where where, const text::LineIndex& lines);

} // namespace fl::model::detail
