#pragma once
// The samples of a live run the display still needs: from a window's length before the instant
// on screen to what the worker has computed ahead. Old samples are dropped in batches, so memory
// stays flat however long the live run plays.
#include "solvers/run_result.h"

namespace fl::ui {

class LiveBuffer {
public:
    /// Forgets everything (a new live run).
    void clear();
    /// Appends a chunk's samples (later than every sample held); adopts its column names.
    void append(const fl::RunResult& chunk);
    /// Drops every sample after t (the worker restarts from t with new parameters).
    void truncateAfter(double t);
    /// Drops samples before t once they make up more than half the buffer (amortised O(1)).
    void trimBefore(double t);

    bool empty() const { return m_samples.t.empty(); }
    double first() const { return m_samples.t.empty() ? 0.0 : m_samples.t.front(); }
    double last() const { return m_samples.t.empty() ? 0.0 : m_samples.t.back(); }
    const fl::RunResult& samples() const { return m_samples; }
    /// The samples in [from, to] as a run of their own, stick intervals rebuilt from the modes.
    fl::RunResult window(double from, double to) const;

private:
    void erasePrefix(size_t count);

    fl::RunResult m_samples;
};

} // namespace fl::ui
