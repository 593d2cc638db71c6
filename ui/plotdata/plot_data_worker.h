#pragma once
#include "bridge/job_runner.h"
#include "plotdata/plot_data.h"

#include <QObject>

namespace fl::ui {

/// Runs preparePlotData on a runner with a thread of its own (bridge/job_runner.h), so that thinning and
/// envelopes of long runs never block the GUI. Like SimulationController, only the newest request
/// is delivered.
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
    /// The slider's lane, not the analyses' (bridge/worker_pool.h): it serves the slider too.
    JobRunner m_jobs{1, QStringLiteral("FrictionLab plot data")};
};

} // namespace fl::ui
