#include "plotdata/plot_data_worker.h"
#include "bridge/thread_handoff.h"


namespace fl::ui {

PlotDataWorker::PlotDataWorker(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<PlotDataPtr>();
    m_pool.setMaxThreadCount(1);
    m_pool.setObjectName(QStringLiteral("FrictionLab plot data"));
}

PlotDataWorker::~PlotDataWorker()
{
    m_pool.clear();
    m_pool.waitForDone();
}

void PlotDataWorker::prepare(const RunOutputPtr& run)
{
    const quint64 id = ++m_latest;
    // A request still queued behind the running one is superseded: drop it unstarted.
    m_pool.clear();
    handoff::start(&m_pool, [this, id, run] {
        PlotDataPtr data = preparePlotData(run);
        handoff::post(this, [this, id, data] {
            if (id == m_latest)
                emit ready(data);
        });
    });
}

} // namespace fl::ui
