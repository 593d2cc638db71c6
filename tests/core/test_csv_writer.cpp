// The run CSV: '#' metadata naming system, law, method and every parameter; a header row; columns.
#include "io/csv_writer.h"
#include "solvers/simulate.h"

#include <QtTest>

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
};

QTEST_APPLESS_MAIN(TestCsvWriter)
#include "test_csv_writer.moc"
