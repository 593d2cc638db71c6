#pragma once
// The C interface of libfrictionlab_mpi (app/cli/mpi/mpi_plugin.cpp), the one part of FrictionLab
// that links Open MPI. frictionlab-cli loads it with dlopen only for --mpi, so the CLI runs on a
// machine without Open MPI, and a missing library is one clear error instead of a failed start.

extern "C" {

/// Computes task `task` and returns its result as doubles (*size of them); the buffer stays valid
/// until the next call on the same thread.
typedef const double* (*FlMpiCompute)(void* context, int task, long* size);
/// Receives the result of a task, on rank 0 only; calls never overlap.
typedef void (*FlMpiCollect)(void* context, int task, const double* data, long size);

/// MPI_Init_thread (MPI_THREAD_MULTIPLE). 0 on success; else a message in error.
int fl_mpi_init(int* argc, char*** argv, int* rank, int* size, char* error, int errorSize);
/// Hands tasks 0 .. tasks-1 out dynamically: rank 0 keeps a server thread that gives the next task
/// to whichever rank asks (and computes tasks itself meanwhile); every result goes to collect on
/// rank 0, once per task. A task not returned within the deadline (taskTimeout seconds if > 0,
/// else 10x the slowest task so far, at least 10 s) goes to another rank too. Returns when every
/// task is collected (rank 0) or no task is left (other ranks).
int fl_mpi_distribute(int tasks, double taskTimeout, FlMpiCompute compute, FlMpiCollect collect, void* context);
/// MPI_Finalize; on rank 0 after waiting for the workers: one still silent past the deadline is
/// named on stderr, and every other rank exits 3 without MPI_Finalize (mpirun then kills the
/// silent rank and exits 3).
void fl_mpi_finalize(void);

typedef int (*FlMpiInitFn)(int*, char***, int*, int*, char*, int);
typedef int (*FlMpiDistributeFn)(int, double, FlMpiCompute, FlMpiCollect, void*);
typedef void (*FlMpiFinalizeFn)(void);
}
