// A lecture in front of a hall, driven with real key events to the focused widget: the projector
// set-up (scale, theme, full screen, panel) stays through every scene, every scene starts at its
// own time, Space plays and pauses throughout (also after typing a value). The window at every
// scale: test_window_fit. Run on a 1280x720 offscreen screen (QT_QPA_PLATFORM=offscreen:configfile=...).
#include "lecture_app.h"
#include "systems/scenario_setup.h"

#include "analysis/eps_study_view.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/workbench.h"
#include "mechanism/mechanism_view.h"
#include "playback/playback_bar.h"
#include "playback/playback_controller.h"
#include "presenter/appearance.h"
#include "presenter/presenter_bar.h"
#include "session/scene_caption.h"
#include "session/session_manager.h"
#include "widgets/lecture_keys.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "widgets/time_history_plot.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QScrollBar>
#include <QTabBar>

#include <qcustomplot.h>
#include <QApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QScreen>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace fl::ui;
using namespace fl::ui::test;

namespace {

/// The room's set-up as the lecturer made it.
struct RoomLook {
    double scale;
    QString theme;
    bool fullScreen;
    bool panel;
};

QString lookOf(const MainWindow& w)
{
    return QStringLiteral("scale %1, theme %2, full screen %3, panel %4")
        .arg(currentAppearance().scale)
        .arg(currentAppearance().themeId)
        .arg(w.isPresenterMode())
        .arg(w.isPanelShown());
}

bool hasLook(const MainWindow& w, const RoomLook& look)
{
    return currentAppearance().scale == look.scale && currentAppearance().themeId == look.theme
           && w.isPresenterMode() == look.fullScreen && w.isPanelShown() == look.panel;
}

} // namespace

class TestLectureFlow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { startLectureTest("test_lecture_flow"); }

    /// F11, Ctrl+= twice, the dark theme, the panel collapsed; the lecture opened; then PageDown
    /// through all ten scenes with Space, a typed value and Return, Space again, PageUp.
    void keysOnlyWalkThroughTheShippedLecture()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(waitForRun(w));
        w.focusLecture();
        press(w, Qt::Key_F11);
        press(w, Qt::Key_Equal, Qt::ControlModifier);
        press(w, Qt::Key_Equal, Qt::ControlModifier);
        press(w, Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier); // light -> dark
        press(w, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier); // panel collapsed
        const RoomLook room{1.5, QStringLiteral("dark"), true, false};
        QVERIFY2(hasLook(w, room), qPrintable(lookOf(w)));

        QVERIFY(app.sessions->open(kLecture));
        QCOMPARE(app.sessions->sceneCount(), 10);
        QVERIFY(waitForRun(w));
        QVERIFY2(hasLook(w, room), qPrintable(QStringLiteral("after opening the lecture: ") + lookOf(w)));
        QCOMPARE(app.sessions->currentScene(), 0);

        press(w, Qt::Key_Space);
        QVERIFY(w.playback()->isPlaying());
        for (int i = 0; i < 4; ++i)
            press(w, Qt::Key_BracketRight); // 16x: the old time is far from 0 before each PageDown
        for (int scene = 1; scene < 10; ++scene) {
            QTRY_VERIFY_WITH_TIMEOUT(w.playback()->time() > 4.0, 20000);
            QSignalSpy shown(&w, &MainWindow::runDisplayed);
            press(w, Qt::Key_PageDown);
            QCOMPARE(app.sessions->currentScene(), scene);
            QVERIFY2(shown.wait(60000), qPrintable(QStringLiteral("scene %1 did not run").arg(scene + 1)));
            // Its own time (0 for every shipped scene): a moment of play at 16x at most.
            QVERIFY2(w.playback()->time() < 2.0,
                     qPrintable(QStringLiteral("scene %1 starts at t = %2").arg(scene + 1).arg(w.playback()->time())));
            QVERIFY2(w.playback()->isPlaying(), qPrintable(QStringLiteral("scene %1 does not play").arg(scene + 1)));
            QVERIFY2(hasLook(w, room), qPrintable(QStringLiteral("scene %1: ").arg(scene + 1) + lookOf(w)));
            QVERIFY(!app.sessions->caption()->titleText().isEmpty());

            if (scene == 1) {
                // A value typed into a field and Return: Space plays and pauses again, not a space
                // in the field.
                press(w, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier); // the panel, to type
                QVERIFY(w.isPanelShown());
                QLineEdit* field = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("mu_s"))->editor();
                QTest::mouseClick(field, Qt::LeftButton);
                QTRY_COMPARE(QApplication::focusWidget(), field);
                field->selectAll();
                press(w, Qt::Key_Backspace);
                QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("2.5"));
                press(w, Qt::Key_Return);
                QVERIFY2(!LectureKeys::isTextEntry(QApplication::focusWidget()), "Return left the keys in the field");
                QVERIFY(waitForRun(w));
                QCOMPARE(w.findChild<fl::ui::ParameterPanel*>()->scenario().params.value("mu_s"), 2.5);
                const bool before = w.playback()->isPlaying();
                press(w, Qt::Key_Space);
                QCOMPARE(w.playback()->isPlaying(), !before);
                QCOMPARE(field->text(), QStringLiteral("2.5"));
                press(w, Qt::Key_Space);
                QCOMPARE(w.playback()->isPlaying(), before);
                if (!w.playback()->isPlaying())
                    press(w, Qt::Key_Space);
                press(w, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
                QVERIFY2(hasLook(w, room), qPrintable(lookOf(w)));
            }
        }
        QSignalSpy shown(&w, &MainWindow::runDisplayed);
        press(w, Qt::Key_PageUp);
        QCOMPARE(app.sessions->currentScene(), 8);
        QVERIFY(shown.wait(60000));
        QVERIFY2(hasLook(w, room), qPrintable(QStringLiteral("PageUp: ") + lookOf(w)));
        QVERIFY(w.playback()->isPlaying());
        press(w, Qt::Key_Space);
        QVERIFY(!w.playback()->isPlaying());
        w.setPresenterMode(false);
    }

    /// A scene saved with "keep this look" sets it; a scene's own start time is kept in the file.
    void aSceneKeepsItsLookOnlyWhenSavedSo()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(waitForRun(w));
        Appearance plain;
        w.setAppearance(plain);
        app.sessions->addScene(QStringLiteral("plain"), QString());
        Appearance big;
        big.scale = 2.0;
        big.themeId = QStringLiteral("high-contrast");
        w.setAppearance(big);
        w.setPanelShown(false);
        w.playback()->seek(7.5);
        app.sessions->addScene(QStringLiteral("big"), QString(), true);
        const Session session = app.sessions->currentSession();
        QVERIFY(!session.scenes[0].keepLook);
        QVERIFY(session.scenes[1].keepLook);
        QCOMPARE(session.scenes[1].state.view.playbackTime, 7.5);
        // Round trip through the file format.
        Session read;
        QVERIFY(readSession(writeSession(session), read).ok());
        QVERIFY(read.scenes[1].keepLook && !read.scenes[0].keepLook);
        QCOMPARE(read.scenes[1].state.view.playbackTime, 7.5);

        Appearance room;
        room.scale = 1.25;
        room.themeId = QStringLiteral("dark");
        w.setAppearance(room);
        w.setPanelShown(true);
        QVERIFY(app.sessions->goToScene(0)); // no look of its own: the room's stays
        QCOMPARE(currentAppearance().scale, 1.25);
        QCOMPARE(currentAppearance().themeId, QStringLiteral("dark"));
        QVERIFY(w.isPanelShown());
        QVERIFY(app.sessions->goToScene(1)); // keeps its look
        QCOMPARE(currentAppearance().scale, 2.0);
        QCOMPARE(currentAppearance().themeId, QStringLiteral("high-contrast"));
        QVERIFY(!w.isPanelShown());
        QVERIFY(waitForRun(w));
        QCOMPARE(w.playback()->time(), 7.5); // its own start time
        w.setAppearance(plain);
    }

    /// Clicking the drawing takes the keys from a field; Esc in a field hands them back.
    void viewsTakeTheKeysFromAField()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(waitForRun(w));
        QLineEdit* field = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("mu_s"))->editor();
        QTest::mouseClick(field, Qt::LeftButton);
        QTRY_COMPARE(QApplication::focusWidget(), field);
        QTest::mouseClick(w.findChild<fl::ui::MechanismView*>(), Qt::LeftButton);
        QCOMPARE(QApplication::focusWidget(), w.findChild<fl::ui::MechanismView*>());
        press(w, Qt::Key_Space);
        QVERIFY(w.playback()->isPlaying());
        press(w, Qt::Key_Space);
        QVERIFY(!w.playback()->isPlaying());

        QTest::mouseClick(field, Qt::LeftButton);
        QTRY_COMPARE(QApplication::focusWidget(), field);
        press(w, Qt::Key_Escape);
        QVERIFY(!LectureKeys::isTextEntry(QApplication::focusWidget()));
        press(w, Qt::Key_Space);
        QVERIFY(w.playback()->isPlaying());
        press(w, Qt::Key_Space);

        // A check box or a combo box with the focus does not keep Space, PageDown or Home.
        auto* loop = w.findChild<fl::ui::PlaybackBar*>()->loopBox();
        loop->setFocus();
        const bool checked = loop->isChecked();
        press(w, Qt::Key_Space);
        QVERIFY(w.playback()->isPlaying());
        QCOMPARE(loop->isChecked(), checked);
        press(w, Qt::Key_Space);
        QVERIFY(!w.playback()->isPlaying());
        w.playback()->seek(5.0);
        press(w, Qt::Key_Home);
        QCOMPARE(w.playback()->time(), w.playback()->begin());
        press(w, Qt::Key_End);
        QCOMPARE(w.playback()->time(), w.playback()->end());
    }

    /// The Lyapunov tab's fields hand the keys back on Return as the panel's do.
    void lyapunovFieldHandsTheKeysBack()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(waitForRun(w));
        w.showSideView(app.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov"));
        auto* transient = app.bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->findChild<QLineEdit*>(QStringLiteral("transient"));
        QVERIFY(transient);
        QTRY_VERIFY(transient->isVisible());
        QTest::mouseClick(transient, Qt::LeftButton);
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(transient));
        transient->selectAll();
        QTest::keyClicks(transient, QStringLiteral("3"));
        press(w, Qt::Key_Return);
        QVERIFY(!LectureKeys::isTextEntry(QApplication::focusWidget()));
        press(w, Qt::Key_Space);
        QVERIFY(w.playback()->isPlaying());
        QCOMPARE(transient->text(), QStringLiteral("3"));
        press(w, Qt::Key_Space);
        QVERIFY(!w.playback()->isPlaying());
    }

    /// Smaller things seen on screen: "&" in menu titles is shown, not taken as a mnemonic; a
    /// scene's note goes when the user switches to another system; an ε-study refusal goes with
    /// the scenario it spoke of; a new layout shares the room evenly again.
    void smallerItems()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(waitForRun(w));
        auto* hess = w.findChild<QAction*>(QStringLiteral("preset:lugre-frictional-lag"));
        QVERIFY(hess);
        QVERIFY2(hess->text().contains(QStringLiteral("Hess && Soom")), qPrintable(hess->text()));

        QVERIFY(app.sessions->open(kLecture));
        QVERIFY(waitForRun(w));
        QVERIFY(app.sessions->caption()->isVisible());
        QVERIFY(!app.sessions->caption()->noteText().isEmpty());
        QVERIFY(w.loadPreset(QStringLiteral("jtam2016-fig4a"))); // the disk: not the scene's system
        QVERIFY(!app.sessions->caption()->isVisible());
        press(w, Qt::Key_PageDown); // the lecture goes on from its scene
        QCOMPARE(app.sessions->currentScene(), 1);
        QVERIFY(app.sessions->caption()->isVisible());

        fl::Scenario refused = w.findChild<fl::ui::ParameterPanel*>()->scenario();
        QVERIFY(fl::makeScenario("belt", "lugre", fl::Method::Regularized, fl::Regularization::Kudra, refused).ok());
        app.bench->viewAs<fl::ui::EpsStudyView>("eps-study")->setScenario(refused);
        app.bench->viewAs<fl::ui::EpsStudyView>("eps-study")->start();
        QVERIFY2(!app.bench->viewAs<fl::ui::EpsStudyView>("eps-study")->messageText().isEmpty(), "the ε study refuses a law with memory");
        QVERIFY(w.loadPreset(QStringLiteral("bk-chain-quakes")));
        QVERIFY2(app.bench->viewAs<fl::ui::EpsStudyView>("eps-study")->messageText().isEmpty(), qPrintable(app.bench->viewAs<fl::ui::EpsStudyView>("eps-study")->messageText()));

        w.tabs()->setCurrentIndex(0); // the chain's preset showed its Slip events tab
        w.setPlotLayout(PlotLayout::All);
        auto* rows = qobject_cast<QSplitter*>(w.timeHistoryPlot()->parentWidget()->parentWidget());
        QVERIFY(rows);
        rows->setSizes({60, 900}); // the time history squeezed, as a session of another layout left it
        w.setPlotLayout(PlotLayout::MechanismAndPhasePortrait);
        w.setPlotLayout(PlotLayout::All);
        QTest::qWait(50);
        const QList<int> sizes = rows->sizes();
        // Shared evenly, the bottom row's side tabs given their tab bar on top of its share.
        const int bar = w.sideTabs()->tabBar()->height();
        QVERIFY2(std::abs(sizes[0] - (sizes[1] - bar)) <= 8, // (the handle's width)
                 qPrintable(QStringLiteral("%1 / %2 (minimum %3 / %4)").arg(sizes[0]).arg(sizes[1])
                                .arg(rows->widget(0)->minimumSizeHint().height()).arg(rows->widget(1)->minimumSizeHint().height())));
    }

    /// Ctrl+Q with unsaved changes to a lecture asks first; Cancel keeps the window and the work.
    void quittingAModifiedLectureAsks()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(waitForRun(w));
        QVERIFY(app.sessions->open(kLecture));
        QVERIFY(waitForRun(w));
        app.sessions->addScene(QStringLiteral("mine"), QString());
        QVERIFY(app.sessions->isModified());
        app.sessions->setConfirmDiscard(true);
        auto asked = std::make_shared<bool>(false);
        QTimer::singleShot(200, &w, [asked] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                *asked = true;
                box->button(QMessageBox::Cancel)->click();
            }
        });
        w.focusLecture();
        press(w, Qt::Key_Q, Qt::ControlModifier);
        QVERIFY(*asked);
        QVERIFY(w.isVisible());
        QCOMPARE(app.sessions->sceneCount(), 11);
        app.sessions->setConfirmDiscard(false);
    }
};

QTEST_MAIN(TestLectureFlow)
#include "test_lecture_flow.moc"
