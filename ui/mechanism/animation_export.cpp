#include "mechanism/animation_export.h"

#include "bridge/playback_frame.h"
#include "mechanism/mechanism_view.h"
#include "mechanism/scene_painter.h"
#include "bridge/marked_temporary.h"
#include "bridge/safe_file.h"

#include <QDir>
#include <QFile>
#include <QPainter>
#include <QProcess>
#include <QBuffer>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <unistd.h>

namespace fl::ui {
namespace {

QString framePattern() { return QStringLiteral("frame_%05d.png"); }

QString frameName(int k) { return QString::asprintf("frame_%05d.png", k + 1); }

/// The hidden folder an export renders into: its process id, then QTemporaryDir's random part.
QString stagingPrefix() { return QStringLiteral(".frictionlab-frames-"); }

/// The folder's frame files (isFrameFileName), by name.
QStringList frameFilesIn(const QString& directory)
{
    QStringList names;
    // Files and broken links alike (QDir::System); never folders.
    for (const QFileInfo& info : QDir(directory).entryInfoList(QDir::Files | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot))
        if (!info.isDir() && isFrameFileName(info.fileName()))
            names << info.fileName();
    return names;
}

/// Removes the hidden folders of exports into this folder whose process is gone (killed while it
/// rendered): their frame files, then the folder itself if nothing else is in it.
void removeAbandonedStaging(const QString& directory)
{
    static const QRegularExpression name(QStringLiteral("^\\.frictionlab-frames-([0-9]+)-[A-Za-z0-9]+$"));
    for (const QFileInfo& info : QDir(directory).entryInfoList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot)) {
        const QRegularExpressionMatch m = name.match(info.fileName());
        if (!m.hasMatch() || info.isSymLink())
            continue;
        bool ok = false;
        const qint64 pid = m.captured(1).toLongLong(&ok);
        if (!ok || pid == ::getpid() || !processIsGone(pid))
            continue; // its process may still be writing
        QDir stale(info.filePath());
        for (const QString& frame : frameFilesIn(stale.path()))
            stale.remove(frame);
        QDir(directory).rmdir(info.fileName()); // fails, harmlessly, if anything else is left
    }
}

/// What every frame of a job shares: the run's column names and state ranges, and the drawing's
/// size so far (it only shrinks, as in the view, so that the video does not pulse).
struct FrameContext {
    std::shared_ptr<const std::vector<std::string>> states, outputs;
    std::shared_ptr<const std::vector<double>> low, high;
    double shrink = 1.0;
};

bool writeFrame(const AnimationJob& job, const QString& directory, int k, FrameContext& c, QString* error)
{
    const fl::RunResult& r = job.run->result;
    const size_t i = sampleIndexAt(r.t, job.frameTime(k));
    PlaybackFrame frame = frameAt(r, i, c.states, c.outputs, kTrailSamples, trailStride(r));
    frame.rangeLow = c.low;
    frame.rangeHigh = c.high;
    QImage image(job.size, QImage::Format_RGB32);
    {
        QPainter painter(&image);
        SceneLayout layout;
        paintScene(painter, sceneOf(job.run->scenario, frame), QRectF(QPointF(0, 0), QSizeF(job.size)), job.style, &layout, c.shrink);
        c.shrink = std::min(c.shrink, layout.shrink);
    }
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    const QString path = QDir(directory).filePath(frameName(k));
    if (!image.save(&png, "PNG")) {
        *error = QStringLiteral("cannot encode %1 as PNG").arg(path);
        return false;
    }
    // The staging folder is this export's own: no marked temporary and no scan for stale ones per
    // frame (writeFileSafely), only the checked write.
    SafeFileWriter file(path);
    return file.open(error) && file.write(png.data().constData(), png.data().size(), error) && file.commit(error);
}

/// Encodes the frames in frames (the staging folder: this export's and no others).
bool encode(const AnimationJob& job, const QString& frames, QString* error)
{
    // ffmpeg writes a temporary file that replaces the video only when encoding succeeded.
    const QString partial = job.videoPath + QStringLiteral(".part") + (job.video == VideoFormat::Gif ? QStringLiteral(".gif") : QStringLiteral(".mp4"));
    AnimationJob temp = job;
    temp.videoPath = partial;
    temp.directory = frames;
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(job.ffmpeg, ffmpegArguments(temp));
    if (!process.waitForStarted(10'000) || !process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0) {
        const QStringList lines = QString::fromLocal8Bit(process.readAll()).trimmed().split(QLatin1Char('\n'));
        *error = QStringLiteral("ffmpeg failed: %1").arg(lines.isEmpty() || lines.back().isEmpty() ? process.errorString() : lines.back());
        QFile::remove(partial);
        return false;
    }
    QFile::remove(job.videoPath);
    if (!QFile::rename(partial, job.videoPath)) {
        *error = QStringLiteral("cannot move the video to %1").arg(job.videoPath);
        return false;
    }
    return true;
}

/// Makes the staged frames the folder's: first every older frame file goes (so that a stop half-way
/// leaves a shorter run of this export's frames, never a mix), then the new ones move in, in order.
bool moveFramesIn(const QString& staging, const QString& directory, int total, AnimationOutcome& out)
{
    QDir folder(directory);
    const QStringList old = frameFilesIn(directory);
    for (const QString& name : old) {
        if (!folder.remove(name)) {
            out.error = QStringLiteral("cannot remove the older frame %1 (the new frames were not moved in)").arg(folder.filePath(name));
            return false;
        }
        ++out.replaced;
    }
    for (int k = 0; k < total; ++k) {
        if (!QFile::rename(QDir(staging).filePath(frameName(k)), folder.filePath(frameName(k)))) {
            out.error = QStringLiteral("cannot move %1 into the folder (it holds this export's first %2 frames)")
                            .arg(frameName(k)).arg(k);
            return false;
        }
        out.frames = k + 1;
    }
    return true;
}

} // namespace

bool isFrameFileName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^frame_([0-9]{5,})\\.png$"));
    const QRegularExpressionMatch m = pattern.match(name);
    if (!m.hasMatch())
        return false;
    bool ok = false;
    const int number = m.captured(1).toInt(&ok);
    return ok && number >= 1 && frameName(number - 1) == name; // no extra leading zeros
}

int AnimationJob::frameCount() const
{
    if (!(to > from) || speed <= 0.0 || fps <= 0)
        return 1;
    return static_cast<int>(std::floor((to - from) / speed * fps + 1e-9)) + 1;
}

double AnimationJob::frameTime(int k) const
{
    return from + speed * k / fps;
}

QString ffmpegPath()
{
    return QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
}

QStringList ffmpegArguments(const AnimationJob& job)
{
    QStringList args = {QStringLiteral("-y"), QStringLiteral("-loglevel"), QStringLiteral("error"), QStringLiteral("-framerate"),
                        QString::number(job.fps), QStringLiteral("-i"), QDir(job.directory).filePath(framePattern())};
    if (job.video == VideoFormat::Gif)
        args << QStringLiteral("-vf") << QStringLiteral("split[a][b];[a]palettegen[p];[b][p]paletteuse");
    else
        args << QStringLiteral("-c:v") << QStringLiteral("libx264") << QStringLiteral("-pix_fmt") << QStringLiteral("yuv420p")
             << QStringLiteral("-vf") << QStringLiteral("pad=ceil(iw/2)*2:ceil(ih/2)*2");
    args << job.videoPath;
    return args;
}

AnimationOutcome writeAnimation(const AnimationJob& job, const std::atomic<bool>* cancel, const std::function<void(int, int)>& progress)
{
    AnimationOutcome out;
    if (!job.run || job.run->result.size() == 0) {
        out.error = QStringLiteral("no computed run to animate");
        return out;
    }
    if (!QDir().mkpath(job.directory)) {
        out.error = QStringLiteral("cannot create the folder %1").arg(job.directory);
        return out;
    }
    removeAbandonedStaging(job.directory);
    // Rendered aside, in the same file system (the frames move in by rename); removed with what it
    // still holds when this returns.
    const QTemporaryDir staging(QDir(job.directory).filePath(stagingPrefix() + QString::number(::getpid()) + QStringLiteral("-XXXXXX")));
    if (!staging.isValid()) {
        out.error = QStringLiteral("cannot create a folder in %1: %2").arg(job.directory, staging.errorString());
        return out;
    }
    FrameContext context;
    context.states = std::make_shared<const std::vector<std::string>>(job.run->result.stateNames);
    context.outputs = std::make_shared<const std::vector<std::string>>(job.run->result.outputNames);
    stateRanges(job.run->result, context.low, context.high);
    const int total = job.frameCount();
    for (int k = 0; k < total; ++k) {
        if (cancel && cancel->load()) {
            out.error = QStringLiteral("cancelled");
            return out;
        }
        if (!writeFrame(job, staging.path(), k, context, &out.error))
            return out;
        if (progress)
            progress(k + 1, total);
    }
    // The video is encoded from the staged frames: this export's, whatever the folder held.
    QString videoError;
    if (job.video != VideoFormat::None) {
        if (job.ffmpeg.isEmpty())
            videoError = QStringLiteral("ffmpeg is not installed (Debian package ffmpeg): only the PNG frames were written");
        else
            encode(job, staging.path(), &videoError);
    }
    if (cancel && cancel->load()) {
        out.error = QStringLiteral("cancelled");
        return out;
    }
    if (!moveFramesIn(staging.path(), job.directory, total, out))
        return out;
    out.error = videoError;
    out.ok = videoError.isEmpty();
    return out;
}

} // namespace fl::ui
