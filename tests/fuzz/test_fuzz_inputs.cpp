// Fuzzing: every parser of outside input gets random and mutated inputs: session files
// (bytes, and JSON with hostile values at random paths, from the shipped lecture and a session
// with every field) and the command lines of every frictionlab-cli command (options from each
// command's --help). A few thousand seeded cases here; `fuzz_bench N` runs any number. A failing
// case prints its seed and input.
#include "input_checks.h"
#include "bridge/session.h"
#include "systems/system_registry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

QByteArray lecture()
{
    QFile file(QStringLiteral(FRICTIONLAB_SOURCE_DIR "/resources/lectures/stick-slip-in-ten-scenes.frictionlab"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray presetSession(const char* presetId)
{
    fl::ui::Session session;
    fl::applyPreset(presetId, session.state.scenario);
    session.state.presetId = presetId;
    return fl::ui::writeSession(session);
}

} // namespace

class TestFuzzInputs : public QObject {
    Q_OBJECT
private slots:
    void sessionFiles()
    {
        const QList<QByteArray> seeds = {lecture(), presetSession("jtam2016-fig4a"), presetSession("acta2016-fig5a"),
                                         presetSession("belt-lugre-stick-slip")};
        QVERIFY(!seeds.first().isEmpty());
        for (const QByteArray& seed : seeds)
            QVERIFY2(fuzz::checkSession(seed).isEmpty(), qPrintable(fuzz::checkSession(seed)));
        int refused = 0;
        const int cases = 3000;
        for (int i = 0; i < cases; ++i) {
            fuzz::Mutator mutator(0x5e55'1000 + static_cast<std::uint64_t>(i));
            const QByteArray& seed = mutator.pick(seeds);
            const QByteArray input = i % 10 == 0 ? mutator.randomBytes(4096)
                                     : i % 3 == 0 ? mutator.mutateBytes(seed)
                                                  : mutator.mutateJson(seed);
            const QString problem = fuzz::checkSession(input);
            QVERIFY2(problem.isEmpty(), qPrintable(QString("case %1 (seed 0x%2): %3\ninput: %4")
                                                       .arg(i)
                                                       .arg(0x5e55'1000 + i, 0, 16)
                                                       .arg(problem, QString::fromUtf8(input.left(2000)))));
            fl::ui::Session ignored;
            refused += !fl::ui::readSession(input, ignored).ok();
        }
        // Both outcomes are exercised: most mutations are refused, some still read.
        qInfo("%d of %d mutated sessions refused with one line, %d read and round-tripped", refused, cases, cases - refused);
        QVERIFY(refused > cases / 2);
        QVERIFY(refused < cases);
    }

    void mutationsStayBounded()
    {
        // Nested arrays: an edit makes up to 400 copies of an element (a long string, a hostile
        // 300-deep nesting), and a later edit of the same mutation one level up copies those again.
        const QByteArray nested = "{\"a\": [[[[\"" + QByteArray(300, 'a') + "\"]]], [[[\"x\"]]]]}";
        // The product reads files of at most kMaxSessionBytes; mutations a few times larger still
        // exercise its size refusals, gigabytes only the fuzzer's memory.
        const qsizetype bound = 4 * fl::ui::kMaxSessionBytes;
        qsizetype largest = 0;
        for (std::uint64_t i = 0; i < 3000; ++i) {
            fuzz::Mutator mutator(0x91'0000 + i);
            const qsizetype size = mutator.mutateJson(nested).size();
            QVERIFY2(size <= bound, qPrintable(QString("seed 0x%1: %2 bytes, at most %3").arg(0x91'0000 + i, 0, 16).arg(size).arg(bound)));
            largest = std::max(largest, size);
        }
        qInfo("largest mutation: %lld bytes", static_cast<long long>(largest));
    }

    void commandLines()
    {
        QTemporaryDir dir;
        const QString sessionFile = dir.filePath("lecture.frictionlab");
        QFile file(sessionFile);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(lecture()) > 0);
        file.close();
        const fuzz::CliFuzzer fuzzer(sessionFile, dir.path());
        int cases = 0;
        for (int i = 0; i < 1500; ++i) {
            fuzz::Mutator mutator(0xc11'0000 + static_cast<std::uint64_t>(i));
            const QStringList arguments = fuzzer.randomArguments(mutator);
            const QString problem = fuzzer.check(arguments);
            QVERIFY2(problem.isEmpty(), qPrintable(QString("case %1 (seed 0x%2): frictionlab-cli %3\n%4")
                                                       .arg(i)
                                                       .arg(0xc11'0000 + i, 0, 16)
                                                       .arg(arguments.join(' '), problem)));
            ++cases;
        }
        QCOMPARE(cases, 1500);
    }
};

QTEST_GUILESS_MAIN(TestFuzzInputs)
#include "test_fuzz_inputs.moc"
