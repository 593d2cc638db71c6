#include "bridge/safe_file.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>

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

bool fail(QString* error, const QString& path, const QString& reason)
{
    if (error)
        *error = QStringLiteral("cannot write %1: %2").arg(path, reason);
    return false;
}

/// A device, a pipe or a socket: it has no size and must not be replaced.
bool isSpecialFile(const QString& path)
{
    const QFileInfo info(path);
    return info.exists() && !info.isFile() && !info.isDir();
}

bool writeInPlace(const QString& path, const QByteArray& bytes, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(error, path, file.errorString());
    errno = 0;
    if (file.write(bytes) != bytes.size() || !file.flush() || file.error() != QFileDevice::NoError)
        return fail(error, path, reasonOf(file, errno));
    return true;
}

} // namespace

bool writeFileSafely(const QString& path, const QByteArray& bytes, QString* error)
{
    if (isSpecialFile(path))
        return writeInPlace(path, bytes, error);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(error, path, file.errorString());
    errno = 0;
    if (file.write(bytes) != bytes.size() || !file.flush() || file.error() != QFileDevice::NoError) {
        const QString reason = reasonOf(file, errno) + QStringLiteral("; the old file is kept");
        file.cancelWriting();
        return fail(error, path, reason);
    }
    // The size on disk, not what was handed over: a file-size limit cuts the temporary file short
    // at a block boundary while every call above still reports success.
    if (file.size() != bytes.size()) {
        const qint64 onDisk = file.size();
        file.cancelWriting();
        return fail(error, path,
                    QStringLiteral("only %1 of %2 bytes reached the disk (disk full or file-size limit); the old file is kept")
                        .arg(onDisk)
                        .arg(bytes.size()));
    }
    if (!file.commit())
        return fail(error, path, file.errorString());
    return true;
}

} // namespace fl::ui
