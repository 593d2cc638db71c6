#include "bridge/worker_pool.h"
#include "bridge/thread_handoff.h"

#include "common/workers.h"

#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace fl::ui {
namespace {

std::atomic<int> g_busy{0};
std::atomic<int> g_peak{0};
thread_local bool t_inWorker = false;

/// Runs one copy, counting it as busy.
void runCopy(const std::function<void()>& worker)
{
    const int busy = ++g_busy;
    for (int peak = g_peak.load(); busy > peak && !g_peak.compare_exchange_weak(peak, busy);) {
    }
    t_inWorker = true;
    worker();
    t_inWorker = false;
    --g_busy;
}

void runOnPool(int count, const std::function<void()>& worker)
{
    if (t_inWorker) { // nested: the copies share a task counter, so running them in turn does all tasks
        for (int i = 0; i < count; ++i)
            worker();
        return;
    }
    struct Join {
        std::mutex mutex;
        std::condition_variable done;
        int left = 0;
    };
    auto join = std::make_shared<Join>();
    join->left = count;
    for (int i = 0; i < count; ++i)
        handoff::start(&workerPool(), [join, &worker] { // (the order Qt gives, stated for ThreadSanitizer)
            runCopy(worker);
            const std::lock_guard lock(join->mutex);
            if (--join->left == 0)
                join->done.notify_all();
        });
    std::unique_lock lock(join->mutex);
    join->done.wait(lock, [&join] { return join->left == 0; });
}

} // namespace

QThreadPool& workerPool()
{
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool; // lives as long as the process: its threads may outlast main's objects
        p->setObjectName(QStringLiteral("FrictionLab workers"));
        p->setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
        return p;
    }();
    return *pool;
}

void installWorkerPool()
{
    workerPool();
    fl::setWorkerBackend(runOnPool);
}

int busyWorkers() { return g_busy.load(); }
int peakBusyWorkers() { return g_peak.load(); }
void resetPeakBusyWorkers() { g_peak.store(g_busy.load()); }

} // namespace fl::ui
