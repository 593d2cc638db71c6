// What a view shows belongs to the scenario and the moment on screen: a loaded case starts at its
// own t = 0; End stays at the end with Loop on; a scene added while the motion plays holds the
// instant the lecturer asked for it; the panel folded at a high scale opens over the views by key
// and by its strip; a long scene note folds and unfolds by key; menus have distinct mnemonics.
#include "lecture_app.h"

#include "analysis/bifurcation_plot.h"
#include "analysis/bifurcation_setup_panel.h"
#include "analysis/bifurcation_view.h"
#include "document/document.h"
#include "systems/system_registry.h"
#include "playback/playback_controller.h"
#include "presenter/appearance.h"
#include "session/scene_caption.h"
#include "widgets/panel_strip.h"
#include "widgets/parameter_panel.h"
#include "widgets/parameter_row.h"
#include "widgets/time_history_plot.h"

#include <QDialog>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMenuBar>
#include <QTimer>

#include <cmath>

using namespace fl::ui;
using namespace fl::ui::test;

class TestStaleViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { startLectureTest("test_stale_views"); }

    void aLoadedCaseStartsAtItsBeginning()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(waitForRun(w));
        w.playback()->seek(48.4);
        QCOMPARE(w.playback()->time(), 48.4);
        // An edit keeps the instant (a slider dragged while watching)...
        QVERIFY(w.loadPreset(QStringLiteral("belt-stick-slip")));
        QVERIFY(waitForRun(w));
        QCOMPARE(w.playback()->time(), w.playback()->begin());
        w.playback()->seek(30.0);
        QLineEdit* vb = w.findChild<fl::ui::ParameterPanel*>()->row(QStringLiteral("v_b"))->editor();
        vb->selectAll();
        QTest::keyClicks(vb, QStringLiteral("0.4"));
        QTest::keyClick(vb, Qt::Key_Return);
        QVERIFY(waitForRun(w));
        QCOMPARE(w.playback()->time(), 30.0);
        // ...a loaded case does not.
        QVERIFY(w.loadPreset(QStringLiteral("belt-pure-slip")));
        QVERIFY(waitForRun(w));
        QCOMPARE(w.playback()->time(), w.playback()->begin());
    }

    void endStaysAtTheEndWithLoopOn()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(waitForRun(w));
        w.playback()->setLoop(true);
        w.playback()->play();
        press(w, Qt::Key_End);
        QTest::qWait(200); // several ticks of the playback timer
        QCOMPARE(w.playback()->time(), w.playback()->end());
        QVERIFY(!w.playback()->isPlaying());
    }

    void aSceneHoldsTheInstantItWasAskedFor()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(waitForRun(w));
        w.playback()->seek(w.playback()->begin());
        w.playback()->play();
        QTest::qWait(100);
        double asked = -1.0;
        double accepted = -1.0;
        QTimer::singleShot(0, &w, [&] {
            QTimer::singleShot(400, &w, [&] { // the lecturer types a title meanwhile
                auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
                QVERIFY(dialog);
                accepted = w.playback()->time();
                dialog->accept();
            });
        });
        auto* add = w.findChild<QAction*>(QStringLiteral("addSceneAction"));
        QVERIFY(add);
        asked = w.playback()->time();
        add->trigger(); // modal: returns once the dialog is accepted
        QVERIFY(accepted > asked + 0.2);
        const double stored = app.sessions->currentSession().scenes.at(0).state.view.playbackTime;
        QVERIFY2(std::abs(stored - asked) < 0.1, qPrintable(QStringLiteral("stored %1, asked at %2, accepted at %3")
                                                                 .arg(stored).arg(asked).arg(accepted)));
    }

    void theFoldedPanelOpensOverTheViews()
    {
        App app;
        MainWindow& w = app.window;
        w.resize(1280, 720);
        QVERIFY(waitForRun(w));
        QTRY_VERIFY(!w.isPanelOverlaid());
        QVERIFY(w.isPanelOpen());
        Appearance look;
        look.scale = 2.0;
        w.setAppearance(look);
        QTRY_VERIFY(w.isPanelOverlaid());
        QVERIFY(!w.isPanelOpen());
        auto* strip = w.findChild<PanelStrip*>();
        QVERIFY(strip && strip->isVisible());
        QTest::mouseClick(strip, Qt::LeftButton);
        QTRY_VERIFY(w.isPanelOpen());
        // Over the views: the time history is still laid out at its place, under the panel.
        QVERIFY(w.timeHistoryPlot()->isVisible());
        press(w, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(!w.isPanelOpen());
        QVERIFY(w.isPanelShown()); // the docked preference is the user's, kept for 100 %
        w.setAppearance(Appearance{});
        QTRY_VERIFY(!w.isPanelOverlaid());
        QTRY_VERIFY(w.isPanelOpen());
    }

    void aLongNoteFoldsAndUnfoldsByKey()
    {
        App app;
        MainWindow& w = app.window;
        w.resize(1280, 720);
        QVERIFY(waitForRun(w));
        QVERIFY(app.sessions->open(kLecture));
        QVERIFY(waitForRun(w));
        SceneCaption* caption = app.sessions->caption();
        Appearance look;
        look.scale = 2.0;
        w.setAppearance(look);
        QTRY_VERIFY(caption->shownNote() != caption->noteText());
        QCOMPARE(caption->foldedLines(), 1);
        QVERIFY(caption->shownNote().endsWith(QStringLiteral("(Ctrl+Shift+N)")));
        QVERIFY(!caption->shownNote().contains(QLatin1Char('\n')));
        const QFont title = caption->findChild<QWidget*>(QStringLiteral("sceneTitle"))->font();
        const QFont note = caption->findChild<QWidget*>(QStringLiteral("sceneNote"))->font();
        QVERIFY(title.pointSizeF() > note.pointSizeF());
        QVERIFY(note.pointSizeF() >= scaledFont().pointSizeF());
        press(w, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_COMPARE(caption->shownNote(), caption->noteText());
        press(w, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(caption->shownNote() != caption->noteText());
    }

    /// A preset with a sweep sets it up on the Bifurcation tab; a diagram of another system goes
    /// when the scenario changes system; a scene saved on the Bifurcation tab computes its diagram
    /// again when it is entered.
    void analysisViewsFollowTheScenario()
    {
        App app;
        MainWindow& w = app.window;
        QVERIFY(waitForRun(w));
        BifurcationView* bifurcation = app.bench->viewAs<fl::ui::BifurcationView>("bifurcation");
        QVERIFY(w.loadPreset(QStringLiteral("absorber-response-stick-slip")));
        QVERIFY(waitForRun(w));
        const fl::SweepSpec shown = bifurcation->setupPanel()->spec();
        const fl::SweepSpec& published = *fl::findPreset("absorber-response-stick-slip")->sweep;
        QCOMPARE(QString::fromStdString(shown.parameter), QStringLiteral("w"));
        QCOMPARE(shown.from, published.from);
        QCOMPARE(shown.to, published.to);
        QCOMPARE(shown.steps, published.steps);
        QVERIFY(shown.direction == published.direction);
        QCOMPARE(bifurcation->setupPanel()->scenario().systemId, std::string("absorber"));
        QCOMPARE(bifurcation->setupPanel()->scenario().params.value("mu_s"), 0.3);

        QVERIFY(w.loadPreset(QStringLiteral("absorber-response-linear")));
        QVERIFY(waitForRun(w));
        w.document()->setOpenView(QStringLiteral("bifurcation"));
        QSignalSpy finished(bifurcation, &BifurcationView::sweepFinished);
        QVERIFY(bifurcation->start());
        QVERIFY(finished.wait(120000));
        QVERIFY(bifurcation->plot()->pointCount() > 100);

        // A scene on this tab, saved and opened again: the diagram is computed on entering.
        app.sessions->addScene(QStringLiteral("Response"), QString());
        const QString path = QDir::temp().filePath(QStringLiteral("fl-stale-views-%1.frictionlab").arg(QCoreApplication::applicationPid()));
        QVERIFY(app.sessions->saveAs(path));
        // Another system: the absorber's diagram no longer belongs to the window.
        QVERIFY(w.loadPreset(QStringLiteral("belt-stick-slip")));
        QVERIFY(waitForRun(w));
        QCOMPARE(bifurcation->plot()->pointCount(), 0);
        QVERIFY(bifurcation->statusText().contains(QStringLiteral("cleared")));

        QVERIFY(app.sessions->open(path));
        QVERIFY(finished.wait(120000));
        QFile::remove(path);
        QCOMPARE(w.currentView(), static_cast<QWidget*>(bifurcation));
        QVERIFY2(bifurcation->plot()->pointCount() > 100, qPrintable(bifurcation->statusText()));
        QCOMPARE(QString::fromStdString(bifurcation->setupPanel()->spec().parameter), QStringLiteral("w"));
    }

    void menusHaveDistinctMnemonics()
    {
        App app;
        QSet<QChar> keys;
        for (QAction* menu : app.window.menuBar()->actions()) {
            const QString text = menu->text();
            const int amp = text.indexOf(QLatin1Char('&'));
            QVERIFY2(amp >= 0 && amp + 1 < text.size(), qPrintable(text));
            const QChar key = text.at(amp + 1).toLower();
            QVERIFY2(!keys.contains(key), qPrintable(QStringLiteral("%1 shares Alt+%2").arg(text, key)));
            keys.insert(key);
        }
        QVERIFY(keys.size() >= 6);
    }
};

QTEST_MAIN(TestStaleViews)
#include "test_stale_views.moc"
