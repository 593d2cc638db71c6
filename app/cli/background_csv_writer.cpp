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
    b.text = std::move(head);
    b.rows.stateNames = block.stateNames;
    b.rows.outputNames = block.outputNames;
    b.rows.t = block.t;
    b.rows.states = block.states;
    b.rows.outputs = block.outputs;
    b.rows.mode = block.mode;
    std::unique_lock lock(m_mutex);
    while (m_status.ok() && m_queue.size() >= kQueuedBlocks) {
        if (!workOnce(lock)) // full: help format (or write) instead of waiting
            m_changed.wait(lock);
    }
    if (!m_status.ok())
        return m_status;
    m_queue.push_back(std::move(b));
    m_changed.notify_all();
    return fl::Status::success();
}

fl::Status BackgroundCsvWriter::finish()
{
    std::unique_lock lock(m_mutex);
    m_closing = true;
    m_changed.notify_all();
    while (!m_queue.empty() || m_writing) {
        if (!workOnce(lock))
            m_changed.wait(lock);
    }
    lock.unlock();
    if (m_thread.joinable())
        m_thread.join();
    return m_status;
}

bool BackgroundCsvWriter::workOnce(std::unique_lock<std::mutex>& lock)
{
    if (!m_writing && !m_queue.empty() && m_queue.front().state == State::Formatted) {
        Block b = std::move(m_queue.front());
        m_queue.pop_front();
        m_writing = true;
        const bool write = m_status.ok(); // after an error the rest is dropped unwritten
        lock.unlock();
        const fl::Status written = write ? m_out.write(b.text) : fl::Status::success();
        lock.lock();
        m_writing = false;
        if (!written.ok() && m_status.ok())
            m_status = written;
        m_changed.notify_all();
        return true;
    }
    for (Block& b : m_queue) {
        if (b.state != State::Queued)
            continue;
        // b stays where it is: only a formatted front block is removed, and adding blocks at
        // the back of a deque keeps references to the others valid.
        b.state = State::Formatting;
        lock.unlock();
        fl::appendRunCsvRows(b.text, b.rows);
        b.rows = fl::RunResult();
        lock.lock();
        b.state = State::Formatted;
        m_changed.notify_all();
        return true;
    }
    return false;
}

void BackgroundCsvWriter::loop()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (workOnce(lock))
            continue;
        if (m_closing && m_queue.empty() && !m_writing)
            return;
        m_changed.wait(lock);
    }
}

} // namespace cli
