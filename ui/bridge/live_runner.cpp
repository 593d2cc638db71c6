#include "bridge/live_runner.h"
#include "bridge/thread_handoff.h"

#include "simulation/live_simulation.h"

#include <QThread>

#include <functional>

namespace fl::ui {

/// Lives on the runner's thread; every call arrives queued, in order.
class LiveWorker : public QObject {
    Q_OBJECT
public:
    /// deliver: called on the worker's thread with each chunk (LiveRunner queues it to itself).
    LiveWorker(std::shared_ptr<std::atomic<quint64>> latest, std::function<void(LiveChunkPtr)> deliver)
        : m_latest(std::move(latest)), m_deliver(std::move(deliver))
    {
    }

    void start(quint64 generation, const fl::Scenario& scenario)
    {
        if (stale(generation))
            return;
        m_generation = generation;
        m_status = m_simulation.reset(scenario);
        if (!m_status.ok())
            report(generation, {});
    }
    void restart(quint64 generation, const fl::Scenario& scenario, double t, const std::vector<double>& y, int mode)
    {
        if (stale(generation))
            return;
        m_generation = generation;
        m_status = m_simulation.restartFrom(scenario, t, y, mode);
        if (!m_status.ok())
            report(generation, {});
    }
    void advance(quint64 generation, double tEnd, std::shared_ptr<std::atomic<bool>> cancel)
    {
        if (stale(generation) || generation != m_generation || !m_status.ok())
            return;
        fl::RunResult samples;
        m_status = m_simulation.advance(tEnd, samples, cancel.get());
        if (stale(generation))
            return;
        report(generation, std::move(samples));
    }

private:
    bool stale(quint64 generation) const { return generation != m_latest->load(); }
    void report(quint64 generation, fl::RunResult samples)
    {
        auto c = std::make_shared<LiveChunk>();
        c->generation = generation;
        c->samples = std::move(samples);
        c->status = m_status;
        c->reached = m_simulation.time();
        m_deliver(std::move(c));
    }

    std::shared_ptr<std::atomic<quint64>> m_latest;
    std::function<void(LiveChunkPtr)> m_deliver;
    fl::LiveSimulation m_simulation;
    fl::Status m_status = fl::Status::error("not started");
    quint64 m_generation = 0;
};

LiveRunner::LiveRunner(QObject* parent)
    : QObject(parent), m_thread(new QThread(this)), m_cancel(std::make_shared<std::atomic<bool>>(false)),
      m_latest(std::make_shared<std::atomic<quint64>>(0))
{
    qRegisterMetaType<fl::ui::LiveChunkPtr>();
    // Chunks come back as queued calls to this object (dropped if it is gone; the destructor
    // stops the worker's thread before that).
    m_worker = new LiveWorker(m_latest, [this](LiveChunkPtr c) {
        handoff::post(this, [this, c] {
            if (c->generation == m_generation)
                emit chunkReady(c);
        });
    });
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->setObjectName(QStringLiteral("FrictionLab live"));
    m_thread->start();
}

LiveRunner::~LiveRunner()
{
    m_cancel->store(true);
    m_latest->store(0);
    m_thread->quit();
    m_thread->wait();
}

quint64 LiveRunner::newGeneration()
{
    m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_latest->store(++m_generation);
    m_requested = 0.0;
    return m_generation;
}

quint64 LiveRunner::start(const fl::Scenario& scenario)
{
    const quint64 g = newGeneration();
    handoff::post(m_worker, [w = m_worker, g, scenario] { w->start(g, scenario); });
    return g;
}

quint64 LiveRunner::restartFrom(const fl::Scenario& scenario, double t, const std::vector<double>& y, int mode)
{
    const quint64 g = newGeneration();
    m_requested = t;
    handoff::post(m_worker, [w = m_worker, g, scenario, t, y, mode] { w->restart(g, scenario, t, y, mode); });
    return g;
}

void LiveRunner::requestUntil(double tEnd)
{
    if (tEnd <= m_requested || m_generation == 0)
        return;
    m_requested = tEnd;
    handoff::post(m_worker, [w = m_worker, g = m_generation, tEnd, c = m_cancel] { w->advance(g, tEnd, c); });
}

void LiveRunner::stop()
{
    newGeneration();
}

} // namespace fl::ui

#include "live_runner.moc"
