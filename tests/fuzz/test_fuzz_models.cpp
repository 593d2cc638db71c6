// Fuzzing of model files (core/model, systems/model_registry.h): the shipped models, exports and
// the fixture, mutated line by line (statements deleted, duplicated, swapped, inserted, cut), in
// their expressions and bytes, repeated towards the limits, and random bytes. Every case must pass
// fuzz::checkModel (a refusal at a place in the text with a one-line reason, or a model that
// registers and runs briefly by each of its methods, or stops with one line); none may take long.
// The command line's `model check` takes a sample of them as files.
#include "model_checks.h"
#include "mutator.h"

#include "expr/node.h"
#include "model/model_parser.h"
#include "params/parameter_set.h"
#include "systems/model_equations.h"
#include "systems/model_registry.h"

#include <algorithm>
#include <string>
#include <vector>

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestFuzzModels : public QObject {
    Q_OBJECT
private slots:
    void corpusIsAccepted()
    {
        const QList<QByteArray> corpus = fuzz::modelCorpus();
        QVERIFY(corpus.size() >= 6);
        for (const QByteArray& seed : corpus) {
            QVERIFY(fl::model::parseModel(std::string_view(seed.constData(), static_cast<std::size_t>(seed.size()))).ok());
            const QString problem = fuzz::checkModel(seed);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
    }

    void mutatedModels()
    {
        const QList<QByteArray> seeds = fuzz::modelCorpus();
        const int cases = 1500;
        int refused = 0;
        qint64 slowest = 0;
        QElapsedTimer timer;
        for (int i = 0; i < cases; ++i) {
            const std::uint64_t seed = 0x30de1'0000 + static_cast<std::uint64_t>(i);
            fuzz::Mutator mutator(seed);
            QByteArray input = i % 25 == 0 ? mutator.randomBytes(512) : fuzz::mutateModel(mutator, mutator.pick(seeds));
            timer.start();
            const QString problem = fuzz::checkModel(input);
            slowest = std::max(slowest, timer.nsecsElapsed());
            QVERIFY2(problem.isEmpty(), qPrintable(QString("case %1 (seed 0x%2): %3\ninput: %4")
                                                       .arg(i)
                                                       .arg(seed, 0, 16)
                                                       .arg(problem, QString::fromUtf8(input.left(3000)))));
            refused += !fl::model::parseModel(std::string_view(input.constData(), static_cast<std::size_t>(input.size()))).ok();
        }
        qInfo("%d of %d mutated models refused, %d accepted and run; slowest case %.1f ms", refused, cases, cases - refused, slowest / 1e6);
        QVERIFY(refused > cases / 5);
        QVERIFY(refused < cases - cases / 20);
        QVERIFY2(slowest < 5'000'000'000, qPrintable(QString("slowest case %1 ms").arg(slowest / 1e6)));
    }

    /// Work, not only crashes: random series of models that grow by nesting one of their
    /// expressions (a force, a slip velocity's constant part, a normal force, an output) in random
    /// calls and operators, 10, 20 and 40 levels deep. The measure is deterministic: the expression
    /// nodes that preparing the model and specialising one run's tapes build (what they cost in time
    /// and memory, about 100 bytes a node). Per byte of text it may not grow across a series by more
    /// than a constant factor: growth faster than linear fails. Time and peak nodes are printed.
    void workGrowsLinearlyWithTheText()
    {
        const std::vector<const char*> wrappers = {"max(E, 0.1)", "min(E, 2)",   "abs(E - 0.1)",     "sin(E)",        "E*x'",       "1/(1 + E^2)",
                                        "exp(-E^2)",   "sqrt(1 + E^2)", "atan2(E, 1)",    "hypot(E, x)",   "pow(E, 2)",  "tanh(E/0.01)",
                                        "sign(E)*x",   "E*E2",          "(E + x)*(1 - x)", "log(1 + E^2)", "cos(E)*t"};
        const std::vector<const char*> places = {
            "force x = -x + 0.01*E\ncontact c\n    slip = x' - 0.3\n    law = coulomb\n",
            "force x = -x\ncontact c\n    slip = x' - 0.3*(1 + 0.01*sin(E))\n    law = coulomb\n",
            "force x = -x\ncontact c\n    slip = x' - 0.3\n    normal = 1 + 0.1*tanh(E)\n    law = coulomb\n",
            "force x = -x\ncontact c\n    slip = x' - 0.3\n    law = coulomb\noutput o = E\n",
        };
        const int series = 40;
        double worst = 0.0;
        for (int k = 0; k < series; ++k) {
            const std::uint64_t seed = 0x3012c'0000 + static_cast<std::uint64_t>(k);
            fuzz::Mutator mutator(seed);
            const int placeIndex = mutator.below(static_cast<int>(places.size()));
            const char* place = places[static_cast<size_t>(placeIndex)];
            std::vector<std::string> levels; // a random block of five levels, repeated: each doubling adds the same mix
            for (int i = 0; i < 5; ++i)
                levels.emplace_back(mutator.pick(wrappers));
            for (int i = 5; i < 40; ++i)
                levels.push_back(levels[static_cast<size_t>(i % 5)]);
            double perByte[3] = {0, 0, 0};
            long nodes[3] = {0, 0, 0}, bytes[3] = {0, 0, 0};
            const int depths[3] = {10, 20, 40};
            for (int d = 0; d < 3; ++d) {
                std::string e = "x";
                for (int i = 0; i < depths[d]; ++i) {
                    std::string level = levels[static_cast<size_t>(i)];
                    const size_t second = level.find("E2");
                    if (second != std::string::npos) // a factor that reads the level below without copying it
                        level.replace(second, 2, "x");
                    if (placeIndex == 1 && level.find("x'") != std::string::npos) // a slip velocity stays affine in x'
                        level.replace(level.find("x'"), 2, "x");
                    level.replace(level.find('E'), 1, "(" + e + ")");
                    e = std::move(level);
                }
                std::string text = std::string("flmodel 1\nname \"series\"\ncoord x\n") + place;
                text.replace(text.find('E'), 1, e);
                QElapsedTimer clock;
                clock.start();
                const fl::expr::NodeBudget meter(1'000'000'000);
                const fl::PreparedModel prepared = fl::prepareModel(text);
                QVERIFY2(prepared.ok(), qPrintable(QString("series %1 (seed 0x%2): %3").arg(k).arg(seed, 0, 16).arg(prepared.error.reason.c_str())));
                const fl::ModelEquations run(prepared.compiled, fl::ParameterSet(prepared.compiled->model.parameters));
                nodes[d] = meter.used();
                bytes[d] = static_cast<long>(text.size());
                perByte[d] = static_cast<double>(nodes[d]) / static_cast<double>(text.size());
                if (d == 2)
                    qInfo("%s", qPrintable(QString("series %1 (seed 0x%2, %3): nodes built %4 / %5 / %6 at depth 10 / 20 / 40 (%7 / %8 / %9 per byte); %10 ms at 40")
                                               .arg(k)
                                               .arg(seed, 0, 16)
                                               .arg(QString(place).section('\n', 0, 0))
                                               .arg(nodes[0])
                                               .arg(nodes[1])
                                               .arg(nodes[2])
                                               .arg(perByte[0], 0, 'f', 2)
                                               .arg(perByte[1], 0, 'f', 2)
                                               .arg(perByte[2], 0, 'f', 2)
                                               .arg(clock.nsecsElapsed() / 1e6, 0, 'f', 1)));
            }
            // What the second doubling adds per byte added, against what the first added: 1 when the
            // work is linear in the text (a + b bytes), 1.5 if it were quadratic, far more if exponential.
            const double first = static_cast<double>(nodes[1] - nodes[0]) / static_cast<double>(bytes[1] - bytes[0]);
            const double second = static_cast<double>(nodes[2] - nodes[1]) / static_cast<double>(bytes[2] - bytes[1]);
            const double growth = second / first;
            worst = std::max(worst, growth);
            QVERIFY2(growth < 1.25, qPrintable(QString("series %1 (seed 0x%2): nodes per added byte grew %3x from depth 10-20 to 20-40 (%4 / %5 / %6 nodes)")
                                                   .arg(k)
                                                   .arg(seed, 0, 16)
                                                   .arg(growth)
                                                   .arg(nodes[0])
                                                   .arg(nodes[1])
                                                   .arg(nodes[2])));
        }
        qInfo("%d series: the nodes each added byte costs grew at most %.3fx when the depth doubled (linear: 1)", series, worst);
    }

    void commandLineChecksMutatedFiles()
    {
        const QList<QByteArray> seeds = fuzz::modelCorpus();
        QTemporaryDir dir;
        const QString path = dir.filePath("m.flmodel");
        for (int i = 0; i < 25; ++i) { // a process each: 25 keep the sanitizer builds' CI time down
            fuzz::Mutator mutator(0xc11'0000 + static_cast<std::uint64_t>(i));
            const QByteArray input = fuzz::mutateModel(mutator, mutator.pick(seeds));
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(input);
            file.close();
            QProcess process;
            process.start(FRICTIONLAB_CLI, {"model", "check", path});
            QVERIFY(process.waitForFinished(60000));
            QCOMPARE(process.exitStatus(), QProcess::NormalExit);
            const int code = process.exitCode();
            QVERIFY2(code == 0 || code == 2, qPrintable(QString("case %1: exit %2").arg(i).arg(code)));
            const QByteArray err = process.readAllStandardError();
            if (code == 2) {
                QVERIFY2(err.startsWith(path.toUtf8() + ":"), err.constData());
                QCOMPARE(err.count('\n'), 1);
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestFuzzModels)
#include "test_fuzz_models.moc"
