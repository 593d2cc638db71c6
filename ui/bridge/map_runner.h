#pragma once
// Runs a two-parameter map (fl::computeMapPoint) as a job of a JobRunner: its copies (fl::runWorkers,
// on the GUI's one pool) take the points in fl::progressiveOrder (coarse to fine) one at a time.
// Finished points wait in a queue that the view drains once per frame (take()), so a map of a
// million fast points never floods the GUI thread with events.
#include "analysis/parameter_map.h"
#include "bridge/job_runner.h"
#include "scenario/scenario.h"

#include <QObject>

#include <memory>
#include <mutex>
#include <vector>

namespace fl::ui {

/// One finished point of a map.
struct MapPointResult {
    fl::MapCell cell;
    fl::MapPoint point;
};

class MapRunner : public QObject {
    Q_OBJECT
public:
    explicit MapRunner(QObject* parent = nullptr);
    /// Cancels a map in flight and waits for it.
    ~MapRunner() override;

    /// Starts a map (copies its inputs); false with `error` set if they are invalid or a map is
    /// already running.
    bool start(const fl::Scenario& scenario, const fl::MapSpec& spec, int threads, QString* error = nullptr);
    /// Asks the running map to stop; finished(true) follows within the points being computed.
    void cancel();
    bool isRunning() const { return m_jobs.isRunning(); }
    /// The points finished since the last call, in completion order (GUI thread).
    std::vector<MapPointResult> take();
    /// Points finished so far, and in all, of the current (or last) map.
    long done() const { return m_jobs.context() ? static_cast<long>(m_jobs.context()->done()) : 0; }
    long total() const { return m_total; }
    /// Seconds since the start (of the running map) or its length (of the last one).
    double elapsedSeconds() const { return m_jobs.elapsedSeconds(); }

signals:
    /// The map ended: every point, or cancelled. Points still queued are in take().
    void finished(bool cancelled);

private:
    /// The finished points, shared by the workers and the GUI thread; kept alive by both.
    struct State {
        std::mutex mutex;
        std::vector<MapPointResult> queue;
    };

    std::shared_ptr<State> m_state;
    long m_total = 0;
    /// Never Qt's global pool (see SweepRunner). Last: destroyed first, it cancels and waits.
    JobRunner m_jobs;
};

} // namespace fl::ui
