// Fuzzing of model files (core/model, systems/model_registry.h): the shipped models, exports and
// the fixture, mutated line by line (statements deleted, duplicated, swapped, inserted, cut), in
// their expressions and bytes, repeated towards the limits, and random bytes. Every case must pass
// fuzz::checkModel (a refusal at a place in the text with a one-line reason, or a model that
// registers and runs briefly by each of its methods, or stops with one line); none may take long.
// The command line's `model check` takes a sample of them as files.
#include "model_checks.h"
#include "mutator.h"

#include "model/model_parser.h"

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
