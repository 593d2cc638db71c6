#include "common/workers.h"

#include <thread>
#include <utility>
#include <vector>

namespace fl {
namespace {

WorkerBackend& backend()
{
    static WorkerBackend installed;
    return installed;
}

} // namespace

void runWorkers(int count, const std::function<void()>& worker)
{
    if (count <= 1) {
        worker();
        return;
    }
    if (const WorkerBackend& installed = backend()) {
        installed(count, worker);
        return;
    }
    std::vector<std::jthread> threads;
    threads.reserve(static_cast<size_t>(count - 1));
    for (int i = 1; i < count; ++i)
        threads.emplace_back(worker);
    worker();
}

void setWorkerBackend(WorkerBackend installed)
{
    backend() = std::move(installed);
}

} // namespace fl
