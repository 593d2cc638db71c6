// Tests of ui/mechanism (MechanismView, the scene painter, the animation export): the view draws
// the state it is given (rendered to images), the STICK badge appears exactly in stick, exports
// write usable files, and ffmpeg is called as documented.
#include "mechanism/animation_export.h"
#include "mechanism/mechanism_view.h"
#include "mechanism/scene_painter.h"
#include "systems/scenario_setup.h"

#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/system_registry.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace fl::ui;

namespace {

/// A belt frame: the block at x moving with velocity v, friction F, in the given mode.
PlaybackFrame beltFrame(double x, double v, double vb, double F, int mode)
{
    PlaybackFrame f;
    f.t = 1.0;
    f.mode = mode;
    f.stateNames = std::make_shared<const std::vector<std::string>>(std::vector<std::string>{"x", "v"});
    f.outputNames = std::make_shared<const std::vector<std::string>>(std::vector<std::string>{"v_r", "F"});
    f.state = {x, v};
    f.outputs = {v - vb, F};
    return f;
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

} // namespace

class TestMechanismView : public QObject {
    Q_OBJECT
private slots:
    void blockPixelPositionIsLinearInX();
    void stickBadgeAppearsExactlyInStick();
    void framesOfAnotherSystemAreNotDrawn();
    void exportsPngSvgPdf();
    void animationWritesNumberedFrames();
    void animationCallsFfmpegAsDocumented();
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
    QFile svg(dir.filePath(QStringLiteral("m.svg")));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("STICK"));
    QString error;
    QVERIFY(!view.exportTo(dir.filePath(QStringLiteral("m.bmpx")), &error));
    QVERIFY(error.contains(QStringLiteral("unknown format")));
}

void TestMechanismView::animationWritesNumberedFrames()
{
    fl::Scenario s = fl::defaultScenario();
    QVERIFY(s.params.set("t_end", 5.0).ok());
    auto run = std::make_shared<RunOutput>();
    run->scenario = s;
    run->result = fl::simulate(s);
    QVERIFY(run->result.status.ok());
    QTemporaryDir dir;
    AnimationJob job;
    job.run = run;
    job.from = 1.0;
    job.to = 3.0;
    job.speed = 2.0;
    job.fps = 10;
    job.size = QSize(320, 160);
    job.directory = dir.filePath(QStringLiteral("frames"));
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
    fl::Scenario s = fl::defaultScenario();
    QVERIFY(s.params.set("t_end", 2.0).ok());
    auto run = std::make_shared<RunOutput>();
    run->scenario = s;
    run->result = fl::simulate(s);
    QTemporaryDir dir;
    // A stand-in ffmpeg that records its arguments and writes the output file it is given last.
    const QString fake = dir.filePath(QStringLiteral("ffmpeg"));
    QFile script(fake);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args.txt\"\nfor last; do :; done\necho video > \"$last\"\n");
    script.close();
    script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    AnimationJob job;
    job.run = run;
    job.from = 0.0;
    job.to = 1.0;
    job.fps = 5;
    job.size = QSize(200, 100);
    job.directory = dir.filePath(QStringLiteral("frames"));
    job.video = VideoFormat::Mp4;
    job.videoPath = dir.filePath(QStringLiteral("out.mp4"));
    job.ffmpeg = fake;
    const AnimationOutcome out = writeAnimation(job);
    QVERIFY2(out.ok, qPrintable(out.error));
    QVERIFY(QFile::exists(job.videoPath));
    QVERIFY(!QFile::exists(job.videoPath + QStringLiteral(".part.mp4")));
    QFile args(dir.filePath(QStringLiteral("args.txt")));
    QVERIFY(args.open(QIODevice::ReadOnly));
    const QString line = QString::fromUtf8(args.readAll());
    QVERIFY2(line.contains(QStringLiteral("-framerate 5 -i ")) && line.contains(QStringLiteral("frame_%05d.png"))
                 && line.contains(QStringLiteral("libx264")), qPrintable(line));
    // Without ffmpeg, asking for a video writes the frames and says why there is no video.
    job.ffmpeg.clear();
    const AnimationOutcome none = writeAnimation(job);
    QVERIFY(!none.ok);
    QVERIFY(none.error.contains(QStringLiteral("ffmpeg is not installed")));
    QCOMPARE(none.frames, job.frameCount());
}

QTEST_MAIN(TestMechanismView)
#include "test_mechanism_view.moc"
