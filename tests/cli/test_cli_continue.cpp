// `frictionlab-cli continue` as a script runs it: the files' columns (a contract), a located point
// against its closed form, and the refusals (one line, exit 2).
#include "cli_runner.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace cli_test;

namespace {

/// The rows after the '#' lines, split at commas (a quoted last field kept whole).
QList<QStringList> csvRows(const QString& path)
{
    QList<QStringList> rows;
    for (const QString& line : readLines(path)) {
        if (line.startsWith('#'))
            continue;
        const qsizetype quote = line.indexOf('"');
        QStringList fields = (quote < 0 ? line : line.left(quote)).split(',');
        if (quote >= 0)
            fields.last() = line.mid(quote);
        rows << fields;
    }
    return rows;
}

const QStringList kForcedBelt = {"continue", "--system", "belt", "--set", "zeta=0.1", "--set", "w=1.5", "--set", "v_b=1", "--param", "A"};

} // namespace

class TestCliContinue : public QObject {
    Q_OBJECT
private slots:
    /// The forced belt's pure-slip branch in A up to the stick onset at A_g = v_b |1 - w^2 + 2 i zeta w| / w.
    void branchAndPointsFiles()
    {
        QTemporaryDir dir;
        const QString branch = dir.filePath("branch.csv"), points = dir.filePath("points.csv");
        const Outcome o = runCli(kForcedBelt + QStringList{"--start", "0.2", "--from", "0.1", "--to", "3", "--out", branch, "--points", points});
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        QVERIFY2(o.err.contains("stick-onset at A = 0.85699734"), qPrintable(o.err));
        const QList<QStringList> rows = csvRows(branch);
        QVERIFY(rows.size() > 10);
        QCOMPARE(rows.first(), (QStringList{"A", "x", "v", "period", "stable", "sequence", "mu1_re", "mu1_im", "mu2_re", "mu2_im"}));
        for (const QStringList& row : rows.mid(1)) {
            QCOMPARE(row.size(), 10);
            QCOMPARE(row[4], QString("1"));
            QCOMPARE(row[5], QString("slip-"));
            QVERIFY(std::abs(row[3].toDouble() - 2.0 * M_PI / 1.5) < 1e-12);
        }
        const QList<QStringList> located = csvRows(points);
        QCOMPARE(located.first(), (QStringList{"type", "A", "x", "v", "condition"}));
        bool onset = false;
        const QStringList types = {"fold", "period-doubling", "neimark-sacker", "hopf", "grazing", "stick-onset", "holding-tangency", "branch-end"};
        for (const QStringList& row : located.mid(1)) {
            QVERIFY2(types.contains(row[0]), qPrintable(row.join(',')));
            QVERIFY(row[4].startsWith('"') && row[4].endsWith('"'));
            if (row[0] == "stick-onset") {
                onset = true;
                const double closedForm = std::hypot(1.0 - 2.25, 0.3) / 1.5;
                QVERIFY2(std::abs(row[1].toDouble() - closedForm) < 3e-8, qPrintable(row.join(',')));
            }
        }
        QVERIFY(onset);
    }

    /// --equilibrium: steady sliding on a falling law, its Hopf point (closed form in
    /// tests/core/test_orbit_continuation.cpp), the eigenvalues as ev columns.
    void equilibria()
    {
        QTemporaryDir dir;
        const QString branch = dir.filePath("branch.csv"), points = dir.filePath("points.csv");
        const Outcome o = runCli({"continue", "--law", "stribeck-exp", "--set", "zeta=0.1", "--param", "v_b", "--start", "1.5", "--from", "0.05",
                                  "--to", "3", "--equilibrium", "--out", branch, "--points", points});
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        const QList<QStringList> rows = csvRows(branch);
        QCOMPARE(rows.first(), (QStringList{"v_b", "x", "v", "period", "stable", "sequence", "ev1_re", "ev1_im", "ev2_re", "ev2_im"}));
        bool hopf = false;
        for (const QStringList& row : csvRows(points).mid(1))
            hopf = hopf || (row[0] == "hopf" && std::abs(row[1].toDouble() - std::log(15.0) / 3.0) < 1e-8);
        QVERIFY2(hopf, qPrintable(readLines(points).join('\n')));
        // A forced system has none.
        const Outcome forced = runCli({"continue", "--set", "A=1", "--param", "v_b", "--start", "1", "--from", "0.5", "--to", "2", "--equilibrium",
                                       "--out", dir.filePath("x.csv")});
        QCOMPARE(forced.exitCode, 2);
        QVERIFY2(forced.err.contains("a forced system has no equilibria"), qPrintable(forced.err));
    }

    /// --param2: each located point's curve in the second parameter, one row per value.
    void secondParameter()
    {
        QTemporaryDir dir;
        const QString points = dir.filePath("points.csv");
        const Outcome o = runCli({"continue", "--law", "stribeck-exp", "--set", "zeta=0.1", "--param", "v_b", "--start", "1.5", "--from", "0.05",
                                  "--to", "3", "--equilibrium", "--param2", "zeta", "--from2", "0.05", "--to2", "0.2", "--steps2", "3",
                                  "--out", dir.filePath("branch.csv"), "--points", points});
        QVERIFY2(o.exitCode == 0, qPrintable(o.err));
        const QList<QStringList> rows = csvRows(points);
        QCOMPARE(rows.first(), (QStringList{"type", "v_b", "zeta", "x", "v", "condition"}));
        QStringList hopf;
        for (const QStringList& row : rows.mid(1))
            if (row[0] == "hopf") {
                hopf << row[2];
                const double closedForm = std::log(3.0 / (2.0 * row[2].toDouble())) / 3.0;
                QVERIFY2(std::abs(row[1].toDouble() - closedForm) < 1e-8, qPrintable(row.join(',')));
            }
        QCOMPARE(hopf, (QStringList{"0.05", "0.1", "0.15", "0.2"}));
        const Outcome noPoints = runCli({"continue", "--param", "v_b", "--start", "1", "--from", "0.5", "--to", "2", "--param2", "zeta",
                                         "--from2", "0", "--to2", "1", "--out", dir.filePath("x.csv")});
        QCOMPARE(noPoints.exitCode, 2);
        QVERIFY2(noPoints.err.contains("--points is required with a second parameter"), qPrintable(noPoints.err));
    }

    void refusals_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no --out") << (kForcedBelt + QStringList{"--start", "0.2", "--from", "0.1", "--to", "3"}) << "--out is required";
        QTest::newRow("unknown parameter") << QStringList{"continue", "--param", "nope", "--start", "1", "--from", "0", "--to", "2", "--out", "-"}
                                           << "unknown parameter 'nope'";
        QTest::newRow("start outside") << (kForcedBelt + QStringList{"--start", "5", "--from", "0.1", "--to", "3", "--out", "-"})
                                       << "must be increasing and contain the start";
        QTest::newRow("beyond the limit") << (kForcedBelt + QStringList{"--start", "1", "--from", "0.1", "--to", "30", "--out", "-"})
                                          << "allowed range";
        QTest::newRow("run control") << QStringList{"continue", "--param", "t_end", "--start", "100", "--from", "50", "--to", "200", "--out", "-"}
                                     << "sets how a run is computed";
        for (const char* option : {"--start", "--from", "--to"}) {
            QStringList arguments = kForcedBelt + QStringList{"--start", "0.2", "--from", "0.1", "--to", "3", "--out", "-"};
            arguments[arguments.indexOf(option) + 1] = "nan";
            QTest::newRow(option) << arguments << QString(option) + ": 'nan' is not a finite number";
        }
        for (const char* option : {"--periods", "--transient", "--max-points", "--segments"})
            QTest::newRow(option) << (kForcedBelt + QStringList{"--start", "0.2", "--from", "0.1", "--to", "3", option, "1.5", "--out", "-"})
                                  << QString(option) + ": '1.5' is not a whole number";
        for (const char* option : {"--from2", "--to2"}) {
            QStringList arguments = kForcedBelt + QStringList{"--start", "0.2", "--from", "0.1", "--to", "3", "--param2", "zeta", "--from2", "0",
                                                              "--to2", "1", "--points", "-", "--out", "-"};
            arguments[arguments.indexOf(option) + 1] = "inf";
            QTest::newRow(option) << arguments << QString(option) + ": 'inf' is not a finite number";
        }
        QTest::newRow("--steps2") << (kForcedBelt + QStringList{"--start", "0.2", "--from", "0.1", "--to", "3", "--param2", "zeta", "--from2", "0",
                                                                "--to2", "1", "--steps2", "abc", "--points", "-", "--out", "-"})
                                  << "--steps2: 'abc' is not a whole number";
        QTest::newRow("periods") << (kForcedBelt + QStringList{"--start", "0.2", "--from", "0.1", "--to", "3", "--periods", "0", "--out", "-"})
                                 << "periods must be in [1, 64]";
        QTest::newRow("segments") << (kForcedBelt + QStringList{"--start", "0.2", "--from", "0.1", "--to", "3", "--segments", "33", "--out", "-"})
                                  << "shooting segments must be in [1, 32]";
    }
    void refusals()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Outcome o = runCli(arguments);
        const QString line = o.err.trimmed();
        QVERIFY2(o.exitCode == 2 && line.startsWith("error:") && line.contains(message) && !line.contains('\n'),
                 qPrintable(QString::number(o.exitCode) + " " + o.err));
        QVERIFY(o.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliContinue)
#include "test_cli_continue.moc"
