// Sessions and lectures in the real window: every field survives save -> open, each system keeps
// its values, a broken file changes nothing, PageDown / PageUp step through a lecture's scenes,
// the shipped lecture's scenes all run, the last session comes back on start.
#include "../temp_files.h"
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"
#include "analysis/poincare_view.h"
#include "analysis/workbench.h"
#include "bridge/session_setups.h"
#include "session_setup_harness.h"
#include "playback/playback_bar.h"
#include "playback/playback_controller.h"
#include "presenter/appearance.h"
#include "presenter/presenter_bar.h"
#include "session/scene_caption.h"
#include "model/model_manager.h"
#include "session/open_at_start.h"
#include "session/session_manager.h"
#include "session/session_view.h"
#include "systems/scenario_setup.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"

#include "systems/system_registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace fl::ui;

namespace {

using Window = fl::ui::test::SetupWindow;

QByteArray document(const SessionState& state)
{
    Session session;
    session.state = state;
    return writeSession(session);
}

using fltest::writeFile;

/// The pendulum of Acta Fig. 6b, saved as the last session (restoring on).
void saveThePendulumAsTheLastSession()
{
    SessionManager::setRestoreLastEnabled(true);
    Window a;
    QVERIFY(a.waitForRun());
    QVERIFY(a.window.loadPreset(QStringLiteral("acta2016-fig6b")));
    QVERIFY(a.sessions->saveLast());
}

} // namespace

class TestSessionManager : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("FrictionLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_session_manager"));
    }

    /// No key sequence belongs to two actions of the full window, nor twice to one: Qt calls that
    /// "ambiguous" and the key then does nothing (the random drive found Ctrl++ and Ctrl+-).
    void everyShortcutIsUnambiguous()
    {
        Window w;
        QMap<QKeySequence, QString> owner;
        int count = 0;
        for (QAction* a : w.window.findChildren<QAction*>()) {
            const QList<QKeySequence> keys = a->shortcuts();
            for (int i = 0; i < keys.size(); ++i) {
                const QString name = a->text().remove(QLatin1Char('&'));
                QVERIFY2(!owner.contains(keys[i]), qPrintable(keys[i].toString() + QStringLiteral(": ") + owner.value(keys[i]) + QStringLiteral(" and ") + name));
                owner.insert(keys[i], name);
                ++count;
            }
        }
        QVERIFY2(count >= 20, qPrintable(QString::number(count))); // the window's shortcuts were found
    }

    /// Every field the window holds is saved and comes back exactly in a new window.
    void saveAndOpenRestoreEveryField()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("every-field.frictionlab"));
        SessionState saved;
        {
            Window a;
            QVERIFY(a.waitForRun());
            // The disk from a preset, then back to the belt with an edit: both are remembered.
            QVERIFY(a.window.loadPreset(QStringLiteral("jtam2016-fig4a")));
            QVERIFY(a.waitForRun());
            fl::Scenario belt = fl::defaultScenario();
            QVERIFY(belt.params.set("v_b", 0.37).ok());
            QVERIFY(belt.params.set("zeta", 0.02).ok());
            a.window.loadScenario(belt);
            QVERIFY(a.waitForRun());
            Appearance dark;
            dark.themeId = QStringLiteral("dark");
            dark.scale = 1.5;
            a.window.setAppearance(dark);
            a.window.setPlotLayout(PlotLayout::MechanismAndPhasePortrait);
            a.window.setPanelShown(false);
            a.window.timeHistoryPlot()->setViewLocked(true);
            a.window.timeHistoryPlot()->xAxis->setRange(2.5, 17.25);
            a.window.timeHistoryPlot()->yAxis->setRange(-1.5, 3.75);
            a.window.phasePortraitPlot()->setAngleWrap(true);
            fl::SweepSpec spec = fl::defaultSweep(belt);
            spec.parameter = "v_b";
            spec.from = 0.2;
            spec.to = 1.4;
            spec.steps = 37;
            spec.direction = fl::SweepDirection::Both;
            a.bench->viewAs<fl::ui::BifurcationView>("bifurcation")->setupPanel()->setSpec(spec);
            a.window.findChild<fl::ui::PlaybackBar*>()->speedBox()->setCurrentIndex(6);
            a.window.playback()->setSpeed(a.window.findChild<fl::ui::PlaybackBar*>()->speedBox()->currentData().toDouble());
            a.window.findChild<fl::ui::PlaybackBar*>()->loopBox()->setChecked(true);
            a.window.findChild<fl::ui::PlaybackBar*>()->windowBox()->setValue(20.0);
            a.window.showSideView(a.bench->viewAs<fl::ui::PoincareView>("poincare"));
            a.window.showView(a.bench->viewAs<fl::ui::BifurcationView>("bifurcation"));
            saved = captureState(a.window);
            QCOMPARE(saved.otherSystems.size(), size_t(1));
            QCOMPARE(saved.otherSystems[0].systemId, std::string("disk"));
            QCOMPARE(saved.view.tab, QStringLiteral("bifurcation"));
            QCOMPARE(saved.view.sideTab, QStringLiteral("poincare"));
            QCOMPARE(saved.view.layout, QStringLiteral("mechanism-phase"));
            QVERIFY(storedSweep(saved) && storedSweep(saved)->steps == 37);
            QVERIFY(a.sessions->saveAs(path));
            QVERIFY(!a.sessions->isModified());
            QVERIFY(a.window.windowTitle().contains(QStringLiteral("every-field.frictionlab")));
        }
        Window b;
        QVERIFY(b.waitForRun());
        QVERIFY(b.sessions->open(path));
        QVERIFY(b.waitForRun());
        QTest::qWait(50);
        const SessionState restored = captureState(b.window);
        QCOMPARE(QString::fromUtf8(document(restored)), QString::fromUtf8(document(saved)));
        QCOMPARE(b.window.findChild<fl::ui::ParameterPanel*>()->scenario().params.value("v_b"), 0.37);
        QCOMPARE(currentAppearance().themeId, QStringLiteral("dark"));
        QVERIFY(!b.window.isPanelShown());
        // The disk's values come back when the user switches to it.
        QComboBox* system = b.window.findChild<fl::ui::ParameterPanel*>()->systemCombo();
        system->setCurrentIndex(system->findData(QStringLiteral("disk")));
        QCOMPARE(b.window.findChild<fl::ui::ParameterPanel*>()->scenario().params.value("eta"), 4.98);
        Appearance light;
        b.window.setAppearance(light);
    }

    /// S1 -> S2 -> S1 through the system box keeps the edits of S1.
    void eachSystemKeepsItsValues()
    {
        Window w;
        QVERIFY(w.waitForRun());
        ParameterRow* vb = w.window.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"));
        QVERIFY(vb);
        fl::Scenario edited = w.window.findChild<fl::ui::ParameterPanel*>()->scenario();
        QVERIFY(edited.params.set("v_b", 0.61).ok());
        w.window.findChild<fl::ui::ParameterPanel*>()->loadScenario(edited);
        QComboBox* system = w.window.findChild<fl::ui::ParameterPanel*>()->systemCombo();
        system->setCurrentIndex(system->findData(QStringLiteral("pendulum")));
        QCOMPARE(w.window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("pendulum"));
        system->setCurrentIndex(system->findData(QStringLiteral("belt")));
        QCOMPARE(w.window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("belt"));
        QCOMPARE(w.window.findChild<fl::ui::ParameterPanel*>()->scenario().params.value("v_b"), 0.61);
    }

    /// A broken file is refused with a message naming the problem; nothing changes.
    void brokenFileChangesNothing()
    {
        QTemporaryDir dir;
        Window w;
        QVERIFY(w.waitForRun());
        QVERIFY(w.window.loadPreset(QStringLiteral("belt-stick-slip")) || w.window.loadPreset(QStringLiteral("jtam2016-fig4a")));
        const QByteArray before = document(captureState(w.window));
        Session good;
        QByteArray text = writeSession(good);
        const QString truncated = dir.filePath(QStringLiteral("truncated.frictionlab"));
        QFile file(truncated);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text.left(text.size() / 2));
        file.close();
        QString error;
        QVERIFY(!w.sessions->open(truncated, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(w.window.statusMessage().contains(QStringLiteral("Not opened")));
        QCOMPARE(QString::fromUtf8(document(captureState(w.window))), QString::fromUtf8(before));
        QVERIFY(w.sessions->filePath().isEmpty());
    }

    /// A lecture made in the window: PageDown / PageUp step through its scenes, each scene shows
    /// its state, title and note.
    void pageDownStepsScenes()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lecture.frictionlab"));
        {
            Window a;
            QVERIFY(a.waitForRun());
            a.sessions->addScene(QStringLiteral("Default"), QStringLiteral("Stick-slip of the block"));
            QVERIFY(a.window.loadPreset(QStringLiteral("jtam2016-fig4a")));
            a.sessions->addScene(QStringLiteral("Disk"), QStringLiteral("Translation and rotation"));
            QVERIFY(a.window.loadPreset(QStringLiteral("acta2016-fig6b")));
            a.sessions->addScene(QStringLiteral("Pendulum"), QString());
            QCOMPARE(a.sessions->sceneCount(), 3);
            QVERIFY(a.sessions->goToScene(0));
            QVERIFY(a.sessions->saveAs(path));
        }
        Window b;
        QVERIFY(b.sessions->open(path));
        QCOMPARE(b.sessions->sceneCount(), 3);
        QCOMPARE(b.sessions->currentScene(), 0);
        QVERIFY(b.sessions->caption()->isVisible());
        QCOMPARE(b.sessions->caption()->titleText(), QStringLiteral("Default"));
        b.window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&b.window));
        QTest::keyClick(&b.window, Qt::Key_PageDown);
        QCOMPARE(b.sessions->currentScene(), 1);
        QCOMPARE(b.window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("disk"));
        QCOMPARE(b.sessions->caption()->noteText(), QStringLiteral("Translation and rotation"));
        QVERIFY(b.window.windowTitle().contains(QStringLiteral("JTAM")) || b.window.windowTitle().contains(QStringLiteral("η")));
        QTest::keyClick(&b.window, Qt::Key_PageDown);
        QCOMPARE(b.window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("pendulum"));
        QTest::keyClick(&b.window, Qt::Key_PageDown); // stays on the last scene
        QCOMPARE(b.sessions->currentScene(), 2);
        QTest::keyClick(&b.window, Qt::Key_PageUp);
        QCOMPARE(b.sessions->currentScene(), 1);
        QCOMPARE(b.window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("disk"));
        // The scene's run is simulated (runs of the scenes passed on the way may show first).
        QTRY_VERIFY_WITH_TIMEOUT(b.window.currentRun() && b.window.currentRun()->scenario.systemId == "disk", 60000);
    }

    /// Every scene of the shipped lecture opens and simulates without an error.
    void shippedLectureRuns()
    {
        Window w;
        QVERIFY(w.sessions->open(QStringLiteral(":/lectures/stick-slip-in-ten-scenes.frictionlab")));
        QCOMPARE(w.sessions->sceneCount(), 10);
        QVERIFY(w.sessions->filePath().isEmpty()); // shipped: Save asks for a file
        for (int i = 0; i < 10; ++i) {
            QSignalSpy shown(&w.window, &MainWindow::runDisplayed);
            QVERIFY(w.sessions->goToScene(i));
            QVERIFY2(shown.wait(60000), qPrintable(QStringLiteral("scene %1 did not run").arg(i + 1)));
            QVERIFY2(!w.window.statusMessage().contains(QStringLiteral("failed")), qPrintable(w.window.statusMessage()));
            QVERIFY(!w.sessions->caption()->titleText().isEmpty());
            QVERIFY(!w.sessions->caption()->noteText().isEmpty());
            // A picture of each scene as the hall sees it (looked at by hand; not compared).
            QTest::qWait(100);
            w.window.grab().save(QStringLiteral("lecture_scene_%1.png").arg(i + 1, 2, 10, QLatin1Char('0')));
        }
    }

    /// frictionlab FILE: a broken file, a missing one, a scene the lecture does not
    /// have or a broken model opens the window with the last good state and a dialog that names the
    /// file and the reason; the application binary stays up with it (it exited 2 before, with a line
    /// on a standard error that a double click never shows).
    void brokenFilesOpenTheWindowWithTheReason()
    {
        QTemporaryDir dir;
        const QString broken = writeFile(dir, QStringLiteral("broken.frictionlab"),
                                         "{\"format\": \"frictionlab-session\", \"version\": 1, \"state\": {\"system\": 7}}");
        const QString model = writeFile(dir, QStringLiteral("bad.flmodel"), "flmodel 1\nname \"bad\"\ncoord x\ncontact c\n    slip = x*x\n    law = coulomb\n");
        const QString lecture = QStringLiteral(FRICTIONLAB_SOURCE_DIR "/resources/lectures/stick-slip-in-ten-scenes.frictionlab");
        saveThePendulumAsTheLastSession(); // the last good state
        struct Case {
            StartRequest request;
            QString says;
        };
        // A name with ESC and a right-to-left override (U+202E), and an error that quotes one from
        // the file: shown escaped (\u001b, \u202e), never raw.
        const QString hostile = writeFile(dir, QStringLiteral("a\x1b[2J\u202Eb.frictionlab"),
                                          "{\"format\": \"frictionlab-session\", \"version\": 1, \"state\": {\"system\": \"evil\u202Eabc\"}}");
        const QList<Case> cases = {{{broken, 0, false}, QStringLiteral("broken.frictionlab")},
                                   {{hostile, 0, false}, QStringLiteral("a\\u001b[2J\\u202eb.frictionlab")},
                                   {{dir.filePath(QStringLiteral("missing.frictionlab")), 0, false}, QStringLiteral("missing.frictionlab")},
                                   {{lecture, 11, false}, QStringLiteral("there is no scene 11")},
                                   {{model, 0, false}, QStringLiteral("bad.flmodel:5:12")}};
        int picture = 0;
        for (const Case& c : cases) {
            Window w;
            auto* models = new ModelManager(w.window);
            const QString reason = openAtStart(c.request, *w.sessions, *models);
            QVERIFY2(reason.contains(c.says), qPrintable(reason));
            for (const QChar raw : {QChar(0x1b), QChar(0x202e)})
                QVERIFY2(!reason.contains(raw), qPrintable(reason));
            if (c.request.scene == 0) // the last good state, not the default one
                QCOMPARE(w.window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("pendulum"));
            showOpenFailure(w.window, reason);
            auto* box = w.window.findChild<QMessageBox*>(QStringLiteral("openFailedDialog"));
            QVERIFY(box && box->isVisible());
            QCOMPARE(box->text(), reason);
            box->grab().save(QStringLiteral("open_failed_%1.png").arg(picture++));
            QTest::keyClick(box, Qt::Key_Return);
        }
        QProcess gui;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        gui.setProcessEnvironment(environment);
        gui.start(QStringLiteral(FRICTIONLAB_GUI_BINARY), {broken});
        QVERIFY(gui.waitForStarted(30000));
        QVERIFY2(!gui.waitForFinished(3000), qPrintable(QString::fromUtf8(gui.readAllStandardError()))); // the window, not an exit
        gui.kill();
        gui.waitForFinished(10000);
    }

    /// Lock-out: a last session whose restore never finished at the previous start
    /// (killed, crashed or hung before its first run ended), or that cannot be read, is set aside with
    /// a message and not tried again; a restore that finishes clears its mark.
    void aLastSessionThatFailedIsSetAside()
    {
        saveThePendulumAsTheLastSession();
        {
            Window b;
            QVERIFY(b.sessions->restoreLast());
            QVERIFY(QSettings().value(QStringLiteral("session/restoring")).toBool()); // until its first run ends
            QVERIFY(b.waitForRun());
            QVERIFY(!QSettings().contains(QStringLiteral("session/restoring")));
        }
        QSettings().setValue(QStringLiteral("session/restoring"), true); // as a start killed mid-restore leaves it
        {
            Window c;
            QVERIFY(!c.sessions->restoreLast());
            QCOMPARE(c.window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("belt"));
            QVERIFY(!QFile::exists(SessionManager::lastSessionPath()));
            QVERIFY(QFile::exists(c.sessions->setAsidePath()));
            QVERIFY2(c.window.statusMessage().contains(QStringLiteral("set aside")), qPrintable(c.window.statusMessage()));
            QVERIFY(!QSettings().contains(QStringLiteral("session/restoring")));
            QFile::remove(c.sessions->setAsidePath());
        }
        QFile last(SessionManager::lastSessionPath()); // a last session that cannot be read
        QVERIFY(last.open(QIODevice::WriteOnly));
        last.write("{\"format\": \"frictionlab-session\", \"vers");
        last.close();
        {
            Window d;
            QVERIFY(!d.sessions->restoreLast());
            QVERIFY(!QFile::exists(SessionManager::lastSessionPath()));
            QVERIFY(QFile::exists(d.sessions->setAsidePath()));
            QFile::remove(d.sessions->setAsidePath());
        }
        Window e; // nothing left to restore: the default scenario
        QVERIFY(!e.sessions->restoreLast());
        QVERIFY(e.sessions->setAsidePath().isEmpty());
    }

    /// Closing keeps the state as the last session; the next start restores it unless the
    /// setting is off.
    void lastSessionComesBack()
    {
        QFile::remove(SessionManager::lastSessionPath());
        SessionManager::setRestoreLastEnabled(true);
        {
            Window a;
            QVERIFY(a.waitForRun());
            QVERIFY(a.window.loadPreset(QStringLiteral("acta2016-fig6b")));
            a.window.close();
        }
        QVERIFY(QFile::exists(SessionManager::lastSessionPath()));
        {
            Window b;
            QVERIFY(b.sessions->restoreLast());
            QCOMPARE(b.window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("pendulum"));
            QCOMPARE(b.window.currentPresetId(), QStringLiteral("acta2016-fig6b"));
        }
        SessionManager::setRestoreLastEnabled(false);
        Window c;
        QVERIFY(!c.sessions->restoreLast());
        QCOMPARE(c.window.findChild<fl::ui::ParameterPanel*>()->scenario().systemId, std::string("belt"));
        SessionManager::setRestoreLastEnabled(true);
    }
};

QTEST_MAIN(TestSessionManager)
#include "test_session_manager.moc"
