// `frictionlab-cli model check FILE`: a model's coordinates, contacts and parameters on standard
// output and exit 0, or one line FILE:LINE:COL: reason on standard error and exit 2. `model export`
// and `--model FILE` on run, sweep, lyapunov and session new: a built-in system exported and run as
// a model gives the built-in run's rows; a session of a model holds the model's text.
#include "../temp_files.h"
#include "cli_runner.h"

#include <QElapsedTimer>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using cli_test::runCli;

namespace {

using fltest::writeFile;

/// The data rows of a run's CSV (no '#' lines, no header), each cut after `columns` values.
QStringList rows(const QString& path, int columns)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList out;
    bool header = true;
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        if (header) {
            header = false;
            continue;
        }
        out.append(QString::fromUtf8(line).section(',', 0, columns - 1));
    }
    return out;
}

const QString kTwoBlocks = QStringLiteral(FRICTIONLAB_SOURCE_DIR "/resources/models/two-blocks-on-a-belt.flmodel");

} // namespace

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
        QVERIFY(none.err.contains("expected an action (check, export)"));
        QCOMPARE(runCli({"model", "run"}).exitCode, 2);
        QCOMPARE(runCli({"model", "--help"}).exitCode, 0);
        QVERIFY(runCli({"model", "export"}).err.contains("needs --system"));
        QVERIFY(runCli({"model", "export", "--system", "disk"}).err.contains("belt, absorber, bk-chain and brake"));
        QVERIFY(runCli({"run", "--model", kTwoBlocks, "--law", "rational"}).err.contains("names its laws"));
        QVERIFY(runCli({"run", "--model", kTwoBlocks, "--system", "belt"}).err.contains("cannot be combined"));
        QCOMPARE(runCli({"run", "--model", "/nonexistent.flmodel"}).exitCode, 2);
    }

    void exportedBeltRunsAsTheBuiltInOne()
    {
        // Rows to the last digit: the model evaluates the same operations in the same order.
        QTemporaryDir dir;
        const cli_test::Outcome exported = runCli({"model", "export", "--system", "belt", "--law", "stribeck-exp", "--set", "A=1.2", "--set", "w=0.7"});
        QCOMPARE(exported.exitCode, 0);
        QVERIFY(exported.out.startsWith("flmodel 1\n"));
        const QString model = writeFile(dir, "belt.flmodel", exported.out.toUtf8());
        QCOMPARE(runCli({"model", "check", model}).exitCode, 0);
        const QString a = dir.filePath("a.csv"), b = dir.filePath("b.csv");
        const cli_test::Outcome direct = runCli({"run", "--system", "belt", "--law", "stribeck-exp", "--set", "A=1.2", "--set", "w=0.7", "--t-end", "50", "--out", a});
        const cli_test::Outcome asModel = runCli({"run", "--model", model, "--t-end", "50", "--out", b});
        QCOMPARE(direct.exitCode, 0);
        QCOMPARE(asModel.exitCode, 0);
        const QStringList x = rows(a, 3), y = rows(b, 3); // t, x, x' (both systems' first columns)
        QCOMPARE(x.size(), 5001);
        QCOMPARE(y, x);
    }

    void exportedChainRunsAsTheBuiltInOne()
    {
        QTemporaryDir dir;
        const QStringList values = {"--set", "n=4", "--set", "dx0=0.5", "--law", "rational"};
        const cli_test::Outcome exported = runCli(QStringList{"model", "export", "--system", "bk-chain"} + values);
        QCOMPARE(exported.exitCode, 0);
        const QString model = writeFile(dir, "chain.flmodel", exported.out.toUtf8());
        const QString a = dir.filePath("a.csv"), b = dir.filePath("b.csv");
        QCOMPARE(runCli(QStringList{"run", "--system", "bk-chain", "--t-end", "40", "--out", a} + values).exitCode, 0);
        QCOMPARE(runCli({"run", "--model", model, "--t-end", "40", "--out", b}).exitCode, 0);
        const QStringList x = rows(a, 9), y = rows(b, 9); // t and the 4 blocks' x, x'
        QVERIFY(x.size() > 100);
        QCOMPARE(y, x);
    }

    void badModelStopsARunWithItsPlace()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, "bad.flmodel", "flmodel 1\nname \"bad\"\ncoord x\ncontact c\n    slip = x*x\n    law = coulomb\n");
        const cli_test::Outcome outcome = runCli({"run", "--model", path, "--out", dir.filePath("o.csv")});
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains(path + ":5:12: the slip velocity depends on no velocity (x')"), qPrintable(outcome.err));
        QCOMPARE(outcome.err.count('\n'), 1);
        QVERIFY(!QFile::exists(dir.filePath("o.csv")));
    }

    /// The session alone reproduces the run: the model file may be gone. A model with a first-order
    /// state (read by its custom law) keeps the state's column.
    void sessionOfAModelHoldsItsText_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("column");
        QTest::newRow("two blocks") << kTwoBlocks << "k_c=7" << "x1";
        QTest::newRow("state") << QStringLiteral(FRICTIONLAB_SOURCE_DIR "/resources/models/rate-and-state-spring-slider.flmodel") << "k=1.9"
                               << "theta";
    }
    void sessionOfAModelHoldsItsText()
    {
        QFETCH(QString, model);
        QFETCH(QString, set);
        QFETCH(QString, column);
        QTemporaryDir dir;
        const QString copy = writeFile(dir, "m.flmodel", [&] {
            QFile f(model);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }());
        const QString session = dir.filePath("s.frictionlab"), a = dir.filePath("a.csv"), b = dir.filePath("b.csv");
        QCOMPARE(runCli({"session", "new", "--model", copy, "--set", set, "--out", session}).exitCode, 0);
        QCOMPARE(runCli({"run", "--model", copy, "--set", set, "--t-end", "20", "--out", a}).exitCode, 0);
        QVERIFY(QFile::remove(copy));
        const cli_test::Outcome fromSession = runCli({"run", "--session", session, "--t-end", "20", "--out", b});
        QCOMPARE(fromSession.exitCode, 0);
        QVERIFY(rows(a, 5).size() > 100);
        QCOMPARE(rows(b, 5), rows(a, 5));
        QFile header(b);
        QVERIFY(header.open(QIODevice::ReadOnly));
        QByteArray line;
        do
            line = header.readLine();
        while (line.startsWith('#'));
        QVERIFY2(line.split(',').contains(column.toUtf8()), line.constData());
    }

    void sweepAndLyapunovTakeAModel()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("sweep.csv");
        const cli_test::Outcome sweep = runCli({"sweep", "--model", kTwoBlocks, "--param", "v_b", "--from", "0.1", "--to", "0.3", "--steps", "3",
                                                "--transient", "20", "--samples", "10", "--max-time", "100", "--out", out});
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.err));
        QVERIFY(rows(out, 2).size() >= 3);
        const cli_test::Outcome lyapunov = runCli({"lyapunov", "--model", kTwoBlocks, "--method", "regularized", "--set", "eps=1e-2",
                                                   "--transient", "10", "--duration", "20", "--count", "1"});
        QVERIFY2(lyapunov.exitCode == 0, qPrintable(lyapunov.err));
        QVERIFY(lyapunov.out.contains("lambda_1 = "));
    }

    /// --section-variable takes a plane through several variables (x1 - x2, of the parameters too):
    /// the CSV says which; recording x1 and x2 there gives the same numbers (the points have x1 = x2);
    /// a plane that is not affine is refused with its reason on one line.
    void sweepOnAPlaneThroughTwoCoordinates()
    {
        QTemporaryDir dir;
        QStringList values[2];
        for (int i = 0; i < 2; ++i) {
            const QString out = dir.filePath(QString("plane%1.csv").arg(i));
            const cli_test::Outcome sweep = runCli({"sweep", "--model", kTwoBlocks, "--param", "v_b", "--from", "0.1", "--to", "0.3", "--steps", "3",
                                                    "--transient", "10", "--samples", "4", "--max-time", "100", "--observable", "section",
                                                    "--section-variable", "x1 - x2", "--crossing", "up", "--variable", i == 0 ? "x1" : "x2",
                                                    "--out", out});
            QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.err));
            QFile file(out);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            QVERIFY2(text.contains(QString("# value: section x1 - x2 = 0 (up): x%1\n").arg(i + 1)), qPrintable(text.left(400)));
            for (const QString& row : rows(out, 3))
                values[i].append(row.section(',', 2, 2));
        }
        QCOMPARE(values[0].size(), 12);
        QCOMPARE(values[1].size(), 12);
        double worst = 0.0;
        for (int k = 0; k < 12; ++k)
            worst = std::max(worst, std::abs(values[0][k].toDouble() - values[1][k].toDouble()));
        qInfo("x1 - x2 at the plane's points: at most %.3g", worst);
        QVERIFY(worst < 1e-10);
        const cli_test::Outcome weighted = runCli({"sweep", "--model", kTwoBlocks, "--param", "v_b", "--from", "0.1", "--to", "0.3", "--steps", "2",
                                                   "--transient", "5", "--samples", "2", "--observable", "section", "--section-variable",
                                                   "x1' + k_c*(x2 - x1)/10", "--out", dir.filePath("weighted.csv")});
        QVERIFY2(weighted.exitCode == 0, qPrintable(weighted.err));
        const cli_test::Outcome refused = runCli({"sweep", "--model", kTwoBlocks, "--param", "v_b", "--from", "0.1", "--to", "0.3", "--observable",
                                                  "section", "--section-variable", "x1*x2", "--out", dir.filePath("no.csv")});
        QVERIFY(refused.exitCode != 0);
        QVERIFY2(refused.err.contains("the section plane 'x1*x2' must be affine in the state variables and t"), qPrintable(refused.err));
        QCOMPARE(refused.err.trimmed().count('\n'), 0);
    }

    /// The nested max that doubled the work per level (7.8 s and 716 MB at depth 20)
    /// checks, runs and goes into a session at depth 30 and 96 (the grammar allows 100 levels of
    /// nesting), each command a whole process: their times are in the log.
    void deeplyNestedModelsCheckRunAndSave()
    {
        QTemporaryDir dir;
        for (const int depth : {30, 96}) {
            QByteArray nested = "x";
            for (int i = 0; i < depth; ++i)
                nested = "max(" + nested + ", 0)";
            const QString path = writeFile(dir, QString("nested%1.flmodel").arg(depth),
                                           "flmodel 1\nname \"nested\"\nparam v_b = 0.3 range -5 .. 5\ncoord x\nforce x = -x + 0.1*" + nested
                                               + "\ncontact c\n    slip = x' - v_b\n    law = coulomb\n");
            for (const QStringList& args : {QStringList{"model", "check", path}, QStringList{"run", "--model", path, "--t-end", "10", "--out", dir.filePath("o.csv")},
                                            QStringList{"run", "--model", path, "--method", "regularized", "--t-end", "10", "--out", dir.filePath("o.csv")},
                                            QStringList{"session", "new", "--model", path, "--out", dir.filePath("s.frictionlab")},
                                            QStringList{"session", "show", dir.filePath("s.frictionlab")}}) {
                QElapsedTimer clock;
                clock.start();
                const cli_test::Outcome outcome = runCli(args);
                qInfo("depth %d: %s: exit %d in %lld ms", depth, qPrintable(args.mid(0, 2).join(' ')), outcome.exitCode, clock.elapsed());
                QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
            }
        }
    }

    /// A model file is an input of every command that takes --model, so no output
    /// may name it (through another path too); the file stays as it was.
    void theModelFileIsNeverAnOutput()
    {
        QTemporaryDir dir;
        QFile::copy(kTwoBlocks, dir.filePath("m.flmodel"));
        const QString model = dir.filePath("m.flmodel");
        const QString other = dir.path() + "/./m.flmodel";
        QFile original(kTwoBlocks);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray text = original.readAll();
        const QList<QStringList> commands = {
            {"run", "--model", model, "--t-end", "1", "--out", model},
            {"run", "--model", model, "--t-end", "1", "--out", dir.filePath("k.csv"), "--events", other},
            {"session", "new", "--model", model, "--out", other},
            {"sweep", "--model", model, "--param", "v_b", "--from", "0.1", "--to", "0.2", "--steps", "2", "--out", model},
            {"lyapunov", "--model", model, "--duration", "1", "--count", "1", "--history", model},
        };
        for (const QStringList& args : commands) {
            const cli_test::Outcome outcome = runCli(args);
            QVERIFY2(outcome.exitCode == 2, qPrintable(args.join(' ') + ": " + outcome.err));
            QVERIFY2(outcome.err.contains("is the input file of --model"), qPrintable(outcome.err));
            QFile file(model);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(file.readAll(), text);
        }
        QVERIFY(!QFile::exists(dir.filePath("k.csv")));
    }

    /// A model with no contact: `model check` refuses it as `run` does (it accepted it before).
    /// Several contacts on the command line: the events file names the contact that switched, the
    /// run has a mode.ID column per contact (0 exactly while its v_r.ID is 0, the sign of v_r.ID
    /// else), the summary names the model by its name, and compare covers every coordinate: a third
    /// block's too.
    void severalContactsSayWhichContact()
    {
        QTemporaryDir dir;
        const QString run = dir.filePath("run.csv"), events = dir.filePath("events.csv");
        const cli_test::Outcome o = runCli({"run", "--model", kTwoBlocks, "--set", "t_end=20", "--out", run, "--events", events});
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        QVERIFY2(o.err.startsWith("\"Two blocks on one belt\" (model-"), qPrintable(o.err));
        QFile eventFile(events);
        QVERIFY(eventFile.open(QIODevice::ReadOnly));
        const QStringList eventLines = QString::fromUtf8(eventFile.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(eventLines.first(), QStringLiteral("t,event,contact"));
        QSet<QString> contacts;
        for (const QString& line : eventLines.mid(1)) {
            const QStringList f = line.split(',');
            QCOMPARE(f.size(), 3);
            if (f[1] != "graze")
                contacts.insert(f[2]);
        }
        QCOMPARE(contacts, (QSet<QString>{"left", "right"}));
        QFile runFile(run);
        QVERIFY(runFile.open(QIODevice::ReadOnly));
        QStringList header;
        int stuck = 0, checked = 0;
        for (const QByteArray& line : runFile.readAll().split('\n')) {
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const QStringList f = QString::fromUtf8(line).split(',');
            if (header.isEmpty()) {
                header = f;
                continue;
            }
            for (const char* c : {"left", "right"}) {
                const double vr = f[header.indexOf(QString("v_r.") + c)].toDouble(), mode = f[header.indexOf(QString("mode.") + c)].toDouble();
                QCOMPARE(mode, vr == 0.0 ? 0.0 : (vr > 0.0 ? 1.0 : -1.0));
                stuck += mode == 0.0;
                ++checked;
            }
        }
        QVERIFY(header.contains("mode.left") && header.contains("mode.right"));
        QVERIFY(stuck > 100 && stuck < checked);

        // Three blocks, the third only through a spring: compare's table and summary cover x3.
        const QString three = writeFile(dir, "three.flmodel", "flmodel 1\nname \"Three blocks\"\nparam v_b = 0.3 range -1 .. 1\ncoord x1\ncoord x2\ncoord x3\n"
                         "force x1 = -x1 - (x1 - x2)\nforce x2 = -(x2 - x1) - (x2 - x3)\nforce x3 = -(x3 - x2) + 0.5*cos(1.3*t)\n"
                         "contact a\n    slip = x1' - v_b\n    law = coulomb(mu_s = 1, mu_k = 0.6)\n"
                         "contact b\n    slip = x2' - v_b\n    law = coulomb(mu_s = 1, mu_k = 0.6)\n");
        const QString compared = dir.filePath("compare.csv");
        const cli_test::Outcome c = runCli({"compare", "--model", three, "--set", "t_end=30", "--out", compared});
        QVERIFY2(c.exitCode == 0, qPrintable(c.err));
        QVERIFY2(c.err.contains("\n  x3 ") || c.err.contains("\nx3 "), qPrintable(c.err));
        QFile table(compared);
        QVERIFY(table.open(QIODevice::ReadOnly));
        QString head;
        for (const QByteArray& line : table.readAll().split('\n'))
            if (!line.startsWith('#')) {
                head = QString::fromUtf8(line);
                break;
            }
        QVERIFY2(head.contains("x3_event,x3_regularized,abs_dx3") && head.contains("dx3_event"), qPrintable(head));
    }

    void checkRefusesWhatARunRefuses()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, "free.flmodel", "flmodel 1\nname \"free\"\ncoord x\nforce x = -x\n");
        const cli_test::Outcome check = runCli({"model", "check", path});
        QCOMPARE(check.exitCode, 2);
        QVERIFY2(check.err.contains(path + ":1:1: the model has no contact"), qPrintable(check.err));
        QCOMPARE(runCli({"run", "--model", path, "--out", dir.filePath("o.csv")}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliModel)
#include "test_cli_model.moc"
