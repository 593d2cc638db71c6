#pragma once
// Runs a bifurcation sweep (fl::runSweep, which spreads over its own worker threads) away from the
// GUI thread; columns, progress and the estimated time left arrive through queued signals.
#include "analysis/bifurcation_sweep.h"
#include "scenario/scenario.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QMetaType>
#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <memory>

namespace fl::ui {

class SweepRunner : public QObject {
    Q_OBJECT
public:
    explicit SweepRunner(QObject* parent = nullptr);
    /// Cancels a sweep in flight and waits for it.
    ~SweepRunner() override;

    /// Starts a sweep (copies its inputs); false with `error` set if the inputs are invalid or a
    /// sweep is already running.
    bool start(const fl::Scenario& scenario, const fl::SweepSpec& spec, int threads, QString* error = nullptr);
    /// Asks the running sweep to stop; finished(true) follows within one column.
    void cancel();
    bool isRunning() const { return m_running; }
    /// Columns the current (or last) sweep has in all.
    int totalColumns() const { return m_total; }

signals:
    /// A column is done (on the GUI thread, in completion order; use column.index).
    void columnReady(const fl::SweepColumn& column);
    /// done of total columns; secondsLeft < 0 while unknown.
    void progress(int done, int total, double secondsLeft);
    /// The sweep ended: all columns, or cancelled.
    void finished(bool cancelled);

private:
    void onColumn(const fl::SweepColumn& column);

    /// Its own thread, never Qt's global pool: QtGui's raster painting waits on that pool, so a
    /// sweep held there froze the window's repaints (found by the random drive).
    QThreadPool m_pool;
    QFutureWatcher<void> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QElapsedTimer m_clock;
    bool m_running = false;
    int m_total = 0;
    int m_done = 0;
    quint64 m_generation = 0; ///< columns of an older sweep are dropped
};

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::SweepColumn)
