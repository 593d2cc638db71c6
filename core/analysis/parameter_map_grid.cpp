// Running a two-parameter map over its grid: ranges of points on threads, their
#include "common/workers.h"
// results gathered into the map, and the coarse-to-fine order of the Map view. The points
// themselves are computed by parameter_map.cpp.
#include "analysis/parameter_map.h"

#include <algorithm>
#include <limits>

namespace fl {

std::vector<MapCell> progressiveOrder(int nx, int ny)
{
    std::vector<MapCell> order;
    if (nx < 1 || ny < 1)
        return order;
    order.reserve(static_cast<size_t>(nx) * static_cast<size_t>(ny));
    int top = 1;
    while (2 * top < std::max(nx, ny))
        top *= 2;
    for (int step = top; step >= 1; step /= 2)
        for (int j = 0; j < ny; j += step)
            for (int i = 0; i < nx; i += step)
                if (step == top || i % (2 * step) != 0 || j % (2 * step) != 0) // not given at a coarser level
                    order.push_back({i, j, step});
    return order;
}

MapRow computeMapRange(const Scenario& base, const MapSpec& spec, long first, long count, const std::atomic<bool>* cancel,
                       int threads)
{
    const size_t n = static_cast<size_t>(std::max(0L, count));
    std::vector<MapPoint> points(n);
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t k = next++; k < n; k = next++) {
            if (cancel && cancel->load())
                return;
            const long index = first + static_cast<long>(k);
            points[k] = computeMapPoint(base, spec, static_cast<int>(index % spec.x.steps), static_cast<int>(index / spec.x.steps), cancel);
        }
    };
    runWorkers(static_cast<int>(std::min<long>(threads, count)), work);
    MapRow range;
    range.values.assign(n, std::numeric_limits<double>::quiet_NaN());
    for (size_t k = 0; k < n; ++k) {
        if (cancel && cancel->load())
            break;
        range.steps += points[k].steps;
        if (points[k].status.ok()) {
            range.values[k] = points[k].value;
        } else {
            range.failures.push_back(points[k].status);
            range.failedAt.push_back(static_cast<int>(k));
        }
    }
    return range;
}

MapRow computeMapRow(const Scenario& base, const MapSpec& spec, int j, const std::atomic<bool>* cancel, int threads)
{
    return computeMapRange(base, spec, static_cast<long>(j) * spec.x.steps, spec.x.steps, cancel, threads);
}

void addMapRange(const MapSpec& spec, long first, const MapRow& range, MapResult& result)
{
    const size_t total = static_cast<size_t>(spec.x.steps) * static_cast<size_t>(spec.y.steps);
    if (result.values.size() != total)
        result.values.assign(total, std::numeric_limits<double>::quiet_NaN());
    const size_t begin = static_cast<size_t>(first);
    for (size_t k = 0; k < range.values.size() && begin + k < total; ++k)
        result.values[begin + k] = range.values[k];
    result.steps += range.steps;
    for (size_t k = 0; k < range.failures.size(); ++k) {
        const int index = static_cast<int>(first) + range.failedAt[k];
        ++result.failed;
        if (result.firstFailureIndex < 0 || index < result.firstFailureIndex) {
            result.firstFailureIndex = index;
            result.firstFailure = range.failures[k];
        }
    }
}

void addMapRow(const MapSpec& spec, int j, const MapRow& row, MapResult& result)
{
    addMapRange(spec, static_cast<long>(j) * spec.x.steps, row, result);
}

MapResult runMap(const Scenario& base, const MapSpec& spec, int threads, const std::atomic<bool>* cancel,
                 const std::function<void(int j, const MapRow& row)>& onRow)
{
    MapResult result;
    result.values.assign(static_cast<size_t>(spec.x.steps) * static_cast<size_t>(spec.y.steps),
                         std::numeric_limits<double>::quiet_NaN());
    std::vector<MapRow> rows(static_cast<size_t>(spec.y.steps));
    std::atomic<int> next{0};
    auto worker = [&]() {
        for (int j = next++; j < spec.y.steps; j = next++) {
            if (cancel && cancel->load())
                return;
            rows[static_cast<size_t>(j)] = computeMapRow(base, spec, j, cancel);
            if (cancel && cancel->load())
                return;
            if (onRow)
                onRow(j, rows[static_cast<size_t>(j)]);
        }
    };
    runWorkers(std::min(threads, spec.y.steps), worker);
    result.cancelled = cancel && cancel->load();
    for (int j = 0; j < spec.y.steps; ++j)
        addMapRow(spec, j, rows[static_cast<size_t>(j)], result);
    return result;
}

} // namespace fl
