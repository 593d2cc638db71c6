#include "bridge/job_runner.h"
#include "bridge/worker_pool.h"

#include <QThreadPool>

#include <algorithm>
#include <exception>

namespace fl::ui {

void JobContext::report(long long done, long long total)
{
    m_total.store(total, std::memory_order_relaxed);
    for (long long shown = m_done.load(std::memory_order_relaxed);
         done > shown && !m_done.compare_exchange_weak(shown, done, std::memory_order_relaxed);) {
    }
}

JobRunner::JobRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<fl::ui::JobStatus>();
    m_progressTimer.setInterval(50); // a progress bar needs no more; a map reports every point
    connect(&m_progressTimer, &QTimer::timeout, this, &JobRunner::emitProgress);
}

JobRunner::JobRunner(JobLane lane, QObject* parent) : JobRunner(parent)
{
    m_lane = lane;
}

JobRunner::JobRunner(int threads, const QString& name, QObject* parent) : JobRunner(parent)
{
    m_ownPool = std::make_unique<QThreadPool>();
    m_ownPool->setMaxThreadCount(threads);
    m_ownPool->setObjectName(name);
}

JobRunner::~JobRunner()
{
    std::unique_lock lock(m_shared->mutex);
    m_shared->closed = true; // a job still queued returns without starting, one computing posts nothing
    for (const std::shared_ptr<JobContext>& context : m_shared->live)
        context->cancel();
    m_shared->idle.wait(lock, [this] { return m_shared->computing == 0; });
}

quint64 JobRunner::launch(std::function<Delivery(JobContext&)> body)
{
    if (m_latest)
        m_latest->supersede(); // its result would be dropped, so it need not finish (nor start)
    auto context = std::make_shared<JobContext>(++m_nextId);
    m_latest = context;
    m_error.clear();
    m_clock.start();
    m_shownDone = m_shownTotal = -1;
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->live.push_back(context);
    }
    handoff::start(m_ownPool ? m_ownPool.get() : &lanePool(m_lane), [this, shared = m_shared, context, body = std::move(body)]() mutable {
        {
            const std::lock_guard lock(shared->mutex);
            if (shared->closed) {
                std::erase(shared->live, context);
                return; // the runner is gone: `this` must not be touched
            }
            ++shared->computing;
        }
        Delivery deliver;
        bool failed = false;
        QString error;
        try {
            if (!context->superseded())
                deliver = body(*context); // on a job thread: its loops' copies run on workerPool()
        } catch (const std::exception& e) {
            failed = true;
            error = QString::fromUtf8(e.what());
        } catch (...) {
            failed = true;
            error = tr("unknown error");
        }
        body = nullptr; // the job's captures go here, on its thread, before the runner may be gone
        const std::lock_guard lock(shared->mutex);
        if (!shared->closed) // the destructor waits below for `computing`, so `this` lives on
            handoff::post(this, [this, context, deliver = std::move(deliver), failed, error] {
                ended(context, deliver, failed, error);
            });
        std::erase(shared->live, context);
        --shared->computing;
        shared->idle.notify_all();
    }, 1); // ahead of queued copies of running loops: a job waits for the next free thread only

    setStatus(JobStatus::Running);
    m_progressTimer.start();
    return context->runId();
}

void JobRunner::ended(const std::shared_ptr<JobContext>& context, const Delivery& deliver, bool failed, const QString& error)
{
    if (context != m_latest)
        return; // superseded: never delivered
    m_progressTimer.stop();
    m_seconds = static_cast<double>(m_clock.nsecsElapsed()) * 1e-9;
    emitProgress(); // the last count, even if the timer did not fire since
    if (failed) {
        m_error = error;
        setStatus(JobStatus::Failed);
        return;
    }
    m_status = context->cancelled() ? JobStatus::Cancelled : JobStatus::Finished;
    if (deliver)
        deliver();
    if (context == m_latest) // the handler may have started the next job
        emit statusChanged(m_status);
}

void JobRunner::cancel()
{
    if (!m_latest || !isRunning())
        return;
    m_latest->cancel();
    setStatus(JobStatus::Cancelling);
}

void JobRunner::discard()
{
    if (!isRunning())
        return;
    m_latest->supersede();
    m_latest = std::make_shared<JobContext>(++m_nextId); // the old job's end no longer matches
    m_latest->cancel();
    m_progressTimer.stop();
    m_seconds = 0.0;
    setStatus(JobStatus::Idle);
}

double JobRunner::elapsedSeconds() const
{
    return isRunning() ? static_cast<double>(m_clock.nsecsElapsed()) * 1e-9 : m_seconds;
}

double JobRunner::secondsLeft() const
{
    if (!m_latest)
        return -1.0;
    const long long done = m_latest->done(), total = m_latest->total();
    if (done <= 0 || total <= 0)
        return -1.0;
    if (done >= total)
        return 0.0;
    return elapsedSeconds() / static_cast<double>(done) * static_cast<double>(total - done);
}

void JobRunner::waitForDone()
{
    std::unique_lock lock(m_shared->mutex);
    m_shared->idle.wait(lock, [this] { return m_shared->live.empty(); });
}

void JobRunner::setStatus(JobStatus status)
{
    if (status == m_status)
        return;
    m_status = status;
    emit statusChanged(status);
}

void JobRunner::emitProgress()
{
    if (!m_latest)
        return;
    const long long total = m_latest->total(), done = m_latest->done();
    if (done == m_shownDone && total == m_shownTotal)
        return;
    m_shownDone = done;
    m_shownTotal = total;
    emit progress(done, total, secondsLeft());
}

} // namespace fl::ui
