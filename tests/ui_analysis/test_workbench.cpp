// The analysis views inside the main window: tabs, the live Poincaré view, and a bifurcation
// column loaded back into the main views.
#include "analysis/bifurcation_view.h"
#include "analysis/poincare_view.h"
#include "analysis/workbench.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"

#include <QtTest>

class TestWorkbench : public QObject {
    Q_OBJECT
private slots:
    void tabsAndSideViews()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.show();
        QCOMPARE(window.tabs()->count(), 4);
        QCOMPARE(window.tabs()->tabText(1), QString("Bifurcation"));
        QVERIFY(bench->poincare() && bench->lyapunov() && bench->contactExplorer() && bench->comparison());
        // Alt+2 shows the bifurcation tab.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_2, Qt::AltModifier);
        QCOMPARE(window.tabs()->currentIndex(), 1);
    }

    /// A pendulum preset's run fills the Poincaré view; the points are the run's section points.
    void poincareFollowsTheRun()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.show();
        QVERIFY(window.loadPreset(QStringLiteral("acta2016-fig7")));
        QTRY_VERIFY_WITH_TIMEOUT(window.currentRun() && window.currentRun()->scenario.systemId == "pendulum", 30000);
        QTRY_COMPARE_WITH_TIMEOUT(static_cast<size_t>(bench->poincare()->pointCount()), window.currentRun()->result.sectionTimes.size(), 5000);
        QVERIFY(bench->poincare()->pointCount() > 50);
    }

    /// A column picked in the bifurcation view is simulated in the main views.
    void pickedColumnIsSimulated()
    {
        fl::ui::MainWindow window;
        auto* bench = new fl::ui::Workbench(window);
        window.show();
        fl::Scenario picked = window.panel()->scenario();
        picked.params.set("v_b", 0.8);
        emit bench->bifurcation()->parameterPicked(picked);
        QCOMPARE(window.tabs()->currentIndex(), 0);
        QCOMPARE(window.panel()->scenario().params.value("v_b"), 0.8);
        QTRY_VERIFY_WITH_TIMEOUT(window.currentRun() && window.currentRun()->scenario.params.value("v_b") == 0.8, 10000);
    }
};

QTEST_MAIN(TestWorkbench)
#include "test_workbench.moc"
