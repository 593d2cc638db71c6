// Rank 0's bookkeeping of which rank holds which task, and the per-task deadline (task_ledger.h).
#include "cli/mpi/task_ledger.h"

#include <algorithm>
#include <cstdio>
#include <limits>

TaskLedger::TaskLedger(int tasks, int ranks, double timeout)
    : m_tasks(tasks), m_timeout(timeout), m_done(static_cast<size_t>(std::max(tasks, 0)), 0), m_ranks(static_cast<size_t>(ranks))
{
    const Clock::time_point now = Clock::now();
    for (Rank& rank : m_ranks)
        rank.since = now; // a worker that never asks is silent one deadline after the start
}

double TaskLedger::seconds(Clock::time_point from, Clock::time_point to) const
{
    return std::chrono::duration<double>(to - from).count();
}

double TaskLedger::deadlineLocked() const
{
    if (m_timeout > 0)
        return m_timeout;
    if (m_slowest < 0)
        return std::numeric_limits<double>::infinity();
    return std::max(kFloor, kFactor * m_slowest);
}

std::string TaskLedger::deadlineText() const
{
    char text[160];
    if (m_timeout > 0)
        std::snprintf(text, sizeof text, "%g s, --task-timeout", m_timeout);
    else if (kFactor * m_slowest < kFloor)
        std::snprintf(text, sizeof text, "%g s, the floor; the slowest task took %.2f s", kFloor, m_slowest);
    else
        std::snprintf(text, sizeof text, "%.1f s, %gx the slowest task", kFactor * m_slowest, kFactor);
    return text;
}

bool TaskLedger::lateLocked(const Rank& rank, Clock::time_point now) const
{
    return !rank.stopped && !rank.waiting && seconds(rank.since, now) > deadlineLocked();
}

int TaskLedger::takeLocked(int rank, Clock::time_point now)
{
    int task = -1;
    if (m_next < m_tasks) {
        task = m_next++;
    } else {
        // The oldest task not yet returned whose every holder is late; rank 0 computes too, so
        // there is always a rank left to give it to (this one, when it asks).
        int late = -1;
        for (int r = 0; r < static_cast<int>(m_ranks.size()); ++r) {
            const Rank& holder = m_ranks[static_cast<size_t>(r)];
            if (holder.task < 0 || m_done[static_cast<size_t>(holder.task)] || !lateLocked(holder, now))
                continue;
            const bool coveredElsewhere = std::any_of(m_ranks.begin(), m_ranks.end(), [&](const Rank& other) {
                return other.task == holder.task && !lateLocked(other, now);
            });
            if (!coveredElsewhere && (late < 0 || holder.since < m_ranks[static_cast<size_t>(late)].since))
                late = r;
        }
        if (late < 0)
            return -1;
        const Rank& holder = m_ranks[static_cast<size_t>(late)];
        task = holder.task;
        std::fprintf(stderr, "warning: rank %d has not returned task %d after %.1f s (deadline %s); rank %d computes it too\n",
                     late, task, seconds(holder.since, now), deadlineText().c_str(), rank);
    }
    Rank& taker = m_ranks[static_cast<size_t>(rank)];
    taker.task = task;
    taker.since = now;
    taker.waiting = false;
    return task;
}

int TaskLedger::take(int rank)
{
    std::lock_guard lock(m_mutex);
    return takeLocked(rank, Clock::now());
}

int TaskLedger::waitForTask()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (m_collected >= m_tasks)
            return -1;
        const int task = takeLocked(0, Clock::now());
        if (task >= 0)
            return task;
        // Woken when a task is collected; the 100 ms also notice a deadline passing.
        m_changed.wait_for(lock, std::chrono::milliseconds(100));
    }
}

void TaskLedger::heard(int rank)
{
    std::lock_guard lock(m_mutex);
    m_ranks[static_cast<size_t>(rank)].since = Clock::now();
    m_ranks[static_cast<size_t>(rank)].waiting = true;
}

bool TaskLedger::claim(int rank, int task)
{
    std::lock_guard lock(m_mutex);
    const Clock::time_point now = Clock::now();
    Rank& holder = m_ranks[static_cast<size_t>(rank)];
    const double took = seconds(holder.since, now);
    holder.task = -1;
    holder.since = now;
    holder.waiting = true;
    if (task < 0 || task >= m_tasks || m_done[static_cast<size_t>(task)])
        return false; // a late duplicate: its time says nothing about a healthy task either
    m_done[static_cast<size_t>(task)] = 1;
    m_slowest = std::max(m_slowest, took);
    return true;
}

void TaskLedger::collected()
{
    {
        std::lock_guard lock(m_mutex);
        ++m_collected;
    }
    m_changed.notify_all();
}

bool TaskLedger::allCollected()
{
    std::lock_guard lock(m_mutex);
    return m_collected >= m_tasks;
}

void TaskLedger::stopped(int rank)
{
    std::lock_guard lock(m_mutex);
    m_ranks[static_cast<size_t>(rank)].stopped = true;
}

std::vector<TaskLedger::Silent> TaskLedger::silentWorkers()
{
    std::lock_guard lock(m_mutex);
    const Clock::time_point now = Clock::now();
    std::vector<Silent> lines;
    for (int r = 1; r < static_cast<int>(m_ranks.size()); ++r) {
        const Rank& rank = m_ranks[static_cast<size_t>(r)];
        if (!lateLocked(rank, now))
            continue;
        char what[64];
        if (rank.task >= 0)
            std::snprintf(what, sizeof what, "task %d not returned", rank.task);
        else
            std::snprintf(what, sizeof what, "no request");
        char line[320];
        std::snprintf(line, sizeof line, "rank %d has been silent for %.1f s (%s; deadline %s)", r, seconds(rank.since, now), what,
                      deadlineText().c_str());
        lines.push_back({r, line});
    }
    return lines;
}

bool TaskLedger::workersSettled()
{
    std::lock_guard lock(m_mutex);
    const Clock::time_point now = Clock::now();
    return std::all_of(m_ranks.begin() + 1, m_ranks.end(), [&](const Rank& rank) { return rank.stopped || lateLocked(rank, now); });
}
