// Fuzzing of the expression parser of user-written models (core/expr): a corpus of model-file
// expressions, mutated at the level of tokens and of bytes (deep nests, long chains, numbers out of
// range, stray bytes, cut texts), and random bytes; every case must pass fuzz::checkExpression (no
// exception, a clear refusal at a position in the text, or a tree that prints, reparses and
// evaluates consistently) and none may take long. `fuzz_bench expressions N` runs any number.
#include "expression_checks.h"
#include "mutator.h"
#include "expr/expression.h"

#include <QElapsedTimer>
#include <QTest>

class TestFuzzExpressions : public QObject {
    Q_OBJECT
private slots:
    void corpusIsAccepted()
    {
        for (const QByteArray& seed : fuzz::expressionCorpus()) {
            const QString problem = fuzz::checkExpression(seed);
            QVERIFY2(problem.isEmpty(), qPrintable(QString::fromUtf8(seed) + ": " + problem));
        }
    }

    void mutatedExpressions()
    {
        const QList<QByteArray> seeds = fuzz::expressionCorpus();
        const int cases = 20000;
        int refused = 0;
        qint64 slowest = 0;
        QElapsedTimer timer;
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 0xe4a'0000 + static_cast<std::uint64_t>(i);
            fuzz::Mutator mutator(seed);
            QByteArray input = i % 20 == 0 ? mutator.randomBytes(256) : mutator.mutateExpression(mutator.pick(seeds));
            if (i % 7 == 0) // mutations of mutations reach further from the corpus
                input = mutator.mutateExpression(input);
            timer.start();
            const QString problem = fuzz::checkExpression(input);
            slowest = std::max(slowest, timer.nsecsElapsed());
            QVERIFY2(problem.isEmpty(), qPrintable(QString("case %1 (seed 0x%2): %3\ninput: %4")
                                                       .arg(i)
                                                       .arg(seed, 0, 16)
                                                       .arg(problem, QString::fromUtf8(input.left(2000)))));
            refused += !fl::expr::parse(std::string_view(input.constData(), static_cast<std::size_t>(input.size())), fl::expr::SymbolTable{"x", "v", "t", "k"}).ok();
        }
        qInfo("%d of %d mutated expressions refused, %d accepted; slowest case %.1f ms", refused, cases, cases - refused, slowest / 1e6);
        // Both outcomes are exercised, and no case comes near a hang.
        QVERIFY(refused > cases / 4);
        QVERIFY(refused < cases - cases / 20);
        QVERIFY2(slowest < 2'000'000'000, qPrintable(QString("slowest case %1 ms").arg(slowest / 1e6)));
    }
};

QTEST_APPLESS_MAIN(TestFuzzExpressions)
#include "test_fuzz_expressions.moc"
