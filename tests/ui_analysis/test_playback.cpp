// Tests of the playback in the real main window (ui/playback, ui/widgets/main_window_playback):
// every cursor shows the same instant, Space plays and pauses, the scrub bar moves the cursors,
// live mode continues from the instant on screen when a parameter changes, bad input pauses with
// the field's message, and a solver failure stops live play with a message.
#include "analysis/poincare_view.h"
#include "analysis/workbench.h"
#include "mechanism/mechanism_view.h"
#include "playback/playback_bar.h"
#include "playback/playback_controller.h"
#include "widgets/characteristic_plot.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"

#include "bridge/simulation_controller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QSlider>
#include <QTest>

#include "../ui/widget_input.h"

#include <cmath>

using namespace fl::ui;
using fl::ui::test::selectData;
using fl::ui::test::typeInto;

namespace {

double dotX(QCPGraph* dot) { return dot->data()->constBegin()->key; }
double dotY(QCPGraph* dot) { return dot->data()->constBegin()->value; }

} // namespace

class TestPlayback : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void everyCursorShowsTheSameInstant();
    void spaceTogglesPlay();
    void scrubBarMovesTheCursors();
    void playingAdvancesAndLoops();
    void liveChangeContinuesFromTheCurrentInstant();
    void liveResetGoesBackToTheStart();
    void badInputDuringPlayPausesWithTheMessage();
    void solverFailureStopsLivePlayWithAMessage();
    void mechanismOnlyFillsTheArea();
    void liveMethodChangeContinues();
    void liveChangeOfTheStateSizeStartsAgain();
    void guiCommandLine();
    void guiCommandLineEscapesWhatItEchoes();

private:
    MainWindow* m_window = nullptr;
    Workbench* m_workbench = nullptr;
};

void TestPlayback::init()
{
    m_window = new MainWindow;
    m_workbench = new Workbench(*m_window);
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->currentRun() && m_window->playback()->run(), 20000);
}

void TestPlayback::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestPlayback::everyCursorShowsTheSameInstant()
{
    MainWindow& w = *m_window;
    w.playback()->seek(37.25);
    const PlaybackFrame& f = w.playback()->frame();
    QVERIFY(f.valid());
    QCOMPARE(f.t, 37.25);
    QCOMPARE(w.timeHistoryPlot()->cursorLine()->point1->key(), f.t);
    QVERIFY(w.timeHistoryPlot()->cursorLine()->visible());
    QCOMPARE(dotX(w.phasePortraitPlot()->cursorDot()), f.value("x"));
    QCOMPARE(dotY(w.phasePortraitPlot()->cursorDot()), f.value("v"));
    QCOMPARE(dotX(w.characteristicPlot()->cursorDot()), f.value("v_r"));
    QCOMPARE(dotY(w.characteristicPlot()->cursorDot()), f.value("F"));
    QVERIFY(m_workbench->viewAs<fl::ui::PoincareView>("poincare")->cursorDot()->visible());
    QCOMPARE(dotX(m_workbench->viewAs<fl::ui::PoincareView>("poincare")->cursorDot()), f.state[size_t(m_workbench->viewAs<fl::ui::PoincareView>("poincare")->horizontalVariable())]);
    QCOMPARE(w.findChild<fl::ui::MechanismView*>()->frame().t, f.t);
    QVERIFY(!w.findChild<fl::ui::MechanismView*>()->scene().shapes.empty());
    // The frame lies on the run: between two samples, linearly interpolated for display.
    const fl::RunResult& r = w.currentRun()->result;
    const size_t i = sampleIndexAt(r.t, f.t);
    const double weight = (f.t - r.t[i]) / (r.t[i + 1] - r.t[i]);
    QVERIFY(weight >= 0.0 && weight < 1.0);
    QVERIFY(qFuzzyCompare(f.state[0], r.state(i, 0) + weight * (r.state(i + 1, 0) - r.state(i, 0))));
}

void TestPlayback::spaceTogglesPlay()
{
    MainWindow& w = *m_window;
    QVERIFY(!w.playback()->isPlaying());
    QTest::keyClick(&w, Qt::Key_Space);
    QVERIFY(w.playback()->isPlaying());
    QCOMPARE(w.findChild<fl::ui::PlaybackBar*>()->playAction()->text(), QStringLiteral("Pause"));
    QTest::keyClick(&w, Qt::Key_Space);
    QVERIFY(!w.playback()->isPlaying());
    // A text field keeps its spaces: Space typed there does not toggle play.
    QLineEdit* field = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->editor();
    field->setFocus();
    QTest::keyClick(field, Qt::Key_Space);
    QVERIFY(!w.playback()->isPlaying());
}

void TestPlayback::scrubBarMovesTheCursors()
{
    MainWindow& w = *m_window;
    QSlider* scrub = w.findChild<fl::ui::PlaybackBar*>()->scrubBar();
    scrub->setValue(scrub->maximum() / 2);
    const double half = 0.5 * (w.playback()->begin() + w.playback()->end());
    QVERIFY(std::abs(w.playback()->frame().t - half) < 0.05);
    QCOMPARE(w.timeHistoryPlot()->cursorLine()->point1->key(), w.playback()->frame().t);
    QCOMPARE(w.findChild<fl::ui::MechanismView*>()->frame().t, w.playback()->frame().t);
    scrub->setValue(scrub->maximum());
    QCOMPARE(w.playback()->frame().t, w.playback()->end());
    QVERIFY(w.findChild<fl::ui::PlaybackBar*>()->timeLabel()->text().startsWith(QStringLiteral("t = 200.000")));
    // Step back one sample with ",".
    QTest::keyClick(&w, Qt::Key_Comma);
    QVERIFY(std::abs(w.playback()->frame().t - (w.playback()->end() - 0.01)) < 1e-9);
}

void TestPlayback::playingAdvancesAndLoops()
{
    MainWindow& w = *m_window;
    QComboBox* speed = w.findChild<fl::ui::PlaybackBar*>()->speedBox();
    QTest::keyClick(&w, Qt::Key_BracketRight); // 2x
    QCOMPARE(w.playback()->speed(), 2.0);
    QCOMPARE(speed->currentText(), QStringLiteral("2×"));
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(&w, Qt::Key_BracketRight);
    QCOMPARE(w.playback()->speed(), 16.0);
    w.playback()->seek(199.0);
    w.playback()->play();
    // At 16x one second of simulated time passes in 1/16 s: the run wraps to its start.
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().t < 50.0, 5000);
    QVERIFY(w.playback()->isPlaying());
    w.findChild<fl::ui::PlaybackBar*>()->loopBox()->setChecked(false);
    w.playback()->seek(199.5);
    QTRY_VERIFY_WITH_TIMEOUT(!w.playback()->isPlaying(), 5000);
    QCOMPARE(w.playback()->frame().t, 200.0);
}

void TestPlayback::liveChangeContinuesFromTheCurrentInstant()
{
    MainWindow& w = *m_window;
    QTest::keyClick(&w, Qt::Key_L);
    QVERIFY(w.isLive());
    QVERIFY(w.playback()->isPlaying());
    QVERIFY(w.findChild<fl::ui::PlaybackBar*>()->windowBox()->isVisible());
    QTest::keyClick(&w, Qt::Key_BracketRight);
    QTest::keyClick(&w, Qt::Key_BracketRight); // 4x
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().t > 3.0, 10000);
    // Live plots show the live window, not the 200-unit computed run.
    QTRY_VERIFY_WITH_TIMEOUT(w.timeHistoryPlot()->curve(QStringLiteral("x"))
                                 && w.timeHistoryPlot()->curve(QStringLiteral("x"))->dataCount() < 2000, 5000);
    const quint64 runs = w.controller()->latestRunId();
    w.playback()->pause();
    const PlaybackFrame before = w.playback()->frame();
    QSlider* slider = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->slider();
    typeInto(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->editor(), QStringLiteral("0.3"));
    QCOMPARE(w.findChild<fl::ui::ParameterPanel*>()->scenario().params.value("v_b"), 0.3);
    Q_UNUSED(slider);
    // No new run from t = 0: the live simulation goes on from the frame on screen.
    QCOMPARE(w.controller()->latestRunId(), runs);
    // It restarts from the computed sample at or before the (interpolated) instant on screen.
    QVERIFY(w.playback()->frame().t <= before.t && w.playback()->frame().t > before.t - 0.01 - 1e-12);
    QCOMPARE(w.playback()->liveScenario().params.value("v_b"), 0.3);
    w.playback()->play();
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().t > before.t + 1.0, 10000);
    // Continuous: x changed by at most |v| dt per sample from the frame on screen.
    const PlaybackFrame after = w.playback()->frame();
    QVERIFY(after.t > before.t);
    QVERIFY(std::abs(after.value("x") - before.value("x")) < 10.0 * (after.t - before.t) + 1e-9);
    // The change acts: in stick the block now moves with the slower belt (an orbit of velocity
    // amplitude >= 0.5 reaches v = 0.3 within a period of about 2 pi).
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().mode == 1 && w.playback()->frame().value("v") == 0.3, 20000);
    QTest::keyClick(&w, Qt::Key_L);
    QVERIFY(!w.isLive());
    QTRY_VERIFY_WITH_TIMEOUT(w.currentRun()->scenario.params.value("v_b") == 0.3, 20000);
}

void TestPlayback::liveResetGoesBackToTheStart()
{
    MainWindow& w = *m_window;
    w.setLive(true);
    QTest::keyClick(&w, Qt::Key_BracketRight);
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().t > 2.0, 10000);
    QTest::keyClick(&w, Qt::Key_Home);
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().valid() && w.playback()->frame().t < 1.0, 5000);
    QVERIFY(w.playback()->isPlaying());
}

void TestPlayback::badInputDuringPlayPausesWithTheMessage()
{
    MainWindow& w = *m_window;
    w.setLive(true);
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().t > 0.5, 10000);
    typeInto(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("mu_s"))->editor(), QStringLiteral("-3"));
    QVERIFY(!w.playback()->isPlaying());
    const double t = w.playback()->frame().t;
    QVERIFY2(w.statusMessage().contains(QStringLiteral("[0, 10]")), qPrintable(w.statusMessage()));
    QTest::qWait(200);
    QCOMPARE(w.playback()->frame().t, t);
    QVERIFY(!w.findChild<fl::ui::MechanismView*>()->scene().shapes.empty());
}

void TestPlayback::solverFailureStopsLivePlayWithAMessage()
{
    MainWindow& w = *m_window;
    // The explicit method on a stiff law with a tiny step limit fails within the first chunk.
    fl::Scenario s = w.findChild<fl::ui::ParameterPanel*>()->scenario();
    s.method = fl::Method::Explicit;
    QVERIFY(s.params.set("eps", 1e-8).ok());
    QVERIFY(s.params.set("max_steps", 100).ok());
    w.loadScenario(s);
    QTRY_VERIFY_WITH_TIMEOUT(!w.controller()->isRunning(), 20000);
    w.setLive(true);
    QTRY_VERIFY_WITH_TIMEOUT(w.statusMessage().contains(QStringLiteral("Live run stopped")), 10000);
    QVERIFY2(w.statusMessage().contains(QStringLiteral("step limit")), qPrintable(w.statusMessage()));
    QVERIFY(!w.playback()->isPlaying());
}

void TestPlayback::mechanismOnlyFillsTheArea()
{
    MainWindow& w = *m_window;
    const int before = w.findChild<fl::ui::MechanismView*>()->width();
    QTest::keySequence(&w, QKeySequence(QStringLiteral("Ctrl+M")));
    QVERIFY(w.isMechanismOnly());
    QTRY_VERIFY(w.findChild<fl::ui::MechanismView*>()->width() > before + 200);
    QVERIFY(!w.timeHistoryPlot()->isVisible());
    QTest::keySequence(&w, QKeySequence(QStringLiteral("Ctrl+M")));
    QVERIFY(!w.isMechanismOnly());
    QVERIFY(w.timeHistoryPlot()->isVisible());
}

void TestPlayback::liveMethodChangeContinues()
{
    MainWindow& w = *m_window;
    w.setLive(true);
    QTest::keyClick(&w, Qt::Key_BracketRight);
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().t > 2.0, 10000);
    QVERIFY(w.playback()->frame().mode >= 0);
    const double t = w.playback()->frame().t;
    QComboBox* method = w.findChild<fl::ui::ParameterPanel*>()->methodCombo();
    method->setCurrentIndex(method->findData(QStringLiteral("regularized")));
    QVERIFY(w.playback()->liveScenario().method == fl::Method::Regularized);
    // No reset: the smooth law takes over from the instant on screen (no modes any more).
    QVERIFY(w.playback()->frame().t > t - 0.02);
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().t > t + 0.5 && w.playback()->frame().mode == -1, 10000);
    QVERIFY(w.isLive());
}

/// S5: typing another n in live mode changes the size of the state; the live run starts again from
/// the new chain's initial state (before, the old frame's state went to a chain of another size).
void TestPlayback::liveChangeOfTheStateSizeStartsAgain()
{
    MainWindow& w = *m_window;
    QVERIFY(w.loadPreset(QStringLiteral("bk-chain-two")));
    QTRY_VERIFY_WITH_TIMEOUT(w.currentRun() && w.currentRun()->scenario.systemId == "bk-chain", 20000);
    w.setLive(true);
    QTest::keyClick(&w, Qt::Key_BracketRight);
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().t > 2.0, 10000);
    typeInto(w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("n"))->editor(), QStringLiteral("5"));
    QCOMPARE(w.playback()->liveScenario().params.value("n"), 5.0);
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().state.size() == 10, 20000);
    QVERIFY(w.playback()->frame().t < 1.0); // from the start
    w.playback()->play();
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->frame().t > 1.0, 20000);
    QCOMPARE(w.playback()->frame().state.size(), size_t(10));
    QVERIFY(w.isLive());
    QVERIFY2(!w.statusMessage().contains(QStringLiteral("cannot")), qPrintable(w.statusMessage()));
}

void TestPlayback::guiCommandLine()
{
    QProcess process;
    process.setProcessEnvironment([] {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        return env;
    }());
    process.start(QStringLiteral(FRICTIONLAB_GUI_BINARY), {QStringLiteral("--preset"), QStringLiteral("nature2031-fig1")});
    QVERIFY(process.waitForFinished(20000));
    QCOMPARE(process.exitCode(), 2);
    QVERIFY(QString::fromLocal8Bit(process.readAllStandardError()).contains(QStringLiteral("unknown preset 'nature2031-fig1'")));
    process.start(QStringLiteral(FRICTIONLAB_GUI_BINARY), {QStringLiteral("--help")});
    QVERIFY(process.waitForFinished(20000));
    const QString help = QString::fromLocal8Bit(process.readAllStandardOutput());
    QVERIFY2(help.contains(QStringLiteral("--preset <ID>")) && help.contains(QStringLiteral("--play")), qPrintable(help));
}

/// The window's messages on standard error echo what was typed (a preset id, an option)
/// with ESC, BEL and U+202E (right-to-left override) escaped as the CLI does, never raw.
void TestPlayback::guiCommandLineEscapesWhatItEchoes()
{
    QTemporaryDir dir;
    QProcess process;
    process.setProcessEnvironment([&] {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path()); // no Qt warning line on stderr
        return env;
    }());
    const QString hostile = QStringLiteral("ab\x1b]0;owned\x07\u202Ecd\x1b[2J");
    const QList<std::pair<QStringList, QString>> cases = {
        {{QStringLiteral("--preset"), hostile}, QStringLiteral("frictionlab: unknown preset 'ab\\u001b]0;owned\\u0007\\u202ecd\\u001b[2J'")},
        {{QStringLiteral("--") + hostile}, QStringLiteral("frictionlab: Unknown option 'ab\\u001b]0;owned\\u0007\\u202ecd\\u001b[2J'")},
    };
    for (const auto& [arguments, expected] : cases) {
        process.start(QStringLiteral(FRICTIONLAB_GUI_BINARY), arguments);
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitCode(), 2);
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(err.startsWith(expected), qPrintable(err));
        for (const QChar raw : {QChar(0x1b), QChar(0x07), QChar(0x202e)})
            QVERIFY2(!err.contains(raw), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 1);
    }
}

QTEST_MAIN(TestPlayback)
#include "test_playback.moc"
