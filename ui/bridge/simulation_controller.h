#pragma once
#include "bridge/run_output.h"

#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <memory>

namespace fl::ui {

/// Runs scenarios with fl::simulate on a dedicated worker pool, never on the caller's thread.
/// Each request gets a new run id and cancels the run in flight; results come back through the
/// queued signal runFinished, and only the newest request's result is delivered (stale ones are
/// dropped), so while a slider is dragged the newest value wins.
class SimulationController : public QObject {
    Q_OBJECT
public:
    explicit SimulationController(QObject* parent = nullptr);
    /// Cancels the run in flight and waits for the worker threads to finish.
    ~SimulationController() override;

    /// Starts simulating scenario (copied) on the pool; returns the new run id (1, 2, ...).
    quint64 request(const fl::Scenario& scenario);
    /// Cancels the newest run; it is still delivered, with the status "cancelled".
    void cancel();
    /// Events each list of a run keeps in memory (fl::RunOptions::maxEventRecords) from the next
    /// request on; fl::kMaxEventRecords unless set (tests set a small cap).
    void setMaxEventRecords(size_t records) { m_maxEventRecords = records; }

    /// Id of the newest request (0 before the first).
    quint64 latestRunId() const { return m_latestId; }
    /// True from a request until its result has been delivered.
    bool isRunning() const { return m_running; }
    /// Results dropped so far because a newer request had been made.
    int droppedCount() const { return m_dropped; }

signals:
    /// A run was requested (emitted synchronously by request).
    void runStarted(quint64 runId);
    /// The newest run finished (successfully or not: see output->result.status).
    void runFinished(fl::ui::RunOutputPtr output);
    /// New Poincaré section points of the newest run while it is still running (live views).
    void sectionChunk(fl::ui::SectionChunkPtr chunk);

private:
    void deliver(const RunOutputPtr& output);

    /// Its own pool, not the analyses' shared one (bridge/job_runner.h): the slider's run must
    /// answer within tens of milliseconds even while a map holds every core.
    QThreadPool m_pool;
    quint64 m_latestId = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel; ///< cancel flag of the newest run
    bool m_running = false;
    int m_dropped = 0;
    size_t m_maxEventRecords = static_cast<size_t>(fl::kMaxEventRecords);
};

} // namespace fl::ui
