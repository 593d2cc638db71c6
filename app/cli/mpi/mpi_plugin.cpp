// libfrictionlab_mpi: dynamic task distribution over MPI ranks for `map --mpi` and `sweep --mpi`.
// Rank 0 runs a server thread that answers every request with the next task (so no
// rank idles behind a slow chaotic row) and computes tasks itself on its main thread; the server
// polls with MPI_Iprobe and sleeps 1 ms between polls, so it does not spin on a core the main thread
// needs. Messages: a worker sends [task, result...] (task -1 for its first request) with kResult,
// rank 0 answers with the next task index, or -1 to stop, with kTask.
//
// A hung or stopped worker: rank 0 keeps a deadline per task (task_ledger.h); once no fresh task
// is left, a task whose rank is past it goes to the next rank that asks (rank 0 itself included),
// and whichever result comes first is collected, a late duplicate ignored. The server outlives
// fl_mpi_distribute, so rank 0 writes the file while it waits for the last workers. In
// fl_mpi_finalize rank 0 sends every worker that stopped a verdict (kVerdict): all ranks there,
// so MPI_Finalize; or a worker still silent past the deadline, which MPI_Finalize would wait for
// for ever: rank 0 names it on stderr and every rank but the silent one exits kSilentRankExit
// without MPI_Finalize, and mpirun, seeing a non-zero exit, kills the silent rank and returns it.
// Not MPI_Abort: with a stopped rank, or ranks inside MPI_Finalize, Open MPI 4.1.4's mpirun
// then crashed (SIGSEGV) or hung in PMIx_server_finalize in 1 run out of 3 here; the workers wait
// for the verdict outside MPI_Finalize for the same reason.
#include "cli/mpi/mpi_plugin_api.h"
#include "cli/mpi/task_ledger.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kResult = 1;
constexpr int kTask = 2;
constexpr int kVerdict = 3;
/// The exit status of the ranks (and so of mpirun) when rank 0 ends a job whose file is written
/// because a worker is silent; the CLI's own statuses are 0, 1 and 2.
constexpr int kSilentRankExit = 3;

std::mutex g_collectMutex;
std::unique_ptr<TaskLedger> g_ledger; // rank 0, from fl_mpi_distribute until fl_mpi_finalize
std::thread g_server;
bool g_distributed = false; // fl_mpi_distribute ran (every rank runs it, or none): a verdict comes

void collectLocked(FlMpiCollect collect, void* context, int task, const double* data, long size)
{
    std::lock_guard lock(g_collectMutex);
    collect(context, task, data, size);
}

/// Test hook (tests/cli/test_cli_mpi.cpp): FRICTIONLAB_MPI_TEST_HANG_RANK=r makes rank r stop
/// itself with SIGSTOP on receiving its first task, as a rank stopped from outside would.
int hangRank()
{
    const char* value = std::getenv("FRICTIONLAB_MPI_TEST_HANG_RANK");
    return value && *value ? std::atoi(value) : -1;
}

void sleepAMillisecond()
{
    std::this_thread::sleep_for(std::chrono::milliseconds(1)); // tasks take seconds: 1 ms of latency is nothing, 5000 wake-ups a second on a busy core are not
}

/// Rank 0's server: answers requests until every task is collected and every other rank has been
/// told to stop or is silent past the deadline. A request that finds no task to give waits here
/// (a task may still come back past its deadline).
void serve(FlMpiCollect collect, void* context)
{
    TaskLedger& ledger = *g_ledger;
    std::vector<int> waiting; // ranks that asked and got no answer yet
    std::vector<double> buffer;
    for (;;) {
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, kResult, MPI_COMM_WORLD, &flag, &status);
        if (flag) {
            int count = 0;
            MPI_Get_count(&status, MPI_DOUBLE, &count);
            buffer.resize(static_cast<size_t>(count > 0 ? count : 1));
            MPI_Recv(buffer.data(), count, MPI_DOUBLE, status.MPI_SOURCE, kResult, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            const int done = count > 0 ? static_cast<int>(buffer[0]) : -1;
            if (done < 0) {
                ledger.heard(status.MPI_SOURCE);
            } else if (ledger.claim(status.MPI_SOURCE, done)) {
                collectLocked(collect, context, done, buffer.data() + 1, count - 1);
                ledger.collected();
            }
            waiting.push_back(status.MPI_SOURCE);
        }
        for (size_t k = 0; k < waiting.size();) {
            int task = ledger.take(waiting[k]);
            if (task < 0 && !ledger.allCollected()) {
                ++k; // nothing to give yet
                continue;
            }
            if (task < 0)
                ledger.stopped(waiting[k]);
            MPI_Send(&task, 1, MPI_INT, waiting[k], kTask, MPI_COMM_WORLD);
            waiting.erase(waiting.begin() + static_cast<long>(k));
        }
        if (waiting.empty() && ledger.allCollected() && ledger.workersSettled())
            return;
        if (!flag)
            sleepAMillisecond();
    }
}

/// One int from rank 0, awaited with MPI_Test and a 1 ms sleep, not a blocking MPI_Recv, which in
/// Open MPI spins on a core that rank 0 may need while this rank waits for a late task or the verdict.
int receiveFromRankZero(int tag)
{
    int value = -1;
    MPI_Request request;
    MPI_Irecv(&value, 1, MPI_INT, 0, tag, MPI_COMM_WORLD, &request);
    for (int done = 0;;) {
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        if (done)
            return value;
        sleepAMillisecond();
    }
}

/// A worker: asks, computes, returns the result with the next request, until told to stop.
int work(int rank, FlMpiCompute compute, void* context)
{
    const bool hang = hangRank() == rank;
    std::vector<double> message{-1.0}; // the first request carries no result
    for (;;) {
        MPI_Send(message.data(), static_cast<int>(message.size()), MPI_DOUBLE, 0, kResult, MPI_COMM_WORLD);
        const int task = receiveFromRankZero(kTask);
        if (task < 0)
            return 0;
        if (hang)
            std::raise(SIGSTOP);
        long size = 0;
        const double* data = compute(context, task, &size);
        message.assign(1, static_cast<double>(task));
        message.insert(message.end(), data, data + size);
    }
}

/// The longest MPI start-up: FRICTIONLAB_MPI_START_TIMEOUT seconds (> 0), else 300 (a start-up
/// takes about 0.5 s here on 2 ranks, and seconds to tens of seconds for thousands of ranks).
double startTimeout()
{
    const char* value = std::getenv("FRICTIONLAB_MPI_START_TIMEOUT");
    char* end = nullptr;
    const double seconds = value && *value ? std::strtod(value, &end) : 0.0;
    return end && *end == '\0' && seconds > 0.0 && seconds <= 1e6 ? seconds : 300.0;
}

} // namespace

/// MPI_Init waits for every rank of the job. A rank that ends before it with an error (its checks
/// failed) makes mpirun end the job; but one that is stopped (SIGSTOP, a hung file system) or ends
/// with status 0 before MPI starts left the others waiting in MPI_Init for ever. So a watchdog:
/// past startTimeout() this rank says why on one line and exits 2, and mpirun, seeing the non-zero
/// status, ends the job (the stopped rank too).
extern "C" int fl_mpi_init(int* argc, char*** argv, int* rank, int* size, char* error, int errorSize)
{
    std::mutex mutex;
    std::condition_variable changed;
    bool started = false;
    std::thread watchdog([&] {
        const double limit = startTimeout();
        std::unique_lock lock(mutex);
        if (changed.wait_for(lock, std::chrono::duration<double>(limit), [&] { return started; }))
            return;
        std::fprintf(stderr,
                     "error: --mpi: MPI did not start within %g s: a rank of the job stopped, hangs or ended before MPI started "
                     "(FRICTIONLAB_MPI_START_TIMEOUT=S sets this limit)\n",
                     limit);
        std::fflush(stderr);
        std::_Exit(2);
    });
    int provided = 0;
    const int initialised = MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided);
    {
        std::lock_guard lock(mutex);
        started = true;
    }
    changed.notify_all();
    watchdog.join();
    if (initialised != MPI_SUCCESS) {
        std::snprintf(error, static_cast<size_t>(errorSize), "MPI_Init_thread failed");
        return 1;
    }
    if (provided < MPI_THREAD_MULTIPLE) {
        std::snprintf(error, static_cast<size_t>(errorSize), "this MPI library does not support MPI_THREAD_MULTIPLE");
        MPI_Finalize();
        return 1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    return 0;
}

extern "C" int fl_mpi_distribute(int tasks, double taskTimeout, FlMpiCompute compute, FlMpiCollect collect, void* context)
{
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    g_distributed = true;
    if (rank != 0)
        return work(rank, compute, context);
    if (g_server.joinable())
        return 1; // one distribution per session
    g_ledger = std::make_unique<TaskLedger>(tasks, ranks, taskTimeout);
    if (ranks > 1)
        g_server = std::thread(serve, collect, context);
    // Returns once every task is collected: the server calls collect no more (what comes later is
    // a duplicate), so context may go; it keeps answering the workers until fl_mpi_finalize.
    for (int task = g_ledger->waitForTask(); task >= 0; task = g_ledger->waitForTask()) {
        long size = 0;
        const double* data = compute(context, task, &size);
        if (g_ledger->claim(0, task)) {
            collectLocked(collect, context, task, data, size);
            g_ledger->collected();
        }
    }
    return 0;
}

extern "C" void fl_mpi_finalize(void)
{
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (rank != 0) {
        if (g_distributed && receiveFromRankZero(kVerdict) != 0)
            std::_Exit(kSilentRankExit);
        MPI_Finalize();
        return;
    }
    if (g_server.joinable())
        g_server.join();
    const std::vector<TaskLedger::Silent> silent = g_ledger ? g_ledger->silentWorkers() : std::vector<TaskLedger::Silent>();
    for (const TaskLedger::Silent& worker : silent)
        std::fprintf(stderr, "warning: %s; every task is collected, so rank 0 ends the job without it (exit status %d)\n",
                     worker.why.c_str(), kSilentRankExit);
    std::fflush(nullptr); // the file is committed; what stdout holds goes out before the exit
    if (g_ledger) {
        const int verdict = silent.empty() ? 0 : 1;
        for (int r = 1; r < ranks; ++r)
            if (std::none_of(silent.begin(), silent.end(), [r](const TaskLedger::Silent& worker) { return worker.rank == r; }))
                MPI_Send(&verdict, 1, MPI_INT, r, kVerdict, MPI_COMM_WORLD);
    }
    if (!silent.empty())
        std::_Exit(kSilentRankExit);
    MPI_Finalize();
}
