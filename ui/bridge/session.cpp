// Session files on disk: size checked before reading, written atomically; scenes by index.
// The document itself: session_read.cpp (readSession) and session_write.cpp (writeSession).
#include "bridge/session.h"
#include "bridge/safe_file.h"

#include "analysis/analysis_catalog.h"

#include <QFile>
#include <QFileInfo>

namespace fl::ui {

namespace {
QStringList idsOf(fl::AnalysisPlace place)
{
    QStringList ids;
    for (const fl::AnalysisInfo& analysis : fl::analyses())
        if (analysis.place == place)
            ids << QString::fromStdString(analysis.id);
    return ids;
}
} // namespace

const QStringList& tabIds()
{
    static const QStringList ids = idsOf(fl::AnalysisPlace::Tab);
    return ids;
}

const QStringList& sideTabIds()
{
    static const QStringList ids = idsOf(fl::AnalysisPlace::Side);
    return ids;
}

Status loadSessionFile(const QString& path, Session& out, QStringList* warnings)
{
    if (path.isEmpty())
        return Status::error("no file name given");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Status::error(("cannot open: " + file.errorString()).toStdString());
    // Checked on the open file (a path could be swapped between a stat and the open); a device
    // or pipe reports size 0 and is then read at most one byte past the limit.
    if (file.size() > kMaxSessionBytes)
        return Status::error(QStringLiteral("%1 bytes; a session file has at most %2 bytes (not a session file?)")
                                 .arg(file.size())
                                 .arg(kMaxSessionBytes)
                                 .toStdString());
    const QByteArray json = file.read(kMaxSessionBytes + 1);
    if (json.size() > kMaxSessionBytes)
        return Status::error(QStringLiteral("more than %1 bytes; a session file has at most that (not a session file?)")
                                 .arg(kMaxSessionBytes)
                                 .toStdString());
    if (file.error() != QFileDevice::NoError)
        return Status::error(("cannot read: " + file.errorString()).toStdString());
    return readSession(json, out, warnings);
}

Status saveSessionFile(const QString& path, const Session& session)
{
    const QByteArray json = writeSession(session);
    // A file over the reading limit could not be opened again: refuse it now, with the old file kept.
    if (json.size() > kMaxSessionBytes)
        return Status::error(QStringLiteral("the session would be %1 bytes; a session file has at most %2, so it could not "
                                            "be opened again (nothing was written)")
                                 .arg(json.size())
                                 .arg(kMaxSessionBytes)
                                 .toStdString());
    QString error;
    if (!writeFileSafely(path, json, &error))
        return Status::error(error.toStdString());
    return Status::success();
}

Status sceneState(const Session& session, int index, SessionState& out)
{
    const int count = static_cast<int>(session.scenes.size());
    if (count == 0)
        return Status::error("the session has no scenes");
    if (index < 0 || index >= count)
        return Status::error(QStringLiteral("scene %1 does not exist (scenes 1 .. %2)").arg(index + 1).arg(count).toStdString());
    out = session.scenes[static_cast<size_t>(index)].state;
    return Status::success();
}

} // namespace fl::ui
