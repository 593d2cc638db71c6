#include "mechanism/animation_export_dialog.h"
#include "bridge/job_runner.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QEventLoop>

#include <algorithm>

namespace fl::ui {

AnimationExportDialog::AnimationExportDialog(const RunOutputPtr& run, const SceneStyle& style, QSize viewSize, QWidget* parent)
    : QDialog(parent), m_run(run), m_style(style), m_ffmpeg(ffmpegPath())
{
    setWindowTitle(tr("Export animation"));
    const double t0 = run->result.t.front(), t1 = run->result.t.back();
    const bool si = run->scenario.systemId == "pendulum";
    const QString unit = si ? tr(" s") : QString();
    auto timeBox = [&](double value) {
        auto* box = new QDoubleSpinBox;
        box->setRange(t0, t1);
        box->setDecimals(3);
        box->setSuffix(unit);
        box->setValue(value);
        box->setToolTip(tr("Simulated time, %1 .. %2").arg(t0).arg(t1));
        return box;
    };
    m_from = timeBox(t0);
    m_to = timeBox(std::min(t1, t0 + 20.0));
    m_speed = new QDoubleSpinBox;
    m_speed->setRange(1.0 / 16.0, 16.0);
    m_speed->setDecimals(4);
    m_speed->setValue(1.0);
    m_speed->setSuffix(si ? tr(" s per second") : tr(" time units per second"));
    m_speed->setToolTip(tr("Simulated time per second of video, 1/16 .. 16"));
    m_fps = new QSpinBox;
    m_fps->setRange(5, 60);
    m_fps->setValue(30);
    m_fps->setSuffix(tr(" frames/s"));
    m_width = new QSpinBox;
    m_height = new QSpinBox;
    for (QSpinBox* box : {m_width, m_height}) {
        box->setRange(160, 3840);
        box->setSuffix(tr(" px"));
    }
    m_width->setValue(std::max(640, viewSize.width()));
    m_height->setValue(std::max(320, viewSize.height()));
    m_folder = new QLineEdit(QDir::home().filePath(QStringLiteral("frictionlab_frames")));
    m_folder->setToolTip(tr("Numbered PNG frames (frame_00001.png, …) are written here. An export replaces the frames "
                            "of an earlier one: once all its frames are rendered, the folder's other frame_NNNNN.png "
                            "files are removed (no other file is touched), so the folder and the video hold this "
                            "export's frames only. A cancelled or failed export leaves the folder as it was."));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, &AnimationExportDialog::chooseFolder);
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    m_video = new QComboBox;
    m_video->addItem(tr("PNG frames only"), static_cast<int>(VideoFormat::None));
    m_video->addItem(tr("PNG frames + MP4 (H.264)"), static_cast<int>(VideoFormat::Mp4));
    m_video->addItem(tr("PNG frames + GIF"), static_cast<int>(VideoFormat::Gif));
    if (m_ffmpeg.isEmpty()) {
        for (int i : {1, 2})
            m_video->setItemData(i, 0, Qt::UserRole - 1); // disabled
        m_video->setToolTip(tr("MP4 and GIF need ffmpeg (Debian package ffmpeg), which is not installed"));
    }
    m_info = new QLabel;
    m_info->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("From"), m_from);
    form->addRow(tr("To"), m_to);
    form->addRow(tr("Speed"), m_speed);
    form->addRow(tr("Frame rate"), m_fps);
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Height"), m_height);
    form->addRow(tr("Folder"), folderRow);
    form->addRow(tr("Output"), m_video);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (this->run())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_info);
    layout->addWidget(buttons);
    for (QDoubleSpinBox* box : {m_from, m_to, m_speed})
        connect(box, &QDoubleSpinBox::valueChanged, this, &AnimationExportDialog::updateInfo);
    connect(m_fps, &QSpinBox::valueChanged, this, &AnimationExportDialog::updateInfo);
    connect(m_folder, &QLineEdit::textChanged, this, &AnimationExportDialog::updateInfo);
    updateInfo();
}

AnimationJob AnimationExportDialog::job() const
{
    AnimationJob j;
    j.run = m_run;
    j.style = m_style;
    j.from = m_from->value();
    j.to = m_to->value();
    j.speed = m_speed->value();
    j.fps = m_fps->value();
    j.size = QSize(m_width->value(), m_height->value());
    j.directory = m_folder->text();
    j.video = static_cast<VideoFormat>(m_video->currentData().toInt());
    j.videoPath = QDir(j.directory).filePath(j.video == VideoFormat::Gif ? QStringLiteral("animation.gif") : QStringLiteral("animation.mp4"));
    j.ffmpeg = m_ffmpeg;
    return j;
}

void AnimationExportDialog::updateInfo()
{
    const AnimationJob j = job();
    QString text = tr("%1 frames, %2 s of video.").arg(j.frameCount()).arg((j.to - j.from) / j.speed, 0, 'f', 1);
    if (m_ffmpeg.isEmpty())
        text += QLatin1Char(' ') + tr("ffmpeg is not installed: MP4 and GIF are unavailable (apt install ffmpeg); PNG frames are always written.");
    else
        text += QLatin1Char(' ') + tr("Video: %1/animation.mp4 or .gif").arg(QDir::toNativeSeparators(j.directory));
    int earlier = 0;
    for (const QString& name : QDir(j.directory).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot))
        earlier += isFrameFileName(name) ? 1 : 0;
    if (earlier > 0)
        text += QLatin1Char(' ') + tr("The folder holds %1 frames of an earlier export: this export replaces them.").arg(earlier);
    m_info->setText(text);
}

void AnimationExportDialog::chooseFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the frames"), m_folder->text());
    if (!dir.isEmpty())
        m_folder->setText(dir);
}

bool AnimationExportDialog::run()
{
    const AnimationJob j = job();
    if (!(j.to > j.from)) {
        QMessageBox::warning(this, tr("Export animation"), tr("'To' must be later than 'From'."));
        return false;
    }
    QProgressDialog progress(tr("Writing %1 frames…").arg(j.frameCount()), tr("Cancel"), 0, j.frameCount(), this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(200);
    // In the export writers' lane (bridge/job_runner.h): its cancel, its progress every 50 ms.
    JobRunner writer(JobLane::Export);
    QEventLoop loop;
    AnimationOutcome outcome;
    connect(&progress, &QProgressDialog::canceled, &writer, &JobRunner::cancel);
    connect(&writer, &JobRunner::progress, &progress, [&progress](long long done) { progress.setValue(static_cast<int>(done)); });
    connect(&writer, &JobRunner::statusChanged, &loop, [&](JobStatus status) {
        if (status == JobStatus::Failed) { // an exception in the writer: no result comes
            outcome.error = writer.errorMessage();
            loop.quit();
        }
    });
    writer.start(
        [j](JobContext& context) {
            return writeAnimation(j, context.cancelFlag(), [&context](int k, int n) { context.report(k, n); });
        },
        [&outcome, &loop](const AnimationOutcome& written) {
            outcome = written;
            loop.quit();
        });
    loop.exec();
    const QString replaced = outcome.replaced > 0 ? tr(" (replacing the %1 frames of an earlier export)").arg(outcome.replaced) : QString();
    if (!outcome.ok) {
        if (outcome.error != QLatin1String("cancelled"))
            QMessageBox::warning(this, tr("Export animation"), outcome.error);
        if (outcome.frames == 0)
            m_summary = tr("Animation export: %1 (the folder is unchanged)").arg(outcome.error);
        else
            m_summary = tr("Animation export: %1 (%2 frames written%3)").arg(outcome.error).arg(outcome.frames).arg(replaced);
        return false;
    }
    m_summary = tr("Wrote %1 frames to %2%3%4").arg(outcome.frames).arg(QDir::toNativeSeparators(j.directory),
        j.video == VideoFormat::None ? QString() : tr(" and %1").arg(QDir::toNativeSeparators(j.videoPath)), replaced);
    return true;
}

} // namespace fl::ui
