#include "bridge/map_runner.h"

#include "common/workers.h"

#include <algorithm>
#include <atomic>

namespace fl::ui {

MapRunner::MapRunner(QObject* parent) : QObject(parent)
{
    connect(&m_jobs, &JobRunner::statusChanged, this, [this](JobStatus status) {
        if (status == JobStatus::Finished || status == JobStatus::Failed || status == JobStatus::Cancelled)
            emit finished(status == JobStatus::Cancelled);
    });
}

MapRunner::~MapRunner() = default; // m_jobs cancels and waits

bool MapRunner::start(const fl::Scenario& scenario, const fl::MapSpec& spec, int threads, QString* error)
{
    if (isRunning()) {
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
    auto state = m_state;
    const int workers = std::clamp(threads, 1, 256);
    const long total = m_total;
    m_jobs.start([state, scenario, spec, workers, total](JobContext& context) {
        const std::vector<fl::MapCell> order = fl::progressiveOrder(spec.x.steps, spec.y.steps);
        std::atomic<size_t> next{0};
        std::atomic<long> done{0};
        fl::runWorkers(workers, [&] {
            for (size_t k = next++; k < order.size(); k = next++) {
                if (context.cancelled())
                    return;
                const fl::MapCell cell = order[k];
                fl::MapPoint point = fl::computeMapPoint(scenario, spec, cell.i, cell.j, context.cancelFlag());
                if (context.cancelled())
                    return; // a cancelled run's point is no result
                {
                    std::lock_guard lock(state->mutex);
                    state->queue.push_back({cell, std::move(point)});
                }
                context.report(++done, total);
            }
        });
    });
    return true;
}

void MapRunner::cancel() { m_jobs.cancel(); }

std::vector<MapPointResult> MapRunner::take()
{
    std::vector<MapPointResult> out;
    if (!m_state)
        return out;
    std::lock_guard lock(m_state->mutex);
    out.swap(m_state->queue);
    return out;
}

} // namespace fl::ui
