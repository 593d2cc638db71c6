#include "bridge/playback_frame.h"

#include <limits>

namespace fl::ui {

double PlaybackFrame::value(const std::string& name) const
{
    if (stateNames)
        for (size_t i = 0; i < stateNames->size() && i < state.size(); ++i)
            if ((*stateNames)[i] == name)
                return state[i];
    if (outputNames)
        for (size_t i = 0; i < outputNames->size() && i < outputs.size(); ++i)
            if ((*outputNames)[i] == name)
                return outputs[i];
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace fl::ui

#include "solvers/run_result.h"

#include <algorithm>

namespace fl::ui {

size_t trailStride(const fl::RunResult& run)
{
    const double dt = run.size() > 1 ? run.t[1] - run.t[0] : 1.0;
    return std::max<size_t>(1, static_cast<size_t>(kTrailSpan / dt / static_cast<double>(kTrailSamples)));
}

void stateRanges(const fl::RunResult& run, std::shared_ptr<const std::vector<double>>& low,
                 std::shared_ptr<const std::vector<double>>& high)
{
    const auto n = static_cast<size_t>(run.dimension());
    if (run.size() == 0 || n == 0) {
        low.reset();
        high.reset();
        return;
    }
    std::vector<double> lo(run.states.begin(), run.states.begin() + static_cast<std::ptrdiff_t>(n)), hi = lo;
    for (size_t i = 1; i < run.size(); ++i)
        for (size_t j = 0; j < n; ++j) {
            const double v = run.states[i * n + j];
            lo[j] = std::min(lo[j], v);
            hi[j] = std::max(hi[j], v);
        }
    low = std::make_shared<const std::vector<double>>(std::move(lo));
    high = std::make_shared<const std::vector<double>>(std::move(hi));
}

size_t sampleIndexAt(const std::vector<double>& times, double t)
{
    const auto it = std::upper_bound(times.begin(), times.end(), t);
    return it == times.begin() ? 0 : static_cast<size_t>(it - times.begin()) - 1;
}

PlaybackFrame frameAt(const fl::RunResult& run, size_t index, const std::shared_ptr<const std::vector<std::string>>& stateNames,
                      const std::shared_ptr<const std::vector<std::string>>& outputNames, size_t historyCount, size_t historyStride)
{
    PlaybackFrame f;
    if (index >= run.size())
        return f;
    const auto n = static_cast<size_t>(run.dimension()), m = run.outputNames.size();
    f.t = run.t[index];
    f.mode = index < run.mode.size() ? static_cast<int>(run.mode[index]) : -1;
    f.stateNames = stateNames;
    f.outputNames = outputNames;
    f.state.assign(run.states.begin() + static_cast<std::ptrdiff_t>(index * n), run.states.begin() + static_cast<std::ptrdiff_t>((index + 1) * n));
    f.outputs.assign(run.outputs.begin() + static_cast<std::ptrdiff_t>(index * m), run.outputs.begin() + static_cast<std::ptrdiff_t>((index + 1) * m));
    const size_t stride = std::max<size_t>(1, historyStride);
    const size_t count = std::min(historyCount, index / stride);
    f.history.reserve(count * n);
    for (size_t k = count; k > 0; --k) {
        const size_t i = index - k * stride;
        f.history.insert(f.history.end(), run.states.begin() + static_cast<std::ptrdiff_t>(i * n),
                         run.states.begin() + static_cast<std::ptrdiff_t>((i + 1) * n));
    }
    return f;
}

PlaybackFrame frameAtTime(const fl::RunResult& run, double t, const std::shared_ptr<const std::vector<std::string>>& stateNames,
                          const std::shared_ptr<const std::vector<std::string>>& outputNames, size_t historyCount, size_t historyStride)
{
    if (run.size() == 0)
        return {};
    const size_t i = sampleIndexAt(run.t, t);
    PlaybackFrame f = frameAt(run, i, stateNames, outputNames, historyCount, historyStride);
    if (i + 1 >= run.size() || !(t > run.t[i]))
        return f;
    const double w = std::min(1.0, (t - run.t[i]) / (run.t[i + 1] - run.t[i]));
    const auto n = static_cast<size_t>(run.dimension()), m = run.outputNames.size();
    for (size_t j = 0; j < n; ++j)
        f.state[j] += w * (run.states[(i + 1) * n + j] - f.state[j]);
    for (size_t k = 0; k < m; ++k)
        f.outputs[k] += w * (run.outputs[(i + 1) * m + k] - f.outputs[k]);
    f.t = std::min(t, run.t[i + 1]);
    return f;
}

} // namespace fl::ui
