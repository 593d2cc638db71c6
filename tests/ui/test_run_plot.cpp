// Tests of ui/widgets/run_plot (through the main window's plots): a zoom lasts until the next
// run, which is fitted again, unless the plot's view is locked; a double click fits now.
#include "bridge/run_output.h"
#include "bridge/simulation_controller.h"
#include "scenario/scenario.h"
#include "systems/scenario_setup.h"
#include "plotdata/plot_data.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "widgets/time_history_plot.h"

#include <QLineEdit>
#include <QToolButton>
#include <QTest>

#include "axis_checks.h"

using namespace fl::ui;

namespace {

bool waitForNewestRun(MainWindow& w)
{
    return QTest::qWaitFor([&] {
        return w.currentRun() && w.currentRun()->runId == w.controller()->latestRunId() && !w.controller()->isRunning();
    }, 20000);
}

/// Types a value into a parameter's field and waits for its run.
bool setParameter(MainWindow& w, const char* id, const char* text)
{
    QLineEdit* editor = w.findChild<fl::ui::ParameterPanel*>()->row(QString::fromLatin1(id))->editor();
    editor->setFocus();
    editor->selectAll();
    QTest::keyClicks(editor, QString::fromLatin1(text));
    QTest::keyClick(editor, Qt::Key_Return);
    return waitForNewestRun(w) && w.currentRun()->scenario.params.value(id) == QString::fromLatin1(text).toDouble();
}

/// Zooms in with the mouse wheel over the middle of the plot's axis rect.
void wheelZoom(RunPlot* plot)
{
    const QPointF at = plot->axisRect()->rect().center();
    QWheelEvent wheel(at, plot->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(plot, &wheel);
}

/// The data range of the time history with RunPlot's 5 % padding.
QCPRange fittedTime(const MainWindow& w)
{
    const auto& t = w.currentRun()->result.t;
    const double pad = 0.05 * (t.back() - t.front());
    return QCPRange(t.front() - pad, t.back() + pad);
}

bool same(const QCPRange& a, const QCPRange& b)
{
    return qFuzzyCompare(a.lower + 1.0, b.lower + 1.0) && qFuzzyCompare(a.upper + 1.0, b.upper + 1.0);
}

} // namespace

class TestRunPlot : public QObject {
    Q_OBJECT
private slots:
    void newRunsRefitUnlessLocked()
    {
        MainWindow w;
        w.resize(1280, 720); // a projector: every view of "All views" has room
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(waitForNewestRun(w));
        TimeHistoryPlot* plot = w.timeHistoryPlot();
        QVERIFY(same(plot->xAxis->range(), fittedTime(w)));

        // Unlocked: the zoom lasts until the parameter changes, then the new run is fitted.
        wheelZoom(plot);
        QVERIFY(plot->xAxis->range().size() < 0.9 * fittedTime(w).size());
        QVERIFY(setParameter(w, "v_b", "0.6"));
        QTRY_VERIFY(same(plot->xAxis->range(), fittedTime(w)));

        // Locked (the corner button): the zoom survives a new run.
        QVERIFY(plot->lockButton()->isVisible());
        plot->lockButton()->click();
        QVERIFY(plot->isViewLocked());
        wheelZoom(plot);
        const QCPRange zoomed = plot->xAxis->range();
        const QCPRange zoomedValues = plot->yAxis->range();
        QVERIFY(zoomed.size() < 0.9 * fittedTime(w).size());
        QVERIFY(setParameter(w, "v_b", "0.7"));
        QTest::qWait(50);
        QVERIFY(same(plot->xAxis->range(), zoomed));
        QVERIFY(same(plot->yAxis->range(), zoomedValues));

        // A double click still fits the data, locked or not.
        QTest::mouseDClick(plot, Qt::LeftButton, Qt::NoModifier, plot->axisRect()->rect().center());
        QVERIFY(same(plot->xAxis->range(), fittedTime(w)));
        // The lock is also in the plot's context menu, as the same checkable action.
        const auto actions = plot->actions();
        const auto lock = std::find_if(actions.begin(), actions.end(), [](QAction* a) { return a->text() == "Lock view"; });
        QVERIFY(lock != actions.end() && (*lock)->isCheckable() && (*lock)->isChecked());
        (*lock)->trigger();
        QVERIFY(!plot->isViewLocked());
    }

    /// A constant variable (round-off apart) is one flat line with distinct tick labels, on the
    /// left axis and on the law states' right axis (a state at 0 +- 1e-15).
    void constantVariableIsOneLine()
    {
        TimeHistoryPlot plot;
        plot.resize(700, 400);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        auto run = std::make_shared<RunOutput>();
        run->scenario = fl::defaultScenario();
        auto data = std::make_shared<PlotData>();
        data->run = run;
        PlotSeries x{QStringLiteral("x"), {}, QStringLiteral("x")};
        PlotSeries z{QStringLiteral("z"), {}, QStringLiteral("z")};
        QVector<double> xs, zs;
        for (int i = 0; i < 200; ++i) {
            xs << 1.41421 + (i % 3) * 2.2e-16;
            zs << (i % 2 ? 1e-15 : -1e-15);
            x.points << QCPGraphData(i, xs.back());
            z.points << QCPGraphData(i, zs.back());
        }
        data->series = {x};
        data->lawStates = {z};
        data->timeRange = QCPRange(0.0, 199.0);
        data->valueRange = QCPRange(*std::min_element(xs.begin(), xs.end()), *std::max_element(xs.begin(), xs.end()));
        data->lawStateRange = QCPRange(-1e-15, 1e-15);
        plot.showData(data);
        plot.replot();
        for (auto [axis, values] : {std::pair{plot.yAxis, xs}, std::pair{plot.stateAxis(), zs}}) {
            QVERIFY2(fl::test::pixelSpread(axis, values) <= 1.0, qPrintable(QString::number(fl::test::pixelSpread(axis, values))));
            QVERIFY2(fl::test::distinctTickLabels(axis), qPrintable(fl::test::visibleTickLabels(axis).join(' ')));
        }
        QVERIFY(plot.xAxis->range().contains(0.0) && plot.xAxis->range().contains(199.0));
    }
};

QTEST_MAIN(TestRunPlot)
#include "test_run_plot.moc"
