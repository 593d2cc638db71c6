#include "plotdata/plot_data_worker.h"

namespace fl::ui {

PlotDataWorker::PlotDataWorker(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<PlotDataPtr>();
}

PlotDataWorker::~PlotDataWorker() = default; // the runner waits for the preparation in flight

void PlotDataWorker::prepare(const RunOutputPtr& run)
{
    // A request still queued behind the running one is superseded: it never starts.
    m_jobs.start([run](JobContext&) { return preparePlotData(run); }, [this](const PlotDataPtr& data) { emit ready(data); });
}

} // namespace fl::ui
