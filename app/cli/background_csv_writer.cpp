#include "cli/background_csv_writer.h"
#include "cli/cli_support.h"

#include "io/csv_writer.h"

#include <utility>

namespace cli {

BackgroundCsvWriter::BackgroundCsvWriter(TextOutput& out) : m_out(out), m_thread([this] { loop(); }) {}

BackgroundCsvWriter::~BackgroundCsvWriter() { finish(); }

fl::Status BackgroundCsvWriter::submit(std::string head, const fl::RunResult& block)
{
    Block b;
    b.head = std::move(head);
    b.rows.stateNames = block.stateNames;
    b.rows.outputNames = block.outputNames;
    b.rows.t = block.t;
    b.rows.states = block.states;
    b.rows.outputs = block.outputs;
    b.rows.mode = block.mode;
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_queue.size() < kQueuedBlocks || !m_status.ok(); });
    if (!m_status.ok())
        return m_status;
    m_queue.push_back(std::move(b));
    m_changed.notify_all();
    return fl::Status::success();
}

fl::Status BackgroundCsvWriter::finish()
{
    {
        std::lock_guard lock(m_mutex);
        m_closing = true;
    }
    m_changed.notify_all();
    if (m_thread.joinable())
        m_thread.join();
    return m_status;
}

void BackgroundCsvWriter::loop()
{
    std::string text;
    for (;;) {
        Block b;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return !m_queue.empty() || m_closing; });
            if (m_queue.empty())
                return;
            b = std::move(m_queue.front());
            m_queue.pop_front();
        }
        m_changed.notify_all(); // room in the queue
        text = std::move(b.head);
        fl::appendRunCsvRows(text, b.rows);
        const fl::Status written = m_out.write(text);
        if (!written.ok()) {
            std::lock_guard lock(m_mutex);
            m_status = written;
            m_queue.clear();
            m_changed.notify_all();
            return;
        }
    }
}

} // namespace cli
