#pragma once
// Writes the mechanism of a computed run as an animation for lecture slides: numbered PNG frames
// always, and an MP4 or GIF encoded by ffmpeg when it is installed (Debian package ffmpeg;
// optional at run time). Pure of widgets: runs on a worker thread.
#include "bridge/run_output.h"
#include "mechanism/scene_style.h"

#include <QSize>
#include <QString>

#include <atomic>
#include <functional>

namespace fl::ui {

enum class VideoFormat { None, Mp4, Gif };

struct AnimationJob {
    RunOutputPtr run;
    SceneStyle style;
    double from = 0.0;          ///< first instant (time units of the run)
    double to = 10.0;           ///< last instant
    double speed = 1.0;         ///< time units per second of video
    int fps = 30;               ///< frames per second of video
    QSize size = QSize(1280, 720);
    QString directory;          ///< numbered frames frame_00001.png, ... go here (see writeAnimation)
    VideoFormat video = VideoFormat::None;
    QString videoPath;          ///< the MP4 or GIF (with video != None)
    QString ffmpeg;             ///< ffmpeg executable (ffmpegPath() by default)

    /// Number of frames: one per 1/fps second of video over [from, to].
    int frameCount() const;
    /// Simulated time of frame k (0-based).
    double frameTime(int k) const;
};

struct AnimationOutcome {
    bool ok = false;
    int frames = 0;             ///< PNG frames now in the folder from this export (0 if it stopped before)
    int replaced = 0;           ///< frame_NNNNN.png files the folder held before (all removed)
    QString error;              ///< one line on failure
};

/// The ffmpeg on PATH, or empty if it is not installed.
QString ffmpegPath();
/// True for a name this export writes: frame_ and the 1-based number as %05d, .png.
bool isFrameFileName(const QString& name);
/// The ffmpeg arguments that encode the job's frames into its video.
QStringList ffmpegArguments(const AnimationJob& job);

/// Renders every frame into a fresh hidden folder inside job.directory, encodes the video from
/// there if asked (so it holds this export's frames and nothing else), then makes the frames the
/// folder's: the folder's other frame_NNNNN.png files (exactly that pattern; nothing else is ever
/// touched) are removed and the new frames moved in. A cancel or a failure before that step
/// leaves the folder as it was (the hidden folder is removed), so the folder never mixes the
/// frames of two exports. progress gets (frames rendered, total); cancel stops between frames
/// with "cancelled".
AnimationOutcome writeAnimation(const AnimationJob& job, const std::atomic<bool>* cancel = nullptr,
                                const std::function<void(int, int)>& progress = {});

} // namespace fl::ui
