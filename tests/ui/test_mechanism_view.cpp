// Tests of ui/mechanism (MechanismView, the scene painter, the animation export): the view draws
// the state it is given (rendered to images), the STICK badge appears exactly in stick, exports
// write usable files, and ffmpeg is called as documented.
#include "mechanism/animation_export.h"
#include "mechanism/animation_export_dialog.h"
#include "mechanism/mechanism_view.h"
#include "mechanism/scene_painter.h"
#include "systems/scenario_setup.h"

#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/model_registry.h"
#include "systems/system_registry.h"

#include "../temp_files.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace fl::ui;

namespace {

/// A belt frame: the block at x moving with velocity v, friction F, in the given mode.
PlaybackFrame beltFrame(double x, double v, double vb, double F, int mode)
{
    auto names = [](std::vector<std::string> n) { return std::make_shared<const std::vector<std::string>>(std::move(n)); };
    return {1.0, mode, names({"x", "v"}), names({"v_r", "F"}), {x, v}, {v - vb, F}, {}, nullptr, nullptr};
}

/// Mean column and count of the pixels of exactly this colour (interiors of filled shapes).
std::pair<double, int> colourCentre(const QImage& image, const QColor& colour, QRect area = QRect())
{
    if (area.isNull())
        area = image.rect();
    double sum = 0.0;
    int count = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            if (image.pixelColor(x, y).rgb() == colour.rgb()) {
                sum += x;
                ++count;
            }
    return {count ? sum / count : -1.0, count};
}

/// A run of the default scenario (the belt) to t_end, with v_b set.
RunOutputPtr beltRun(double tEnd, double vb)
{
    fl::Scenario s = fl::defaultScenario();
    if (!s.params.set("t_end", tEnd).ok() || !s.params.set("v_b", vb).ok())
        return nullptr;
    auto run = std::make_shared<RunOutput>();
    run->scenario = s;
    run->result = fl::simulate(s);
    return run->result.status.ok() ? run : nullptr;
}

/// An executable shell script dir/name (a stand-in for ffmpeg); its path.
QString writeScript(const QTemporaryDir& dir, const QString& name, const QByteArray& body)
{
    const QString path = fltest::writeFile(dir, name, "#!/bin/sh\n" + body);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

/// What a file holds (empty if it cannot be read).
QByteArray contents(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The names in a folder (hidden ones too), sorted.
QStringList entries(const QString& directory)
{
    return QDir(directory).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

/// frame_00001.png .. frame_<n>.png.
QStringList frameNames(int n)
{
    QStringList names;
    for (int k = 1; k <= n; ++k)
        names << QString::asprintf("frame_%05d.png", k);
    return names;
}

/// Each shipped drawing with frames at three instants of its run (cut to 6 s: a published case may
/// run for minutes): the default scenario, every system's first published case by each method it
/// takes (a smooth method's note under the badge is the longest), and the model examples.
std::vector<std::tuple<QString, fl::Scenario, std::vector<PlaybackFrame>>> shippedDrawings()
{
    std::vector<std::tuple<QString, fl::Scenario, std::vector<PlaybackFrame>>> out;
    auto add = [&out](const QString& name, fl::Scenario s) {
        (void)s.params.set("t_end", std::min(6.0, s.params.value("t_end")));
        const fl::RunResult r = fl::simulate(s);
        auto states = std::make_shared<const std::vector<std::string>>(r.stateNames), outputs = std::make_shared<const std::vector<std::string>>(r.outputNames);
        std::shared_ptr<const std::vector<double>> low, high;
        stateRanges(r, low, high);
        std::vector<PlaybackFrame>& frames = std::get<2>(out.emplace_back(name, s, std::vector<PlaybackFrame>()));
        for (double at : {0.2, 0.55, 0.9})
            if (r.status.ok() && !r.t.empty()) {
                frames.push_back(frameAt(r, static_cast<size_t>(at * static_cast<double>(r.t.size() - 1)), states, outputs, kTrailSamples, trailStride(r)));
                frames.back().rangeLow = low;
                frames.back().rangeHigh = high;
            }
    };
    add(QStringLiteral("default"), fl::defaultScenario());
    for (const fl::SystemInfo& system : fl::systems())
        for (const fl::Method method : system.methods)
            if (fl::Scenario s; !system.presets.empty() && fl::applyPreset(system.presets.front().id, s).ok() && (s.method = method, fl::validate(s).ok()))
                add(QString::fromStdString(system.presets.front().id + "-" + fl::methodInfo(method).id), s);
    for (const QFileInfo& file : QDir(QFINDTESTDATA("../../resources/models")).entryInfoList({QStringLiteral("*.flmodel")}))
        if (const fl::ModelRegistration m = fl::registerModel(contents(file.filePath()).toStdString()); m.ok())
            if (fl::Scenario s; fl::makeScenario(m.system->id, fl::lawsOf(*m.system).front()->id, m.system->methods.front(), fl::Regularization::Tanh, s).ok())
                add(file.completeBaseName(), s);
    return out;
}

} // namespace

class TestMechanismView : public QObject {
    Q_OBJECT
private slots:
    void blockPixelPositionIsLinearInX();
    void stickBadgeAppearsExactlyInStick();
    void framesOfAnotherSystemAreNotDrawn();
    void textsNeverOverlapAtAnyScaleOrSize();
    void exportsPngSvgPdf();
    void animationWritesNumberedFrames();
    void animationCallsFfmpegAsDocumented();
    void animationExportReplacesAnEarlierOne();
    void animationStoppedHalfWayLeavesTheFolderAsItWas();
};

void TestMechanismView::blockPixelPositionIsLinearInX()
{
    MechanismView view;
    view.resize(900, 400);
    view.setScenario(fl::defaultScenario());
    const double vb = fl::defaultScenario().params.value("v_b");
    std::vector<double> centres;
    for (double x : {-1.0, 0.0, 1.0, 2.0}) {
        view.showFrame(beltFrame(x, vb, vb, 1.0, 1));
        const QImage image = view.renderImage(QSize(900, 400));
        const auto [centre, count] = colourCentre(image, view.sceneStyle().bodyFill);
        QVERIFY2(count > 200, qPrintable(QStringLiteral("block pixels: %1").arg(count)));
        centres.push_back(centre);
    }
    // Equal steps of x move the block by equal numbers of pixels, to the right.
    const double step = centres[1] - centres[0];
    QVERIFY(step > 10.0);
    for (size_t i = 2; i < centres.size(); ++i)
        QVERIFY2(std::abs((centres[i] - centres[i - 1]) - step) < 1.5,
                 qPrintable(QStringLiteral("steps %1 and %2").arg(step).arg(centres[i] - centres[i - 1])));
}

void TestMechanismView::stickBadgeAppearsExactlyInStick()
{
    MechanismView view;
    view.setScenario(fl::defaultScenario());
    const QSize size(900, 400);
    const QRect badgeArea(size.width() * 2 / 3, 0, size.width() / 3, static_cast<int>(overlayHeight(QRectF(QPoint(), size), SceneStyle())));
    for (int mode : {1, 0}) {
        const double v = mode == 1 ? 0.5 : 1.2;
        view.showFrame(beltFrame(0.7, v, 0.5, mode == 1 ? 0.7 : -1.0, mode));
        QCOMPARE(view.scene().phase, mode == 1 ? fl::ContactPhase::Stick : fl::ContactPhase::Slip);
        const QImage image = view.renderImage(size);
        const int stickPixels = colourCentre(image, view.sceneStyle().stick, badgeArea).second;
        const int slipPixels = colourCentre(image, view.sceneStyle().slip, badgeArea).second;
        if (mode == 1) {
            QVERIFY2(stickPixels > 500, qPrintable(QString::number(stickPixels)));
            QCOMPARE(slipPixels, 0);
        } else {
            QVERIFY2(slipPixels > 500, qPrintable(QString::number(slipPixels)));
            QCOMPARE(stickPixels, 0);
        }
    }
}

void TestMechanismView::framesOfAnotherSystemAreNotDrawn()
{
    MechanismView view;
    fl::Scenario disk;
    QVERIFY(fl::applyPreset("jtam2016-fig4a", disk).ok());
    view.setScenario(disk);
    // A two-variable belt frame for a four-variable disk scenario (a switch in progress).
    view.showFrame(beltFrame(0.0, 0.5, 0.5, 0.0, 1));
    QVERIFY(view.scene().shapes.empty());
    view.renderImage(QSize(300, 200)); // paints "nothing" without reading past the state
}

/// Every shipped drawing at presenter scales 100-300 % in views from 240x160 to 1280x720, from the
/// painter's own record: no text on another or outside the view, no label on a body, no type under
/// 12 px times the scale; at 1280x720 every label and readout is there. FRICTIONLAB_MECHANISM_PNG=DIR
/// saves the views at 200 % (1280x720), at 240x160 and any failing one there as PNG.
void TestMechanismView::textsNeverOverlapAtAnyScaleOrSize()
{
    const QString pngs = qEnvironmentVariable("FRICTIONLAB_MECHANISM_PNG");
    const auto drawings = shippedDrawings();
    QVERIFY(drawings.size() >= fl::systems().size() + 3); // the model examples too
    for (const auto& [name, scenario, frames] : drawings) {
        QVERIFY2(frames.size() == 3, qPrintable(name));
        MechanismView view;
        view.setScenario(scenario);
        for (const double scale : {1.0, 1.5, 2.0, 2.5, 3.0})
            for (const QSize size : {QSize(240, 160), QSize(400, 300), QSize(640, 360), QSize(1280, 720)})
                for (size_t i = 0; i < frames.size(); ++i) {
                    const SceneStyle style{.scale = scale};
                    view.setSceneStyle(style);
                    view.resize(size);
                    view.showFrame(frames[i]);
                    const QImage image = view.grab().toImage();
                    const SceneLayout& layout = view.lastLayout();
                    QStringList problems = layoutProblems(layout, QRectF(view.rect()), style);
                    if (size.width() == 1280 && layout.labelsLeftOut + layout.readoutsLeftOut > 0)
                        problems << QStringLiteral("%1 labels, %2 readouts left out").arg(layout.labelsLeftOut).arg(layout.readoutsLeftOut);
                    const QString where = QStringLiteral("%1-%2-%3x%4-%5").arg(name).arg(scale * 100).arg(size.width()).arg(size.height()).arg(i);
                    if (!pngs.isEmpty() && (!problems.isEmpty() || (i == 1 && (size.width() == 240 || (scale == 2.0 && size.width() == 1280)))))
                        image.save(QStringLiteral("%1/%2.png").arg(pngs, where));
                    QVERIFY2(problems.isEmpty(), qPrintable(where + QStringLiteral(": ") + problems.join(QStringLiteral("; "))));
                }
    }
}

void TestMechanismView::exportsPngSvgPdf()
{
    MechanismView view;
    view.resize(600, 300);
    view.setScenario(fl::defaultScenario());
    view.showFrame(beltFrame(0.3, 0.5, 0.5, 0.3, 1));
    QTemporaryDir dir;
    for (const char* name : {"m.png", "m.svg", "m.pdf"}) {
        QString error;
        QVERIFY2(view.exportTo(dir.filePath(QLatin1String(name)), &error), qPrintable(error));
        QVERIFY(QFileInfo(dir.filePath(QLatin1String(name))).size() > 500);
    }
    QCOMPARE(QImage(dir.filePath(QStringLiteral("m.png"))).size(), QSize(1200, 600));
    QVERIFY(contents(dir.filePath(QStringLiteral("m.svg"))).contains("STICK"));
    QString error;
    QVERIFY(!view.exportTo(dir.filePath(QStringLiteral("m.bmpx")), &error));
    QVERIFY(error.contains(QStringLiteral("unknown format")));
}

void TestMechanismView::animationWritesNumberedFrames()
{
    QTemporaryDir dir;
    const AnimationJob job{.run = beltRun(5.0, fl::defaultScenario().params.value("v_b")), .style = {}, .from = 1.0, .to = 3.0, .speed = 2.0, .fps = 10,
                           .size = QSize(320, 160), .directory = dir.filePath(QStringLiteral("frames")),
                           .videoPath = {}, .ffmpeg = {}};
    QVERIFY(job.run);
    QCOMPARE(job.frameCount(), 11); // 1 s of video at 10 frames/s, both ends included
    QCOMPARE(job.frameTime(10), 3.0);
    int reported = 0;
    const AnimationOutcome out = writeAnimation(job, nullptr, [&](int done, int total) {
        QCOMPARE(total, 11);
        reported = done;
    });
    QVERIFY2(out.ok, qPrintable(out.error));
    QCOMPARE(out.frames, 11);
    QCOMPARE(reported, 11);
    QCOMPARE(QImage(QDir(job.directory).filePath(QStringLiteral("frame_00011.png"))).size(), QSize(320, 160));
    QVERIFY(!QFile::exists(QDir(job.directory).filePath(QStringLiteral("frame_00012.png"))));
    // Frames differ as the block moves.
    QVERIFY(QImage(QDir(job.directory).filePath(QStringLiteral("frame_00001.png")))
            != QImage(QDir(job.directory).filePath(QStringLiteral("frame_00006.png"))));
    // A cancel stops between frames.
    std::atomic<bool> cancel{true};
    const AnimationOutcome cancelled = writeAnimation(job, &cancel);
    QVERIFY(!cancelled.ok);
    QCOMPARE(cancelled.error, QStringLiteral("cancelled"));
}

void TestMechanismView::animationCallsFfmpegAsDocumented()
{
    QTemporaryDir dir;
    // A stand-in ffmpeg that records its arguments and writes the output file it is given last.
    const QString fake = writeScript(dir, QStringLiteral("ffmpeg"), "echo \"$@\" > \"$(dirname \"$0\")/args.txt\"\nfor last; do :; done\necho video > \"$last\"\n");
    AnimationJob job{.run = beltRun(2.0, fl::defaultScenario().params.value("v_b")), .style = {}, .from = 0.0, .to = 1.0, .fps = 5, .size = QSize(200, 100),
                     .directory = dir.filePath(QStringLiteral("frames")), .video = VideoFormat::Mp4, .videoPath = dir.filePath(QStringLiteral("out.mp4")),
                     .ffmpeg = fake};
    QVERIFY(job.run);
    const AnimationOutcome out = writeAnimation(job);
    QVERIFY2(out.ok, qPrintable(out.error));
    QVERIFY(QFile::exists(job.videoPath));
    QVERIFY(!QFile::exists(job.videoPath + QStringLiteral(".part.mp4")));
    const QString line = QString::fromUtf8(contents(dir.filePath(QStringLiteral("args.txt"))));
    QVERIFY2(line.contains(QStringLiteral("-framerate 5 -i ")) && line.contains(QStringLiteral("frame_%05d.png"))
                 && line.contains(QStringLiteral("libx264")), qPrintable(line));
    // Without ffmpeg, asking for a video writes the frames and says why there is no video.
    job.ffmpeg.clear();
    const AnimationOutcome none = writeAnimation(job);
    QVERIFY(!none.ok);
    QVERIFY(none.error.contains(QStringLiteral("ffmpeg is not installed")));
    QCOMPARE(none.frames, job.frameCount());
}

/// An export of 0-20 (601 frames), then one of 0-5 (151 frames) of another run,
/// through the dialog into the same folder: the folder holds exactly the second export's frames (no
/// frame 152-601 of the first run is left), the files that are not its frames stay, the status says
/// what was replaced, and the video step is given only the second export's frames.
void TestMechanismView::animationExportReplacesAnEarlierOne()
{
    const RunOutputPtr first = beltRun(20.0, 0.5);
    const RunOutputPtr second = beltRun(20.0, 1.5); // v_b changed
    QVERIFY(first && second);
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("frames"));
    QVERIFY(QDir().mkpath(folder));
    // Files of the user's that only look like frames, and a folder with a frame's name: never touched.
    const QStringList others = {QStringLiteral("notes.txt"), QStringLiteral("frame_1.png"), QStringLiteral("frame_000001.png"),
                                QStringLiteral("frame_00002.png.bak"), QStringLiteral("frame_00000.png"), QStringLiteral("Frame_00003.png")};
    for (const QString& name : others)
        fltest::writeFile(dir, QStringLiteral("frames/") + name, "mine");
    QVERIFY(QDir(folder).mkdir(QStringLiteral("frame_00900.png")));

    // A stand-in ffmpeg that records the frames of the folder it is given (-i DIR/frame_%05d.png).
    const QString fake = writeScript(dir, QStringLiteral("ffmpeg"), "while [ \"$1\" != -i ]; do shift; done\n"
                                     "ls \"$(dirname \"$2\")\" | grep -c '^frame_[0-9]*\\.png$' > \"$(dirname \"$0\")/seen.txt\"\n"
                                     "for last; do :; done\necho video > \"$last\"\n");

    auto exportThrough = [&](const RunOutputPtr& run, double to, QString* summary, QString* info) {
        AnimationExportDialog dialog(run, SceneStyle(), QSize(160, 90));
        dialog.folderEdit()->setText(folder);
        dialog.fromBox()->setValue(0.0);
        dialog.toBox()->setValue(to);
        *info = dialog.infoLabel()->text();
        const bool ok = dialog.run();
        *summary = dialog.summary();
        return ok;
    };
    QString summary, info;
    QVERIFY(exportThrough(first, 20.0, &summary, &info));
    QVERIFY2(summary.startsWith(QStringLiteral("Wrote 601 frames")) && !summary.contains(QStringLiteral("replacing")), qPrintable(summary));
    QVERIFY2(!info.contains(QStringLiteral("earlier export")), qPrintable(info));
    const QImage firstLast(QDir(folder).filePath(QStringLiteral("frame_00151.png")));
    QVERIFY(!firstLast.isNull());

    QVERIFY(exportThrough(second, 5.0, &summary, &info));
    QVERIFY2(info.contains(QStringLiteral("holds 601 frames of an earlier export")), qPrintable(info));
    QVERIFY2(summary.startsWith(QStringLiteral("Wrote 151 frames")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("replacing the 601 frames of an earlier export")), qPrintable(summary));
    QStringList expected = frameNames(151) + others;
    expected << QStringLiteral("frame_00900.png");
    expected.sort();
    QCOMPARE(entries(folder), expected); // nothing of the first export's frames 152-601, no hidden folder left
    // The frames are the second run's: its frame 151 differs from the first run's.
    QVERIFY(QImage(QDir(folder).filePath(QStringLiteral("frame_00151.png"))) != firstLast);
    for (const QString& name : others)
        QCOMPARE(contents(QDir(folder).filePath(name)), QByteArray("mine"));

    // The video step reads this export's frames and no others.
    RunOutputPtr third = beltRun(20.0, 1.0);
    QVERIFY(third);
    const AnimationJob job{.run = third, .style = {}, .from = 0.0, .to = 2.0, .fps = 10, .size = QSize(160, 90), .directory = folder,
                           .video = VideoFormat::Mp4, .videoPath = QDir(folder).filePath(QStringLiteral("animation.mp4")), .ffmpeg = fake};
    const AnimationOutcome out = writeAnimation(job);
    QVERIFY2(out.ok, qPrintable(out.error));
    QCOMPARE(out.frames, 21);
    QCOMPARE(out.replaced, 151);
    QCOMPARE(contents(dir.filePath(QStringLiteral("seen.txt"))).trimmed(), QByteArray("21"));
    expected = frameNames(21) + others;
    expected << QStringLiteral("frame_00900.png") << QStringLiteral("animation.mp4");
    expected.sort();
    QCOMPARE(entries(folder), expected);
}

/// A cancel or a failure half-way leaves the folder with the earlier export's frames, untouched.
void TestMechanismView::animationStoppedHalfWayLeavesTheFolderAsItWas()
{
    const RunOutputPtr first = beltRun(10.0, 0.5);
    const RunOutputPtr second = beltRun(10.0, 1.5);
    QVERIFY(first && second);
    QTemporaryDir dir;
    AnimationJob job{.run = first, .style = {}, .from = 0.0, .to = 2.0, .fps = 10, .size = QSize(160, 90), .directory = dir.filePath(QStringLiteral("frames")),
                     .videoPath = {}, .ffmpeg = {}};
    AnimationOutcome out = writeAnimation(job);
    QVERIFY2(out.ok, qPrintable(out.error));
    QCOMPARE(entries(job.directory), frameNames(21));
    QHash<QString, QByteArray> before;
    for (const QString& name : frameNames(21))
        QVERIFY(!(before[name] = contents(QDir(job.directory).filePath(name))).isEmpty());
    auto unchanged = [&] {
        if (entries(job.directory) != frameNames(21))
            return false;
        const QStringList names = frameNames(21);
        return std::all_of(names.begin(), names.end(), [&](const QString& name) { return contents(QDir(job.directory).filePath(name)) == before[name]; });
    };

    // Cancelled after 10 of 41 frames of another run.
    job.run = second;
    job.to = 4.0;
    std::atomic<bool> cancel{false};
    out = writeAnimation(job, &cancel, [&](int done, int) {
        if (done == 10)
            cancel.store(true);
    });
    QVERIFY(!out.ok);
    QCOMPARE(out.error, QStringLiteral("cancelled"));
    QCOMPARE(out.frames, 0);
    QVERIFY(unchanged());

    // A failure half-way: after frame 10 a folder takes the place of frame 11 in the hidden folder
    // the export renders into (a failed write that root cannot override either).
    cancel.store(false);
    out = writeAnimation(job, &cancel, [&](int done, int) {
        if (done != 10)
            return;
        const QStringList staging = QDir(job.directory).entryList({QStringLiteral(".frictionlab-frames-*")}, QDir::Dirs | QDir::Hidden);
        if (staging.size() == 1)
            QDir(QDir(job.directory).filePath(staging.front())).mkdir(QStringLiteral("frame_00011.png"));
    });
    QVERIFY(!out.ok);
    QVERIFY2(out.error.contains(QStringLiteral("frame_00011.png")), qPrintable(out.error));
    QCOMPARE(out.frames, 0);
    QVERIFY(unchanged());

    // The hidden folder of an export whose process was killed is removed by the next export into
    // the folder (frame files only; here the process id of a process that has ended).
    QProcess ended;
    ended.start(QStringLiteral("true"), {});
    QVERIFY(ended.waitForStarted(10000));
    const qint64 pid = ended.processId();
    QVERIFY(ended.waitForFinished(10000));
    const QString abandoned = QStringLiteral(".frictionlab-frames-%1-AbC123").arg(pid);
    QVERIFY(QDir(job.directory).mkdir(abandoned));
    QFile stale(QDir(job.directory).filePath(abandoned + QStringLiteral("/frame_00001.png")));
    QVERIFY(stale.open(QIODevice::WriteOnly));
    stale.close();
    job.run = first;
    job.to = 2.0;
    out = writeAnimation(job);
    QVERIFY2(out.ok, qPrintable(out.error));
    QCOMPARE(out.replaced, 21);
    QVERIFY(unchanged()); // the same export again: the same bytes, and the abandoned folder is gone
}

QTEST_MAIN(TestMechanismView)
#include "test_mechanism_view.moc"
