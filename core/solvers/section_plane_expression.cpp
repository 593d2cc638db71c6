#include "solvers/section_plane_expression.h"

#include "common/number_text.h"
#include "expr/affine.h"
#include "expr/build.h"
#include "expr/derivative.h"
#include "expr/parser.h"
#include "expr/symbols.h"

#include <cmath>

namespace fl {
namespace {

bool readsAny(const expr::Expr& e, int below)
{
    for (int slot = 0; slot < below; ++slot)
        if (expr::dependsOn(e, slot))
            return true;
    return false;
}

} // namespace

Status SectionPlaneExpression::parse(std::string_view text, const std::vector<std::string>& variables, const ParameterSet& params,
                                     SectionPlaneExpression& out)
{
    // Slots: the variables, t, then the parameters (ids that are no names, "c.mu_s", stay unreadable).
    const int n = static_cast<int>(variables.size());
    expr::SymbolTable symbols;
    for (int i = 0; i < n; ++i)
        symbols.add(variables[static_cast<size_t>(i)], i);
    for (int i = 0; i < n; ++i) { // dX also as X'
        const std::string& id = variables[static_cast<size_t>(i)];
        if (id.size() > 1 && id.front() == 'd' && symbols.slotOf(id.substr(1)) >= 0)
            symbols.add(id.substr(1) + "'", i);
    }
    symbols.add("t", n);
    for (std::size_t i = 0; i < params.specs().size(); ++i)
        symbols.add(params.specs()[i].id, n + 1 + static_cast<int>(i));
    expr::Limits limits;
    limits.maxLength = 4096; // typed in a field or on a command line
    const expr::ParseResult parsed = expr::parse(text, symbols, limits);
    if (!parsed.ok())
        return Status::error("the section plane '" + std::string(text.substr(0, 200)) + "': " + parsed.error.reason + " (column "
                             + std::to_string(parsed.error.column) + ")");
    std::vector<int> slots;
    for (int i = 0; i <= n; ++i)
        slots.push_back(i);
    const auto affine = expr::affineForm(parsed.expr, slots);
    bool ok = affine && !readsAny(affine->constant, n + 1);
    for (std::size_t i = 0; ok && i < affine->coefficients.size(); ++i)
        ok = !readsAny(affine->coefficients[i], n + 1);
    if (!ok)
        return Status::error("the section plane '" + std::string(text.substr(0, 200))
                             + "' must be affine in the state variables and t, with coefficients of the parameters (x1 - x2, 2*x - d)");
    out.m_text = std::string(text);
    out.m_coefficients.assign(affine->coefficients.begin(), affine->coefficients.end() - 1);
    out.m_time = affine->coefficients.back();
    out.m_constant = affine->constant;
    bool some = false;
    for (const expr::Expr& c : out.m_coefficients)
        some = some || !expr::isNumber(c, 0.0);
    if (!some)
        return Status::error("the section plane '" + std::string(text.substr(0, 200)) + "' has no state variable in it");
    return Status::success();
}

Status SectionPlaneExpression::at(const ParameterSet& values, double level, int direction, PoincareSection& out) const
{
    const std::size_t n = m_coefficients.size();
    std::vector<double> slots(n + 1, 0.0);
    slots.insert(slots.end(), values.values().begin(), values.values().end());
    std::vector<double> normal;
    bool finite = true, some = false;
    for (const expr::Expr& c : m_coefficients) {
        normal.push_back(expr::evaluate(c, slots.data()));
        finite = finite && std::isfinite(normal.back());
        some = some || normal.back() != 0.0;
    }
    const double time = expr::evaluate(m_time, slots.data()), constant = expr::evaluate(m_constant, slots.data());
    if (!finite || !std::isfinite(time) || !std::isfinite(constant))
        return Status::error("the section plane " + m_text + " is not finite at these values");
    if (!some)
        return Status::error("the section plane " + m_text + " has every state variable's coefficient 0 at these values");
    out = PoincareSection::plane(std::move(normal), time, level - constant, direction);
    return Status::success();
}

} // namespace fl
