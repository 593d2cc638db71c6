// The expression engine against an independent reading of the same expressions: random trees
// built by the test (tests/core/expr_random_trees.h) are printed to text with random parentheses
// and whitespace, parsed, and evaluated at random points by the tree walk and by tapes (one per tree
// and one for a whole batch, with its shared subexpressions), which must agree with the trees'
// own C++ evaluation to the bit; and the engine's printing is a fixed point of print -> parse.
// Seeded: the seed is printed, and FL_EXPR_SEED=<n> repeats or varies it.
#include "expr_random_trees.h"
#include "expr/expression.h"

#include <QTest>

#include <cmath>

namespace {

using namespace fl::expr;

const std::vector<std::string> kNames = {"x", "v", "t", "k_2"};

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

SymbolTable table()
{
    SymbolTable symbols;
    for (std::size_t i = 0; i < kNames.size(); ++i)
        symbols.add(kNames[i], static_cast<int>(i));
    return symbols;
}

} // namespace

class TestExprRandom : public QObject {
    Q_OBJECT
private slots:
    void parsedTreesEvaluateLikeCpp()
    {
        const std::uint64_t seed = exprtest::seedFromEnvironment(20261128);
        qInfo("seed %llu (FL_EXPR_SEED=<n> to change it)", static_cast<unsigned long long>(seed));
        exprtest::Generator generator(seed, kNames);
        const SymbolTable symbols = table();
        const int batches = 60, perBatch = 50, points = 6;
        long compared = 0, finite = 0;
        for (int batch = 0; batch < batches; ++batch) {
            std::vector<exprtest::Tree> trees;
            std::vector<Expr> parsed;
            std::vector<std::string> texts;
            for (int i = 0; i < perBatch; ++i) {
                trees.push_back(generator.tree(1 + generator.below(6)));
                texts.push_back(generator.text(trees.back()));
                const ParseResult result = parse(texts.back(), symbols);
                QVERIFY2(result.ok(), qPrintable(QString("seed %1: '%2': %3").arg(seed).arg(texts.back().c_str(), result.error.text().c_str())));
                parsed.push_back(result.expr);
            }
            Tape batchTape = Tape::compile(parsed);
            QCOMPARE(batchTape.outputCount(), perBatch);
            std::vector<double> batchResults(perBatch);
            for (int p = 0; p < points; ++p) {
                double variables[4];
                for (double& value : variables)
                    value = generator.uniform(-3.0, 3.0);
                batchTape.evaluate(variables, batchResults.data());
                for (int i = 0; i < perBatch; ++i) {
                    const double expected = trees[static_cast<std::size_t>(i)].evaluate(variables);
                    Tape single = Tape::compile(std::span(&parsed[static_cast<std::size_t>(i)], 1));
                    double taped = 0.0;
                    single.evaluate(variables, &taped);
                    const double walked = evaluate(parsed[static_cast<std::size_t>(i)], variables);
                    const bool ok = same(walked, expected) && same(taped, expected) && same(batchResults[static_cast<std::size_t>(i)], expected);
                    QVERIFY2(ok, qPrintable(QString("seed %1, batch %2: '%3' at (%4, %5, %6, %7): C++ %8, tree %9, tape %10, batch tape %11")
                                                .arg(seed).arg(batch).arg(texts[static_cast<std::size_t>(i)].c_str())
                                                .arg(variables[0], 0, 'g', 17).arg(variables[1], 0, 'g', 17)
                                                .arg(variables[2], 0, 'g', 17).arg(variables[3], 0, 'g', 17)
                                                .arg(expected, 0, 'g', 17).arg(walked, 0, 'g', 17).arg(taped, 0, 'g', 17)
                                                .arg(batchResults[static_cast<std::size_t>(i)], 0, 'g', 17)));
                    ++compared;
                    finite += std::isfinite(expected);
                }
            }
        }
        qInfo("%ld values compared, %ld finite", compared, finite);
        QVERIFY(finite > compared / 2); // the comparisons are mostly of numbers, not of NaNs
    }

    void printingIsAFixedPoint()
    {
        const std::uint64_t seed = exprtest::seedFromEnvironment(20261128) + 1;
        qInfo("seed %llu", static_cast<unsigned long long>(seed));
        exprtest::Generator generator(seed, kNames);
        const SymbolTable symbols = table();
        for (int i = 0; i < 3000; ++i) {
            const std::string text = generator.text(generator.tree(1 + generator.below(7)));
            const ParseResult first = parse(text, symbols);
            QVERIFY2(first.ok(), text.c_str());
            // Derivatives too: their trees hold negative numbers, folded constants and new shapes.
            for (const Expr& expr : {first.expr, derivative(first.expr, 0), derivative(first.expr, 3)}) {
                const std::string printed = print(expr, symbols);
                const ParseResult again = parse(printed, symbols);
                QVERIFY2(again.ok(), qPrintable(QString("seed %1: '%2' printed '%3': %4").arg(seed).arg(text.c_str(), printed.c_str(), again.error.text().c_str())));
                QVERIFY2(equal(expr, again.expr), qPrintable(QString("seed %1: '%2' printed '%3', which parses to another tree, printed '%4'")
                                                                .arg(seed).arg(text.c_str(), printed.c_str(), print(again.expr, symbols).c_str())));
                QCOMPARE(print(again.expr, symbols), printed);
            }
        }
    }

    void printedForms()
    {
        const SymbolTable symbols = table();
        auto reprinted = [&](const char* text) { return print(parse(text, symbols).expr, symbols); };
        QCOMPARE(reprinted("x - (v - t)"), std::string("x - (v - t)"));
        QCOMPARE(reprinted("(x - v) - t"), std::string("x - v - t"));
        QCOMPARE(reprinted("x / (v * t)"), std::string("x/(v*t)"));
        QCOMPARE(reprinted("(x ^ v) ^ t"), std::string("(x^v)^t"));
        QCOMPARE(reprinted("x ^ (v ^ t)"), std::string("x^v^t"));
        QCOMPARE(reprinted("-(x^2)"), std::string("-x^2"));
        QCOMPARE(reprinted("(-x)^2"), std::string("(-x)^2"));
        QCOMPARE(reprinted("(-3)^x"), std::string("(-3)^x"));
        QCOMPARE(reprinted("x^(-3)"), std::string("x^-3"));
        QCOMPARE(reprinted("-(x*v)"), std::string("-(x*v)"));
        QCOMPARE(reprinted("x*(-v)"), std::string("x*-v"));
        QCOMPARE(reprinted("2*pi + 3.141592653589793"), std::string("2*pi + pi"));
        QCOMPARE(reprinted("1e-3 + 1E+300 + .5 + 0.1"), std::string("0.001 + 1e+300 + 0.5 + 0.1"));
        QCOMPARE(reprinted("atan2( x ,\n v )"), std::string("atan2(x, v)"));
        // A variable with no name, and numbers no text reads back to: printed, but not as a parse.
        QCOMPARE(print(makeVariable(7), symbols), std::string("$7"));
        QCOMPARE(print(makeBinary(Kind::Add, makeNumber(INFINITY), makeNumber(NAN)), symbols), std::string("(1/0) + (0/0)"));
    }
};

QTEST_APPLESS_MAIN(TestExprRandom)
#include "test_expr_random.moc"
