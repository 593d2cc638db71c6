#pragma once
// `--mpi` of `map` and `sweep`: Open MPI through libfrictionlab_mpi, loaded with dlopen
// only when asked for, so frictionlab-cli itself needs no MPI library to run.
#include "common/status.h"

#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace cli {

class MpiSession {
public:
    MpiSession() = default;
    ~MpiSession(); ///< MPI_Finalize when open; exits the process with status 3 when a rank stayed silent (see mpi_plugin.cpp)
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    /// Loads the library and initialises MPI; an error says what is missing and how to get it.
    /// taskTimeout: --task-timeout's text (seconds, > 0), empty for the default rule; checked
    /// before MPI starts, so a bad value fails alike on every rank.
    fl::Status open(const QString& taskTimeout = {});
    int rank() const { return m_rank; }
    int size() const { return m_size; }
    /// Tasks 0 .. tasks-1 over the ranks, handed out one at a time as ranks ask; every result
    /// reaches collect on rank 0 (never two at once, once per task). Other ranks return when no
    /// task is left. A task that a rank has not returned by the deadline goes to another rank too.
    void distribute(int tasks, const std::function<std::vector<double>(int task)>& compute,
                    const std::function<void(int task, const double* data, long size)>& collect);

private:
    void* m_library = nullptr;
    void* m_distribute = nullptr;
    void* m_finalize = nullptr;
    int m_rank = 0;
    int m_size = 1;
    double m_taskTimeout = 0; ///< seconds; 0 = the plugin's rule
};

/// Strings inside a result of doubles: the length, then one character per double.
void appendText(std::vector<double>& out, const std::string& text);
std::string readText(const double*& data, const double* end);

} // namespace cli
