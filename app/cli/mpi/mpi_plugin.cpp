// libfrictionlab_mpi: dynamic task distribution over MPI ranks for `map --mpi` and `sweep --mpi`.
// Rank 0 runs a server thread that answers every request with the next task (so no
// rank idles behind a slow chaotic row) and computes tasks itself on its main thread; the server
// polls with MPI_Iprobe and sleeps 1 ms between polls, so it does not spin on a core the main thread
// needs. Messages: a worker sends [task, result...] (task -1 for its first request) with kResult,
// rank 0 answers with the next task index, or -1 to stop, with kTask.
#include "cli/mpi/mpi_plugin_api.h"

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

namespace {

constexpr int kResult = 1;
constexpr int kTask = 2;

std::mutex g_collectMutex;

void collectLocked(FlMpiCollect collect, void* context, int task, const double* data, long size)
{
    std::lock_guard lock(g_collectMutex);
    collect(context, task, data, size);
}

/// Rank 0's server: answers requests until every other rank has been told to stop.
void serve(int ranks, std::atomic<int>& next, int tasks, FlMpiCollect collect, void* context)
{
    int stopped = 0;
    std::vector<double> buffer;
    while (stopped < ranks - 1) {
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, kResult, MPI_COMM_WORLD, &flag, &status);
        if (!flag) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1)); // tasks take seconds: 1 ms of latency is nothing, 5000 wake-ups a second on a busy core are not
            continue;
        }
        int count = 0;
        MPI_Get_count(&status, MPI_DOUBLE, &count);
        buffer.resize(static_cast<size_t>(count > 0 ? count : 1));
        MPI_Recv(buffer.data(), count, MPI_DOUBLE, status.MPI_SOURCE, kResult, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        const int done = count > 0 ? static_cast<int>(buffer[0]) : -1;
        if (done >= 0)
            collectLocked(collect, context, done, buffer.data() + 1, count - 1);
        int task = next++;
        if (task >= tasks) {
            task = -1;
            ++stopped;
        }
        MPI_Send(&task, 1, MPI_INT, status.MPI_SOURCE, kTask, MPI_COMM_WORLD);
    }
}

} // namespace

extern "C" int fl_mpi_init(int* argc, char*** argv, int* rank, int* size, char* error, int errorSize)
{
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS) {
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

extern "C" int fl_mpi_distribute(int tasks, FlMpiCompute compute, FlMpiCollect collect, void* context)
{
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (rank == 0) {
        std::atomic<int> next{0};
        std::thread server;
        if (ranks > 1)
            server = std::thread(serve, ranks, std::ref(next), tasks, collect, context);
        for (int task = next++; task < tasks; task = next++) {
            long size = 0;
            const double* data = compute(context, task, &size);
            collectLocked(collect, context, task, data, size);
        }
        if (server.joinable())
            server.join();
        return 0;
    }
    std::vector<double> message{-1.0}; // the first request carries no result
    for (;;) {
        MPI_Send(message.data(), static_cast<int>(message.size()), MPI_DOUBLE, 0, kResult, MPI_COMM_WORLD);
        int task = -1;
        MPI_Recv(&task, 1, MPI_INT, 0, kTask, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (task < 0)
            return 0;
        long size = 0;
        const double* data = compute(context, task, &size);
        message.assign(1, static_cast<double>(task));
        message.insert(message.end(), data, data + size);
    }
}

extern "C" void fl_mpi_finalize(void) { MPI_Finalize(); }
