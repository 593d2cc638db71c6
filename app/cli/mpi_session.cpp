#include "cli/mpi_session.h"
#include "cli/mpi/mpi_plugin_api.h"
#include "cli/cli_support.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <dlfcn.h>

#include <string>

namespace cli {
namespace {

struct Callbacks {
    const std::function<std::vector<double>(int)>* compute;
    const std::function<void(int, const double*, long)>* collect;
};

const double* computeTrampoline(void* context, int task, long* size)
{
    thread_local std::vector<double> buffer;
    buffer = (*static_cast<Callbacks*>(context)->compute)(task);
    *size = static_cast<long>(buffer.size());
    return buffer.data();
}

void collectTrampoline(void* context, int task, const double* data, long size)
{
    (*static_cast<Callbacks*>(context)->collect)(task, data, size);
}

/// Where the library is: next to the executable (the build tree), or in the installed
/// lib/<arch>/frictionlab beside bin/.
QStringList candidates()
{
    const QString dir = QCoreApplication::applicationDirPath();
    return {dir + QStringLiteral("/libfrictionlab_mpi.so"),
            QDir::cleanPath(dir + QStringLiteral("/" FRICTIONLAB_MPI_PLUGIN_RELDIR "/libfrictionlab_mpi.so"))};
}

} // namespace

MpiSession::~MpiSession()
{
    if (m_finalize)
        reinterpret_cast<FlMpiFinalizeFn>(m_finalize)();
}

fl::Status MpiSession::open(const QString& taskTimeout)
{
    if (!taskTimeout.isEmpty()) {
        bool ok = false;
        m_taskTimeout = toFinite(taskTimeout, &ok);
        if (!ok || !(m_taskTimeout > 0))
            return fl::Status::error("--task-timeout must be a positive number of seconds, not '" + echo(taskTimeout).toStdString() + "'");
    }
    std::string tried;
    for (const QString& path : candidates()) {
        if (!QFileInfo::exists(path)) {
            tried += (tried.empty() ? "" : ", ") + path.toStdString();
            continue;
        }
        // RTLD_GLOBAL: Open MPI's own components resolve libmpi's symbols.
        m_library = dlopen(path.toLocal8Bit().constData(), RTLD_NOW | RTLD_GLOBAL);
        if (!m_library)
            return fl::Status::error(std::string("--mpi: ") + dlerror() + " (install Open MPI: apt install openmpi-bin)");
        break;
    }
    if (!m_library)
        return fl::Status::error("--mpi: this frictionlab-cli was built without MPI support (no libfrictionlab_mpi.so in " + tried
                                 + "; build with libopenmpi-dev installed)");
    auto init = reinterpret_cast<FlMpiInitFn>(dlsym(m_library, "fl_mpi_init"));
    m_distribute = dlsym(m_library, "fl_mpi_distribute");
    void* finalize = dlsym(m_library, "fl_mpi_finalize");
    if (!init || !m_distribute || !finalize)
        return fl::Status::error("--mpi: libfrictionlab_mpi.so is incomplete");
    char error[256] = {};
    if (init(nullptr, nullptr, &m_rank, &m_size, error, sizeof error) != 0)
        return fl::Status::error(std::string("--mpi: ") + error);
    m_finalize = finalize;
    return fl::Status::success();
}

void MpiSession::distribute(int tasks, const std::function<std::vector<double>(int)>& compute,
                            const std::function<void(int, const double*, long)>& collect)
{
    Callbacks callbacks{&compute, &collect};
    reinterpret_cast<FlMpiDistributeFn>(m_distribute)(tasks, m_taskTimeout, computeTrampoline, collectTrampoline, &callbacks);
}

void appendText(std::vector<double>& out, const std::string& text)
{
    out.push_back(static_cast<double>(text.size()));
    for (unsigned char c : text)
        out.push_back(static_cast<double>(c));
}

std::string readText(const double*& data, const double* end)
{
    std::string text;
    if (data >= end)
        return text;
    const long length = static_cast<long>(*data++);
    for (long k = 0; k < length && data < end; ++k)
        text.push_back(static_cast<char>(static_cast<unsigned char>(*data++)));
    return text;
}

} // namespace cli
