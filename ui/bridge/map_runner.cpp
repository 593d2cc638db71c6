#include "bridge/map_runner.h"
#include "bridge/thread_handoff.h"

#include <algorithm>
#include <thread>

namespace fl::ui {

MapRunner::MapRunner(QObject* parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        handoff::acquire(&m_watcher);
        m_running = false;
        m_seconds = static_cast<double>(m_clock.nsecsElapsed()) * 1e-9;
        emit finished(m_state && m_state->cancel.load());
    });
}

MapRunner::~MapRunner()
{
    if (m_state)
        m_state->cancel.store(true);
    m_watcher.waitForFinished();
    // Its threads' work happens before what follows (the finished handler is not run now): the
    // application may be exiting, and static data they read is destroyed next.
    handoff::acquire(&m_watcher);
}

bool MapRunner::start(const fl::Scenario& scenario, const fl::MapSpec& spec, int threads, QString* error)
{
    if (m_running) {
        if (error)
            *error = tr("a map is already being computed");
        return false;
    }
    const fl::Status status = fl::validateMap(scenario, spec);
    if (!status.ok()) {
        if (error)
            *error = QString::fromStdString(status.message());
        return false;
    }
    m_state = std::make_shared<State>();
    m_total = static_cast<long>(spec.x.steps) * spec.y.steps;
    m_running = true;
    m_seconds = 0.0;
    m_clock.start();
    auto state = m_state;
    const int workers = std::clamp(threads, 1, 256);
    m_watcher.setFuture(handoff::run(&m_pool, [state, scenario, spec, workers] {
        const std::vector<fl::MapCell> order = fl::progressiveOrder(spec.x.steps, spec.y.steps);
        std::atomic<size_t> next{0};
        auto work = [&] {
            for (size_t k = next++; k < order.size(); k = next++) {
                if (state->cancel.load())
                    return;
                const fl::MapCell cell = order[k];
                fl::MapPoint point = fl::computeMapPoint(scenario, spec, cell.i, cell.j, &state->cancel);
                if (state->cancel.load())
                    return; // a cancelled run's point is no result
                {
                    std::lock_guard lock(state->mutex);
                    state->queue.push_back({cell, std::move(point)});
                }
                ++state->done;
            }
        };
        std::vector<std::jthread> pool;
        for (int k = 1; k < workers; ++k)
            pool.emplace_back(work);
        work();
    }, &m_watcher));
    return true;
}

void MapRunner::cancel()
{
    if (m_state)
        m_state->cancel.store(true);
}

std::vector<MapPointResult> MapRunner::take()
{
    std::vector<MapPointResult> out;
    if (!m_state)
        return out;
    std::lock_guard lock(m_state->mutex);
    out.swap(m_state->queue);
    return out;
}

double MapRunner::elapsedSeconds() const
{
    return m_running ? static_cast<double>(m_clock.nsecsElapsed()) * 1e-9 : m_seconds;
}

} // namespace fl::ui
