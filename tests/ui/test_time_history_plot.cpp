// Tests of ui/widgets/time_history_plot through the main window: a regularized stick-slip run is
// shaded where it is near-stick (the mechanism view's rule), about as long as the exact stick of
// the event-driven run, and the legend says which rule it is.
#include "analysis/near_stick_run.h"
#include "bridge/simulation_controller.h"
#include "presenter/appearance.h"
#include "systems/scenario_setup.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"

#include <QComboBox>

#include <cstdlib>
#include <QTest>

using namespace fl::ui;

namespace {

bool waitForNewestRun(MainWindow& w)
{
    return QTest::qWaitFor([&] {
        return w.currentRun() && w.currentRun()->runId == w.controller()->latestRunId() && !w.controller()->isRunning();
    }, 20000);
}

/// Total length of the shaded boxes: each interval is (b, 0), (b, 1), (e, 1), (e, 0).
double shadedLength(QCPGraph* shading)
{
    double total = 0.0;
    const auto data = shading->data();
    for (int i = 0; i + 3 < data->size(); i += 4)
        total += data->at(i + 2)->key - data->at(i + 1)->key;
    return total;
}

} // namespace

class TestTimeHistoryPlot : public QObject {
    Q_OBJECT
private slots:
    void regularizedRunIsShadedNearStick()
    {
        MainWindow w;
        w.show();
        QVERIFY(waitForNewestRun(w));
        // The default case: Coulomb stick-slip, event-driven (exact stick).
        const double stick = fl::totalLength(w.currentRun()->result.stickIntervals);
        QVERIFY(stick > 10.0);
        QCOMPARE(w.timeHistoryPlot()->stickGraph()->name(), QStringLiteral("stick"));
        QVERIFY(std::abs(shadedLength(w.timeHistoryPlot()->stickGraph()) - stick) < 1e-9 * stick);

        QComboBox* method = w.findChild<fl::ui::ParameterPanel*>()->methodCombo();
        method->setCurrentIndex(method->findData(QStringLiteral("regularized")));
        QVERIFY(waitForNewestRun(w));
        QVERIFY(w.currentRun()->result.mode.empty());
        QCPGraph* shading = w.timeHistoryPlot()->stickGraph();
        QVERIFY(shading->visible());
        const double nearStick = shadedLength(shading);
        QVERIFY2(std::abs(nearStick - stick) < 0.03 * stick, qPrintable(QString("%1 vs %2").arg(nearStick).arg(stick)));
        // ε = 1e-4, v_b = 0.5: the threshold max(1e-3 |v_b|, ε) = 5e-4, as in the mechanism view.
        QCOMPARE(shading->name(), QStringLiteral("near-stick |v_r| < 0.0005"));
        QCPCurve* segments = w.phasePortraitPlot()->stickCurve();
        QVERIFY(segments->visible() && segments->dataCount() > 0);
        QCOMPARE(segments->name(), shading->name());
        bool listed = false;
        for (int i = 0; i < w.timeHistoryPlot()->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(w.timeHistoryPlot()->legend->item(i)))
                listed = listed || item->plottable() == shading;
        QVERIFY(listed);
    }

    /// A long stick-slip run (thousands of stick intervals): the shading draws at most one box per
    /// 2 pixels and never less stick than there is; zoomed in, the boxes are the exact intervals.
    /// (Drawn as they were, the fill took 200-350 ms per redraw on the GUI thread.)
    void manyStickIntervalsAreJoinedToPixels()
    {
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(waitForNewestRun(w));
        fl::Scenario s = fl::defaultScenario();
        QVERIFY(s.params.set("t_end", 20000.0).ok());
        QVERIFY(s.params.set("dt", 0.05).ok());
        w.loadScenario(s);
        QVERIFY(waitForNewestRun(w));
        TimeHistoryPlot* plot = w.timeHistoryPlot();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const std::vector<fl::TimeInterval>& intervals = w.currentRun()->result.stickIntervals;
        QVERIFY(intervals.size() > 1000);
        const int width = plot->axisRect()->width();
        QVERIFY2(plot->stickGraph()->dataCount() <= 4 * (width / 2 + 1), qPrintable(QString::number(plot->stickGraph()->dataCount())));
        QVERIFY(shadedLength(plot->stickGraph()) >= fl::totalLength(intervals) - 1e-6);
        QCOMPARE(plot->stickStripGraph()->dataCount(), plot->stickGraph()->dataCount());
        // Zoomed in to 60 time units (stick-slip period about 8): every interval in view, exactly.
        plot->xAxis->setRange(1000.0, 1060.0);
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const double gap = 2.0 * 60.0 / plot->axisRect()->width();
        double inView = 0.0;
        int count = 0;
        for (const fl::TimeInterval& i : intervals)
            if (i.end >= 1000.0 - gap && i.begin <= 1060.0 + gap) {
                inView += i.end - i.begin;
                ++count;
            }
        QVERIFY(count >= 5);
        QCOMPARE(plot->stickGraph()->dataCount(), 4 * count);
        QVERIFY(std::abs(shadedLength(plot->stickGraph()) - inView) < 1e-9 * inView);
    }

    /// The chain's switches are those of n blocks, one by one: the run has no stick intervals of
    /// the system (RunRecorder made meaningless ones from them, never shown); the time history
    /// shades block 1's stick read exactly from the samples (v_r,1 = 0), as before.
    void chainIsShadedByBlockOne()
    {
        MainWindow w;
        w.show();
        QVERIFY(waitForNewestRun(w));
        QVERIFY(w.loadPreset(QStringLiteral("bk-chain-two")));
        QVERIFY(waitForNewestRun(w));
        const fl::RunResult& r = w.currentRun()->result;
        QCOMPARE(w.currentRun()->scenario.method, fl::Method::EventDriven);
        QVERIFY(r.switchCount > 10);
        QVERIFY(r.mode.empty());
        QVERIFY(r.stickIntervals.empty());
        const fl::NearStickRun reading = fl::findNearStick(w.currentRun()->scenario, r);
        QVERIFY(reading.exact);
        const double stick = fl::totalLength(reading.intervals);
        QVERIFY(stick > 1.0);
        QCPGraph* shading = w.timeHistoryPlot()->stickGraph();
        QVERIFY(shading->visible());
        QVERIFY2(shading->name().contains(QStringLiteral("(exact)")), qPrintable(shading->name()));
        // Many short intervals are joined to pixels: never less stick than there is.
        QVERIFY2(shadedLength(shading) >= stick * (1.0 - 1e-9), qPrintable(QString("%1 vs %2").arg(shadedLength(shading)).arg(stick)));
    }

    /// Grazes: a block held on a resting belt (v_b = 0) whose holding force
    /// F_h = 0.5 - cos t touches mu_s = 1.5 at t = pi, 3 pi, 5 pi stays stuck; each touch is a
    /// triangle along the top of the time history, listed in the legend and counted in the status.
    void grazesAreMarked()
    {
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(waitForNewestRun(w));
        fl::Scenario s = fl::defaultScenario();
        for (const auto& [id, value] : {std::pair<const char*, double>{"v_b", 0.0}, {"A", 1.0}, {"w", 1.0}, {"x0", 0.5}, {"v0", 0.0},
                                        {"mu_s", 1.5}, {"mu_k", 0.5}, {"zeta", 0.05}, {"t_end", 20.0}})
            QVERIFY(s.params.set(id, value).ok());
        w.loadScenario(s);
        QVERIFY(waitForNewestRun(w));
        QCOMPARE(w.currentRun()->result.grazes.size(), size_t(3));
        QVERIFY(w.currentRun()->result.switches.empty());
        TimeHistoryPlot* plot = w.timeHistoryPlot();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        QCPGraph* marks = plot->grazeGraph();
        QVERIFY(marks->visible());
        QCOMPARE(marks->dataCount(), 3);
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(marks->data()->at(i)->key - (2 * i + 1) * 3.14159265358979) < 1e-6);
        bool listed = false;
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
                listed = listed || (item->plottable() == marks && marks->name() == QStringLiteral("graze"));
        QVERIFY(listed);
        QVERIFY2(w.runSummary().contains(QStringLiteral("3 grazes")), qPrintable(w.runSummary()));
        if (const char* dir = std::getenv("FL_SCREENSHOT_DIR")) {
            QTest::qWait(1500); // the other views' data arrive from their workers
            w.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/grazes.png"));
        }
        // On a projector's dark theme the triangles take that theme's stick colour, at its scale.
        w.setAppearance({QStringLiteral("dark"), 1.5});
        plot->replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(marks->scatterStyle().brush().color(), fl::ui::findTheme(QStringLiteral("dark")).stickStrip);
        QCOMPARE(marks->scatterStyle().size(), 11.0 * 1.5);
        if (const char* dir = std::getenv("FL_SCREENSHOT_DIR"))
            w.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/grazes-dark.png"));
        w.setAppearance({});
        // The default case again: no grazes, no markers.
        w.loadScenario(fl::defaultScenario());
        QVERIFY(waitForNewestRun(w));
        QVERIFY(!plot->grazeGraph()->visible());
    }

    /// The LuGre run's legend (near-stick, x, v_r, F, z (right)) is wider than a 320 px time
    /// history: it wraps onto a second row instead of clipping entries, and every entry lies
    /// inside the plot. Wider, it goes back to one row.
    void legendWrapsInsteadOfClipping()
    {
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.loadPreset(QStringLiteral("belt-lugre-stick-slip")));
        QVERIFY(waitForNewestRun(w));
        TimeHistoryPlot* plot = w.timeHistoryPlot();
        plot->resize(320, plot->height()); // narrower than the legend's one row, as a small projector's pane
        plot->replot();
        QCPLegend* legend = plot->legend;
        int entries = 0;
        for (int i = 0; i < legend->itemCount(); ++i)
            if (QCPAbstractLegendItem* item = legend->item(i)) {
                ++entries;
                QVERIFY2(item->outerRect().left() >= 0 && item->outerRect().right() <= plot->width(),
                         qPrintable(QString("entry %1 at [%2, %3] of %4").arg(i).arg(item->outerRect().left()).arg(item->outerRect().right()).arg(plot->width())));
            }
        QCOMPARE(entries, 5);
        QVERIFY2(legend->rowCount() >= 2, qPrintable(QString("plot %1 px wide").arg(plot->width())));
        plot->resize(2400, plot->height());
        plot->replot();
        QCOMPARE(legend->rowCount(), 1);
    }
};

QTEST_MAIN(TestTimeHistoryPlot)
#include "test_time_history_plot.moc"
