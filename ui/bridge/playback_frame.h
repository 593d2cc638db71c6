#pragma once
// One instant shown by the playback: what the mechanism view draws and where every plot's cursor
// sits. A value type: the same frame goes to every view, so all show the same time.
#include <memory>
#include <string>
#include <vector>

namespace fl::ui {

struct PlaybackFrame {
    double t = 0.0;
    int mode = -1;                          ///< ContactMode of the sample, -1 for smooth methods
    std::shared_ptr<const std::vector<std::string>> stateNames;
    std::shared_ptr<const std::vector<std::string>> outputNames;
    std::vector<double> state;
    std::vector<double> outputs;
    std::vector<double> history;            ///< recent states before t, oldest first (trails)
    /// Least and greatest value of each state variable over the whole run (computed runs only).
    std::shared_ptr<const std::vector<double>> rangeLow;
    std::shared_ptr<const std::vector<double>> rangeHigh;

    bool valid() const { return !state.empty(); }
    /// Value of a state variable or output column by name; NaN if the frame has none.
    double value(const std::string& name) const;
};

} // namespace fl::ui

namespace fl {
struct RunResult;
}

namespace fl::ui {

/// States a frame hands to trails, and the time units they cover at most.
constexpr size_t kTrailSamples = 120;
constexpr double kTrailSpan = 0.6;
/// Every how many samples of the run a trail state is taken (so that it covers kTrailSpan).
size_t trailStride(const fl::RunResult& run);

/// Least and greatest value of each state variable of a run (for PlaybackFrame::rangeLow/High).
void stateRanges(const fl::RunResult& run, std::shared_ptr<const std::vector<double>>& low,
                 std::shared_ptr<const std::vector<double>>& high);

/// Index of the last sample with time <= t (0 if t precedes every sample). Precondition: t is sorted.
size_t sampleIndexAt(const std::vector<double>& times, double t);

/// The frame of sample `index` of a run, with up to historyCount earlier states (every
/// historyStride-th sample) for trails. names: the run's state and output names, shared by frames.
PlaybackFrame frameAt(const fl::RunResult& run, size_t index, const std::shared_ptr<const std::vector<std::string>>& stateNames,
                      const std::shared_ptr<const std::vector<std::string>>& outputNames, size_t historyCount = 0,
                      size_t historyStride = 1);

/// The frame at time t between two samples: states and outputs interpolated linearly (display
/// only: a lecture at 1/16x or a coarse output interval still moves smoothly), mode and trail of
/// the sample at or before t, frame.t = t clamped to the run.
PlaybackFrame frameAtTime(const fl::RunResult& run, double t, const std::shared_ptr<const std::vector<std::string>>& stateNames,
                          const std::shared_ptr<const std::vector<std::string>>& outputNames, size_t historyCount = 0,
                          size_t historyStride = 1);

} // namespace fl::ui
