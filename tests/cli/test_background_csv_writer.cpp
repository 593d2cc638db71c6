// The CLI's background CSV writer (app/cli/background_csv_writer): a run drained in small blocks
// and formatted on the writer's thread gives byte for byte the text of the whole run, and a write
// error stops the run with the error instead of losing rows silently or hanging.
#include "cli/background_csv_writer.h"
#include "cli/cli_support.h"
#include "systems/scenario_setup.h"

#include "io/csv_writer.h"
#include "scenario/scenario.h"
#include "simulation/simulate.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

namespace {

/// The run's CSV as `frictionlab-cli run` writes it: head with the first block, rows by the
/// background writer, the rest and the status line on the calling thread.
fl::Status writeStreamed(const fl::Scenario& s, size_t blockRows, const QString& path, size_t* blocks)
{
    cli::TextOutput out(path);
    fl::Status status = out.open();
    if (!status.ok())
        return status;
    cli::BackgroundCsvWriter writer(out);
    fl::RunOptions options;
    options.drainRows = blockRows;
    options.drain = [&](const fl::RunResult& block) {
        return writer.submit((*blocks)++ == 0 ? fl::runCsvHead(s, block) : std::string(), block);
    };
    const fl::RunResult rest = fl::simulate(s, options);
    status = writer.finish();
    if (!status.ok())
        return status;
    std::string text = *blocks == 0 ? fl::runCsvHead(s, rest) : std::string();
    fl::appendRunCsvRows(text, rest);
    text += fl::runCsvStatusLine(rest);
    status = out.write(text);
    return status.ok() ? out.commit() : status;
}

} // namespace

class TestBackgroundCsvWriter : public QObject {
    Q_OBJECT
private slots:
    void sameTextAsTheWholeRun_data()
    {
        QTest::addColumn<int>("method");
        QTest::addColumn<int>("blockRows");
        QTest::newRow("event, 7 rows a block") << int(fl::Method::EventDriven) << 7;
        QTest::newRow("regularized, 50") << int(fl::Method::Regularized) << 50;
        QTest::newRow("event, one block") << int(fl::Method::EventDriven) << 100000;
    }
    void sameTextAsTheWholeRun()
    {
        QFETCH(int, method);
        QFETCH(int, blockRows);
        fl::Scenario s = fl::defaultScenario();
        s.method = static_cast<fl::Method>(method);
        s.params.set("t_end", 40.0);
        s.params.set("dt", 0.1);
        const fl::RunResult whole = fl::simulate(s);
        QVERIFY(whole.status.ok());
        QTemporaryDir dir;
        const QString path = dir.filePath("run.csv");
        size_t blocks = 0;
        const fl::Status status = writeStreamed(s, static_cast<size_t>(blockRows), path, &blocks);
        QVERIFY2(status.ok(), status.message().c_str());
        // A block is drained at the end of the step that filled it (at most 3 rows over blockRows).
        QVERIFY(blockRows > 401 ? blocks == 0 : blocks >= 401 / static_cast<size_t>(blockRows + 3));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().toStdString() == fl::runCsvText(s, whole));
    }

    void writeErrorStopsTheRun()
    {
        if (!QFileInfo("/dev/full").exists())
            QSKIP("no /dev/full");
        fl::Scenario s = fl::defaultScenario();
        s.params.set("t_end", 1000.0);
        s.params.set("dt", 0.01); // 100 001 rows in blocks of 100
        size_t blocks = 0;
        const fl::Status status = writeStreamed(s, 100, "/dev/full", &blocks);
        QVERIFY(!status.ok());
        QVERIFY2(QString::fromStdString(status.message()).contains("No space left"), status.message().c_str());
        QVERIFY2(blocks < 200, qPrintable(QString::number(blocks))); // stopped soon after the error, not at the end
    }
};

QTEST_APPLESS_MAIN(TestBackgroundCsvWriter)
#include "test_background_csv_writer.moc"
