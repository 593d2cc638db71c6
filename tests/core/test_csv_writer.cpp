// The run CSV: '#' metadata naming system, law, method and every parameter; a header row; columns.
#include "io/csv_writer.h"
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <sstream>

namespace {
std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}
} // namespace

class TestCsvWriter : public QObject {
    Q_OBJECT
private slots:
    void eventDrivenRun()
    {
        fl::Scenario s = fl::defaultScenario();
        s.params.set("t_end", 20.0);
        s.params.set("dt", 0.5);
        const fl::RunResult run = fl::simulate(s);
        std::ostringstream out;
        fl::writeRunCsv(out, s, run);
        const auto rows = lines(out.str());
        size_t header = 0;
        while (header < rows.size() && rows[header].rfind("#", 0) == 0)
            ++header;
        const std::string meta = out.str().substr(0, out.str().find("\nt,"));
        QVERIFY(meta.find("# system: belt") != std::string::npos);
        QVERIFY(meta.find("# law: coulomb") != std::string::npos);
        QVERIFY(meta.find("# method: event") != std::string::npos);
        for (const fl::ParameterSpec& spec : s.params.specs())
            QVERIFY2(meta.find("# " + spec.id + " = ") != std::string::npos, spec.id.c_str());
        QCOMPARE(QString::fromStdString(rows.at(header)), QString("t,x,v,v_r,F,mode"));
        QCOMPARE(rows.size() - header - 1, size_t(41));
        // Row at t = 0.5: slip from rest, x = 1 - cos t, v = sin t, v_r = v - 0.5, F = +mu_k.
        const QStringList cells = QString::fromStdString(rows.at(header + 2)).split(',');
        QCOMPARE(cells.size(), 6);
        QCOMPARE(cells[0].toDouble(), 0.5);
        QVERIFY(std::abs(cells[1].toDouble() - (1.0 - std::cos(0.5))) < 1e-9);
        QVERIFY(std::abs(cells[3].toDouble() - (std::sin(0.5) - 0.5)) < 1e-9);
        QCOMPARE(cells[4].toDouble(), 1.0);
        QCOMPARE(cells[5], QString("slip"));

        std::ostringstream events;
        fl::writeEventsCsv(events, run);
        const auto eventRows = lines(events.str());
        QCOMPARE(QString::fromStdString(eventRows.at(0)), QString("t,event"));
        QCOMPARE(eventRows.size(), run.switches.size() + 1);
        QVERIFY(eventRows.at(1).find(",stick") != std::string::npos);
    }

    void regularizedRunHasNoModeColumn()
    {
        fl::Scenario s = fl::defaultScenario();
        s.method = fl::Method::Regularized;
        s.params.set("t_end", 1.0);
        const fl::RunResult run = fl::simulate(s);
        std::ostringstream out;
        fl::writeRunCsv(out, s, run);
        QVERIFY(out.str().find("# regularization: kudra") != std::string::npos);
        QVERIFY(out.str().find("# integrator: bdf (BDF (SUNDIALS CVODE, orders 1-5))\n") != std::string::npos);
        QVERIFY(out.str().find("\nt,x,v,v_r,F\n") != std::string::npos);
        s.stiffIntegrator = fl::StiffIntegrator::Rosenbrock4;
        std::ostringstream r4;
        fl::writeRunCsv(r4, s, fl::simulate(s));
        QVERIFY(r4.str().find("# integrator: rosenbrock4 (") != std::string::npos);
    }

    // Bounded memory: a run drained block by block (RunOptions::drain) holds at most one
    // block, and its pieces of text are exactly the whole run's CSV, for both methods and for a
    // block size that does and one that does not divide the row count.
    void drainedRunWritesTheSameText_data()
    {
        QTest::addColumn<int>("method");
        QTest::addColumn<int>("blockRows");
        QTest::newRow("event, 7") << int(fl::Method::EventDriven) << 7;
        QTest::newRow("event, 401 = all rows") << int(fl::Method::EventDriven) << 401;
        QTest::newRow("regularized, 50") << int(fl::Method::Regularized) << 50;
    }
    void drainedRunWritesTheSameText()
    {
        QFETCH(int, method);
        QFETCH(int, blockRows);
        fl::Scenario s = fl::defaultScenario();
        s.method = static_cast<fl::Method>(method);
        s.params.set("t_end", 40.0);
        s.params.set("dt", 0.1);
        const fl::RunResult whole = fl::simulate(s);
        QCOMPARE(whole.size(), size_t(401));

        std::string text;
        size_t blocks = 0, largest = 0, smallest = SIZE_MAX;
        bool contactColumns = true;
        fl::RunOptions options;
        options.drainRows = static_cast<size_t>(blockRows);
        options.drain = [&](const fl::RunResult& block) -> fl::Status {
            if (blocks++ == 0)
                text = fl::runCsvHead(s, block);
            largest = std::max(largest, block.size());
            smallest = std::min(smallest, block.size());
            contactColumns = contactColumns && block.relativeVelocity.size() == block.size(); // filled per block
            fl::appendRunCsvRows(text, block);
            return fl::Status::success();
        };
        const fl::RunResult rest = fl::simulate(s, options);
        QVERIFY(rest.status.ok());
        QVERIFY(rest.size() < size_t(blockRows));
        // A block is drained at the end of the step that filled it: at most one step's samples
        // (max_step 0.25 / dt 0.1 -> 3) over the block size.
        QVERIFY(blocks >= 1);
        QVERIFY(smallest >= size_t(blockRows));
        QVERIFY(largest <= size_t(blockRows) + 3);
        QVERIFY(contactColumns);
        fl::appendRunCsvRows(text, rest);
        text += fl::runCsvStatusLine(rest);
        QCOMPARE(rest.switchCount, whole.switchCount);
        QVERIFY(text == fl::runCsvText(s, whole));
    }

    // A drain that fails stops the run at once with its message; a failed run's CSV ends on a
    // "# status:" line.
    void failedDrainStopsTheRun()
    {
        fl::Scenario s = fl::defaultScenario();
        s.params.set("t_end", 1000.0);
        s.params.set("dt", 0.01);
        int calls = 0;
        fl::RunOptions options;
        options.drainRows = 1000;
        options.drain = [&](const fl::RunResult&) -> fl::Status {
            ++calls;
            return fl::Status::error("disk full");
        };
        const fl::RunResult run = fl::simulate(s, options);
        QCOMPARE(calls, 1);
        QCOMPARE(QString::fromStdString(run.status.message()), QString("disk full"));
        QCOMPARE(QString::fromStdString(fl::runCsvStatusLine(run)), QString("# status: disk full\n"));
        QVERIFY(fl::runCsvStatusLine(fl::simulate(fl::defaultScenario())).empty());
    }
};

QTEST_APPLESS_MAIN(TestCsvWriter)
#include "test_csv_writer.moc"
