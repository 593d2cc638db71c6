#include "cli/command_files.h"

#include <QDir>
#include <QFileInfo>

#include <sys/stat.h>

namespace cli {
namespace {

/// The path with links and '..' resolved as far as it exists: the file's own canonical path, else
/// its folder's canonical path and its name, else the cleaned absolute path.
QString resolvedPath(const QString& path)
{
    const QFileInfo info(path);
    if (info.exists())
        return info.canonicalFilePath();
    const QString folder = info.absoluteDir().canonicalPath();
    return folder.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : folder + '/' + info.fileName();
}

QString quoted(const QString& option) { return "--" + option; }

/// /dev/null may be named by several outputs: nothing written there can collide.
bool isNullDevice(const QString& path) { return path != "-" && resolvedPath(path) == QLatin1String("/dev/null"); }

/// The folder an output is written in exists and is a folder, and the output is not a folder.
fl::Status checkPlace(const QString& option, const QString& path)
{
    if (path.isEmpty())
        return fl::Status::error(quoted(option).toStdString() + ": no file name given (use '-' for standard output)");
    if (path == "-")
        return fl::Status::success();
    const QFileInfo info(path);
    if (info.isDir())
        return fl::Status::error(quoted(option).toStdString() + ": '" + echoPath(path).toStdString() + "' is a folder");
    const QFileInfo folder(info.absolutePath());
    if (!folder.exists())
        return fl::Status::error(quoted(option).toStdString() + ": the folder '" + echoPath(info.absolutePath()).toStdString() + "' does not exist");
    if (!folder.isDir())
        return fl::Status::error(quoted(option).toStdString() + ": '" + echoPath(info.absolutePath()).toStdString() + "' is not a folder");
    if (!folder.isWritable() && !info.exists())
        return fl::Status::error(quoted(option).toStdString() + ": the folder '" + echoPath(info.absolutePath()).toStdString() + "' cannot be written");
    if (info.exists() && info.isFile() && !info.isWritable())
        return fl::Status::error(quoted(option).toStdString() + ": '" + echoPath(path).toStdString() + "' cannot be written");
    return fl::Status::success();
}

} // namespace

bool sameFile(const QString& a, const QString& b)
{
    struct stat sa {}, sb {};
    if (a == "-" || b == "-") {
        // Standard output is also /dev/stdout, /dev/fd/1 or the file it was redirected to.
        const QString other = a == "-" ? b : a;
        return other == "-"
               || (::fstat(1, &sa) == 0 && ::stat(QFile::encodeName(other).constData(), &sb) == 0 && sa.st_dev == sb.st_dev
                   && sa.st_ino == sb.st_ino);
    }
    if (::stat(QFile::encodeName(a).constData(), &sa) == 0 && ::stat(QFile::encodeName(b).constData(), &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino; // hard links too
    return resolvedPath(a) == resolvedPath(b);
}

CommandFiles::CommandFiles(bool keepPartial) : m_keepPartial(keepPartial) {}

CommandFiles::~CommandFiles() = default; // uncommitted temporary files are removed

void CommandFiles::input(const QString& option, const QString& path)
{
    if (!path.isEmpty() && path != "-")
        m_files.push_back({option, path, false, nullptr});
}

TextOutput& CommandFiles::output(const QString& option, const QString& path)
{
    TextOutput& stream = m_streams.emplace_back(path);
    m_files.push_back({option, path, true, &stream});
    return stream;
}

QString CommandFiles::partialName(const QString& path)
{
    const QFileInfo info(path);
    const QString name = info.fileName();
    const qsizetype dot = name.lastIndexOf('.');
    const QString partial = dot > 0 ? name.left(dot) + ".partial" + name.mid(dot) : name + ".partial";
    const QString folder = path.left(path.size() - name.size());
    return folder + partial;
}

fl::Status CommandFiles::check() const
{
    // Every name a file of this command may take: outputs, their partial names, inputs.
    struct Name {
        QString option;
        QString path;
        bool output;
    };
    std::vector<Name> names;
    for (const File& f : m_files) {
        if (f.output) {
            if (fl::Status status = checkPlace(f.option, f.path); !status.ok())
                return status;
            names.push_back({f.option, f.path, true});
            if (m_keepPartial && f.path != "-")
                names.push_back({f.option + " (its partial name)", partialName(f.path), true});
        } else {
            names.push_back({f.option, f.path, false});
        }
    }
    for (size_t i = 0; i < names.size(); ++i)
        for (size_t j = i + 1; j < names.size(); ++j) {
            const Name &a = names[i], &b = names[j];
            if ((!a.output && !b.output) || !sameFile(a.path, b.path) || ((isNullDevice(a.path) || isNullDevice(b.path)) && a.output && b.output))
                continue;
            if (a.output && b.output)
                return fl::Status::error(QString("%1 and %2 name the same %3: each would overwrite the other")
                                             .arg(quoted(a.option), quoted(b.option), a.path == "-" ? QString("standard output") : "file '" + echoPath(b.path) + "'")
                                             .toStdString());
            const Name& out = a.output ? a : b;
            const Name& in = a.output ? b : a;
            return fl::Status::error(QString("%1 '%2' is the input file of %3: it would be overwritten")
                                         .arg(quoted(out.option), echoPath(out.path), quoted(in.option))
                                         .toStdString());
        }
    return fl::Status::success();
}

fl::Status CommandFiles::open()
{
    fl::Status status = check();
    for (File& f : m_files)
        if (status.ok() && f.output)
            status = f.stream->open();
    return status;
}

fl::Status CommandFiles::commit()
{
    // Every file complete on disk first; only then does any of them replace its old one.
    for (File& f : m_files)
        if (f.output)
            if (fl::Status status = f.stream->finish(); !status.ok())
                return status;
    for (File& f : m_files)
        if (f.output)
            if (fl::Status status = f.stream->commit(); !status.ok())
                return status;
    return fl::Status::success();
}

int CommandFiles::fail(int code, const QString& message)
{
    if (code != 1) {
        m_keepPartial = false;
        abandon(nullptr);
        return cli::fail(code, message);
    }
    QString note;
    abandon(&note);
    return cli::fail(code, note.isEmpty() ? message : message + "; " + note);
}

void CommandFiles::abandon(QString* note)
{
    QStringList kept, failed;
    bool any = false;
    for (File& f : m_files) {
        if (!f.output || f.stream->inPlace())
            continue;
        any = true;
        // An output that received nothing has nothing to keep (no empty partial file).
        if (m_keepPartial && f.stream->written() > 0) {
            const QString partial = partialName(f.path);
            const fl::Status status = f.stream->copyTo(partial);
            if (status.ok())
                kept << partial;
            else
                failed << QString::fromStdString(status.message());
        }
        // Removed now: under MPI the process may end without running destructors (exit 3).
        f.stream->discard();
    }
    if (!note || !any)
        return;
    if (!m_keepPartial)
        *note = "no file was replaced (--partial keeps what was computed)";
    else if (!kept.isEmpty())
        *note = "no file was replaced; what was computed is in " + kept.join(", ");
    else
        *note = "no file was replaced";
    if (!failed.isEmpty())
        *note += "; " + failed.join("; ");
}

} // namespace cli
