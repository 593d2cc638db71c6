#include "bridge/safe_file.h"
#include "bridge/marked_temporary.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>

#ifdef __linux__
#include <fcntl.h>
#endif
#include <unistd.h>

#include <algorithm>

namespace fl::ui {
namespace {

/// The device's message, or errno's when Qt has none (a write cut short by a file-size limit
/// reports "Unknown error").
QString reasonOf(const QFileDevice& file, int savedErrno)
{
    if (file.error() != QFileDevice::NoError && file.errorString() != QLatin1String("Unknown error"))
        return file.errorString();
    return savedErrno != 0 ? QString::fromLocal8Bit(std::strerror(savedErrno)) : QStringLiteral("the write was cut short");
}

} // namespace

SafeFileWriter::SafeFileWriter(QString path) : m_path(std::move(path)) {}

SafeFileWriter::~SafeFileWriter()
{
    if (auto* save = dynamic_cast<QSaveFile*>(m_file.get()))
        save->cancelWriting(); // no commit: the old file stays
}

void SafeFileWriter::discard()
{
    if (auto* save = dynamic_cast<QSaveFile*>(m_file.get()))
        save->cancelWriting();
    m_file.reset();
}

bool SafeFileWriter::fail(QString* error, const QString& reason)
{
    if (error)
        *error = QStringLiteral("cannot write %1: %2").arg(m_path, reason);
    if (auto* save = dynamic_cast<QSaveFile*>(m_file.get()))
        save->cancelWriting();
    m_file.reset();
    return false;
}

bool SafeFileWriter::open(QString* error)
{
    if (m_path.isEmpty())
        return fail(error, QStringLiteral("no file name given"));
    m_inPlace = isSpecialFile(m_path);
    if (m_inPlace) {
        auto file = std::make_unique<QFile>(m_path);
        if (!file->open(QIODevice::WriteOnly | QIODevice::Unbuffered))
            return fail(error, file->errorString());
        m_file = std::move(file);
    } else {
        auto file = std::make_unique<QSaveFile>(m_path);
        if (!file->open(QIODevice::WriteOnly))
            return fail(error, file->errorString());
        m_file = std::move(file);
    }
    m_written = 0;
    m_writebackFrom = 0;
    m_finished = false;
    return true;
}

bool SafeFileWriter::write(const char* data, qint64 size, QString* error)
{
    if (!m_file)
        return fail(error, QStringLiteral("the file is not open"));
    errno = 0;
    if (m_file->write(data, size) != size || m_file->error() != QFileDevice::NoError)
        return fail(error, reasonOf(*m_file, errno) + (m_inPlace ? QString() : QStringLiteral("; the old file is kept")));
    m_written += size;
    m_finished = false;
    startWriteback();
    return true;
}

void SafeFileWriter::startWriteback()
{
#ifdef __linux__
    // Start writing each further megabyte to the disk now, without waiting for it: QSaveFile's
    // commit waits for everything still unwritten (fdatasync), so this takes most of that wait off
    // the end of a long streamed run (12.8 MB: fdatasync 6 ms -> <1 ms). Only a hint: errors are
    // reported by the commit's fdatasync.
    constexpr qint64 kChunk = 1 << 20;
    if (m_inPlace || m_written - m_writebackFrom < kChunk || !m_file->flush())
        return;
    ::sync_file_range(m_file->handle(), m_writebackFrom, m_written - m_writebackFrom, SYNC_FILE_RANGE_WRITE);
    m_writebackFrom = m_written;
#endif
}

bool SafeFileWriter::finish(QString* error)
{
    if (!m_file)
        return fail(error, QStringLiteral("the file is not open"));
    if (m_finished)
        return true;
    errno = 0;
    if (!m_file->flush() || m_file->error() != QFileDevice::NoError)
        return fail(error, reasonOf(*m_file, errno) + (m_inPlace ? QString() : QStringLiteral("; the old file is kept")));
    // The size on disk, not what was handed over: a file-size limit cuts the temporary file short
    // at a block boundary while every call above still reports success.
    if (!m_inPlace && m_file->size() != m_written)
        return fail(error, QStringLiteral("only %1 of %2 bytes reached the disk (disk full or file-size limit); the old file is kept")
                               .arg(m_file->size())
                               .arg(m_written));
    m_finished = true;
    return true;
}

bool SafeFileWriter::commit(QString* error)
{
    if (!finish(error))
        return false;
    if (m_inPlace) {
        m_file.reset();
        return true;
    }
    auto* save = static_cast<QSaveFile*>(m_file.get());
    if (!save->commit())
        return fail(error, save->errorString());
    m_file.reset();
    return true;
}

bool SafeFileWriter::copyTo(const QString& path, QString* error)
{
    if (!m_file || m_inPlace || !m_file->flush())
        return fail(error, QStringLiteral("nothing to copy"));
    SafeFileWriter copy(path);
    if (!copy.open(error))
        return false;
    // Read back through the temporary file's descriptor (QSaveFile opens it read-write).
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    for (qint64 at = 0; at < m_written;) {
        const ssize_t got = ::pread(m_file->handle(), buffer.data(), static_cast<size_t>(std::min<qint64>(buffer.size(), m_written - at)), at);
        if (got <= 0) {
            if (error)
                *error = QStringLiteral("cannot read back %1 for %2: %3").arg(m_path, path, QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
        if (!copy.write(buffer.constData(), got, error))
            return false;
        at += got;
    }
    return copy.commit(error);
}

bool writeFileSafely(const QString& path, const QByteArray& bytes, QString* error)
{
    // A regular file is written under a marked temporary name and renamed over its target
    // (marked_temporary.h): a save killed between the steps leaves a file the next save removes.
    const QString target = resolvedTarget(path);
    if (path.isEmpty() || isSpecialFile(target)) {
        SafeFileWriter file(path);
        return file.open(error) && file.write(bytes.constData(), bytes.size(), error) && file.commit(error);
    }
    removeStaleMarkedTemporaries(target);
    const QString temporary = markedTemporaryName(target);
    SafeFileWriter file(temporary);
    QString why;
    if (!(file.open(&why) && file.write(bytes.constData(), bytes.size(), &why) && file.commit(&why))) {
        if (error)
            *error = why.replace(temporary, path); // the user named the target
        return false;
    }
    const Status renamed = renameOver(temporary, target, path);
    if (!renamed.ok() && error)
        *error = QString::fromStdString(renamed.message());
    return renamed.ok();
}

} // namespace fl::ui
