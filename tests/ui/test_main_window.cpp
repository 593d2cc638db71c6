// Tests of ui/widgets/main_window, driving the real widgets: the first run is plotted, slider and
// combo edits re-simulate, bad input keeps the last good plots, export writes usable files.
#include "bridge/simulation_controller.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"
#include "widgets/characteristic_plot.h"
#include "widgets/data_export.h"
#include "widgets/main_window.h"
#include "mechanism/mechanism_view.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "document/parameter_undo.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/plot_export.h"
#include "widgets/slider_scale.h"
#include "widgets/time_history_plot.h"

#include <QComboBox>
#include <QImage>
#include <QLineEdit>
#include <QSlider>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QTest>

#include "widget_input.h"

using namespace fl::ui;
using fl::ui::test::selectData;
using fl::ui::test::typeInto;

namespace {

/// The values of a graph, to compare what is plotted before and after an edit.
QVector<double> values(QCPGraph* graph)
{
    QVector<double> out;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        out << it->value;
    return out;
}

/// Waits until the run on display is the controller's newest request.
bool waitForNewestRun(MainWindow& w)
{
    return QTest::qWaitFor([&] {
        return w.currentRun() && w.currentRun()->runId == w.controller()->latestRunId() && !w.controller()->isRunning();
    }, 20000);
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void startsWithThePlottedDefaultRun();
    void movingASliderChangesThePlot();
    void outOfRangeInputKeepsTheLastGoodPlot();
    void relationErrorKeepsTheLastGoodPlot();
    void switchingMethodResimulates();
    void switchingLawResimulates();
    void exportWritesPngAndCsv();
    void exportActionsFollowTheRun();
    void rerunShortcutResimulates();
    void escapeStopsALongRun();
    void escapeBeforeAnyRunLeavesNoSimulatingMechanism();
    void bdfFailureKeepsTheLastGoodPlot();
    void switchingSystemShowsItsPlots();

private:
    MainWindow* m_window = nullptr;
    /// The Presets menu loads a published case into the panel and simulates it.
    void presetMenuLoadsPublishedCase()
    {
        fl::ui::MainWindow window;
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.currentRun() != nullptr, 10000);
        QAction* action = window.findChild<QAction*>(QStringLiteral("preset:jtam2016-fig4c"));
        QVERIFY(action);
        action->trigger();
        QCOMPARE(window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("disk"));
        QCOMPARE(window.findChild<fl::ui::ParameterPanel*>()->scenario().params.value("eta"), 2.7);
        QTRY_VERIFY_WITH_TIMEOUT(window.currentRun() && window.currentRun()->scenario.systemId == "disk", 20000);
        QVERIFY(!window.currentRun()->result.switches.empty());
        QVERIFY(!window.loadPreset(QStringLiteral("nature2031-fig1")));
        QVERIFY(window.statusMessage().contains(QStringLiteral("unknown preset")));
    }
};

void TestMainWindow::init()
{
    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QVERIFY(waitForNewestRun(*m_window));
}

void TestMainWindow::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestMainWindow::startsWithThePlottedDefaultRun()
{
    MainWindow& w = *m_window;
    const fl::Scenario def = fl::defaultScenario();
    QCOMPARE(w.currentRun()->scenario.lawId, def.lawId);
    QVERIFY(w.currentRun()->scenario.method == fl::Method::EventDriven);
    const size_t n = w.currentRun()->result.size();
    QCOMPARE(n, size_t(20001));
    QCOMPARE(size_t(w.timeHistoryPlot()->curve(QStringLiteral("x"))->dataCount()), n);
    QCOMPARE(size_t(w.timeHistoryPlot()->curve(QStringLiteral("F"))->dataCount()), n);
    // Stick-slip: every stick interval is shaded (four corners each).
    const size_t intervals = w.currentRun()->result.stickIntervals.size();
    QVERIFY(intervals > 10);
    QCOMPARE(size_t(w.timeHistoryPlot()->stickGraph()->dataCount()), 4 * intervals);
    QVERIFY(w.timeHistoryPlot()->stickGraph()->visible());
    // The parametric curves are thinned for drawing but run from the first to the last sample.
    const fl::RunResult& r = w.currentRun()->result;
    QCPCurve* phase = w.phasePortraitPlot()->trajectoryCurve();
    QVERIFY(phase->dataCount() > 100 && size_t(phase->dataCount()) < n);
    QCOMPARE(phase->data()->constBegin()->key, r.states[0]);
    QCOMPARE((phase->data()->constEnd() - 1)->value, r.states[2 * n - 1]);
    QVERIFY(w.phasePortraitPlot()->stickCurve()->dataCount() > 0);
    QVERIFY(w.characteristicPlot()->lawCurve()->dataCount() > 100);
    QCPCurve* loop = w.characteristicPlot()->trajectoryCurve();
    QVERIFY(loop->dataCount() > 10);
    QCOMPARE((loop->data()->constEnd() - 1)->value, r.force.back());
    QVERIFY2(w.runSummary().contains(QStringLiteral("steps")), qPrintable(w.runSummary()));
    QVERIFY2(w.runSummary().contains(QStringLiteral("stick/slip switches")), qPrintable(w.runSummary()));
    QVERIFY2(w.runSummary().contains(QStringLiteral("ms")), qPrintable(w.runSummary()));
    // The x axis spans the run.
    QVERIFY(w.timeHistoryPlot()->xAxis->range().contains(200.0));
}

void TestMainWindow::movingASliderChangesThePlot()
{
    MainWindow& w = *m_window;
    const QVector<double> before = values(w.timeHistoryPlot()->curve(QStringLiteral("x")));
    const quint64 runBefore = w.currentRun()->runId;
    QSlider* slider = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->slider();
    slider->setValue(fl::ui::SliderScale(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->spec()).position(1.0));
    QVERIFY(waitForNewestRun(w));
    QVERIFY(w.currentRun()->runId > runBefore);
    QCOMPARE(w.currentRun()->scenario.params.value("v_b"), 1.0);
    const QVector<double> after = values(w.timeHistoryPlot()->curve(QStringLiteral("x")));
    QCOMPARE(after.size(), before.size());
    QVERIFY(after != before);
}

void TestMainWindow::outOfRangeInputKeepsTheLastGoodPlot()
{
    MainWindow& w = *m_window;
    const RunOutputPtr good = w.currentRun();
    const quint64 requests = w.controller()->latestRunId();
    const QVector<double> before = values(w.timeHistoryPlot()->curve(QStringLiteral("F")));
    ParameterRow* row = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("mu_s"));
    typeInto(row->editor(), QStringLiteral("-1"));
    QVERIFY2(row->error().contains(QStringLiteral("[0, 10]")), qPrintable(row->error()));
    QVERIFY2(w.statusMessage().contains(QStringLiteral("outside its allowed range [0, 10]")), qPrintable(w.statusMessage()));
    QVERIFY2(w.statusMessage().contains(QStringLiteral("color:#c0392b")), qPrintable(w.statusMessage()));
    QTest::qWait(200);
    QCOMPARE(w.controller()->latestRunId(), requests);
    QCOMPARE(w.currentRun(), good);
    QCOMPARE(values(w.timeHistoryPlot()->curve(QStringLiteral("F"))), before);
}

void TestMainWindow::relationErrorKeepsTheLastGoodPlot()
{
    MainWindow& w = *m_window;
    const RunOutputPtr good = w.currentRun();
    const quint64 requests = w.controller()->latestRunId();
    const QVector<double> before = values(w.timeHistoryPlot()->curve(QStringLiteral("x")));
    ParameterRow* row = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("mu_s"));
    typeInto(row->editor(), QStringLiteral("0.5")); // mu_k = 1 > mu_s
    QVERIFY2(row->error().contains(QStringLiteral("must be >= mu_k")), qPrintable(row->error()));
    QVERIFY2(w.statusMessage().contains(QStringLiteral("must be &gt;= mu_k")), qPrintable(w.statusMessage()));
    QTest::qWait(200);
    QCOMPARE(w.controller()->latestRunId(), requests);
    QCOMPARE(w.currentRun(), good);
    QCOMPARE(values(w.timeHistoryPlot()->curve(QStringLiteral("x"))), before);
}

void TestMainWindow::switchingMethodResimulates()
{
    MainWindow& w = *m_window;
    QVERIFY(!w.currentRun()->result.mode.empty());
    selectData(w.findChild<fl::ui::ParameterPanel*>()->methodCombo(), "regularized");
    QVERIFY(waitForNewestRun(w));
    QVERIFY(w.currentRun()->scenario.method == fl::Method::Regularized);
    // A smooth run has no modes: its shading and stick segments are the near-stick reading, named so.
    QVERIFY(w.currentRun()->result.mode.empty());
    QVERIFY(w.timeHistoryPlot()->stickGraph()->visible());
    QVERIFY(w.timeHistoryPlot()->stickGraph()->name().startsWith(QStringLiteral("near-stick |v_r| < ")));
    QVERIFY(w.phasePortraitPlot()->stickCurve()->visible());
    // The default stiff integrator is BDF; the Numerics group's choice switches to Rosenbrock4.
    QVERIFY2(w.runSummary().contains(QStringLiteral("BDF (SUNDIALS CVODE")), qPrintable(w.runSummary()));
    QComboBox* integrator = w.findChild<fl::ui::ParameterPanel*>()->integratorCombo();
    QVERIFY(integrator && integrator->isEnabled());
    const long bdfSteps = w.currentRun()->result.steps;
    selectData(integrator, "rosenbrock4");
    QVERIFY(waitForNewestRun(w));
    QVERIFY(w.currentRun()->scenario.stiffIntegrator == fl::StiffIntegrator::Rosenbrock4);
    QVERIFY2(w.runSummary().contains(QStringLiteral("Rosenbrock4")), qPrintable(w.runSummary()));
    QVERIFY(w.currentRun()->result.steps != bdfSteps);
    QCOMPARE(w.findChild<fl::ui::ParameterPanel*>()->undo()->stack()->undoText(), QStringLiteral("integrator bdf → rosenbrock4"));
    selectData(w.findChild<fl::ui::ParameterPanel*>()->methodCombo(), "event");
    QVERIFY(waitForNewestRun(w));
    QVERIFY(!integrator->isEnabled()); // only the regularized method has a stiff integrator
    selectData(w.findChild<fl::ui::ParameterPanel*>()->methodCombo(), "regularized");
    QVERIFY(waitForNewestRun(w));
    QVERIFY(w.currentRun()->scenario.stiffIntegrator == fl::StiffIntegrator::Rosenbrock4);
}

void TestMainWindow::switchingLawResimulates()
{
    MainWindow& w = *m_window;
    const QVector<double> before = values(w.timeHistoryPlot()->curve(QStringLiteral("F")));
    selectData(w.findChild<fl::ui::ParameterPanel*>()->lawCombo(), "stribeck-exp");
    QVERIFY(waitForNewestRun(w));
    QCOMPARE(w.currentRun()->scenario.lawId, std::string("stribeck-exp"));
    QVERIFY(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("delta")) != nullptr);
    QVERIFY(values(w.timeHistoryPlot()->curve(QStringLiteral("F"))) != before);
}

void TestMainWindow::exportWritesPngAndCsv()
{
    MainWindow& w = *m_window;
    w.resize(1280, 720); // a projector's window (the offscreen screen is 800 x 600)
    QTest::qWait(50);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;
    const QString png = dir.filePath(QStringLiteral("history.png"));
    QVERIFY2(exportPlot(w.timeHistoryPlot(), png, &error), qPrintable(error));
    QImage image;
    QVERIFY(image.load(png));
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), 2 * w.timeHistoryPlot()->size());
    QVERIFY(image.width() > 400 && image.height() > 200);
    // The on-screen mark of the selected plot is not part of the export.
    const QColor mark = w.timeHistoryPlot()->palette().color(QPalette::Highlight);
    QCOMPARE(w.timeHistoryPlot()->grab().toImage().pixelColor(200, 1), mark);
    QCOMPARE(image.pixelColor(400, 1), QColor(Qt::white));

    const QString csv = dir.filePath(QStringLiteral("run.csv"));
    QVERIFY2(exportRunCsv(*w.currentRun(), csv, &error), qPrintable(error));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QVERIFY(lines.size() > 20001);
    QCOMPARE(lines[0], QByteArray("# FrictionLab run"));
    QVERIFY(lines.contains("# law: coulomb (Coulomb (μ_s, μ_k))"));
    QVERIFY(lines.contains("# method: event (Event-driven (exact stick/slip))"));
    QVERIFY(lines.contains("# mu_s = 2"));
    QVERIFY(lines.contains("# v_b = 0.5"));
    qsizetype header = 0;
    while (header < lines.size() && lines[header].startsWith('#'))
        ++header;
    QCOMPARE(lines[header], QByteArray("t,x,v,v_r,F,mode"));
    QVERIFY(lines[header + 1].startsWith("0,"));
    QVERIFY(lines[header + 1].endsWith(",slip") || lines[header + 1].endsWith(",stick"));
}

void TestMainWindow::exportActionsFollowTheRun()
{
    MainWindow& w = *m_window;
    auto* plotAction = w.findChild<QAction*>(QStringLiteral("exportPlotAction"));
    auto* csvAction = w.findChild<QAction*>(QStringLiteral("exportCsvAction"));
    auto* eventsAction = w.findChild<QAction*>(QStringLiteral("exportEventsAction"));
    QVERIFY(plotAction && csvAction && eventsAction);
    QCOMPARE(plotAction->shortcut(), QKeySequence(QStringLiteral("Ctrl+E")));
    QCOMPARE(csvAction->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+E")));
    QVERIFY(csvAction->isEnabled());
    QVERIFY(eventsAction->isEnabled());
    // Smooth runs have no events to export.
    selectData(w.findChild<fl::ui::ParameterPanel*>()->methodCombo(), "regularized");
    QVERIFY(waitForNewestRun(w));
    QVERIFY(csvAction->isEnabled());
    QVERIFY(!eventsAction->isEnabled());
}

void TestMainWindow::rerunShortcutResimulates()
{
    MainWindow& w = *m_window;
    const quint64 before = w.currentRun()->runId;
    const QVector<double> plotted = values(w.timeHistoryPlot()->curve(QStringLiteral("x")));
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
    QVERIFY(waitForNewestRun(w));
    QVERIFY(w.currentRun()->runId > before);
    // Same scenario, deterministic core: the same curve again.
    QCOMPARE(values(w.timeHistoryPlot()->curve(QStringLiteral("x"))), plotted);
}

void TestMainWindow::escapeStopsALongRun()
{
    MainWindow& w = *m_window;
    const RunOutputPtr good = w.currentRun();
    // About a million samples at dt = 0.1 over t_end = 1e5: seconds of work.
    typeInto(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("dt"))->editor(), QStringLiteral("0.1"));
    QVERIFY(waitForNewestRun(w));
    typeInto(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("t_end"))->editor(), QStringLiteral("1e5"));
    QVERIFY(w.controller()->isRunning());
    QTest::keyClick(&w, Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(!w.controller()->isRunning(), 10000);
    // A cancel the user asked for is no failure.
    const QString expected = QStringLiteral("Run %1 cancelled (the plots show the last good run)").arg(w.controller()->latestRunId());
    QCOMPARE(w.statusMessage(), expected);
    QVERIFY(!w.statusMessage().contains(QStringLiteral("failed")));
    QCOMPARE(w.currentRun()->scenario.params.value("t_end"), good->scenario.params.value("t_end"));
    // The mechanism keeps drawing the last good run.
    QVERIFY(!w.findChild<fl::ui::MechanismView*>()->showsPlaceholder());
}

/// Esc on the window's first run (no good run yet) left the mechanism view saying
/// "Simulating…" for good. It says the run was stopped.
void TestMainWindow::escapeBeforeAnyRunLeavesNoSimulatingMechanism()
{
    MainWindow w;
    // Before the default run comes back (its result is then dropped): seconds of work.
    fl::Scenario s = fl::defaultScenario();
    QVERIFY(s.params.set("dt", 0.1).ok() && s.params.set("t_end", 1e5).ok());
    w.loadScenario(s);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.controller()->isRunning());
    QVERIFY(!w.currentRun());
    MechanismView* view = w.findChild<fl::ui::MechanismView*>();
    QVERIFY(view->showsPlaceholder());
    QCOMPARE(view->placeholder(), QStringLiteral("Simulating…"));
    QTest::keyClick(&w, Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(!w.controller()->isRunning(), 10000);
    QVERIFY(w.statusMessage().contains(QStringLiteral("cancelled")));
    QVERIFY(!w.currentRun());
    QVERIFY(view->showsPlaceholder());
    const QString stopped = view->placeholder();
    QVERIFY2(!stopped.contains(QStringLiteral("Simulating")), qPrintable(stopped));
    QVERIFY2(stopped.startsWith(QStringLiteral("Stopped")), qPrintable(stopped));
    // What is on screen is that text, not "Simulating…".
    const QImage shown = view->grab().toImage();
    view->setPlaceholder(QStringLiteral("Simulating…"));
    QVERIFY(view->grab().toImage() != shown);
    view->setPlaceholder(stopped);
    QCOMPARE(view->grab().toImage(), shown);
    // The next run shows its mechanism.
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(view->placeholder(), QStringLiteral("Simulating…"));
    QTest::keyClick(&w, Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(!w.controller()->isRunning(), 10000);
    typeInto(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("t_end"))->editor(), QStringLiteral("20"));
    QVERIFY(waitForNewestRun(w));
    QTRY_VERIFY_WITH_TIMEOUT(!view->showsPlaceholder(), 10000);
}

/// A BDF (CVODE) run that fails (here: the step limit, typed into the Numerics group) stops with a
/// one-line message naming the run; the plots keep the last good run; the next good edit runs.
void TestMainWindow::bdfFailureKeepsTheLastGoodPlot()
{
    MainWindow& w = *m_window;
    selectData(w.findChild<fl::ui::ParameterPanel*>()->methodCombo(), "regularized");
    QVERIFY(waitForNewestRun(w));
    QCOMPARE(w.currentRun()->scenario.stiffIntegrator, fl::StiffIntegrator::Bdf);
    const RunOutputPtr good = w.currentRun();
    const QVector<double> plotted = values(w.timeHistoryPlot()->curve(QStringLiteral("x")));
    typeInto(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("max_steps"))->editor(), QStringLiteral("100"));
    QTRY_VERIFY_WITH_TIMEOUT(w.statusMessage().contains(QStringLiteral("failed")), 10000);
    QVERIFY2(w.statusMessage().contains(QStringLiteral("step limit of 100 reached")), qPrintable(w.statusMessage()));
    QVERIFY2(w.statusMessage().contains(QStringLiteral("the plots show the last good run")), qPrintable(w.statusMessage()));
    QVERIFY(!w.statusMessage().contains('\n'));
    QCOMPARE(w.currentRun(), good);
    QCOMPARE(values(w.timeHistoryPlot()->curve(QStringLiteral("x"))), plotted);
    typeInto(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("max_steps"))->editor(), QStringLiteral("1e6"));
    QVERIFY(waitForNewestRun(w));
    QVERIFY(w.currentRun()->result.status.ok());
}

void TestMainWindow::switchingSystemShowsItsPlots()
{
    MainWindow& w = *m_window;
    const fl::SystemInfo* disk = fl::findSystem("disk");
    QVERIFY2(disk, "no disk system registered: the built-in disk system is missing");
    selectData(w.findChild<fl::ui::ParameterPanel*>()->systemCombo(), "disk");
    QCOMPARE(w.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("disk"));
    // The law combo lists the disk's (plane-contact) laws; the rows are the disk's parameters.
    QCOMPARE(w.findChild<fl::ui::ParameterPanel*>()->lawCombo()->count(), int(fl::lawsOf(disk->lawFamily).size()));
    QCOMPARE(w.findChild<fl::ui::ParameterPanel*>()->rows().size(), w.findChild<fl::ui::ParameterPanel*>()->scenario().params.specs().size());
    QVERIFY(waitForNewestRun(w));
    QCOMPARE(w.currentRun()->scenario.systemId, std::string("disk"));
    for (const std::string& column : disk->plots.timeHistory)
        QVERIFY2(w.timeHistoryPlot()->curve(QString::fromStdString(column)), column.c_str());
    QVERIFY(w.characteristicPlot()->note()->visible());
    QComboBox* planes = w.phasePortraitPlot()->planeSelector();
    QCOMPARE(planes->count(), int(disk->plots.phasePortraits.size()));
    QCOMPARE(planes->isVisible(), disk->plots.phasePortraits.size() > 1);
    if (planes->count() > 1) {
        w.phasePortraitPlot()->setPlane(1);
        QCOMPARE(w.phasePortraitPlot()->xAxis->label(), QStringLiteral("φ [rad]")); // column "phi"
    }
    // And back: the belt's plots again.
    selectData(w.findChild<fl::ui::ParameterPanel*>()->systemCombo(), "belt");
    QVERIFY(waitForNewestRun(w));
    QVERIFY(!w.characteristicPlot()->note()->visible());
    QVERIFY(w.timeHistoryPlot()->curve(QStringLiteral("v_r")));
    QVERIFY(!w.timeHistoryPlot()->curve(QStringLiteral("phi")));
    QVERIFY(!planes->isVisible());
}

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
