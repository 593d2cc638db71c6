#include "scenario/parameter_expression.h"

#include "common/number_text.h"
#include "expr/derivative.h"
#include "expr/parser.h"
#include "expr/symbols.h"

#include <cmath>

namespace fl {

Status ParameterExpression::parse(std::string_view text, const ParameterSet& params, ParameterExpression& out)
{
    expr::SymbolTable symbols;
    for (std::size_t i = 0; i < params.specs().size(); ++i)
        symbols.add(params.specs()[i].id, static_cast<int>(i)); // ids that are no names ("c.mu_s") stay unreadable
    expr::Limits limits;
    limits.maxLength = 4096; // a number typed in a field or on a command line
    const expr::ParseResult parsed = expr::parse(text, symbols, limits);
    if (!parsed.ok())
        return Status::error("'" + std::string(text.substr(0, 200)) + "': " + parsed.error.reason + " (column " + std::to_string(parsed.error.column) + ")");
    out.m_text = std::string(text);
    out.m_tree = parsed.expr;
    return Status::success();
}

double ParameterExpression::evaluate(const ParameterSet& values) const
{
    return m_tree ? expr::evaluate(m_tree, values.values().data()) : std::nan("");
}

bool ParameterExpression::constant() const { return m_tree && m_tree->variables == 0; }

Status positiveParameterExpression(std::string_view text, const ParameterSet& values, const std::string& what, double& out)
{
    ParameterExpression e;
    if (Status status = ParameterExpression::parse(text, values, e); !status.ok())
        return Status::error(what + " " + status.message());
    out = e.evaluate(values);
    if (!std::isfinite(out) || !(out > 0.0))
        return Status::error(what + " " + std::string(text.substr(0, 200)) + " is " + formatNumber(out) + " at these values; it must be > 0");
    return Status::success();
}

} // namespace fl
