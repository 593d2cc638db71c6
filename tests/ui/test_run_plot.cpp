// Tests of ui/widgets/run_plot (through the main window's plots): a zoom lasts until the next
// run, which is fitted again, unless the plot's view is locked; a double click fits now.
#include "bridge/simulation_controller.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "widgets/time_history_plot.h"

#include <QLineEdit>
#include <QToolButton>
#include <QTest>

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
    QLineEdit* editor = w.panel()->row(QString::fromLatin1(id))->editor();
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
};

QTEST_MAIN(TestRunPlot)
#include "test_run_plot.moc"
