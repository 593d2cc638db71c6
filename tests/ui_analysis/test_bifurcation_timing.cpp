// Benchmark, never a timed assertion: the Acta Fig. 5a sweep (601 values of omega0) in the
// BifurcationView with 1 and 2 threads, continuation (the preset) and fixed initial state. Prints
// the total time and the GUI thread's event-loop latency during the sweep (gaps between the ticks
// of a 5 ms QTimer: the view stays responsive while the workers integrate and the diagram redraws).
// Asserts only that every sweep completes and that the columns do not depend on the thread count.
#include "analysis/bifurcation_plot.h"
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTimer>
#include <QTest>

#include <algorithm>
#include <vector>

using fl::ui::BifurcationView;

class TestBifurcationTiming : public QObject {
    Q_OBJECT
private slots:
    void fig5aSweep601_data()
    {
        QTest::addColumn<bool>("continuation");
        QTest::newRow("continuation (preset)") << true;
        QTest::newRow("fixed initial state") << false;
    }
    void fig5aSweep601()
    {
        QFETCH(bool, continuation);
        std::vector<std::vector<fl::SweepColumn>> results;
        for (int threads : {1, 2}) {
            BifurcationView view;
            view.resize(1300, 760);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            QVERIFY(view.selectPreset("acta2016-fig5a"));
            view.setupPanel()->findChild<QCheckBox*>("continuation")->setChecked(continuation);
            view.setupPanel()->findChild<QSpinBox*>("threads")->setValue(threads);
            QCOMPARE(view.setupPanel()->spec().steps, 601);

            // Event-loop latency: the largest gap between ticks of a 5 ms timer while sweeping.
            std::vector<qint64> gaps;
            QElapsedTimer tick;
            QTimer probe;
            probe.setTimerType(Qt::PreciseTimer);
            connect(&probe, &QTimer::timeout, this, [&] {
                gaps.push_back(tick.restart());
            });
            QSignalSpy finished(&view, &BifurcationView::sweepFinished);
            QElapsedTimer total;
            total.start();
            QVERIFY(view.start());
            tick.start();
            probe.start(5);
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 600000);
            probe.stop();
            const double seconds = double(total.nsecsElapsed()) * 1e-9;
            QCOMPARE(finished.at(0).at(0).toBool(), false);
            results.push_back(view.columns());
            QCOMPARE(int(results.back().size()), 601);

            // What one frame of the finished diagram costs the GUI thread.
            QElapsedTimer draw;
            draw.start();
            for (int i = 0; i < 10; ++i)
                view.plot()->replot(QCustomPlot::rpImmediateRefresh);
            const double replotMs = double(draw.nsecsElapsed()) * 1e-7;
            std::sort(gaps.begin(), gaps.end());
            const qint64 maxGap = gaps.empty() ? 0 : gaps.back();
            const qint64 p99 = gaps.empty() ? 0 : gaps[gaps.size() * 99 / 100];
            qInfo("Fig. 5a, 601 values, %s, %d thread(s): %.2f s total (view: %.2f s), %d points; "
                  "event loop: %zu ticks, max gap %lld ms, 99th percentile %lld ms; one replot %.1f ms",
                  continuation ? "continuation" : "fixed initial state", threads, seconds, view.lastSweepSeconds(),
                  view.plot()->pointCount(), gaps.size(), maxGap, p99, replotMs);
        }
        for (size_t i = 0; i < results[0].size(); ++i) {
            QCOMPARE(results[0][i].parameter, results[1][i].parameter);
            QCOMPARE(results[0][i].values, results[1][i].values);
        }
    }
};

QTEST_MAIN(TestBifurcationTiming)
#include "test_bifurcation_timing.moc"
