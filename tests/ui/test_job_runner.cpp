// The analysis views' one job runner (ui/bridge/job_runner.h): results reach the GUI thread for
// the newest run only, cancel and exceptions end in their statuses, progress comes throttled with a
// time left, and a job's own parallel loop gets parallel copies on the shared pool without
// deadlocking even when the pool has a single thread.
#include "bridge/job_runner.h"
#include "bridge/worker_pool.h"

#include "common/workers.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <chrono>
#include <memory>
#include <cmath>
#include <stdexcept>
#include <thread>
#include <vector>

using fl::ui::JobContext;
using fl::ui::JobRunner;
using fl::ui::JobStatus;
using namespace std::chrono_literals;

namespace {

/// Waits (bounded) until the context is cancelled; a job that never sees it fails the test by
/// returning -1 instead of hanging it.
int waitForCancel(const JobContext& context)
{
    QElapsedTimer clock;
    clock.start();
    while (!context.cancelled()) {
        if (clock.elapsed() > 20000)
            return -1;
        std::this_thread::sleep_for(1ms);
    }
    return 0;
}

} // namespace

class TestJobRunner : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { fl::ui::installWorkerPool(); }

    /// Sequential runs arrive in order on the GUI thread; a run superseded while computing is
    /// never delivered, and is cancelled.
    void newestResultOnlyOnTheGuiThread()
    {
        JobRunner runner;
        std::vector<int> delivered;
        bool onGuiThread = true;
        auto keep = [&](int value) {
            onGuiThread = onGuiThread && QThread::currentThread() == QCoreApplication::instance()->thread(); // (not qApp: a QApplication cast, and this test runs a QCoreApplication)
            delivered.push_back(value);
        };
        runner.start([](JobContext&) { return 1; }, keep);
        QTRY_COMPARE(delivered.size(), size_t(1));
        runner.start([](JobContext&) { return 2; }, keep);
        QTRY_COMPARE(delivered.size(), size_t(2));

        std::atomic<bool> oldStarted{false}, oldSawCancel{false};
        const quint64 old = runner.start([&](JobContext& c) {
            oldStarted = true;
            const int r = waitForCancel(c);
            oldSawCancel = r == 0;
            return 10 + r;
        }, keep);
        QTRY_VERIFY(oldStarted.load()); // computing, not only queued (a queued one never starts)
        const quint64 newest = runner.start([](JobContext&) {
            std::this_thread::sleep_for(30ms);
            return 3;
        }, keep);
        QVERIFY(newest > old);
        QCOMPARE(runner.runId(), newest);
        QTRY_COMPARE(runner.status(), JobStatus::Finished);
        runner.waitForDone();
        QCoreApplication::processEvents();
        QCOMPARE(delivered, (std::vector<int>{1, 2, 3}));
        QVERIFY(oldSawCancel.load());
        QVERIFY(onGuiThread);
    }

    /// A job superseded while still queued never starts: every job thread is held by other
    /// runners' jobs until the newer job has replaced it.
    void supersededQueuedJobNeverStarts()
    {
        const int cores = fl::ui::jobPool().maxThreadCount();
        std::atomic<bool> release{false};
        std::atomic<int> holding{0};
        std::vector<std::unique_ptr<JobRunner>> holders;
        for (int i = 0; i < cores; ++i) {
            holders.push_back(std::make_unique<JobRunner>());
            holders.back()->start([&](JobContext&) {
                ++holding;
                while (!release.load())
                    std::this_thread::sleep_for(1ms);
            });
        }
        QTRY_COMPARE(holding.load(), cores);
        JobRunner runner;
        std::atomic<bool> firstRan{false};
        int delivered = 0;
        runner.start([&](JobContext&) { firstRan = true; return 1; }, [&](int v) { delivered = v; });
        runner.start([](JobContext&) { return 2; }, [&](int v) { delivered = v; });
        release = true;
        QTRY_COMPARE(delivered, 2);
        runner.waitForDone();
        QVERIFY(!firstRan.load());
    }

    void cancelEndsCancelled()
    {
        JobRunner runner;
        QSignalSpy statuses(&runner, &JobRunner::statusChanged);
        int result = 99;
        runner.start([](JobContext& c) { return waitForCancel(c); }, [&](int r) { result = r; });
        QVERIFY(runner.isRunning());
        QTest::qWait(20);
        runner.cancel();
        QCOMPARE(runner.status(), JobStatus::Cancelling);
        QTRY_COMPARE(runner.status(), JobStatus::Cancelled);
        QCOMPARE(result, 0); // it returned because it saw the flag, and what it returned came back
        QVERIFY(!runner.isRunning());
        std::vector<JobStatus> seen;
        for (const QList<QVariant>& s : statuses)
            seen.push_back(s.at(0).value<JobStatus>());
        QCOMPARE(seen, (std::vector<JobStatus>{JobStatus::Running, JobStatus::Cancelling, JobStatus::Cancelled}));
    }

    void exceptionFails()
    {
        JobRunner runner;
        bool delivered = false;
        runner.start([](JobContext&) -> int { throw std::runtime_error("the integrator diverged"); },
                     [&](int) { delivered = true; });
        QTRY_COMPARE(runner.status(), JobStatus::Failed);
        QCOMPARE(runner.errorMessage(), QStringLiteral("the integrator diverged"));
        QVERIFY(!delivered);
        // The runner still works afterwards.
        runner.start([](JobContext&) { return 5; }, [&](int) { delivered = true; });
        QTRY_VERIFY(delivered);
        QCOMPARE(runner.status(), JobStatus::Finished);
        QVERIFY(runner.errorMessage().isEmpty());
    }

    void progressThrottledWithTimeLeft()
    {
        JobRunner runner;
        QSignalSpy spy(&runner, &JobRunner::progress);
        const int steps = 40;
        runner.start([](JobContext& c) {
            for (int i = 1; i <= steps; ++i) {
                std::this_thread::sleep_for(8ms);
                c.report(i, steps);
            }
        });
        QTRY_COMPARE(runner.status(), JobStatus::Finished);
        QVERIFY2(spy.size() >= 2, qPrintable(QString::number(spy.size())));
        QVERIFY2(spy.size() < steps, qPrintable(QString::number(spy.size()))); // throttled
        long long last = 0;
        for (const QList<QVariant>& p : spy) {
            const long long done = p.at(0).toLongLong();
            QVERIFY(done > last);
            last = done;
            QCOMPARE(p.at(1).toLongLong(), (long long)steps);
            const double left = p.at(2).toDouble();
            QVERIFY(std::isfinite(left) && left >= 0.0);
        }
        QCOMPARE(last, (long long)steps); // the last count arrives with the end
        QCOMPARE(spy.last().at(2).toDouble(), 0.0);
    }

    /// A job's own parallel loop: copies on several pool threads when there are several (never more
    /// than the pool's), and every task done exactly once (no deadlock) with a single pool thread,
    /// nested loops included.
    void jobLoopRunsInParallel()
    {
        const int cores = fl::ui::workerPool().maxThreadCount();
        QCOMPARE(cores, std::max(1, QThread::idealThreadCount()));
        const int widest = loopWidth(cores);
        qInfo("cores %d, copies at once: %d", cores, widest);
        if (cores > 1)
            QVERIFY2(widest >= 2, qPrintable(QString::number(widest)));
        QVERIFY2(widest >= 1 && widest <= cores, qPrintable(QString::number(widest)));
        QCOMPARE(fl::ui::busyWorkers(), 0);

        fl::ui::workerPool().setMaxThreadCount(1); // test only: one pool thread for every copy
        const int single = loopWidth(4);
        fl::ui::workerPool().setMaxThreadCount(cores);
        QCOMPARE(single, 1);
        QCOMPARE(fl::ui::busyWorkers(), 0);
    }

    /// A job does not wait for a loop that fills every pool thread (a long map): it has a thread of
    /// its own at once, as each view had before the runner, and answers while the loop goes on.
    void jobNotHeldUpByAFullPool()
    {
        std::atomic<bool> release{false};
        std::atomic<int> copiesRunning{0};
        JobRunner map;
        bool mapDone = false;
        map.start([&](JobContext&) {
            fl::runWorkers(fl::ui::workerPool().maxThreadCount(), [&] {
                ++copiesRunning;
                for (int i = 0; i < 20000 && !release.load(); ++i)
                    std::this_thread::sleep_for(1ms);
            });
        }, [&] { mapDone = true; });
        QTRY_COMPARE(copiesRunning.load(), fl::ui::workerPool().maxThreadCount());
        JobRunner lab;
        int answer = 0;
        QElapsedTimer clock;
        clock.start();
        lab.start([](JobContext&) { return 42; }, [&](int v) { answer = v; });
        QTRY_COMPARE_WITH_TIMEOUT(answer, 42, 5000);
        QVERIFY(!mapDone); // answered while every pool thread still held the loop
        qInfo("answered in %lld ms beside a full pool", static_cast<long long>(clock.elapsed()));
        release = true;
        QTRY_VERIFY(mapDone);
    }

    /// Each lane is a pool of its own: with the export writers' lane full (its 2 threads held by
    /// two writes), a third write waits for one of them, while the analyses' jobs still answer.
    void lanesDoNotWaitForEachOther()
    {
        using fl::ui::JobLane;
        QCOMPARE(fl::ui::lanePool(JobLane::Export).maxThreadCount(), 2);
        QVERIFY(&fl::ui::lanePool(JobLane::Analyses) == &fl::ui::jobPool());
        std::atomic<bool> release{false};
        std::atomic<int> writing{0};
        const auto write = [&](JobContext&) {
            ++writing;
            for (int i = 0; i < 20000 && !release.load(); ++i)
                std::this_thread::sleep_for(1ms);
            return 1;
        };
        JobRunner first(JobLane::Export), second(JobLane::Export), third(JobLane::Export);
        int written = 0;
        first.start(write, [&](int) { ++written; });
        second.start(write, [&](int) { ++written; });
        QTRY_COMPARE(writing.load(), 2);
        third.start(write, [&](int) { ++written; });
        JobRunner analysis;
        QCOMPARE(third.lane(), JobLane::Export);
        QCOMPARE(analysis.lane(), JobLane::Analyses);
        int answers = 0;
        analysis.start([](JobContext&) { return 1; }, [&](int v) { answers += v; });
        QTRY_COMPARE_WITH_TIMEOUT(answers, 1, 5000);
        QCOMPARE(writing.load(), 2); // the third write still waits for a writer's thread
        QCOMPARE(written, 0);
        release = true;
        QTRY_COMPARE(written, 3);
        QCOMPARE(writing.load(), 3);
    }

    /// The slider's lane: a runner with a pool of its own (the simulation controller's two threads)
    /// runs a superseded job's wind-down beside its successor, while its pool is no one else's:
    /// with both its threads held, a job of the analyses still answers, and the newest of its own
    /// jobs is the one delivered once a thread is free.
    void ownPoolIsNoOneElses()
    {
        std::atomic<bool> release{false};
        std::atomic<int> holding{0};
        JobRunner slider(2, QStringLiteral("test slider"));
        const auto hold = [&](JobContext&) {
            ++holding;
            for (int i = 0; i < 20000 && !release.load(); ++i) // ignores its cancel: a slow wind-down
                std::this_thread::sleep_for(1ms);
            return 1;
        };
        slider.start(hold);
        JobRunner other(2, QStringLiteral("test other"));
        other.start(hold);
        QTRY_COMPARE(holding.load(), 2);
        slider.start(hold); // supersedes the first, which still holds one thread
        QTRY_COMPARE(holding.load(), 3); // its second thread: not waiting behind the other runner
        int newest = 0;
        slider.start([](JobContext&) { return 7; }, [&](int v) { newest = v; }); // waits for a thread of its own
        int answers = 0;
        JobRunner analysis;
        analysis.start([](JobContext&) { return 1; }, [&](int v) { answers += v; });
        QTRY_COMPARE_WITH_TIMEOUT(answers, 1, 5000);
        QCOMPARE(newest, 0);
        release = true;
        QTRY_COMPARE(newest, 7);
        QCOMPARE(slider.status(), fl::ui::JobStatus::Finished);
    }

    /// The destructor cancels and waits: the job has returned when it ends.
    void destructorWaits()
    {
        std::atomic<bool> started{false}, returned{false};
        auto runner = std::make_unique<JobRunner>();
        runner->start([&](JobContext& c) {
            started = true;
            waitForCancel(c);
            std::this_thread::sleep_for(20ms);
            returned = true;
        });
        QTRY_VERIFY(started.load());
        runner.reset();
        QVERIFY(returned.load());
    }

private:
    /// Runs a job whose body runs an outer loop of `copies` copies, each task of which runs an
    /// inner loop; returns the most outer tasks computing at once, after checking every task ran once.
    int loopWidth(int copies)
    {
        const int outer = 12, inner = 20;
        auto done = std::make_shared<std::vector<std::atomic<int>>>(outer * inner);
        auto widest = std::make_shared<std::atomic<int>>(0);
        JobRunner runner;
        bool finished = false;
        fl::ui::resetPeakBusyWorkers();
        runner.start([done, widest, copies](JobContext&) {
            std::atomic<int> next{0}, now{0};
            fl::runWorkers(std::max(copies, 2), [&] {
                for (int i = next++; i < outer; i = next++) {
                    const int n = ++now;
                    for (int w = widest->load(); n > w && !widest->compare_exchange_weak(w, n);) {
                    }
                    std::this_thread::sleep_for(5ms);
                    std::atomic<int> nextInner{0};
                    fl::runWorkers(3, [&] {
                        for (int j = nextInner++; j < inner; j = nextInner++)
                            ++(*done)[static_cast<size_t>(i * inner + j)];
                    });
                    --now;
                }
            });
        }, [&] { finished = true; });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(finished, 30000); }();
        for (const std::atomic<int>& count : *done)
            if (count.load() != 1)
                return -1;
        if (fl::ui::peakBusyWorkers() > fl::ui::workerPool().maxThreadCount())
            return -2;
        return widest->load();
    }
};

QTEST_GUILESS_MAIN(TestJobRunner)
#include "test_job_runner.moc"
