// `frictionlab-cli model check FILE`: a model's coordinates, contacts and parameters on standard
// output and exit 0, or one line FILE:LINE:COL: reason on standard error and exit 2.
#include "cli_runner.h"

#include <QTemporaryDir>
#include <QTest>

using cli_test::runCli;

class TestCliModel : public QObject {
    Q_OBJECT
private slots:
    void checkPrintsTheModel()
    {
        const QString path = QStringLiteral(FRICTIONLAB_SOURCE_DIR "/tests/cli/models/two_blocks.flmodel");
        const cli_test::Outcome outcome = runCli({"model", "check", path});
        QCOMPARE(outcome.exitCode, 0);
        QCOMPARE(outcome.err, QString());
        const QStringList lines = outcome.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.at(0), "file: " + path);
        QCOMPARE(lines.at(1), QStringLiteral("model: Two blocks on one belt"));
        QCOMPARE(lines.at(2), QStringLiteral("coordinates: 2"));
        QCOMPARE(lines.at(3), QStringLiteral("  x1  mass m1  start 0  velocity 0  forces 1"));
        QCOMPARE(lines.at(4), QStringLiteral("  x2  mass m2  start 0.1  velocity 0  forces 1"));
        QCOMPARE(lines.at(5), QStringLiteral("contacts: 2"));
        QCOMPARE(lines.at(6), QStringLiteral("  left  slip x1' - v_b  normal m1  law coulomb (left.mu_s, left.mu_k)"));
        QVERIFY(lines.contains(QStringLiteral("parameters: 10")));
        QVERIFY(lines.contains(QStringLiteral("  left.mu_s = 2  range 0 .. 10")));
        QVERIFY(lines.contains(QStringLiteral("  v_b = 0.5  range -5 .. 5  m/s")));
        QCOMPARE(lines.last(), QStringLiteral("drawings: 5"));
    }

    void errorIsOneLineWithItsPlace()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.flmodel");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("flmodel 1\nname \"bad\"\ncoord x\nforce x = -k*x\n");
        file.close();
        const cli_test::Outcome outcome = runCli({"model", "check", path});
        QCOMPARE(outcome.exitCode, 2);
        QCOMPARE(outcome.out, QString());
        QCOMPARE(outcome.err, path + ":4:12: unknown name 'k' (variables: x, x', t)\n");
    }

    void refusals()
    {
        QCOMPARE(runCli({"model", "check", "/nonexistent/m.flmodel"}).exitCode, 2);
        QCOMPARE(runCli({"model", "check", QStringLiteral(FRICTIONLAB_SOURCE_DIR)}).exitCode, 2);
        QCOMPARE(runCli({"model", "check"}).exitCode, 2);
        QCOMPARE(runCli({"model", "check", "a", "b"}).exitCode, 2);
        const cli_test::Outcome none = runCli({"model"});
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.err.contains("expected an action (check)"));
        QCOMPARE(runCli({"model", "run"}).exitCode, 2);
        QCOMPARE(runCli({"model", "--help"}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestCliModel)
#include "test_cli_model.moc"
