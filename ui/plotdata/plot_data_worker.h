#pragma once
#include "plotdata/plot_data.h"

#include <QObject>
#include <QThreadPool>

namespace fl::ui {

/// Runs preparePlotData on a worker thread, so that thinning and envelopes of long runs never
/// block the GUI. Like SimulationController, only the newest request is delivered.
class PlotDataWorker : public QObject {
    Q_OBJECT
public:
    explicit PlotDataWorker(QObject* parent = nullptr);
    /// Waits for the preparation in flight.
    ~PlotDataWorker() override;

    /// Prepares the plot data of a successful run; supersedes any earlier request.
    void prepare(const RunOutputPtr& run);

signals:
    /// The data of the newest request is ready (queued to this object's thread).
    void ready(fl::ui::PlotDataPtr data);

private:
    /// Its own pool, not the analyses' shared one (bridge/job_runner.h): it serves the slider too.
    QThreadPool m_pool;
    quint64 m_latest = 0;
};

} // namespace fl::ui
