#include "mechanism/animation_export.h"

#include "bridge/playback_frame.h"
#include "mechanism/mechanism_view.h"
#include "mechanism/scene_painter.h"
#include "bridge/safe_file.h"

#include <QDir>
#include <QFile>
#include <QPainter>
#include <QProcess>
#include <QBuffer>
#include <QStandardPaths>

#include <cmath>

namespace fl::ui {
namespace {

QString framePattern() { return QStringLiteral("frame_%05d.png"); }

QString frameName(int k) { return QString::asprintf("frame_%05d.png", k + 1); }

/// What every frame of a job shares: the run's column names and state ranges.
struct FrameContext {
    std::shared_ptr<const std::vector<std::string>> states, outputs;
    std::shared_ptr<const std::vector<double>> low, high;
};

bool writeFrame(const AnimationJob& job, int k, const FrameContext& c, QString* error)
{
    const fl::RunResult& r = job.run->result;
    const size_t i = sampleIndexAt(r.t, job.frameTime(k));
    PlaybackFrame frame = frameAt(r, i, c.states, c.outputs, kTrailSamples, trailStride(r));
    frame.rangeLow = c.low;
    frame.rangeHigh = c.high;
    QImage image(job.size, QImage::Format_RGB32);
    {
        QPainter painter(&image);
        paintScene(painter, sceneOf(job.run->scenario, frame), QRectF(QPointF(0, 0), QSizeF(job.size)), job.style);
    }
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    const QString path = QDir(job.directory).filePath(frameName(k));
    if (!image.save(&png, "PNG")) {
        *error = QStringLiteral("cannot encode %1 as PNG").arg(path);
        return false;
    }
    return writeFileSafely(path, png.data(), error);
}

bool encode(const AnimationJob& job, QString* error)
{
    // ffmpeg writes a temporary file that replaces the video only when encoding succeeded.
    const QString partial = job.videoPath + QStringLiteral(".part") + (job.video == VideoFormat::Gif ? QStringLiteral(".gif") : QStringLiteral(".mp4"));
    AnimationJob temp = job;
    temp.videoPath = partial;
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

} // namespace

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
        if (!writeFrame(job, k, context, &out.error))
            return out;
        out.frames = k + 1;
        if (progress)
            progress(k + 1, total);
    }
    if (job.video != VideoFormat::None) {
        if (job.ffmpeg.isEmpty()) {
            out.error = QStringLiteral("ffmpeg is not installed (Debian package ffmpeg): only the PNG frames were written");
            return out;
        }
        if (!encode(job, &out.error))
            return out;
    }
    out.ok = true;
    return out;
}

} // namespace fl::ui
