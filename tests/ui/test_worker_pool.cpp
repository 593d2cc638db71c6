// The GUI's one worker pool (ui/bridge/worker_pool.h): a bifurcation sweep and a map asking for 8
// threads each, run at the same time, never have more copies of their workers computing than the
// pool has threads (the cores), use more than one when there are several cores, and give exactly the
// results of the default backend (a thread per copy); nested parallel loops finish; and the views'
// runners (a map's and a sweep's jobs, on the job runner) started together stay within the cores.
#include "bridge/map_runner.h"
#include "bridge/sweep_runner.h"
#include "bridge/worker_pool.h"

#include "analysis/bifurcation_sweep.h"
#include "analysis/parameter_map.h"
#include "common/workers.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

#include <atomic>
#include <cmath>
#include <thread>

namespace {

fl::SweepSpec sweepSpec(const fl::Scenario& base)
{
    fl::SweepSpec spec = fl::defaultSweep(base);
    spec.parameter = "v_b";
    spec.from = 0.2;
    spec.to = 1.2;
    spec.steps = 24;
    spec.transient = 40.0;
    spec.samples = 8;
    spec.continuation = false; // independent columns: one task each
    return spec;
}

fl::MapSpec mapSpec()
{
    fl::MapSpec spec;
    spec.x = {"v_b", 0.2, 1.0, 8};
    spec.y = {"zeta", 0.0, 0.2, 5};
    spec.observable = fl::MapObservable::Amplitude;
    spec.transient = 20.0;
    spec.record = 20.0;
    return spec;
}

bool sameValue(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

} // namespace

class TestWorkerPool : public QObject {
    Q_OBJECT
private slots:
    void twoAnalysesShareTheCores()
    {
        const fl::Scenario base = fl::defaultScenario();
        const fl::SweepSpec sweep = sweepSpec(base);
        const fl::MapSpec map = mapSpec();
        QVERIFY(fl::validateSweep(base, sweep).ok());
        QVERIFY(fl::validateMap(base, map).ok());
        // The default backend first: a thread per copy.
        const std::vector<fl::SweepColumn> sweepReference = fl::runSweep(base, sweep, 8, nullptr);
        const fl::MapResult mapReference = fl::runMap(base, map, 8);

        fl::ui::installWorkerPool();
        const int cores = fl::ui::workerPool().maxThreadCount();
        QCOMPARE(cores, std::max(1, QThread::idealThreadCount()));
        fl::ui::resetPeakBusyWorkers();
        std::vector<fl::SweepColumn> sweepResult;
        fl::MapResult mapResult;
        std::thread sweeping([&] { sweepResult = fl::runSweep(base, sweep, 8, nullptr); });
        std::thread mapping([&] { mapResult = fl::runMap(base, map, 8); });
        sweeping.join();
        mapping.join();

        const int peak = fl::ui::peakBusyWorkers();
        qInfo("cores %d, most copies computing at once: %d", cores, peak);
        QVERIFY2(peak <= cores, qPrintable(QString::number(peak)));
        QVERIFY2(peak >= std::min(2, cores), qPrintable(QString::number(peak))); // it did run in parallel
        QCOMPARE(fl::ui::busyWorkers(), 0);

        QCOMPARE(sweepResult.size(), sweepReference.size());
        for (size_t k = 0; k < sweepResult.size(); ++k) {
            QCOMPARE(sweepResult[k].parameter, sweepReference[k].parameter);
            QCOMPARE(sweepResult[k].values, sweepReference[k].values);
            QVERIFY(!sweepResult[k].values.empty());
        }
        QCOMPARE(mapResult.values.size(), mapReference.values.size());
        for (size_t k = 0; k < mapResult.values.size(); ++k)
            QVERIFY2(sameValue(mapResult.values[k], mapReference.values[k]), qPrintable(QString::number(k)));
        QVERIFY(std::isfinite(mapResult.values.front()));
    }

    /// A worker that starts a parallel loop of its own runs that loop's copies in turn: every task
    /// is done once and no pool thread waits for a task queued behind it (which would never start
    /// once every pool thread waited so).
    void nestedLoopsFinish()
    {
        fl::ui::installWorkerPool();
        const int outerTasks = 6, innerTasks = 50;
        std::atomic<int> nextOuter{0};
        std::vector<std::atomic<int>> done(static_cast<size_t>(outerTasks * innerTasks));
        fl::runWorkers(8, [&] {
            for (int i = nextOuter++; i < outerTasks; i = nextOuter++) {
                std::atomic<int> nextInner{0};
                fl::runWorkers(8, [&] {
                    for (int j = nextInner++; j < innerTasks; j = nextInner++)
                        ++done[static_cast<size_t>(i * innerTasks + j)];
                });
            }
        });
        for (const std::atomic<int>& count : done)
            QCOMPARE(count.load(), 1);
        QCOMPARE(fl::ui::busyWorkers(), 0);
    }

    /// The map's and the sweep's jobs (their runners, as the views start them, 8 threads each)
    /// run their loops on the one pool: each alone computes on pool threads (counted busy; threads
    /// of their own would not be), and both together never on more pool threads than cores; all
    /// complete.
    void twoRunnersShareTheCores()
    {
        fl::ui::installWorkerPool();
        const int cores = fl::ui::workerPool().maxThreadCount();
        const int mapAlone = runRunners(true, false);
        const int sweepAlone = runRunners(false, true);
        const int both = runRunners(true, true);
        qInfo("cores %d, most threads computing at once: map %d, sweep %d, both %d", cores, mapAlone, sweepAlone, both);
        QVERIFY2(mapAlone >= std::min(2, cores) && mapAlone <= cores, qPrintable(QString::number(mapAlone)));
        QVERIFY2(sweepAlone >= std::min(2, cores) && sweepAlone <= cores, qPrintable(QString::number(sweepAlone)));
        QVERIFY2(both >= std::min(2, cores) && both <= cores, qPrintable(QString::number(both)));
    }

private:
    /// Runs the map's and/or the sweep's runner to the end; returns the most threads computing at once.
    int runRunners(bool withMap, bool withSweep)
    {
        const fl::Scenario base = fl::defaultScenario();
        fl::ui::MapRunner map;
        fl::ui::SweepRunner sweep;
        QSignalSpy mapDone(&map, &fl::ui::MapRunner::finished);
        QSignalSpy sweepDone(&sweep, &fl::ui::SweepRunner::finished);
        QSignalSpy columns(&sweep, &fl::ui::SweepRunner::columnReady);
        fl::ui::resetPeakBusyWorkers();
        QString error;
        fl::MapSpec bigger = mapSpec(); // long enough that a second thread joins before the first is done
        bigger.x.steps = 16;
        bigger.y.steps = 10;
        bigger.transient = 200.0;
        if (withMap && !map.start(base, bigger, 8, &error))
            return -1;
        if (withSweep && !sweep.start(base, sweepSpec(base), 8, &error))
            return -1;
        if (withMap && !QTest::qWaitFor([&] { return mapDone.size() == 1; }, 120000))
            return -2;
        if (withSweep && !QTest::qWaitFor([&] { return sweepDone.size() == 1; }, 120000))
            return -2;
        if (withMap && (mapDone.at(0).at(0).toBool() || map.done() != map.total() || long(map.take().size()) != map.total()))
            return -3; // cancelled, or points missing
        if (withSweep && (sweepDone.at(0).at(0).toBool() || columns.size() != sweep.totalColumns()))
            return -3;
        if (fl::ui::busyWorkers() != 0)
            return -4;
        return fl::ui::peakBusyWorkers();
    }
};

QTEST_GUILESS_MAIN(TestWorkerPool)
#include "test_worker_pool.moc"
