#pragma once
// Rank 0's book of fl_mpi_distribute's tasks: which rank holds which task since when, and the
// deadline after which a task that its rank has not returned is given to another rank as well, so
// that one hung or stopped rank (SIGSTOP, a dead node) cannot stall the whole job. Apart from the
// MPI messages (mpi_plugin.cpp), so that the rule is in one place; rank 0's main thread and its
// server thread share it, under its own mutex.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

class TaskLedger {
public:
    using Clock = std::chrono::steady_clock;
    /// The default deadline: kFactor x the slowest task returned so far (rank 0's own tasks, and
    /// the workers' round trips), never below kFloor seconds, so that a short first task does not
    /// make a merely slow one look hung. Before any task returns there is no deadline: the first
    /// measurement comes from whichever rank finishes first (rank 0 computes too).
    static constexpr double kFactor = 10.0;
    static constexpr double kFloor = 10.0;

    /// timeout > 0: a fixed deadline in seconds (--task-timeout); else the rule above.
    TaskLedger(int tasks, int ranks, double timeout);

    /// The next task for `rank` (now idle): a fresh one, else one whose every holder is past the
    /// deadline (a warning line names the late rank); -1 if there is none now.
    int take(int rank);
    /// Rank 0's main thread: waits until take(0) gives a task, or returns -1 once all are collected.
    int waitForTask();
    /// A worker's first request (it holds nothing): it counts as heard from.
    void heard(int rank);
    /// rank returned `task`: true if this is the task's first result (collect it, then call
    /// collected()); false for a late duplicate of a task given to two ranks, to be ignored.
    bool claim(int rank, int task);
    void collected();
    bool allCollected();
    /// A worker told that no task is left (it then calls MPI_Finalize).
    void stopped(int rank);
    struct Silent {
        int rank;
        std::string why; ///< "rank 1 has been silent for 3.0 s (task 2 not returned; deadline ...)"
    };
    /// Workers neither stopped nor heard from within the deadline (rank 0's server waits for the
    /// others before it ends).
    std::vector<Silent> silentWorkers();
    /// Whether every worker has been stopped or is silent.
    bool workersSettled();

private:
    struct Rank {
        int task = -1;          ///< the task it computes, -1 if none
        bool stopped = false;
        bool waiting = false;   ///< asked for a task and has none yet: not late, whatever the time
        Clock::time_point since; ///< when it got its task, or was last heard from
    };
    int takeLocked(int rank, Clock::time_point now);
    double deadlineLocked() const; ///< seconds; infinite before any task returned
    std::string deadlineText() const;
    bool lateLocked(const Rank& rank, Clock::time_point now) const;
    double seconds(Clock::time_point from, Clock::time_point to) const;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    const int m_tasks;
    const double m_timeout;
    int m_next = 0;       ///< the first task never handed out
    int m_collected = 0;
    double m_slowest = -1; ///< seconds, -1 before any task returned
    std::vector<char> m_done;
    std::vector<Rank> m_ranks;
};
