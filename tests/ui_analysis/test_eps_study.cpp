// The eps study tab (ui/analysis/eps_study_view.h) in the full window: loading acta2016-fig9 runs
// its study (Acta Mech 2016 Fig. 9) on a worker thread, overlays the runs with a legend, draws
// their differences from eps = 1e-4 and tabulates the largest; cancel keeps the last study; any
// scenario can be studied with an edited eps list; exports.
#include "../csv_digits.h"
#include "analysis/eps_study_plots.h"
#include "analysis/eps_study_view.h"
#include "analysis/workbench.h"
#include "systems/scenario_setup.h"
#include "widgets/main_window.h"

#include "systems/system_registry.h"

#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using fl::ui::EpsStudyView;

class TestEpsStudyView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_window = new fl::ui::MainWindow;
        m_bench = new fl::ui::Workbench(*m_window);
        m_window->resize(1280, 720);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }
    void cleanupTestCase() { delete m_window; }

    /// Loading the preset opens the tab and starts the study; four runs overlaid with legends
    /// "ε = 1e-4" ... "ε = 1e-1", three difference curves, max |Δφ| growing with eps.
    void fig9Study()
    {
        EpsStudyView* view = m_bench->viewAs<fl::ui::EpsStudyView>("eps-study");
        QSignalSpy finished(view, &EpsStudyView::studyFinished);
        QVERIFY(m_window->loadPreset(QStringLiteral("acta2016-fig9")));
        QCOMPARE(m_window->currentView(), static_cast<QWidget*>(view));
        QVERIFY(view->isRunning());
        QVERIFY(view->progressBar()->isVisible());
        QVERIFY(view->cancelButton()->isEnabled());
        QCOMPARE(view->epsField()->text(), QString("1e-4, 1e-3, 1e-2, 1e-1"));
        QTRY_VERIFY_WITH_TIMEOUT(view->progressBar()->value() > 0, 60000); // progress while the runs go on
        QVERIFY(finished.count() == 1 || finished.wait(280000));
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY2(view->messageText().isEmpty(), qPrintable(view->messageText()));
        QVERIFY(!view->isRunning());
        QVERIFY(!view->progressBar()->isVisible());
        QVERIFY(!view->cancelButton()->isEnabled());

        const fl::ui::EpsStudyPlotPtr result = view->result();
        QVERIFY(result);
        QCOMPARE(result->study->runs.size(), size_t(4));
        QCOMPARE(result->study->tolerance, 1e-10);
        QCOMPARE(view->variableBox()->currentData().toString(), QString("phi"));
        const auto curves = view->overlayPlot()->visibleGraphs();
        QCOMPARE(curves.size(), size_t(4));
        const QStringList legends = {"ε = 1e-4", "ε = 1e-3", "ε = 1e-2", "ε = 1e-1"};
        for (size_t k = 0; k < 4; ++k) {
            QCOMPARE(curves[k]->name(), legends[static_cast<int>(k)]);
            QVERIFY(curves[k]->data()->size() > 1000);
            QVERIFY(view->overlayPlot()->legend->hasItemWithPlottable(curves[k]));
        }
        const auto differences = view->differencePlot()->visibleGraphs();
        QCOMPARE(differences.size(), size_t(3));
        QCOMPARE(differences.front()->name(), QString("ε = 1e-3"));
        QCOMPARE(view->differencePlot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
        const std::vector<double> phi = result->variables.front().max;
        qInfo("max |dphi| from eps = 1e-4: %g (1e-3), %g (1e-2), %g (1e-1); study %.1f s", phi[1], phi[2], phi[3],
              result->study->wallSeconds);
        QVERIFY(phi[1] > 0.0 && phi[2] > 3.0 * phi[1] && phi[3] > 3.0 * phi[2]);
        QCOMPARE(view->table()->rowCount(), 4);
        QCOMPARE(view->table()->item(0, 1)->text(), QString("pattern"));
        QCOMPARE(view->table()->item(3, 0)->text(), QString("1e-1"));
        QCOMPARE(view->table()->item(2, 1)->text().toDouble(), QString::number(phi[2], 'g', 3).toDouble());

        // Another variable: the plots and the table follow.
        const int xa = view->variableBox()->findData(QStringLiteral("X_C"));
        QVERIFY(xa >= 0);
        view->variableBox()->setCurrentIndex(xa);
        emit view->variableBox()->activated(xa);
        QVERIFY(view->overlayPlot()->yAxis->label().contains("X_C"));
        QVERIFY(view->table()->horizontalHeaderItem(1)->text().contains("X_C"));
        view->variableBox()->setCurrentIndex(0);
        emit view->variableBox()->activated(0);

        QTemporaryDir dir;
        for (const char* suffix : {"png", "svg", "pdf"}) {
            const QString path = dir.filePath(QStringLiteral("diff.") + suffix);
            QString error;
            QVERIFY2(view->exportPlot(view->differencePlot(), path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
        const QString csv = dir.filePath("study.csv");
        QVERIFY(view->exportCsv(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(csv_digits::mostDigits(text.split('\n'), 1) >= 16 && csv_digits::mostDigits(text.split('\n'), 4) >= 16); // exact numbers
        QVERIFY(text.contains("phi_eps1e-4,abs_dphi_eps1e-4,phi_eps1e-3,abs_dphi_eps1e-3"));
        QVERIFY(text.contains("# max |dphi|"));
        QCOMPARE(text.count('\n'), 60001 + 1 + 2 + static_cast<int>(result->study->variables.size()));
        QVERIFY(!view->exportCsv(dir.filePath("missing/dir/x.csv")));

        const QString shots = qEnvironmentVariable("FRICTIONLAB_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QTest::qWait(200);
            const QString path = shots + "/eps_study_fig9.png";
            QVERIFY(m_window->grab().save(path));
            qInfo("screenshot: %s", qPrintable(path));
        }
    }

    /// Cancel stops the study; the last complete study stays on display.
    void cancelKeepsTheLastStudy()
    {
        EpsStudyView* view = m_bench->viewAs<fl::ui::EpsStudyView>("eps-study");
        // A study that takes long enough to be cancelled: with BDF eps = 1e-5 and 1e-3 take 0.2 s;
        // Rosenbrock4 needs millions of steps here (order reduction on the moving stick manifold).
        fl::Scenario slow = view->scenario();
        slow.stiffIntegrator = fl::StiffIntegrator::Rosenbrock4;
        m_window->loadScenario(slow);
        QCOMPARE(view->scenario().stiffIntegrator, fl::StiffIntegrator::Rosenbrock4);
        const fl::ui::EpsStudyPlotPtr before = view->result();
        QVERIFY(before);
        QSignalSpy finished(view, &EpsStudyView::studyFinished);
        view->epsField()->setText(QStringLiteral("1e-5 1e-3"));
        QVERIFY(view->start());
        QVERIFY(view->isRunning());
        QTest::qWait(300);
        QTest::mouseClick(view->cancelButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(!view->isRunning());
        QVERIFY(view->messageText().contains("cancelled"));
        QCOMPARE(view->result(), before);
        QCOMPARE(view->overlayPlot()->visibleGraphs().size(), size_t(4));
    }

    /// Any scenario: the block on the belt (event-driven in the panel) is studied with its
    /// regularized method at an edited eps list; a bad list is refused without a study.
    void anyScenario()
    {
        EpsStudyView* view = m_bench->viewAs<fl::ui::EpsStudyView>("eps-study");
        fl::Scenario belt = fl::defaultScenario();
        belt.params.set("t_end", 20.0);
        m_window->loadScenario(belt);
        QCOMPARE(view->scenario().systemId, std::string("belt"));
        view->epsField()->setText(QStringLiteral("1e-2, abc"));
        QVERIFY(!view->start());
        QVERIFY(view->messageText().contains("abc"));
        QVERIFY(!view->isRunning());
        view->epsField()->setText(QStringLiteral("1e-2; 1e-3"));
        QSignalSpy finished(view, &EpsStudyView::studyFinished);
        QTest::mouseClick(view->startButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), false);
        const fl::ui::EpsStudyPlotPtr result = view->result();
        QCOMPARE(result->study->runs.size(), size_t(2));
        QCOMPARE(result->study->runs[0].eps, 1e-3);
        QCOMPARE(result->study->runs[0].scenario.method, fl::Method::Regularized);
        QCOMPARE(view->overlayPlot()->visibleGraphs().size(), size_t(2));
        QCOMPARE(view->differencePlot()->visibleGraphs().size(), size_t(1));
        QCOMPARE(view->variableBox()->currentData().toString(), QString("x"));
        QVERIFY(result->variables.front().max[1] > 0.0);
    }

private:
    fl::ui::MainWindow* m_window = nullptr;
    fl::ui::Workbench* m_bench = nullptr;
};

QTEST_MAIN(TestEpsStudyView)
#include "test_eps_study.moc"
