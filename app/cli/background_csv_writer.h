#pragma once
// Formats and writes a streamed run's CSV rows on a second thread while the run goes on
// (`frictionlab-cli run`, issue 12): the integrating thread only copies each drained block, so
// formatting (one std::to_chars per number) and writing overlap with the integration instead of
// following it. At most kQueuedBlocks wait; submit() waits while the queue is full, so memory
// stays bounded whatever the number of rows.
#include "solvers/run_result.h"
#include "common/status.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

namespace cli {

class TextOutput;

class BackgroundCsvWriter {
public:
    static constexpr size_t kQueuedBlocks = 3;

    /// `out` must outlive the writer; it is written only by the writer's thread until finish().
    explicit BackgroundCsvWriter(TextOutput& out);
    ~BackgroundCsvWriter();
    BackgroundCsvWriter(const BackgroundCsvWriter&) = delete;
    BackgroundCsvWriter& operator=(const BackgroundCsvWriter&) = delete;

    /// Queues `head` (text written before the rows, may be empty) and a copy of the block's rows.
    /// Returns the first write error so far (the run should then stop), else success.
    fl::Status submit(std::string head, const fl::RunResult& block);
    /// Waits until everything queued is written; the first write error, else success.
    fl::Status finish();

private:
    struct Block {
        std::string head;
        fl::RunResult rows; ///< t, states, outputs, mode and the column names only
    };
    void loop();

    TextOutput& m_out;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Block> m_queue;
    bool m_closing = false;
    fl::Status m_status = fl::Status::success();
    std::thread m_thread;
};

} // namespace cli
