#pragma once
// Gives the C heap's free pages back to the system now and then (soak): every run, plot
// preparation and live chunk allocates and frees megabytes on several threads, and glibc keeps the
// freed pages of its arenas. Over an hour of re-simulation that held memory grew RSS by ~15 MB/hour
// although the memory in use stayed flat (tests/ui_analysis/bench_playback soak: mallinfo2's
// in-use against held). malloc_trim(0) returns them; it runs on a pool thread, at most once per
// interval and only after something asked for it (a finished run), never on the GUI thread.
#include <QElapsedTimer>
#include <QObject>

#include <atomic>
#include <memory>

namespace fl::ui {

class MemoryTrimmer : public QObject {
    Q_OBJECT
public:
    explicit MemoryTrimmer(int intervalMs = 30000, QObject* parent = nullptr);
    /// A large piece of work has finished (a run replaced the last one): trim if the interval passed.
    void workFinished();
    /// Trims finished so far (for tests and the soak benchmark).
    int trims() const { return m_state->trims.load(std::memory_order_relaxed); }

private:
    /// Shared with the pool task, which may outlive the trimmer at exit.
    struct State {
        std::atomic<bool> running{false};
        std::atomic<int> trims{0};
    };
    int m_intervalMs;
    QElapsedTimer m_since;
    std::shared_ptr<State> m_state = std::make_shared<State>();
};

} // namespace fl::ui
