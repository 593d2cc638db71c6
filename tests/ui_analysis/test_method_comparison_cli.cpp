// "Compare methods" (the widget, offscreen) and `frictionlab-cli compare` on the same scenario
// give the same numbers: the GUI's exported difference CSV and the command's have the same rows
// byte for byte, the maxima the GUI shows (summary line, difference plot) are the command's, and
// both choose eps (the scenario's) and the event-driven law (the counterpart) alike.
#include "../cli/cli_runner.h"
#include "analysis/method_comparison.h"
#include "analysis/method_comparison_difference_plot.h"
#include "params/parameter_spec.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace fl::ui;

namespace {

/// The CSV's lines, '#' lines with each run's wall time cut off (it differs from run to run).
QStringList comparableLines(const QByteArray& csv)
{
    QStringList lines;
    for (const QString& line : QString::fromUtf8(csv).split('\n', Qt::SkipEmptyParts))
        lines << (line.startsWith('#') ? line.section(" steps, ", 0, 0) : line);
    return lines;
}

double graphMax(const QCPGraph* graph)
{
    double m = 0.0;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        m = std::max(m, it->value);
    return m;
}

} // namespace

class TestMethodComparisonCli : public QObject {
    Q_OBJECT
private slots:
    void guiAndCliGiveTheSameTable_data()
    {
        QTest::addColumn<QString>("preset"); // empty: fl::defaultScenario()
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QStringList>("variables");
        // Every state variable of the event-driven run that the regularized one has (LuGre's z is its own).
        QTest::newRow("default belt") << QString() << QStringList{} << QStringList{"x", "v"};
        QTest::newRow("jtam2016-fig4a") << QString("jtam2016-fig4a") << QStringList{"--t-end", "100"} << QStringList{"x", "phi", "dx", "dphi"};
        QTest::newRow("belt-lugre-vs-stribeck") << QString("belt-lugre-vs-stribeck") << QStringList{} << QStringList{"x", "v"};
    }
    void guiAndCliGiveTheSameTable()
    {
        QFETCH(QString, preset);
        QFETCH(QStringList, options);
        QFETCH(QStringList, variables);
        fl::Scenario scenario = fl::defaultScenario();
        if (!preset.isEmpty()) {
            QVERIFY(fl::applyPreset(preset.toStdString(), scenario).ok());
            options.prepend(preset);
            options.prepend("--preset");
        }
        if (options.contains("--t-end"))
            QVERIFY(scenario.params.set("t_end", options[options.indexOf("--t-end") + 1].toDouble()).ok());

        MethodComparison view;
        view.resize(1200, 800);
        view.show();
        QSignalSpy shown(&view, &MethodComparison::comparisonShown);
        view.setScenario(scenario);
        QVERIFY(shown.wait(60000));
        QVERIFY2(view.messageText().isEmpty(), qPrintable(view.messageText()));
        QTemporaryDir dir;
        const QString guiCsv = dir.filePath("gui.csv"), cliCsv = dir.filePath("cli.csv");
        QString error;
        QVERIFY2(view.exportCsv(MethodComparison::CsvContent::Difference, guiCsv, &error), qPrintable(error));

        const cli_test::Outcome cli = cli_test::runCli(QStringList{"compare"} + options + QStringList{"--out", cliCsv});
        QCOMPARE(cli.exitCode, 0);
        const QStringList gui = comparableLines(cli_test::readAll(guiCsv));
        QVERIFY(gui.size() > 1000);
        QVERIFY(gui == comparableLines(cli_test::readAll(cliCsv)));

        const MethodComparisonPtr data = view.comparison();
        QCOMPARE(static_cast<qsizetype>(data->differences.size()), variables.size());
        for (qsizetype v = 0; v < variables.size(); ++v) {
            const DifferenceSeries& s = data->differences[static_cast<size_t>(v)];
            QCOMPARE(s.name, variables[v]);
            // The command's summary line of the variable: its max and t, exact.
            const QRegularExpressionMatch m = QRegularExpression("\\n" + variables[v] + "\\s+(\\S+)\\s+(\\S+)\\n").match(cli.err);
            QVERIFY2(m.hasMatch(), qPrintable(cli.err));
            QCOMPARE(m.captured(1), QString::fromStdString(fl::formatNumber(s.max)));
            QCOMPARE(m.captured(2), QString::fromStdString(fl::formatNumber(s.maxTime)));
            QVERIFY(s.max > 0.0);
            // What the GUI shows: the difference plot's peak and the summary line.
            QCOMPARE(graphMax(view.differencePlot()->differenceGraph(s.name)), s.max);
            QVERIFY2(view.summaryText().contains(QString("max |Δ%1| = %2 at t = %3")
                                                     .arg(s.name, QString::number(s.max, 'g', 4), QString::number(s.maxTime, 'g', 6))),
                     qPrintable(view.summaryText()));
            qInfo("%s: max |d%s| = %.17g at t = %g (GUI and CLI)", QTest::currentDataTag(), qPrintable(s.name), s.max, s.maxTime);
        }
    }
};

QTEST_MAIN(TestMethodComparisonCli)
#include "test_method_comparison_cli.moc"
