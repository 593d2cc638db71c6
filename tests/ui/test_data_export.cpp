// Tests of ui/widgets/data_export: run and events CSV written atomically, failures with a reason.
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"
#include "widgets/data_export.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using namespace fl::ui;

namespace {

RunOutput runOf(fl::Scenario scenario)
{
    RunOutput out;
    out.runId = 1;
    out.scenario = scenario;
    out.result = fl::simulate(scenario);
    return out;
}

QList<QByteArray> readLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> lines = file.readAll().split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

} // namespace

class TestDataExport : public QObject {
    Q_OBJECT
private slots:
    void runCsvHasMetadataHeaderAndRows();
    void smoothRunCsvHasNoModeColumn();
    void eventsCsvListsTheSwitches();
    void eventsOfASmoothRunAreAnError();
    void failedWriteGivesTheReason();
    void fileSizeLimitKeepsTheOldFile();

private:
    QTemporaryDir m_dir;
};

void TestDataExport::runCsvHasMetadataHeaderAndRows()
{
    const RunOutput run = runOf(fl::defaultScenario());
    const QString path = m_dir.filePath(QStringLiteral("run.csv"));
    QString error;
    QVERIFY2(exportRunCsv(run, path, &error), qPrintable(error));
    const QList<QByteArray> lines = readLines(path);
    qsizetype header = 0;
    while (header < lines.size() && lines[header].startsWith('#'))
        ++header;
    QVERIFY(header >= 4 + qsizetype(run.scenario.params.specs().size()));
    QVERIFY(lines.contains("# system: belt (Block on a moving belt (S1))"));
    QVERIFY(lines.contains("# mu_k = 1"));
    QVERIFY(lines.contains("# t_end = 200"));
    QCOMPARE(lines[header], QByteArray("t,x,v,v_r,F,mode"));
    QCOMPARE(size_t(lines.size() - header - 1), run.result.size());
    QCOMPARE(lines.last().split(',').size(), 6);
    QCOMPARE(lines.last().split(',').first().toDouble(), 200.0);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), runCsv(run));
}

void TestDataExport::smoothRunCsvHasNoModeColumn()
{
    fl::Scenario s = fl::defaultScenario();
    s.method = fl::Method::Regularized;
    const QByteArray csv = runCsv(runOf(s));
    QVERIFY(csv.contains("\nt,x,v,v_r,F\n"));
    QVERIFY(csv.contains("# regularization: kudra"));
}

void TestDataExport::eventsCsvListsTheSwitches()
{
    const RunOutput run = runOf(fl::defaultScenario());
    const QString path = m_dir.filePath(QStringLiteral("events.csv"));
    QString error;
    QVERIFY2(exportEventsCsv(run, path, &error), qPrintable(error));
    const QList<QByteArray> lines = readLines(path);
    QCOMPARE(lines.first(), QByteArray("t,event"));
    QCOMPARE(size_t(lines.size() - 1), run.result.switches.size());
    QVERIFY(lines[1].endsWith(",stick") || lines[1].endsWith(",slip"));
}

void TestDataExport::eventsOfASmoothRunAreAnError()
{
    fl::Scenario s = fl::defaultScenario();
    s.method = fl::Method::Regularized;
    const QString path = m_dir.filePath(QStringLiteral("none.csv"));
    QString error;
    QVERIFY(!exportEventsCsv(runOf(s), path, &error));
    QVERIFY2(error.contains(QStringLiteral("event-driven")), qPrintable(error));
    QVERIFY(!QFile::exists(path));
}

void TestDataExport::failedWriteGivesTheReason()
{
    QString error;
    QVERIFY(!writeFileAtomically(m_dir.filePath(QStringLiteral("no/such/dir/run.csv")), "x", &error));
    QVERIFY(!error.isEmpty());

    // A directory where the file should go: nothing is written, the directory stays.
    const QString taken = m_dir.filePath(QStringLiteral("taken.csv"));
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("taken.csv")));
    error.clear();
    QVERIFY(!writeFileAtomically(taken, "x", &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(QFileInfo(taken).isDir());

    // A successful write replaces the whole old content.
    const QString path = m_dir.filePath(QStringLiteral("replaced.csv"));
    QVERIFY(writeFileAtomically(path, "old, longer content\n", &error));
    QVERIFY(writeFileAtomically(path, "new\n", &error));
    QCOMPARE(readLines(path), QList<QByteArray>{"new"});
}

/// Under a file-size limit (RLIMIT_FSIZE 64 KiB, SIGXFSZ ignored, as `ulimit -f 64` in a
/// shell) an export of a 1000-time-unit run (about 5 MB) used to commit a file cut at a block
/// boundary. Now it fails with the reason and the old file keeps its content; a special file
/// (/dev/null) is written in place and stays a device.
void TestDataExport::fileSizeLimitKeepsTheOldFile()
{
    const QString path = m_dir.filePath(QStringLiteral("kept.csv"));
    QString error;
    QVERIFY(writeFileAtomically(path, "old content\n", &error));
    fl::Scenario s = fl::defaultScenario();
    s.params.set("t_end", 1000.0);
    s.params.set("dt", 0.01);
    const RunOutput run = runOf(s);
    struct rlimit before {};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &before), 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limited = before;
    limited.rlim_cur = 64 * 1024;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &limited), 0);
    const bool written = exportRunCsv(run, path, &error);
    setrlimit(RLIMIT_FSIZE, &before);
    std::signal(SIGXFSZ, previousHandler);
    QVERIFY(!written);
    QVERIFY2(error.contains(path) && error.contains("old file is kept"), qPrintable(error));
    QCOMPARE(readLines(path), QList<QByteArray>{"old content"});
    QVERIFY(exportRunCsv(run, path, &error)); // without the limit it goes through
    QVERIFY(QFileInfo(path).size() > 64 * 1024);

    if (QFileInfo(QStringLiteral("/dev/null")).exists()) {
        QVERIFY(writeFileAtomically(QStringLiteral("/dev/null"), "x", &error));
        QVERIFY(!QFileInfo(QStringLiteral("/dev/null")).isFile()); // not replaced by a regular file
    }
}

QTEST_GUILESS_MAIN(TestDataExport)
#include "test_data_export.moc"
