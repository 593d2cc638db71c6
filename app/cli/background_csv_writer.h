#pragma once
// Formats and writes a streamed run's CSV rows while the run goes on (`frictionlab-cli run`,
// bounded memory): the integrating thread only copies each drained block, and a writer thread formats
// (one std::to_chars per number) and writes them in order, overlapping with the integration.
// When the integration is faster than the formatting (the belt: 100 001 rows in 5 ms), the queue
// fills and the integrating thread formats blocks too instead of waiting, as it does in finish():
// two threads format, one at a time writes, always in submission order. At most kQueuedBlocks
// wait, so memory stays bounded whatever the number of rows.
#include "common/status.h"
#include "solvers/run_result.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace cli {

class TextOutput;

class BackgroundCsvWriter {
public:
    static constexpr size_t kQueuedBlocks = 4;

    /// `out` must outlive the writer; until finish() it is written by whichever thread holds the
    /// next block in order (one at a time).
    explicit BackgroundCsvWriter(TextOutput& out);
    ~BackgroundCsvWriter();
    BackgroundCsvWriter(const BackgroundCsvWriter&) = delete;
    BackgroundCsvWriter& operator=(const BackgroundCsvWriter&) = delete;

    /// Queues `head` (text written before the rows, may be empty) and a copy of the block's rows.
    /// Returns the first write error so far (the run should then stop), else success.
    fl::Status submit(std::string head, const fl::RunResult& block);
    /// Helps until everything queued is written; the first write error, else success.
    fl::Status finish();

private:
    enum class State { Queued, Formatting, Formatted };
    struct Block {
        std::string text;   ///< the head, then (once formatted) the rows' text
        fl::RunResult rows; ///< t, states, outputs, mode and the column names only
        State state = State::Queued;
    };
    /// One piece of work with the lock held (released while formatting or writing): writes the
    /// front block if it is formatted and nobody writes, else formats the first queued one.
    /// False if there was nothing to do.
    bool workOnce(std::unique_lock<std::mutex>& lock);
    void loop();

    TextOutput& m_out;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Block> m_queue; ///< submission order; references stay valid while others are added
    bool m_writing = false;
    bool m_closing = false;
    fl::Status m_status = fl::Status::success();
    std::thread m_thread;
};

} // namespace cli
