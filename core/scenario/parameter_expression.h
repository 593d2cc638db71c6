#pragma once
// A number written as an expression of a scenario's parameters, e.g. a stroboscopic section's period
// `2*pi/w` (docs/bifurcation.md): parsed once against the parameters' ids and evaluated at any
// scenario's values, so a sweep over w strobes each value at its own forcing period.
#include "common/status.h"
#include "expr/node.h"
#include "params/parameter_set.h"

#include <string>
#include <string_view>

namespace fl {

class ParameterExpression {
public:
    /// Parses text over the ids of `params` (slot i is parameter i); on a syntax error or an unknown
    /// name the status says which, with the names it knows ("unknown name 'q' (variables: ...)").
    static Status parse(std::string_view text, const ParameterSet& params, ParameterExpression& out);

    /// The value at `values` (the same parameter ids, in the same order, as the set it was parsed with).
    double evaluate(const ParameterSet& values) const;
    const std::string& text() const { return m_text; }
    /// Whether the text is a plain number (no parameter in it).
    bool constant() const;

private:
    std::string m_text;
    expr::Expr m_tree;
};

/// The value of `text` at `values`, required finite and > 0; the status names `what` and, where
/// the value is wrong, the value ("the period 2*pi/w is -3.1 at these values; it must be > 0").
Status positiveParameterExpression(std::string_view text, const ParameterSet& values, const std::string& what, double& out);

} // namespace fl
