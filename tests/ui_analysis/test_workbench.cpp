// The analysis views inside the main window: tabs, the live Poincaré view, and a bifurcation
// column loaded back into the main views.
#include "analysis/contact_explorer.h"
#include "analysis/bifurcation_view.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/method_comparison.h"
#include "analysis/poincare_view.h"
#include "analysis/map_view.h"
#include "analysis/workbench.h"
#include "document/document.h"
#include "systems/scenario_setup.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"

#include "systems/system_registry.h"

#include <QDir>
#include <QSignalSpy>
#include <QTabBar>
#include <QTest>

class TestWorkbench : public QObject {
    Q_OBJECT
private slots:
    void tabsAndSideViews()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.show();
        QCOMPARE(window.tabs()->count(), 8); // Simulation, Bifurcation, Map, Compare methods, Contact explorer, ε study, Law lab, Slip events
        QCOMPARE(window.tabs()->tabText(2), QString("Map"));
        QCOMPARE(window.tabs()->tabText(6), QString("Law lab"));
        QCOMPARE(window.tabs()->tabText(7), QString("Slip events"));
        QVERIFY(!window.tabs()->isTabVisible(7)); // the chain's only
        QCOMPARE(window.tabs()->tabText(1), QString("Bifurcation"));
        QVERIFY(bench->viewAs<fl::ui::PoincareView>("poincare") && bench->viewAs<fl::ui::LyapunovPanel>("lyapunov") && bench->viewAs<fl::ui::ContactExplorer>("contact") && bench->viewAs<fl::ui::MethodComparison>("compare"));
        // Alt+2 shows the bifurcation tab.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_2, Qt::AltModifier);
        QCOMPARE(window.tabs()->currentIndex(), 1);
        QTest::keyClick(&window, Qt::Key_8, Qt::AltModifier); // hidden: stays
        QCOMPARE(window.tabs()->currentIndex(), 1);
        QTest::keyClick(&window, Qt::Key_3, Qt::AltModifier); // the map
        QCOMPARE(window.currentView(), static_cast<QWidget*>(bench->viewAs<fl::ui::MapView>("map")));
    }

    /// The view in front is the document's: a tab the user picks is written there, and a view the
    /// document names comes to the front (a session being opened does that).
    void openViewIsTheDocuments()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        fl::ui::Document& document = *window.document();
        window.show();
        QCOMPARE(document.openView(), QStringLiteral("simulation"));
        QCOMPARE(document.openSideView(), QStringLiteral("characteristic"));
        QTabBar* bar = window.tabs()->tabBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(2).center());
        QCOMPARE(document.openView(), QStringLiteral("map"));
        document.setOpenView(QStringLiteral("bifurcation"));
        QCOMPARE(window.currentView(), static_cast<QWidget*>(bench->viewAs<fl::ui::BifurcationView>("bifurcation")));
        document.setOpenSideView(QStringLiteral("lyapunov"));
        QCOMPARE(window.currentSideView(), static_cast<QWidget*>(bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")));
        QTabBar* side = window.sideTabs()->tabBar();
        QTest::mouseClick(side, Qt::LeftButton, {}, side->tabRect(1).center());
        QCOMPARE(document.openSideView(), QStringLiteral("poincare"));
        QVERIFY(document.setups().contains(QStringLiteral("map"))); // every view's setup is the document's
    }

    /// A preset that compares laws (LuGre against event-driven Stribeck) opens "Compare methods"
    /// on it; the comparison runs the preset's LuGre with the stiff method.
    void comparisonPresetOpensTheComparison()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.show();
        QSignalSpy shown(bench->viewAs<fl::ui::MethodComparison>("compare"), &fl::ui::MethodComparison::comparisonShown);
        QVERIFY(window.loadPreset(QStringLiteral("belt-lugre-vs-stribeck")));
        QCOMPARE(window.tabs()->tabText(window.tabs()->currentIndex()), QString("Compare methods"));
        QCOMPARE(bench->viewAs<fl::ui::MethodComparison>("compare")->eventLaw(), std::string("stribeck-gauss"));
        QVERIFY(shown.wait(60000));
        const fl::ui::MethodComparisonPtr data = bench->viewAs<fl::ui::MethodComparison>("compare")->comparison();
        QCOMPARE(data->regularizedRun->scenario.lawId, std::string("lugre"));
        QCOMPARE(data->eventRun->scenario.lawId, std::string("stribeck-gauss"));
        QCOMPARE(data->regularizedRun->scenario.params.value("v_b"), 0.1);
        QCOMPARE(data->eventRun->scenario.params.value("v_b"), 0.1);
    }

    /// A pendulum preset's run fills the Poincaré view; the points are the run's section points.
    void poincareFollowsTheRun()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.show();
        QVERIFY(window.loadPreset(QStringLiteral("acta2016-fig7")));
        QTRY_VERIFY_WITH_TIMEOUT(window.currentRun() && window.currentRun()->scenario.systemId == "pendulum", 30000);
        QTRY_COMPARE_WITH_TIMEOUT(static_cast<size_t>(bench->viewAs<fl::ui::PoincareView>("poincare")->pointCount()), window.currentRun()->result.sectionTimes.size(), 5000);
        QVERIFY(bench->viewAs<fl::ui::PoincareView>("poincare")->pointCount() > 50);
    }

    /// The Lyapunov panel analyses what the main window shows: a loaded preset and a picked
    /// bifurcation column, not only edits in the panel.
    void lyapunovFollowsPresetsAndPickedColumns()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.show();
        QVERIFY(window.loadPreset(QStringLiteral("acta2016-fig7")));
        fl::Scenario expected;
        QVERIFY(fl::applyPreset("acta2016-fig7", expected).ok());
        QCOMPARE(bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->scenario().systemId, std::string("pendulum"));
        QCOMPARE(fl::describe(bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->scenario()), fl::describe(expected));
        QCOMPARE(bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->scenario().params.value("omega0"), expected.params.value("omega0"));

        fl::Scenario picked = expected;
        QVERIFY(picked.params.set("omega0", 44.0).ok());
        emit bench->viewAs<fl::ui::BifurcationView>("bifurcation")->parameterPicked(picked);
        QCOMPARE(bench->viewAs<fl::ui::LyapunovPanel>("lyapunov")->scenario().params.value("omega0"), 44.0);
    }

    /// Esc in the Bifurcation tab cancels the running sweep (the window's Stop action holds the
    /// key); in the Simulation tab it still stops the run.
    void escapeCancelsTheSweepInItsTab()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.showView(bench->viewAs<fl::ui::BifurcationView>("bifurcation"));
        // Acta Fig. 5a: 601 values with continuation, far longer than this test waits.
        QVERIFY(bench->viewAs<fl::ui::BifurcationView>("bifurcation")->selectPreset(QStringLiteral("acta2016-fig5a")));
        QSignalSpy finished(bench->viewAs<fl::ui::BifurcationView>("bifurcation"), &fl::ui::BifurcationView::sweepFinished);
        QVERIFY(bench->viewAs<fl::ui::BifurcationView>("bifurcation")->start());
        QVERIFY(bench->viewAs<fl::ui::BifurcationView>("bifurcation")->isRunning());
        QTest::keyClick(&window, Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(!bench->viewAs<fl::ui::BifurcationView>("bifurcation")->isRunning(), 20000);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY2(bench->viewAs<fl::ui::BifurcationView>("bifurcation")->statusText().startsWith(QStringLiteral("Cancelled")),
                 qPrintable(bench->viewAs<fl::ui::BifurcationView>("bifurcation")->statusText()));
        QVERIFY(bench->viewAs<fl::ui::BifurcationView>("bifurcation")->columns().size() < 601);
    }

    /// Opening the Poincaré side tab at 1280x720 does not widen the window, even with a long
    /// section label (the pendulum's, after a run).
    void poincareTabKeepsTheWindowWidth()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(QStringLiteral("acta2016-fig7")));
        QTRY_VERIFY_WITH_TIMEOUT(window.currentRun() && window.currentRun()->scenario.systemId == "pendulum", 30000);
        QTRY_VERIFY_WITH_TIMEOUT(bench->viewAs<fl::ui::PoincareView>("poincare")->pointCount() > 0, 5000);
        QTest::qWait(50);
        QCOMPARE(window.width(), 1280);
        QVERIFY(window.sideTabs());
        window.showSideView(bench->viewAs<fl::ui::PoincareView>("poincare"));
        QCOMPARE(window.currentSideView(), static_cast<QWidget*>(bench->viewAs<fl::ui::PoincareView>("poincare")));
        QTest::qWait(50);
        QVERIFY(bench->viewAs<fl::ui::PoincareView>("poincare")->isVisible());
        QVERIFY2(!bench->viewAs<fl::ui::PoincareView>("poincare")->infoText().isEmpty(), "the section label is shown");
        QCOMPARE(window.width(), 1280);
        QVERIFY(window.minimumSizeHint().width() <= 1280);
        const QString dir = qEnvironmentVariable("FL_VIEW_SCREENSHOT_DIR", QDir::tempPath());
        QVERIFY(window.grab().save(QDir(dir).filePath(QStringLiteral("window_poincare_tab.png"))));
    }

    /// A column picked in the bifurcation view is simulated in the main views.
    void pickedColumnIsSimulated()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.show();
        fl::Scenario picked = window.findChild<fl::ui::ParameterPanel*>()->scenario();
        picked.params.set("v_b", 0.8);
        emit bench->viewAs<fl::ui::BifurcationView>("bifurcation")->parameterPicked(picked);
        QCOMPARE(window.tabs()->currentIndex(), 0);
        QCOMPARE(window.findChild<fl::ui::ParameterPanel*>()->scenario().params.value("v_b"), 0.8);
        QTRY_VERIFY_WITH_TIMEOUT(window.currentRun() && window.currentRun()->scenario.params.value("v_b") == 0.8, 10000);
    }
};

QTEST_MAIN(TestWorkbench)
#include "test_workbench.moc"
