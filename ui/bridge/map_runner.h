#pragma once
// Runs a two-parameter map (fl::computeMapPoint) away from the GUI thread: its own pool
// thread starts the worker threads, which take the points in fl::progressiveOrder (coarse to fine)
// one at a time. Finished points wait in a queue that the view drains once per frame (take()), so
// a map of a million fast points never floods the GUI thread with events.
#include "analysis/parameter_map.h"
#include "scenario/scenario.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>

#include <atomic>
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
    bool isRunning() const { return m_running; }
    /// The points finished since the last call, in completion order (GUI thread).
    std::vector<MapPointResult> take();
    /// Points finished so far, and in all, of the current (or last) map.
    long done() const { return m_state ? m_state->done.load() : 0; }
    long total() const { return m_total; }
    /// Seconds since the start (of the running map) or its length (of the last one).
    double elapsedSeconds() const;

signals:
    /// The map ended: every point, or cancelled. Points still queued are in take().
    void finished(bool cancelled);

private:
    /// What the workers share with the GUI thread; kept alive by both.
    struct State {
        std::atomic<bool> cancel{false};
        std::atomic<long> done{0};
        std::mutex mutex;
        std::vector<MapPointResult> queue;
    };

    /// Its own thread, never Qt's global pool (see SweepRunner).
    QThreadPool m_pool;
    QFutureWatcher<void> m_watcher;
    std::shared_ptr<State> m_state;
    QElapsedTimer m_clock;
    double m_seconds = 0.0;
    bool m_running = false;
    long m_total = 0;
};

} // namespace fl::ui
