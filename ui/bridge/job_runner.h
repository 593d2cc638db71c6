#pragma once
// One job runner for the analysis views (docs/architecture.md, "Threads"): a job is a function of a
// JobContext run on a thread of jobPool(), started at once, whose parallel loops share
// workerPool() with every other analysis's, so two analyses at once share the cores instead of each
// view keeping threads of its own. For each job the runner gives a run id (a newer start supersedes
// and cancels the older job, whose result is never
// delivered), cooperative cancel (the context's flag, which the core polls: idea 6), progress
// reported from the worker and delivered to the GUI thread at most every 50 ms with the time left,
// a status with a signal on change, the result handed to the GUI thread as an immutable value
// (handoff::post, so ThreadSanitizer sees the order), and an exception turned into a "failed"
// status with its message. Its destructor cancels its jobs and waits for those already computing;
// one still queued never starts, so closing a view never waits behind another view's work.
//
// A runner runs in one lane (bridge/worker_pool.h, JobLane), a pool of its own: the analyses' (the
// default) and the export writers' (view_exporter, the animation export), which must sit neither
// behind a map nor on Qt's global pool, on which QtGui's raster painting waits. The slider's lane is
// a pool each interactive runner keeps for itself (the main simulation in simulation_controller, its
// plot data in plot_data_worker, each comparison's two runs): the run must answer within tens of
// milliseconds while a map holds every core. (One lane shared by all of them was tried: see
// docs/architecture.md, "Threads".) The live runner (live_runner.h) is one long-lived thread that
// steps the live simulation.
#include "bridge/thread_handoff.h"
#include "bridge/worker_pool.h"

#include <QElapsedTimer>
#include <QObject>
#include <QThreadPool>
#include <QString>
#include <QTimer>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

namespace fl::ui {

enum class JobStatus { Idle, Running, Cancelling, Finished, Failed, Cancelled };

/// What a job sees of its runner: its cancel flag and its progress. Shared by the job's thread and
/// the GUI thread; every member is atomic.
class JobContext {
public:
    explicit JobContext(quint64 id) : m_id(id) {}
    quint64 runId() const { return m_id; }
    bool cancelled() const { return m_cancel.load(std::memory_order_relaxed); }
    /// The flag itself, for the core's functions that poll a `const std::atomic<bool>*`.
    const std::atomic<bool>* cancelFlag() const { return &m_cancel; }
    void cancel() { m_cancel.store(true); }
    /// A newer job replaced this one: its result will be dropped, so if still queued it never starts.
    bool superseded() const { return m_superseded.load(std::memory_order_relaxed); }
    void supersede()
    {
        m_superseded.store(true);
        cancel();
    }
    /// done of total steps (any thread, as often as wanted: two atomic stores). done only grows.
    void report(long long done, long long total);
    long long done() const { return m_done.load(std::memory_order_relaxed); }
    long long total() const { return m_total.load(std::memory_order_relaxed); }

private:
    const quint64 m_id;
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_superseded{false};
    std::atomic<long long> m_done{0};
    std::atomic<long long> m_total{0};
};

class JobRunner : public QObject {
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);
    /// A runner of another lane than the analyses'.
    explicit JobRunner(JobLane lane, QObject* parent = nullptr);
    /// A runner in a lane of its own: a pool of `threads` threads named `name` that no other
    /// runner shares (the slider's lane: a superseded run winds down beside its successor).
    JobRunner(int threads, const QString& name, QObject* parent = nullptr);
    JobLane lane() const { return m_lane; }
    /// Cancels every job of this runner and waits for those computing.
    ~JobRunner() override;

    /// Starts job(JobContext&) -> R in the runner's lane, superseding (and cancelling) the running
    /// job; onResult(const R&) runs on the GUI thread when this job is still the newest and
    /// returned (finished, or cancelled and returned what it had), with status() already set.
    /// Returns the run id.
    template <class Job, class OnResult>
    quint64 start(Job job, OnResult onResult)
    {
        using R = std::invoke_result_t<Job&, JobContext&>;
        return launch([job = std::move(job), onResult = std::move(onResult)](JobContext& context) mutable {
            if constexpr (std::is_void_v<R>) {
                job(context);
                return Delivery([onResult = std::move(onResult)] { onResult(); });
            } else {
                auto result = std::make_shared<const R>(job(context));
                return Delivery([onResult = std::move(onResult), result] { onResult(*result); });
            }
        });
    }
    /// A job whose result is ignored (it posts what it makes itself, or only its status matters).
    template <class Job>
    quint64 start(Job job)
    {
        return start(std::move(job), [](auto&&...) {});
    }

    /// Asks the newest job to stop (status Cancelling until it returns).
    void cancel();
    /// Cancels the newest job and forgets it at once: its result is never delivered, the status
    /// is Idle now (a view whose inputs changed under a running job).
    void discard();
    /// The newest job is queued or computing (Running or Cancelling).
    bool isRunning() const { return m_status == JobStatus::Running || m_status == JobStatus::Cancelling; }
    JobStatus status() const { return m_status; }
    /// The message of the newest job's exception (status Failed).
    QString errorMessage() const { return m_error; }
    /// The newest job's run id (0 before the first start).
    quint64 runId() const { return m_latest ? m_latest->runId() : 0; }
    /// The newest job's context (null before the first start): its progress, its cancel flag.
    std::shared_ptr<const JobContext> context() const { return m_latest; }
    /// Seconds since the newest job started, or its length once it ended.
    double elapsedSeconds() const;
    /// The newest job's time left from its elapsed time and fraction done; < 0 while unknown.
    double secondsLeft() const;
    /// Blocks until no job of this runner computes (tests; the destructor). Results still queued
    /// for the GUI thread arrive afterwards, as usual.
    void waitForDone();
    /// The most often progress() is emitted (50 ms by default).
    void setProgressInterval(int ms) { m_progressTimer.setInterval(ms); }

signals:
    void statusChanged(fl::ui::JobStatus status);
    /// The newest job's progress, throttled; secondsLeft < 0 while unknown.
    void progress(long long done, long long total, double secondsLeft);

private:
    using Delivery = std::function<void()>;
    /// What the runner's tasks share with it (kept alive by both).
    struct Shared {
        std::mutex mutex;
        std::condition_variable idle;
        int computing = 0;
        bool closed = false;
        std::vector<std::shared_ptr<JobContext>> live; ///< jobs queued or computing
    };

    quint64 launch(std::function<Delivery(JobContext&)> body);
    void ended(const std::shared_ptr<JobContext>& context, const Delivery& deliver, bool failed, const QString& error);
    void setStatus(JobStatus status);
    void emitProgress();

    JobLane m_lane = JobLane::Analyses;
    /// The runner's own pool (the slider's lane), or null: the lane's. Destroyed after the
    /// destructor's wait; a job still queued in it then returns without starting.
    std::unique_ptr<QThreadPool> m_ownPool;
    std::shared_ptr<Shared> m_shared = std::make_shared<Shared>();
    std::shared_ptr<JobContext> m_latest;
    quint64 m_nextId = 0;
    JobStatus m_status = JobStatus::Idle;
    QString m_error;
    QElapsedTimer m_clock;
    double m_seconds = 0.0;
    QTimer m_progressTimer;
    long long m_shownDone = -1;
    long long m_shownTotal = -1;
};

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::ui::JobStatus)
