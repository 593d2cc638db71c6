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

} // namespace fl::ui
