#include "expression_checks.h"
#include "expr/expression.h"

#include <cmath>
#include <exception>
#include <vector>

namespace fuzz {
namespace {

using namespace fl::expr;

const SymbolTable& symbols()
{
    static const SymbolTable table{"x", "v", "t", "k"};
    return table;
}

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

/// The position is on a line of the text, at most one column past that line's end.
QString positionProblem(const QByteArray& bytes, const ParseError& error)
{
    const QList<QByteArray> lines = bytes.split('\n');
    if (error.line < 1 || error.line > lines.size())
        return QString("error at line %1 of a text of %2 lines").arg(error.line).arg(lines.size());
    if (error.column < 1 || error.column > lines[error.line - 1].size() + 1)
        return QString("error at %1:%2, past the end of that line (%3 bytes)").arg(error.line).arg(error.column).arg(lines[error.line - 1].size());
    return {};
}

QString checkAccepted(const Expr& expr)
{
    const std::string printed = print(expr, symbols());
    const ParseResult again = parse(printed, symbols(), Limits{.maxLength = 1 << 26});
    if (!again.ok())
        return QString("accepted, printed '%1', which is refused: %2").arg(QString::fromStdString(printed.substr(0, 300)), again.error.text().c_str());
    if (!equal(expr, again.expr))
        return QString("accepted, printed '%1', which parses to another tree").arg(QString::fromStdString(printed.substr(0, 300)));
    if (print(again.expr, symbols()) != printed)
        return QString("printing is not a fixed point: '%1'").arg(QString::fromStdString(printed.substr(0, 300)));

    // The expression and its derivatives on one tape, against the tree walk (of the derivatives
    // only when the tree is short: a derivative's tree, walked without its sharing, grows with the
    // product of the expression's size and height).
    std::vector<Expr> outputs{expr};
    for (int slot = 0; slot < 4; ++slot)
        outputs.push_back(derivative(expr, slot));
    Tape tape = Tape::compile(outputs);
    std::vector<double> results(outputs.size());
    const double points[][4] = {{0.3, -1.2, 2.5, 0.7}, {-2.0, 0.0, 1e-3, 4.0}, {1e6, -1e-6, 0.5, -3.0}};
    for (const auto& point : points) {
        tape.evaluate(point, results.data());
        const std::size_t walked = expr->height <= 60 ? outputs.size() : 1;
        for (std::size_t i = 0; i < walked; ++i)
            if (const double value = evaluate(outputs[i], point); !same(value, results[i]))
                return QString("output %1: tape %2, tree walk %3").arg(i).arg(results[i], 0, 'g', 17).arg(value, 0, 'g', 17);
    }
    const int velocity[] = {1}, both[] = {0, 1};
    const std::optional<AffineForm> form = affineForm(expr, both);
    if (isAffineIn(expr, velocity) != affineForm(expr, velocity).has_value())
        return "isAffineIn and affineForm disagree";
    if (form && form->coefficients.size() != 2)
        return "an affine form without one coefficient per variable";
    return {};
}

} // namespace

QList<QByteArray> expressionCorpus()
{
    return {
        "-k*x - 0.05*v + 0.3*cos(1.2*t) - 0.4*k*tanh(v/1e-3)",
        "k*(1 + 0.1*sin(2*pi*t))^2 - sqrt(abs(x))/(1 + exp(-v/0.01))",
        "v - 0.5*x + 0.25*atan2(x, v + 1e-3)",
        "max(0, k*(x - 0.25)) + min(0.05*v, 0.4*k) - hypot(x, v)^3",
        "-(k + 2.5)*x^2 + log10(1 + v*v) - pow(k, 0.5)*cosh(t/10)",
        "x - -v*-t / (k ^ -2 ^ .5)",
        "sign(v)*(0.3 + 0.1*exp(-abs(v)/0.2))",
        "asin(x/3) + acos(v/4) + atan(t) + sinh(k) + log(1 + x^2) + tan(t/7)",
        "  x\n   + 2*v\n   - 3*t  ",
        "v - 0.1*k*t + sin(x)*v",
        "((((x + v) * (t - k)) / (x - k)) ^ 2)",
        "1e-3 + .5 + 2. + 3E+2 + pi",
    };
}

QString checkExpression(const QByteArray& bytes)
{
    try {
        const ParseResult parsed = parse(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), symbols());
        if (parsed.ok())
            return checkAccepted(parsed.expr);
        const std::string& reason = parsed.error.reason;
        if (reason.empty())
            return "a refusal without a reason";
        for (const char c : reason)
            if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e)
                return QString("a reason with a byte that is not printable: '%1'").arg(QString::fromStdString(reason));
        return positionProblem(bytes, parsed.error);
    } catch (const std::exception& e) {
        return QString("threw: %1").arg(e.what());
    } catch (...) {
        return "threw";
    }
}

} // namespace fuzz
