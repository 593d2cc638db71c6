// `frictionlab-cli compare` as a user runs it: the difference table is the core's comparison (the
// one the GUI draws) to the last bit, its columns are `run`'s own samples, the summary's maxima
// are the table's, and it keeps the rules of every command (one-line refusals, outputs checked
// before computing, nothing written by a failed run, help runs nothing).
#include "cli_runner.h"

#include "analysis/method_difference.h"
#include "io/method_difference_csv.h"
#include "params/parameter_spec.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QDir>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace cli_test;

namespace {

/// The lines of a CSV that are not '#' comments (the header and the rows).
QStringList dataLines(const QString& text)
{
    QStringList lines;
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts))
        if (!line.startsWith('#'))
            lines << line;
    return lines;
}

/// The '#' lines with the wall time of each run cut off (the only thing that differs between two
/// runs of the same comparison).
QStringList commentLines(const QString& text)
{
    QStringList lines;
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts))
        if (line.startsWith('#'))
            lines << line.section(" steps, ", 0, 0);
    return lines;
}

/// What the core (and so the GUI's "Compare methods") computes for the default belt at eps.
fl::MethodComparisonRuns coreComparison(double eps)
{
    fl::Scenario event, smooth;
    const fl::Status status = fl::comparisonScenarios(fl::defaultScenario(), eps, "", event, smooth);
    if (!status.ok())
        qFatal("%s", status.message().c_str());
    return fl::runMethodComparison(event, smooth);
}

/// A column of a CSV's data lines (header skipped) as text.
QStringList column(const QStringList& lines, int c)
{
    QStringList values;
    for (qsizetype i = 1; i < lines.size(); ++i)
        values << lines[i].section(',', c, c);
    return values;
}

} // namespace

class TestCliCompare : public QObject {
    Q_OBJECT
private slots:
    /// The default belt at the default eps (the scenario's, 1e-4) and at 1e-5: the rows are the
    /// core's text byte for byte (t, x_event, x_regularized, abs_dx), the '#' lines the same runs,
    /// and the summary's max |dx| and its t are the core's exactly. Measured: 0.21041108242184203 at
    /// t = 200 (eps 1e-4), 0.04462114044155496 at t = 199.95 (1e-5).
    void tableIsTheCoreComparison_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<double>("eps");
        QTest::newRow("default eps") << QStringList{} << 1e-4;
        QTest::newRow("--eps 1e-5") << QStringList{"--eps", "1e-5"} << 1e-5;
    }
    void tableIsTheCoreComparison()
    {
        QFETCH(QStringList, options);
        QFETCH(double, eps);
        QTemporaryDir dir;
        const QString out = dir.filePath("diff.csv");
        QElapsedTimer clock;
        clock.start();
        const Outcome o = runCli(QStringList{"compare"} + options + QStringList{"--out", out});
        const double ms = clock.nsecsElapsed() * 1e-6;
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.out.isEmpty()); // the table went to the file, the summary to stderr
        const fl::MethodComparisonRuns core = coreComparison(eps);
        const QString expected = QString::fromStdString(fl::methodDifferenceCsv(core.difference));
        const QString written = QString::fromUtf8(readAll(out));
        const QStringList rows = dataLines(written);
        QCOMPARE(rows.size(), 20002); // header + t = 0, 0.01, ..., 200
        QCOMPARE(rows.first(), QString("t,x_event,x_regularized,abs_dx,v_event,v_regularized,abs_dv")); // every state variable
        QVERIFY(rows == dataLines(expected));
        QCOMPARE(commentLines(written), commentLines(expected));
        const fl::VariableDifference& x = core.difference.variables.at(0);
        qInfo("eps = %g: max |dx| = %.17g at t = %g; frictionlab-cli compare %.0f ms", eps, x.max, x.maxTime, ms);
        const QRegularExpressionMatch m = QRegularExpression("\\nx\\s+(\\S+)\\s+(\\S+)\\n").match(o.err);
        QVERIFY2(m.hasMatch(), qPrintable(o.err));
        QCOMPARE(m.captured(1), QString::fromStdString(fl::formatNumber(x.max)));
        QCOMPARE(m.captured(2), QString::fromStdString(fl::formatNumber(x.maxTime)));
        // ... which is the largest |dx| of the table, read back.
        double largest = 0.0;
        for (const QString& d : column(rows, 3))
            largest = std::max(largest, d.toDouble());
        QCOMPARE(largest, m.captured(1).toDouble());
        QVERIFY2(o.err.contains(QString("event-driven belt / coulomb / event: ok, 20001 samples, %1 steps, %2 stick/slip switches")
                                    .arg(core.eventResult.steps)
                                    .arg(core.eventResult.switchCount)),
                 qPrintable(o.err));
        QVERIFY(o.err.contains(QString("regularized  belt / coulomb / regularized (kudra, eps = %1): ok")
                                   .arg(QString::fromStdString(fl::formatNumber(eps)))));
        // The same table on standard output.
        const Outcome toStdout = runCli(QStringList{"compare", "--quiet"} + options);
        QCOMPARE(toStdout.exitCode, 0);
        QVERIFY(toStdout.err.isEmpty());
        QVERIFY(dataLines(toStdout.out) == rows);
    }

    /// The columns are `run`'s: x_event is `run --method event`'s x, x_regularized `run --method
    /// regularized`'s (same text), and abs_dx their |difference| as doubles, exactly.
    void columnsAreTheRunsOfRun()
    {
        const QStringList scenario{"--preset", "jtam2016-fig4a", "--t-end", "50", "--eps", "1e-5"};
        const Outcome compared = runCli(QStringList{"compare", "--quiet"} + scenario);
        const Outcome event = runCli(QStringList{"run", "--method", "event", "--quiet"} + scenario);
        const Outcome smooth = runCli(QStringList{"run", "--method", "regularized", "--quiet"} + scenario);
        QCOMPARE(compared.exitCode, 0);
        QCOMPARE(event.exitCode, 0);
        QCOMPARE(smooth.exitCode, 0);
        const QStringList c = dataLines(compared.out), e = dataLines(event.out), r = dataLines(smooth.out);
        QCOMPARE(c.first(), QString("t,x_event,x_regularized,abs_dx,phi_event,phi_regularized,abs_dphi,dx_event,dx_regularized,abs_ddx,"
                                    "dphi_event,dphi_regularized,abs_ddphi"));
        QCOMPARE(c.size(), e.size());
        QCOMPARE(c.size(), r.size());
        const QStringList header = e.first().split(',');
        int differing = 0;
        for (const char* name : {"x", "phi", "dx", "dphi"}) {
            const int k = c.first().split(',').indexOf(QString(name) + "_event");
            const QStringList ev = column(e, header.indexOf(name)), rv = column(r, r.first().split(',').indexOf(name));
            QCOMPARE(column(c, 0), column(e, 0));
            QCOMPARE(column(c, k), ev);
            QCOMPARE(column(c, k + 1), rv);
            const QStringList d = column(c, k + 2);
            for (qsizetype i = 0; i < d.size(); ++i) {
                QCOMPARE(d[i].toDouble(), std::abs(ev[i].toDouble() - rv[i].toDouble()));
                differing += d[i].toDouble() > 0.0;
            }
        }
        QVERIFY(differing > 1000); // the methods do differ
    }

    /// LuGre (preset belt-lugre-vs-stribeck) runs against its event-driven counterpart
    /// stribeck-gauss unless --event-law says otherwise; against Coulomb the event-driven block
    /// oscillates in slip between stick phases with x_max = 1 + sqrt(1 + v_b^2) = 2.004988 (closed
    /// form, v_b = 0.1) after t = 50.
    void eventLaw()
    {
        const Outcome counterpart = runCli({"compare", "--preset", "belt-lugre-vs-stribeck", "--out", "/dev/null"});
        QCOMPARE(counterpart.exitCode, 0);
        QVERIFY2(counterpart.err.contains("event-driven belt / stribeck-gauss / event: ok"), qPrintable(counterpart.err));
        QVERIFY(counterpart.err.contains("regularized  belt / lugre / regularized: ok"));
        const Outcome coulomb = runCli({"compare", "--preset", "belt-lugre-vs-stribeck", "--event-law", "coulomb", "--quiet"});
        QCOMPARE(coulomb.exitCode, 0);
        const QStringList rows = dataLines(coulomb.out);
        double xMax = -INFINITY;
        for (qsizetype i = 1; i < rows.size(); ++i)
            if (rows[i].section(',', 0, 0).toDouble() > 50.0)
                xMax = std::max(xMax, rows[i].section(',', 1, 1).toDouble());
        QVERIFY2(std::abs(xMax - (1.0 + std::sqrt(1.01))) < 1e-3, qPrintable(QString::number(xMax, 'g', 10)));
    }

    /// Refusals: one line on stderr, exit 2, nothing on stdout, no file.
    void badOptionsExit2WithOneLine_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("reason");
        QTest::newRow("--method") << QStringList{"--method", "event"} << "--method applies only to commands that run one method";
        QTest::newRow("--eps twice") << QStringList{"--eps", "1e-4", "--eps", "1e-5"} << "--eps is given more than once";
        QTest::newRow("--out twice") << QStringList{"--out", "a.csv", "--out", "b.csv"} << "--out is given more than once";
        QTest::newRow("law with memory") << QStringList{"--event-law", "lugre"} << "--event-law 'lugre' is not a law the event-driven";
        QTest::newRow("unknown law") << QStringList{"--event-law", "nope"} << "(coulomb, coulomb-viscous,";
        QTest::newRow("no event-driven method") << QStringList{"--system", "pendulum"} << "comparing methods needs both";
        QTest::newRow("eps 0") << QStringList{"--eps", "0"} << "eps = 0 is outside its allowed range";
        QTest::newRow("eps nan") << QStringList{"--eps", "nan"} << "eps: 'nan' is not a finite number";
        QTest::newRow("too many samples") << QStringList{"--t-end", "1e7"} << "at most 5e+06 in memory";
        QTest::newRow("unknown option") << QStringList{"--partial"} << "Unknown option 'partial'";
        QTest::newRow("stray") << QStringList{"stray"} << "unexpected argument 'stray'";
    }
    void badOptionsExit2WithOneLine()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QDir::setCurrent(dir.path()); // whatever a refused command might write lands here
        const Outcome o = runCli(QStringList{"compare"} + arguments);
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.err.count('\n'), 1);
        QVERIFY2(o.err.startsWith("error: ") && o.err.contains(reason), qPrintable(o.err));
        QVERIFY(o.out.isEmpty());
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }

    /// An output that cannot be written is found before the runs: the disk over 10^6 time units
    /// (4e6 samples, ~70 s of runs) returns at once. A full device fails the write (exit 2).
    void unwritableOutComputesNothing()
    {
        QTemporaryDir dir;
        const QStringList huge{"compare", "--preset", "jtam2016-fig4a", "--t-end", "1e6", "--dt", "0.25"};
        for (const QString& out : {dir.filePath("missing/d.csv"), dir.path()}) {
            QElapsedTimer clock;
            clock.start();
            const Outcome o = runCli(huge + QStringList{"--out", out});
            QCOMPARE(o.exitCode, 2);
            QCOMPARE(o.err.count('\n'), 1);
            QVERIFY2(o.err.startsWith("error: --out"), qPrintable(o.err));
            QVERIFY2(clock.elapsed() < 10000, qPrintable(QString("%1 ms").arg(clock.elapsed())));
        }
        QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
        const Outcome full = runCli({"compare", "--t-end", "10", "--out", "/dev/full"});
        QCOMPARE(full.exitCode, 2);
        QCOMPARE(full.err.count('\n'), 1);
        QVERIFY2(full.err.contains("/dev/full"), qPrintable(full.err));
    }

    /// A run that fails (its step limit) writes nothing, keeps the old file (exit 1, one line
    /// naming the run); the session given is never an output.
    void failedRunKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("keep.csv");
        QVERIFY(writeFile(out, "old\n"));
        const Outcome o = runCli({"compare", "--set", "max_steps=200", "--out", out});
        QCOMPARE(o.exitCode, 1);
        QCOMPARE(o.err.count('\n'), 1);
        QVERIFY2(o.err.startsWith("error: the event-driven run stopped: step limit of 200"), qPrintable(o.err));
        QCOMPARE(readAll(out), QByteArray("old\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"keep.csv"});

        const QString lecture = dir.filePath("lec.frictionlab");
        QCOMPARE(runCli({"session", "new", "--system", "belt", "--out", lecture, "--quiet"}).exitCode, 0);
        const QByteArray before = readAll(lecture);
        const Outcome same = runCli({"compare", "--session", lecture, "--out", lecture});
        QCOMPARE(same.exitCode, 2);
        QVERIFY2(same.err.contains("is the input file of --session"), qPrintable(same.err));
        QCOMPARE(readAll(lecture), before);
        QCOMPARE(runCli({"compare", "--session", lecture, "--t-end", "5", "--out", dir.filePath("s.csv"), "--quiet"}).exitCode, 0);
        QCOMPARE(readAll(dir.filePath("s.csv")).count('\n'), qsizetype(3 + 1 + 501));
    }

    /// Text from the command line or a file is printed escaped: a session path with an escape
    /// sequence cannot reach the terminal raw.
    void textIsEscaped()
    {
        const Outcome o = runCli({"compare", "--session", QString("/no/such") + QChar(0x1b) + "[2J.frictionlab"});
        QCOMPARE(o.exitCode, 2);
        QCOMPARE(o.err.count('\n'), 1);
        QVERIFY(!o.err.contains(QChar(0x1b)));
        QVERIFY2(o.err.contains("/no/such\\u001b[2J.frictionlab"), qPrintable(o.err));
    }

    /// --help prints the help and runs nothing; the usage lists the command.
    void helpRunsNothing()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out.csv");
        const Outcome o = runCli({"compare", "--help", "--out", out});
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.out.startsWith("Usage: ") && o.out.contains("--event-law") && o.out.contains("--eps"));
        QVERIFY(o.err.isEmpty());
        QVERIFY(!QFile::exists(out));
        const Outcome usage = runCli({"--help"});
        QVERIFY(usage.out.contains("  compare [opts]"));
        QVERIFY(runCli({"nope"}).err.contains("slip-events, compare or model)"));
    }
};

QTEST_GUILESS_MAIN(TestCliCompare)
#include "test_cli_compare.moc"
