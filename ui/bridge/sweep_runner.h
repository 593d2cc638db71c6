#pragma once
// Runs a bifurcation sweep (fl::runSweep, whose parallel loop shares the GUI's one pool) as a job
// of a JobRunner; columns arrive through queued signals, progress and the estimated time left from
// the runner.
#include "analysis/bifurcation_sweep.h"
#include "bridge/job_runner.h"
#include "scenario/scenario.h"

#include <QMetaType>
#include <QObject>

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
    bool isRunning() const { return m_jobs.isRunning(); }
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
    int m_total = 0;
    /// Never Qt's global pool: QtGui's raster painting waits on that pool, so a sweep held there
    /// froze the window's repaints (found by the random drive). Last: destroyed first, it waits.
    JobRunner m_jobs;
};

} // namespace fl::ui

Q_DECLARE_METATYPE(fl::SweepColumn)
