// The expression parser (core/expr/parser.h): known expressions evaluated against the same
// expressions in C++ (every operator and function, precedence, associativity, unary minus), every
// kind of error with its line, column and reason, and the limits on hostile input (deep nesting,
// huge text, long chains) refused quickly without deep recursion.
#include "expr/expression.h"

#include <QTest>

#include <chrono>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>

namespace {

using namespace fl::expr;

const SymbolTable& symbols()
{
    static const SymbolTable table{"x", "v", "t", "k"};
    return table;
}

using Reference = std::function<double(double x, double v, double t, double k)>;

struct Case {
    const char* text;
    Reference reference;
};

/// The tree walk and the tape of text at (x, v, t, k), both against the C++ reference, to the bit
/// (the engine and the reference do the same operations in the same order).
void checkValue(const Case& c, double x, double v, double t, double k)
{
    const ParseResult parsed = parse(c.text, symbols());
    QVERIFY2(parsed.ok(), (std::string(c.text) + ": " + parsed.error.text()).c_str());
    const double variables[] = {x, v, t, k};
    const double expected = c.reference(x, v, t, k);
    Tape tape = Tape::compile(std::span(&parsed.expr, 1));
    double taped = 0.0;
    tape.evaluate(variables, &taped);
    for (const double got : {evaluate(parsed.expr, variables), taped}) {
        const bool same = got == expected || (std::isnan(got) && std::isnan(expected));
        QVERIFY2(same, qPrintable(QString("%1 at (%2, %3, %4, %5): %6, C++ %7")
                                      .arg(c.text).arg(x).arg(v).arg(t).arg(k).arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }
}

struct Failure {
    int line, column;
    std::string reason;
};

Failure failureOf(std::string_view text, Position start = {}, const Limits& limits = {})
{
    const ParseResult parsed = parse(text, symbols(), limits, start);
    if (parsed.ok())
        return {0, 0, std::string("accepted: ") + print(parsed.expr, symbols())};
    return {parsed.error.line, parsed.error.column, parsed.error.reason};
}

#define CHECK_ERROR(text, start, line_, column_, reason_)                                                                               \
    do {                                                                                                                               \
        const Failure f = failureOf(text, start);                                                                                      \
        QCOMPARE(f.reason, std::string(reason_));                                                                                      \
        QCOMPARE(f.line, line_);                                                                                                       \
        QCOMPARE(f.column, column_);                                                                                                   \
    } while (false)

double seconds(const std::function<void()>& body)
{
    const auto start = std::chrono::steady_clock::now();
    body();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

class TestExprParse : public QObject {
    Q_OBJECT
private slots:
    void operatorsAndPrecedence()
    {
        const Case cases[] = {
            {"x + v", [](double x, double v, double, double) { return x + v; }},
            {"x - v", [](double x, double v, double, double) { return x - v; }},
            {"x * v", [](double x, double v, double, double) { return x * v; }},
            {"x / v", [](double x, double v, double, double) { return x / v; }},
            {"x ^ t", [](double x, double, double t, double) { return std::pow(x, t); }},
            {"x - v - t", [](double x, double v, double t, double) { return (x - v) - t; }},
            {"x - v + t", [](double x, double v, double t, double) { return (x - v) + t; }},
            {"x / v / t", [](double x, double v, double t, double) { return (x / v) / t; }},
            {"x / v * t", [](double x, double v, double t, double) { return (x / v) * t; }},
            {"x + v * t", [](double x, double v, double t, double) { return x + v * t; }},
            {"(x + v) * t", [](double x, double v, double t, double) { return (x + v) * t; }},
            {"x * v ^ t", [](double x, double v, double t, double) { return x * std::pow(v, t); }},
            {"x ^ v ^ t", [](double x, double v, double t, double) { return std::pow(x, std::pow(v, t)); }},
            {"(x ^ v) ^ t", [](double x, double v, double t, double) { return std::pow(std::pow(x, v), t); }},
            {"2^3^2", [](double, double, double, double) { return 512.0; }},
            {"-x", [](double x, double, double, double) { return -x; }},
            {"-x^2", [](double x, double, double, double) { return -(x * x); }},
            {"(-x)^2", [](double x, double, double, double) { return x * x; }},
            {"-2^2", [](double, double, double, double) { return -4.0; }},
            {"2^-1", [](double, double, double, double) { return 0.5; }},
            {"x^-v", [](double x, double v, double, double) { return std::pow(x, -v); }},
            {"--x", [](double x, double, double, double) { return x; }},
            {"- -x", [](double x, double, double, double) { return x; }},
            {"+x - +v", [](double x, double v, double, double) { return x - v; }},
            {"x - -v", [](double x, double v, double, double) { return x + v; }},
            {"x*-v", [](double x, double v, double, double) { return x * -v; }},
            {"-x*v", [](double x, double v, double, double) { return -x * v; }},
            {"-(x + v)*t", [](double x, double v, double t, double) { return -(x + v) * t; }},
            {"-x^v*t", [](double x, double v, double t, double) { return -std::pow(x, v) * t; }},
            {"2*x^2*v", [](double x, double v, double, double) { return 2.0 * (x * x) * v; }},
            {"k^2", [](double, double, double, double k) { return k * k; }},
            {"x^3", [](double x, double, double, double) { return std::pow(x, 3.0); }},
            {"x / 0", [](double x, double, double, double) { return x / 0.0; }},
            {"0 / 0 + x", [](double, double, double, double) { return std::nan(""); }},
            {"2 + 0.5 + 1e-3 + .5 + 1. + 1E+2 + 2.5e-3", [](double, double, double, double) {
                 return 2.0 + 0.5 + 1e-3 + .5 + 1. + 1E+2 + 2.5e-3;
             }},
            {"pi", [](double, double, double, double) { return std::numbers::pi; }},
            {"\n  x\n  *\tv  ", [](double x, double v, double, double) { return x * v; }},
        };
        const double points[][4] = {{0.7, 1.3, 2.1, 0.4}, {1.9, 0.25, -1.5, 3.0}, {2.5, -1.75, 0.5, -2.0}};
        for (const Case& c : cases)
            for (const auto& p : points)
                checkValue(c, p[0], p[1], p[2], p[3]);
    }

    void functions()
    {
        const Case cases[] = {
            {"sin(x)", [](double x, double, double, double) { return std::sin(x); }},
            {"cos(x)", [](double x, double, double, double) { return std::cos(x); }},
            {"tan(x)", [](double x, double, double, double) { return std::tan(x); }},
            {"asin(x/3)", [](double x, double, double, double) { return std::asin(x / 3); }},
            {"acos(x/3)", [](double x, double, double, double) { return std::acos(x / 3); }},
            {"atan(v)", [](double, double v, double, double) { return std::atan(v); }},
            {"atan2(v, t)", [](double, double v, double t, double) { return std::atan2(v, t); }},
            {"sinh(v)", [](double, double v, double, double) { return std::sinh(v); }},
            {"cosh(v)", [](double, double v, double, double) { return std::cosh(v); }},
            {"tanh(v)", [](double, double v, double, double) { return std::tanh(v); }},
            {"exp(t)", [](double, double, double t, double) { return std::exp(t); }},
            {"log(x)", [](double x, double, double, double) { return std::log(x); }},
            {"log10(x)", [](double x, double, double, double) { return std::log10(x); }},
            {"sqrt(x)", [](double x, double, double, double) { return std::sqrt(x); }},
            {"sqrt(k)", [](double, double, double, double k) { return std::sqrt(k); }}, // NaN for k < 0
            {"abs(t)", [](double, double, double t, double) { return std::fabs(t); }},
            {"sign(t)", [](double, double, double t, double) { return t > 0 ? 1.0 : -1.0; }},
            {"sign(t - t)", [](double, double, double, double) { return 0.0; }},
            {"sgn(t)", [](double, double, double t, double) { return t > 0 ? 1.0 : -1.0; }}, // the papers' name of sign
            {"sign(0/0)", [](double, double, double, double) { return std::nan(""); }},
            {"min(x, v)", [](double x, double v, double, double) { return std::min(x, v); }},
            {"max(x, v)", [](double x, double v, double, double) { return std::max(x, v); }},
            {"min(0/0, x)", [](double, double, double, double) { return std::nan(""); }},
            {"max(x, 0/0)", [](double, double, double, double) { return std::nan(""); }},
            {"pow(x, v)", [](double x, double v, double, double) { return std::pow(x, v); }},
            {"pow(t, 2)", [](double, double, double t, double) { return t * t; }},
            {"hypot(v, t)", [](double, double v, double t, double) { return std::hypot(v, t); }},
            {"sin(cos(x) + max(v, t)) * -exp(-x^2)", [](double x, double v, double t, double) {
                 return std::sin(std::cos(x) + std::max(v, t)) * -std::exp(-(x * x));
             }},
        };
        const double points[][4] = {{0.7, 1.3, 2.1, 0.4}, {1.9, 0.25, -1.5, 3.0}, {2.5, -1.75, 0.5, -2.0}};
        for (const Case& c : cases)
            for (const auto& p : points)
                checkValue(c, p[0], p[1], p[2], p[3]);
        // The table and the enum agree (the printer and the evaluators index the table by enum).
        int count = 0;
        const FunctionInfo* table = functionTable(&count);
        QCOMPARE(count, 20);
        for (int i = 0; i < count; ++i) {
            QCOMPARE(static_cast<int>(table[i].function), i);
            QCOMPARE(findFunction(table[i].name), &table[i]);
        }
    }

    void errors()
    {
        const Position file{3, 14}; // where the text starts in a model file
        CHECK_ERROR("x + vv", Position{}, 1, 5, "unknown name 'vv' (variables: x, v, t, k)");
        CHECK_ERROR("x + vv", file, 3, 18, "unknown name 'vv' (variables: x, v, t, k)");
        CHECK_ERROR("(x + 1", file, 3, 20, "expected ')' to close '(' at 3:14");
        CHECK_ERROR("x +\n  (v *\n   t", file, 5, 5, "expected ')' to close '(' at 4:3");
        CHECK_ERROR("sin(x, v)", file, 3, 14, "sin takes 1 argument, got 2");
        CHECK_ERROR("x*atan2(x)", Position{}, 1, 3, "atan2 takes 2 arguments, got 1");
        CHECK_ERROR("min()", Position{}, 1, 1, "min takes 2 arguments, got 0");
        CHECK_ERROR("max(x, v, t, k)", Position{}, 1, 1, "max takes 2 arguments, got 4");
        CHECK_ERROR("hypot(x v)", Position{}, 1, 9, "expected ')' to close '(' at 1:6");
        CHECK_ERROR("x +", Position{}, 1, 4, "unexpected end of expression");
        CHECK_ERROR("x +\n", file, 4, 1, "unexpected end of expression");
        CHECK_ERROR("", file, 3, 14, "unexpected end of expression");
        CHECK_ERROR("  \n ", Position{}, 2, 2, "unexpected end of expression");
        CHECK_ERROR("x * 1e999", Position{}, 1, 5, "number out of range '1e999'");
        CHECK_ERROR("1e-999", Position{}, 1, 1, "number out of range '1e-999'");
        CHECK_ERROR("2 * 1e", Position{}, 1, 5, "malformed number '1e'");
        CHECK_ERROR("2x", Position{}, 1, 1, "malformed number '2x'");
        CHECK_ERROR("1.2.3", Position{}, 1, 1, "malformed number '1.2.3'");
        CHECK_ERROR("1e+", Position{}, 1, 1, "malformed number '1e+'");
        CHECK_ERROR("x # v", Position{}, 1, 3, "unexpected character '#'");
        CHECK_ERROR("x + \x01", Position{}, 1, 5, "unexpected character '\\x01'");
        CHECK_ERROR("x + \xc3\xa9", Position{}, 1, 5, "unexpected character '\\xc3'");
        CHECK_ERROR("x * * v", Position{}, 1, 5, "unexpected '*'");
        CHECK_ERROR("()", Position{}, 1, 2, "unexpected ')'");
        CHECK_ERROR("x v", Position{}, 1, 3, "expected an operator before 'v'");
        CHECK_ERROR("x 2", Position{}, 1, 3, "expected an operator before '2'");
        CHECK_ERROR("(x))", Position{}, 1, 4, "unmatched ')'");
        CHECK_ERROR("x, v", Position{}, 1, 2, "unexpected ',' outside a function's arguments");
        CHECK_ERROR("x(2)", Position{}, 1, 1, "'x' is not a function");
        CHECK_ERROR("2*pi(2)", Position{}, 1, 3, "'pi' is not a function");
        CHECK_ERROR("foo(x)", Position{}, 1, 1, "unknown function 'foo' (functions: sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh, exp, log, log10, sqrt, abs, sign, min, max, pow, hypot (sgn is sign))");
        CHECK_ERROR("sin + 1", Position{}, 1, 1, "function 'sin' needs its arguments in parentheses");
        CHECK_ERROR("x +\n\n  k*inf", Position{}, 3, 5, "unknown name 'inf' (variables: x, v, t, k)");
        // A long name is cut short in the message.
        QCOMPARE(failureOf(std::string(5000, 'q')).reason, std::string("unknown name '") + std::string(40, 'q') + "...' (variables: x, v, t, k)");
        // No variables at all, and a very long list cut short.
        QCOMPARE(parse("y", SymbolTable{}).error.reason, std::string("unknown name 'y' (no variables)"));
        SymbolTable many;
        for (int i = 0; i < 100; ++i)
            QVERIFY(many.add(std::string("name") + std::to_string(i), i));
        const std::string reason = parse("y", many).error.reason;
        QVERIFY2(reason.size() < 240 && reason.ends_with(", ...)"), reason.c_str());
        // The symbol table refuses names that are not identifiers or are taken.
        SymbolTable table;
        QVERIFY(table.add("x", 0) && table.add("_v2", 3));
        QVERIFY(!table.add("x", 1) && !table.add("sin", 1) && !table.add("pi", 1) && !table.add("2x", 1) && !table.add("", 1));
        QVERIFY(!table.add("y", -1) && !table.add("y", SymbolTable::kMaxSlot + 1));
        QCOMPARE(table.slotCount(), 4);
        QCOMPARE(table.listing(), std::string("x, _v2"));
        QCOMPARE(ParseError({2, 7, "oops"}).text(), std::string("2:7: oops"));
        // Primes end a name (a velocity x', an acceleration x''), never start or split one.
        SymbolTable primed{"x", "x'", "x''"};
        QVERIFY(!primed.add("'x", 3) && !primed.add("x'y", 3) && primed.add("y'", 3));
        const ParseResult velocity = parse("x'' + 2*x' - x", primed);
        QVERIFY(velocity.ok());
        const double values[] = {1.0, 10.0, 100.0, 0.0};
        QCOMPARE(evaluate(velocity.expr, values), 100.0 + 20.0 - 1.0);
        QCOMPARE(print(velocity.expr, primed), std::string("x'' + 2*x' - x"));
        QCOMPARE(parse("x' * x'''", primed).error.reason, std::string("unknown name 'x'''' (variables: x, x', x'', y')"));
        QCOMPARE(parse("'x", primed).error.reason, std::string("unexpected character '''"));
    }

    void limitsAtTheirPositions()
    {
        Limits small;
        small.maxDepth = 3;
        QCOMPARE(failureOf("(((x)))", {}, small).reason, std::string("accepted: x"));
        Failure f = failureOf("((((x))))", {}, small);
        QCOMPARE(f.reason, std::string("nesting deeper than 3"));
        QCOMPARE(f.column, 4);
        QCOMPARE(failureOf("x^x^x^x^x", {}, small).column, 8);
        QCOMPARE(failureOf("----x", {}, small).column, 4);
        QCOMPARE(failureOf("sin(cos(tan(exp(x))))", {}, small).column, 16);
        small = Limits{};
        small.maxNodes = 5;
        f = failureOf("x+x+x+x", {}, small);
        QCOMPARE(f.reason, std::string("expression has more than 5 nodes"));
        QCOMPARE(f.column, 7);
        small = Limits{};
        small.maxHeight = 3;
        f = failureOf("x+x+x+x", {}, small);
        QCOMPARE(f.reason, std::string("chain of operations longer than 3"));
        QCOMPARE(f.column, 6);
        small = Limits{};
        small.maxLength = 4;
        f = failureOf("x + v", {7, 3}, small);
        QCOMPARE(f.reason, std::string("expression longer than 4 bytes"));
        QCOMPARE(f.line, 7);
        QCOMPARE(f.column, 3);
    }

    void hostileInputRefusedQuickly()
    {
        // A nest of 10^6 parentheses (and of signs, and of powers), with the length limit lifted so
        // that the depth limit is what refuses them: after 100 levels, whatever follows.
        Limits lifted;
        lifted.maxLength = 100'000'000;
        const std::string parens = std::string(1'000'000, '(') + "x" + std::string(1'000'000, ')');
        std::string signs(1'000'000, '-');
        signs += "x";
        std::string powers = "x";
        for (int i = 0; i < 1'000'000; ++i)
            powers += "^x";
        double worst = 0.0;
        for (const std::string* text : std::initializer_list<const std::string*>{&parens, &signs}) {
            worst = std::max(worst, seconds([&] {
                const Failure f = failureOf(*text, {}, lifted);
                QCOMPARE(f.reason, std::string("nesting deeper than 100"));
                QCOMPARE(f.column, 101);
            }));
        }
        worst = std::max(worst, seconds([&] {
            const Failure f = failureOf(powers, {}, lifted);
            QCOMPARE(f.reason, std::string("nesting deeper than 100"));
            QCOMPARE(f.column, 202); // the 101st '^'
        }));
        // The same texts under the default limits: refused for their length before anything is read.
        for (const std::string* text : std::initializer_list<const std::string*>{&parens, &signs, &powers})
            worst = std::max(worst, seconds([&] { QCOMPARE(failureOf(*text).reason, std::string("expression longer than 65536 bytes")); }));
        // A huge input.
        const std::string huge(50'000'000, 'x');
        worst = std::max(worst, seconds([&] { QCOMPARE(failureOf(huge).reason, std::string("expression longer than 65536 bytes")); }));
        // A long chain of + (a tree as tall as it is long): refused at the 1000th '+'.
        std::string chain = "x";
        for (int i = 0; i < 1'000'000; ++i)
            chain += "+x";
        worst = std::max(worst, seconds([&] {
            const Failure f = failureOf(chain, {}, lifted);
            QCOMPARE(f.reason, std::string("chain of operations longer than 1000"));
            QCOMPARE(f.column, 2000);
        }));
        // Many nodes in a shallow tree: sums of 8 terms, summed in parentheses, 8 levels deep.
        std::string wide = "x";
        for (int level = 0; level < 5; ++level) {
            std::string next = std::string("(") + wide + ")";
            for (int i = 1; i < 8; ++i)
                {
                    next += "+(";
                    next += wide;
                    next += ")";
                }
            wide = next;
        }
        worst = std::max(worst, seconds([&] { QCOMPARE(failureOf(wide, {}, lifted).reason, std::string("expression has more than 20000 nodes")); }));
        qInfo("slowest refusal: %.3f s", worst);
        QVERIFY2(worst < 2.0, qPrintable(QString("%1 s").arg(worst)));
    }
};

QTEST_APPLESS_MAIN(TestExprParse)
#include "test_expr_parse.moc"
