#include "bridge/marked_temporary.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <limits>
#include <vector>

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fl::ui {
namespace {

/// The marker between a target's name and the process that wrote the temporary.
constexpr char kTemporaryMarker[] = ".fltmp-";

/// This host's name as a temporary file's name holds it: [A-Za-z0-9._] only, at most 32 characters
/// (a folder shared between hosts: a pid is only judged on the host that wrote it).
const QString& hostTag()
{
    static const QString tag = [] {
        char name[256] = {};
        QString host = ::gethostname(name, sizeof name - 1) == 0 ? QString::fromLocal8Bit(name) : QString();
        QString clean;
        for (const QChar c : host.left(32))
            clean += (c.isLetterOrNumber() && c.unicode() < 128) || c == '.' || c == '_' ? c : QChar('_');
        return clean.isEmpty() ? QStringLiteral("localhost") : clean;
    }();
    return tag;
}

/// ".NAME.fltmp-": the start of every temporary of target's file name NAME. A name too long for
/// the file system's 255 bytes once the rest is added keeps its start and a hash of the whole.
QString temporaryPrefix(const QString& target)
{
    QString name = QFileInfo(target).fileName();
    if (QFile::encodeName(name).size() > 160) {
        const QString hash = QString::number(qHash(name, 0) & 0xffffffffu, 16);
        while (QFile::encodeName(name).size() > 150)
            name.chop(name.size() > 1 && name.at(name.size() - 1).isLowSurrogate() ? 2 : 1);
        name += '~' + hash;
    }
    return '.' + name + QLatin1String(kTemporaryMarker);
}

} // namespace

bool processIsGone(qint64 pid)
{
    return pid > 0 && pid <= std::numeric_limits<pid_t>::max() && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

/// target with symbolic links followed, as QSaveFile follows them: the file that is replaced.
QString resolvedTarget(const QString& path)
{
    QFileInfo info(path);
    int depth = 128;
    while (--depth > 0 && info.isSymLink())
        info.setFile(info.symLinkTarget());
    return depth > 0 ? info.filePath() : path;
}

/// A device, a pipe or a socket: written in place (SafeFileWriter), never replaced.
bool isSpecialFile(const QString& path)
{
    const QFileInfo info(path);
    return info.exists() && !info.isFile() && !info.isDir();
}

/// The committed temporary replaces target, with the old file's permissions (as QSaveFile keeps
/// them); if that fails the temporary is removed and the old file stays.
fl::Status renameOver(const QString& temporary, const QString& target, const QString& shown)
{
    const QByteArray from = QFile::encodeName(temporary), to = QFile::encodeName(target);
    struct stat old {};
    if (::stat(to.constData(), &old) == 0 && S_ISREG(old.st_mode))
        ::chmod(from.constData(), old.st_mode & 07777);
    if (::rename(from.constData(), to.constData()) == 0)
        return fl::Status::success();
    const int error = errno;
    ::unlink(from.constData());
    return fl::Status::error(QStringLiteral("cannot write %1: %2; the old file is kept").arg(shown, QString::fromLocal8Bit(std::strerror(error))).toStdString());
}


QString markedTemporaryName(const QString& target)
{
    static const char letters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    const QString start = QFileInfo(target).absolutePath() + '/' + temporaryPrefix(target) + QString::number(::getpid()) + '-' + hostTag() + '-';
    for (;;) {
        QString name = start;
        for (int k = 0; k < 6; ++k)
            name += QLatin1Char(letters[QRandomGenerator::system()->bounded(static_cast<int>(sizeof letters - 1))]);
        struct stat st {};
        if (::lstat(QFile::encodeName(name).constData(), &st) != 0)
            return name;
    }
}

int removeStaleMarkedTemporaries(const QString& target)
{
    const QByteArray folder = QFile::encodeName(QFileInfo(target).absolutePath());
    const QByteArray prefix = QFile::encodeName(temporaryPrefix(target));
    // readdir, not QDir's wildcards: a name may hold '[' or '*'.
    DIR* dir = ::opendir(folder.constData());
    if (!dir)
        return 0;
    std::vector<QByteArray> names;
    while (const dirent* entry = ::readdir(dir))
        if (std::strncmp(entry->d_name, prefix.constData(), static_cast<size_t>(prefix.size())) == 0)
            names.emplace_back(entry->d_name);
    ::closedir(dir);
    int removed = 0;
    for (const QByteArray& name : names) {
        // PID-HOST-XXXXXX, and ".YYYYYY" where QSaveFile named it (no O_TMPFILE); HOST is ours.
        const QString rest = QFile::decodeName(name.mid(prefix.size()));
        const qsizetype dash = rest.indexOf('-');
        bool number = false;
        const qint64 pid = dash > 0 ? rest.left(dash).toLongLong(&number) : 0;
        const QString afterPid = rest.mid(dash + 1);
        if (!number || pid <= 0 || pid > std::numeric_limits<pid_t>::max() || !afterPid.startsWith(hostTag() + '-')
            || afterPid.mid(hostTag().size() + 1).contains('-') || pid == ::getpid())
            continue;
        if (!processIsGone(pid)) // only a process that is gone for certain
            continue;
        struct stat st {};
        const QByteArray path = folder + '/' + name;
        if (::lstat(path.constData(), &st) == 0 && S_ISREG(st.st_mode) && ::unlink(path.constData()) == 0)
            ++removed;
    }
    return removed;
}


} // namespace fl::ui
