// Symbolic derivatives (core/expr/derivative.h) and affinity (core/expr/affine.h): random smooth
// expressions' derivatives against central finite differences at random points, exact results on
// small cases, the affine split of contact velocities with its coefficients, and a tape of an
// expression with its derivatives sharing their common subexpressions.
// Seeded: the seed is printed, and FL_EXPR_SEED=<n> repeats or varies it.
#include "expr_random_trees.h"
#include "expr/expression.h"

#include <QTest>

#include <array>
#include <cmath>

namespace {

using namespace fl::expr;

const std::vector<std::string> kNames = {"x", "v", "t", "k"};

SymbolTable table(const std::vector<std::string>& names)
{
    SymbolTable symbols;
    for (std::size_t i = 0; i < names.size(); ++i)
        symbols.add(names[i], static_cast<int>(i));
    return symbols;
}

Expr parsed(const char* text, const SymbolTable& symbols)
{
    const ParseResult result = parse(text, symbols);
    if (!result.ok())
        qFatal("'%s': %s", text, result.error.text().c_str());
    return result.expr;
}

/// Central difference of expr in slot at variables, step h.
double centralDifference(const Expr& expr, int slot, std::array<double, 4> variables, double h)
{
    variables[static_cast<std::size_t>(slot)] += h;
    const double up = evaluate(expr, variables.data());
    variables[static_cast<std::size_t>(slot)] -= 2 * h;
    const double down = evaluate(expr, variables.data());
    return (up - down) / (2 * h);
}

} // namespace

class TestExprCalculus : public QObject {
    Q_OBJECT
private slots:
    void derivativesMatchFiniteDifferences()
    {
        const std::uint64_t seed = exprtest::seedFromEnvironment(20261128) + 2;
        qInfo("seed %llu (FL_EXPR_SEED=<n> to change it)", static_cast<unsigned long long>(seed));
        exprtest::Generator generator(seed, kNames);
        const SymbolTable symbols = table(kNames);
        long checked = 0, skipped = 0;
        for (int i = 0; i < 1500; ++i) {
            const exprtest::Tree tree = generator.tree(1 + generator.below(4), true);
            const std::string text = generator.text(tree);
            const Expr expr = parsed(text.c_str(), symbols);
            for (int slot = 0; slot < 4; ++slot) {
                const Expr d = derivative(expr, slot);
                Tape tape = Tape::compile(std::span(&d, 1));
                for (int p = 0; p < 3; ++p) {
                    std::array<double, 4> at;
                    for (double& value : at)
                        value = generator.uniform(-2.0, 2.0);
                    double symbolic = 0.0;
                    tape.evaluate(at.data(), &symbolic);
                    const double value = evaluate(expr, at.data());
                    // A step scaled to the variable, and Richardson's extrapolation of the central
                    // differences with h and h/2 (error O(h^4)). Where those two differ by much (a
                    // pole, a branch cut, no neighbourhood in the domain), or where a subexpression is
                    // large (sin(25^10 + x): the step is lost in its rounding), the point says nothing
                    // about the rule and is skipped.
                    const double h = 1e-4 * std::max(1.0, std::fabs(at[static_cast<std::size_t>(slot)]));
                    const double fdFull = centralDifference(expr, slot, at, h);
                    const double fdHalf = centralDifference(expr, slot, at, h / 2);
                    const double fd = (4 * fdHalf - fdFull) / 3;
                    const double scale = 1.0 + std::fabs(fd) + std::fabs(value);
                    // And where the derivative itself changes by more than 1% across the step (an
                    // ill-conditioned point, asin(tanh(u)) with tanh(u) = 1 - 1e-14), neither number is
                    // accurate.
                    std::array<double, 4> side = at;
                    side[static_cast<std::size_t>(slot)] += h;
                    const double up = evaluate(d, side.data());
                    side[static_cast<std::size_t>(slot)] -= 2 * h;
                    const double variation = std::fabs(up - evaluate(d, side.data()));
                    if (!std::isfinite(value) || !std::isfinite(symbolic) || !std::isfinite(fdFull) || !std::isfinite(fdHalf)
                        || std::fabs(fdFull - fdHalf) > 1e-4 * (std::fabs(fd) + 1e-3 * scale) || tree.largest(at.data()) > 1e3
                        || !(variation <= 1e-2 * std::fabs(symbolic) + 1e-4 * scale)) {
                        ++skipped;
                        continue;
                    }
                    QVERIFY2(std::fabs(symbolic - fd) <= 1e-6 * scale,
                             qPrintable(QString("seed %1: d/d%2 of '%3' at (%4, %5, %6, %7): symbolic %8 (%9), finite differences %10")
                                            .arg(seed).arg(kNames[static_cast<std::size_t>(slot)].c_str(), text.c_str())
                                            .arg(at[0], 0, 'g', 17).arg(at[1], 0, 'g', 17).arg(at[2], 0, 'g', 17).arg(at[3], 0, 'g', 17)
                                            .arg(symbolic, 0, 'g', 17).arg(print(d, symbols).c_str()).arg(fd, 0, 'g', 17)));
                    ++checked;
                }
            }
        }
        qInfo("%ld derivatives checked, %ld points skipped", checked, skipped);
        QVERIFY(checked > 2 * skipped); // most points are checked, not skipped
    }

    void everyFunctionsDerivative()
    {
        // Each rule on its own, at points inside every domain and away from every kink.
        const SymbolTable symbols = table(kNames);
        const char* cases[] = {"sin(x*v)", "cos(x*v)", "tan(x)", "asin(x/2)", "acos(x/2)", "atan(x*v)", "atan2(x, v)", "atan2(v, x)",
                               "sinh(x)", "cosh(x)", "tanh(x*v)", "exp(x*v)", "log(x)", "log10(x*v)", "sqrt(x*v)", "abs(x - v)",
                               "sign(x - v)*x", "min(x, v^2)", "max(x, v^2)", "min(v^2, x)", "max(v^2, x)", "pow(x, v)", "x^v", "v^x",
                               "x^3", "x^-2", "hypot(x, v)", "x/v", "-x/v^2", "(x - v)*(x + v)/(x*v)"};
        const std::array<double, 4> at = {0.7, 1.3, 0.0, 0.0};
        for (const char* text : cases) {
            const Expr expr = parsed(text, symbols);
            for (int slot = 0; slot < 2; ++slot) {
                const Expr d = derivative(expr, slot);
                const double symbolic = evaluate(d, at.data());
                const double fd = centralDifference(expr, slot, at, 1e-6);
                QVERIFY2(std::fabs(symbolic - fd) <= 1e-7 * (1 + std::fabs(fd)),
                         qPrintable(QString("d/d%1 %2 = %3: %4, finite differences %5").arg(kNames[static_cast<std::size_t>(slot)].c_str(), text)
                                        .arg(print(d, symbols).c_str()).arg(symbolic, 0, 'g', 17).arg(fd, 0, 'g', 17)));
            }
        }
    }

    void exactSmallCases()
    {
        const SymbolTable symbols = table(kNames);
        auto d = [&](const char* text, int slot) { return print(derivative(parsed(text, symbols), slot), symbols); };
        QCOMPARE(d("x^3", 0), std::string("3*x^2"));
        const double two[] = {2.0, 0, 0, 0};
        QCOMPARE(evaluate(derivative(parsed("x^3", symbols), 0), two), 12.0);
        QCOMPARE(d("x^2", 0), std::string("2*x"));
        QCOMPARE(d("sin(x)", 0), std::string("cos(x)"));
        QCOMPARE(d("cos(x)", 0), std::string("-sin(x)"));
        QCOMPARE(d("x*v", 0), std::string("v"));
        QCOMPARE(d("x*v", 1), std::string("x"));
        QCOMPARE(d("exp(2*x)", 0), std::string("2*exp(2*x)"));
        QCOMPARE(d("log(x)", 0), std::string("1/x"));
        QCOMPARE(d("-k*x - v*t + 3", 0), std::string("-k"));
        QCOMPARE(d("-k*x - v*t + 3", 2), std::string("-v"));
        QCOMPARE(d("5", 0), std::string("0"));
        QCOMPARE(d("v", 0), std::string("0"));
        QCOMPARE(d("x", 0), std::string("1"));
        QCOMPARE(d("x + x + x", 0), std::string("3"));
        QCOMPARE(d("abs(x)", 0), std::string("sign(x)"));
        QCOMPARE(d("sign(x)", 0), std::string("0"));
        QVERIFY(dependsOn(parsed("x + sin(v*t)", symbols), 2));
        QVERIFY(!dependsOn(parsed("x + sin(v*t)", symbols), 3));
        // Slots from 63 up share one bit of the nodes' variable mask, and are looked for in the tree.
        const Expr six = multiply(variable(6), call(Function::Sin, variable(1)));
        QVERIFY(dependsOn(six, 6) && dependsOn(six, 1) && !dependsOn(six, 70) && !dependsOn(six, 2));
        const Expr seventy = add(variable(70), multiply(variable(1), variable(63)));
        QVERIFY(dependsOn(seventy, 70) && dependsOn(seventy, 63) && !dependsOn(seventy, 6) && !dependsOn(seventy, 64));
        QVERIFY(!dependsOn(seventy, -1));
    }

    void affinity()
    {
        const std::vector<std::string> names = {"v1", "w", "r", "x"};
        const SymbolTable symbols = table(names);
        const int velocities[] = {0, 1};
        struct Case {
            const char* text;
            bool affine;
            const char *constant, *cv1, *cw;
        };
        const Case cases[] = {
            {"v1 - r*w + sin(x)", true, "sin(x)", "1", "-r"},
            {"sin(x)*v1", true, "0", "sin(x)", "0"},
            {"(v1 + w)*2 - x*w + r", true, "r", "2", "2 - x"},
            {"v1/r - w^1", true, "0", "1/r", "-1"},
            {"-(v1 - 3*w)/2", true, "0", "-0.5", "1.5"},
            {"r", true, "r", "0", "0"},
            {"v1*v1", false, "", "", ""},
            {"v1*w", false, "", "", ""},
            {"v1^2", false, "", "", ""},
            {"w/v1", false, "", "", ""},
            {"exp(v1)", false, "", "", ""},
            {"abs(w) + v1", false, "", "", ""},
            {"sign(w)", false, "", "", ""},
            {"x*sign(v1 + r)", false, "", "", ""},
            {"min(v1, 0)", false, "", "", ""},
            {"v1*sign(x)", true, "0", "sign(x)", "0"},
        };
        const std::array<std::array<double, 4>, 3> points = {{{0.3, -1.2, 0.8, 2.0}, {-2.5, 0.4, 1.7, -0.6}, {1.1, 2.2, -0.9, 0.5}}};
        for (const Case& c : cases) {
            const Expr expr = parsed(c.text, symbols);
            const std::optional<AffineForm> form = affineForm(expr, velocities);
            QVERIFY2(isAffineIn(expr, velocities) == c.affine, c.text);
            QVERIFY2(form.has_value() == c.affine, c.text);
            if (!form)
                continue;
            QCOMPARE(form->coefficients.size(), std::size_t(2));
            QCOMPARE(print(form->constant, symbols), std::string(c.constant));
            QCOMPARE(print(form->coefficients[0], symbols), std::string(c.cv1));
            QCOMPARE(print(form->coefficients[1], symbols), std::string(c.cw));
            for (const auto& p : points) {
                const double whole = evaluate(expr, p.data());
                const double split = evaluate(form->constant, p.data()) + evaluate(form->coefficients[0], p.data()) * p[0]
                                     + evaluate(form->coefficients[1], p.data()) * p[1];
                QVERIFY2(std::fabs(whole - split) <= 1e-13 * (1 + std::fabs(whole)), c.text);
            }
        }
        // Affine in one velocity, not in both.
        const int justW[] = {1};
        QVERIFY(isAffineIn(parsed("v1*w", symbols), justW));
        QVERIFY(!isAffineIn(parsed("v1*w^2", symbols), justW));
    }

    void tapeSharesSubexpressions()
    {
        const SymbolTable symbols = table({"x", "v", "k", "eps"});
        const Expr f = parsed("-k*x - tanh(v/eps)", symbols);
        const Expr outputs[] = {f, derivative(f, 0), derivative(f, 1)};
        Tape alone = Tape::compile(std::span(outputs, 1));
        Tape together = Tape::compile(outputs);
        // f (-k*x is (-k)*x): -k, its product with x, v/eps, tanh, the subtraction: 5 instructions.
        // Its derivatives add only the square, 1 - it, 1/eps, the product and its negation:
        // tanh(v/eps) is not recomputed, and d/dx = -k is the register of -k.
        QCOMPARE(alone.instructionCount(), 5);
        QCOMPARE(together.instructionCount(), 10);
        QCOMPARE(together.slotCount(), 4);
        const double at[] = {0.3, 0.02, 2.0, 0.01};
        double results[3];
        together.evaluate(at, results);
        const double th = std::tanh(0.02 / 0.01);
        QCOMPARE(results[0], -2.0 * 0.3 - th);
        QCOMPARE(results[1], -2.0);
        QCOMPARE(results[2], -((1 - th * th) * (1 / 0.01)));
        // Errors of arithmetic are values, not exceptions.
        const double zero[] = {0.0, 0.0, 0.0, 0.0};
        together.evaluate(zero, results);
        QVERIFY(std::isnan(results[0]) && std::isnan(results[2]));
        // A copy evaluates on its own registers.
        Tape copy = together;
        copy.evaluate(at, results);
        QCOMPARE(results[1], -2.0);
    }
};

QTEST_APPLESS_MAIN(TestExprCalculus)
#include "test_expr_calculus.moc"
