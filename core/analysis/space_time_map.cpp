#include "analysis/space_time_map.h"

#include <algorithm>
#include <cmath>

namespace fl {

SpaceTimeMap buildSpaceTimeMap(const RunResult& run, double vb, int maxColumns, double tFrom, double tTo, int stride)
{
    SpaceTimeMap map;
    const int dim = run.dimension(), n = dim / std::max(2, stride);
    if (n == 0 || run.size() == 0 || maxColumns < 1)
        return map;
    size_t first = 0, last = run.size();
    if (tFrom <= tTo) {
        first = static_cast<size_t>(std::lower_bound(run.t.begin(), run.t.end(), tFrom) - run.t.begin());
        last = static_cast<size_t>(std::upper_bound(run.t.begin(), run.t.end(), tTo) - run.t.begin());
    }
    if (first >= last)
        return map;
    const size_t samples = last - first;
    const size_t columns = std::min(samples, static_cast<size_t>(maxColumns));
    map.blocks = n;
    map.columns = static_cast<int>(columns);
    map.speed.assign(columns * static_cast<size_t>(n), 0.0f);
    // Column c holds samples [first + c * samples / columns, first + (c + 1) * samples / columns).
    for (size_t c = 0; c < columns; ++c) {
        const size_t begin = first + c * samples / columns, end = first + (c + 1) * samples / columns;
        float* column = &map.speed[c * static_cast<size_t>(n)];
        for (size_t k = begin; k < end; ++k) {
            const double* y = &run.states[k * static_cast<size_t>(dim)];
            for (int i = 0; i < n; ++i)
                column[i] = std::max(column[i], static_cast<float>(std::abs(y[stride * i + 1] - vb)));
        }
        if (c == 0)
            map.tBegin = 0.5 * (run.t[begin] + run.t[end - 1]);
        if (c + 1 == columns)
            map.tEnd = 0.5 * (run.t[begin] + run.t[end - 1]);
    }
    map.maxSpeed = map.speed.empty() ? 0.0 : *std::max_element(map.speed.begin(), map.speed.end());
    return map;
}

} // namespace fl
