#include "bridge/worker_pool.h"
#include "bridge/thread_handoff.h"

#include "common/workers.h"

#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>

namespace fl::ui {
namespace {

std::atomic<int> g_busy{0};
std::atomic<int> g_peak{0};
/// This thread is one of workerPool()'s and runs a loop's copy now.
thread_local bool t_onPool = false;
/// This thread is counted in g_busy now.
thread_local bool t_busy = false;

void enterBusy()
{
    const int busy = ++g_busy;
    for (int peak = g_peak.load(); busy > peak && !g_peak.compare_exchange_weak(peak, busy);) {
    }
    t_busy = true;
}

void leaveBusy()
{
    t_busy = false;
    --g_busy;
}

/// Marks this thread as one of the pool's for the scope (its loops run copies here too).
class OnPool {
public:
    OnPool() : m_was(t_onPool) { t_onPool = true; }
    ~OnPool() { t_onPool = m_was; }
    OnPool(const OnPool&) = delete;
    OnPool& operator=(const OnPool&) = delete;

private:
    bool m_was;
};

/// One parallel loop: copies are claimed from `next` by whoever runs first (the caller or a pool
/// task), so a task that starts after the caller ran everything finds none and returns at once.
struct Loop {
    int count = 0;
    std::atomic<int> next{0};
    std::mutex mutex;
    std::condition_variable done;
    int finished = 0;
    std::exception_ptr error; ///< the first a copy threw, rethrown to the caller once all ended
};

/// Claims and runs copies until none is left. A copy's exception is kept for the caller (it must
/// not leave while other threads still run its worker, nor end a pool thread).
void runClaimed(Loop& loop, const std::function<void()>& worker)
{
    while (loop.next.fetch_add(1) < loop.count) {
        // Busy only while a claimed copy computes, and no longer once the caller can see it done
        // (a caller reading busyWorkers() after its loop returned reads no stale count).
        const bool count = !t_busy; // an enclosing copy (a nested loop) is counted already
        if (count)
            enterBusy();
        std::exception_ptr error;
        try {
            worker();
        } catch (...) {
            error = std::current_exception();
        }
        if (count)
            leaveBusy();
        const std::lock_guard lock(loop.mutex);
        if (error && !loop.error)
            loop.error = error;
        if (++loop.finished == loop.count)
            loop.done.notify_all();
    }
}

void runOnPool(int count, const std::function<void()>& worker)
{
    auto loop = std::make_shared<Loop>();
    loop->count = count;
    // A pool thread runs copies itself; any other thread (a test's, the GUI's) only waits, so the
    // threads computing stay the pool's and never outnumber the cores.
    const bool caller = t_onPool;
    const std::function<void()>* body = &worker; // read only after a claim, while the caller waits
    for (int i = caller ? 1 : 0; i < count; ++i)
        handoff::start(&workerPool(), [loop, body] { // (the order Qt gives, stated for ThreadSanitizer)
            if (loop->next.load() >= loop->count)
                return; // the copies were all claimed: *body may be gone already
            const OnPool onPool;
            runClaimed(*loop, *body);
        });
    if (caller)
        runClaimed(*loop, worker);
    // Every copy is claimed now (or will be, by tasks the pool starts): wait for those running
    // elsewhere. They never wait for anything queued, so this ends. Waiting is not computing.
    const bool wasBusy = t_busy;
    if (wasBusy)
        leaveBusy();
    {
        std::unique_lock lock(loop->mutex);
        loop->done.wait(lock, [&loop] { return loop->finished == loop->count; });
    }
    if (wasBusy)
        enterBusy();
    if (loop->error)
        std::rethrow_exception(loop->error);
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

QThreadPool& jobPool()
{
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool; // as workerPool(): lives as long as the process
        p->setObjectName(QStringLiteral("FrictionLab jobs"));
        // One thread per running job: a dozen views with at most two runners each.
        p->setMaxThreadCount(32);
        return p;
    }();
    return *pool;
}

QThreadPool& lanePool(JobLane lane)
{
    static const auto make = [](const char* name, int threads) {
        auto* p = new QThreadPool; // lives as long as the process, as jobPool()
        p->setObjectName(QString::fromLatin1(name));
        p->setMaxThreadCount(threads);
        return p;
    };
    static QThreadPool* exports = make("FrictionLab export writers", 2);
    switch (lane) {
    case JobLane::Export: return *exports;
    case JobLane::Analyses: break;
    }
    return jobPool();
}

int busyWorkers() { return g_busy.load(); }
int peakBusyWorkers() { return g_peak.load(); }
void resetPeakBusyWorkers() { g_peak.store(g_busy.load()); }

} // namespace fl::ui
