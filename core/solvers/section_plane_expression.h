#pragma once
// A Poincaré section plane written over a run's variables, t and the parameters (`x1 - x2`,
// `dx1 + 0.5*x1`, `x - d`, docs/bifurcation.md): parsed once against the names, and at any
// scenario's values a PoincareSection (solvers/poincare_section.h). A sweep over d moves the plane
// `x - d` with each value. A velocity may be written dX or X' where both X and dX are variables.
#include "common/status.h"
#include "expr/node.h"
#include "params/parameter_set.h"
#include "solvers/poincare_section.h"

#include <string>
#include <string_view>
#include <vector>

namespace fl {

class SectionPlaneExpression {
public:
    /// Parses text over `variables` (a run's state ids), t and the ids of `params`; refuses text that
    /// is not affine in the variables and t with coefficients of the parameters, or has no variable.
    static Status parse(std::string_view text, const std::vector<std::string>& variables, const ParameterSet& params,
                        SectionPlaneExpression& out);

    /// The section text = level at `values` (the parameters it was parsed with), crossings counted
    /// where the text rises (+1), falls (-1) or both (0); an error where a coefficient is not finite
    /// or every variable's is 0.
    Status at(const ParameterSet& values, double level, int direction, PoincareSection& out) const;
    const std::string& text() const { return m_text; }

private:
    std::string m_text;
    std::vector<expr::Expr> m_coefficients; ///< per variable, of the parameters
    expr::Expr m_time, m_constant;
};

} // namespace fl
