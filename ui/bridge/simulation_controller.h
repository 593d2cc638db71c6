#pragma once
#include "bridge/job_runner.h"
#include "bridge/run_output.h"

#include <QObject>

namespace fl::ui {

/// Runs scenarios with fl::simulate in the slider's lane (a JobRunner with a pool of its own,
/// bridge/job_runner.h), never on the caller's thread. Each request gets a new run id and cancels the run in flight;
/// results come back through the queued signal runFinished, and only the newest request's result
/// is delivered (stale ones are dropped), so while a slider is dragged the newest value wins.
class SimulationController : public QObject {
    Q_OBJECT
public:
    explicit SimulationController(QObject* parent = nullptr);
    /// Cancels the run in flight and waits for it to return.
    ~SimulationController() override;

    /// Starts simulating scenario (copied) on its runner; returns the new run id (1, 2, ...).
    quint64 request(const fl::Scenario& scenario);
    /// Cancels the newest run; it is still delivered, with the status "cancelled".
    void cancel();
    /// Events each list of a run keeps in memory (fl::RunOptions::maxEventRecords) from the next
    /// request on; fl::kMaxEventRecords unless set (tests set a small cap).
    void setMaxEventRecords(size_t records) { m_maxEventRecords = records; }

    /// Id of the newest request (0 before the first).
    quint64 latestRunId() const { return m_jobs.runId(); }
    /// True from a request until its result has been delivered.
    bool isRunning() const { return m_jobs.isRunning(); }

signals:
    /// A run was requested (emitted synchronously by request).
    void runStarted(quint64 runId);
    /// The newest run finished (successfully or not: see output->result.status).
    void runFinished(fl::ui::RunOutputPtr output);
    /// New Poincaré section points of the newest run while it is still running (live views).
    void sectionChunk(fl::ui::SectionChunkPtr chunk);

private:
    size_t m_maxEventRecords = static_cast<size_t>(fl::kMaxEventRecords);
    /// The slider's lane, not the analyses' (bridge/worker_pool.h): the slider's run must answer
    /// within tens of milliseconds even while a map holds every core. Two threads: a cancelled run
    /// may wind down while its successor already integrates. Last: destroyed first, it cancels the
    /// run in flight and waits for it.
    JobRunner m_jobs{2, QStringLiteral("FrictionLab simulation")};
};

} // namespace fl::ui
