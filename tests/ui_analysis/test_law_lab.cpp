// The law lab tab (ui/analysis/law_lab.h) in the full window: a law without memory gets an
// explanation; choosing LuGre in the panel and opening the tab runs the pre-sliding experiment on a
// worker thread (five loops and the slope line F = σ0 x); the experiment combo and the values field
// drive it; a bad field is refused with the allowed values and the last experiment stays; CSV and
// PNG exports; a screenshot at 1280x720 for the eye.
#include "analysis/law_lab.h"
#include "analysis/law_lab_plot.h"
#include "analysis/workbench.h"
#include "widgets/main_window.h"
#include "widgets/parameter_panel.h"
#include "widgets/plot_export.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using fl::ui::LawLab;

class TestLawLab : public QObject {
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

    /// The default scenario's Coulomb law has no state: the tab explains and cannot run.
    void lawWithoutMemoryIsExplained()
    {
        LawLab* lab = m_bench->viewAs<fl::ui::LawLab>("law-lab");
        m_window->showView(lab);
        QVERIFY(!lab->hasLaw());
        QVERIFY2(lab->introText().contains("has no internal state"), qPrintable(lab->introText()));
        QVERIFY(!lab->runButton()->isEnabled());
        QVERIFY(!lab->experimentBox()->isEnabled());
        QVERIFY(!lab->start());
        QVERIFY(lab->messageText().contains("No law with memory"));
    }

    /// LuGre chosen in the panel's law combo while the tab shows: pre-sliding runs at once.
    void preSlidingLoops()
    {
        LawLab* lab = m_bench->viewAs<fl::ui::LawLab>("law-lab");
        QSignalSpy finished(lab, &LawLab::experimentFinished);
        QComboBox* law = m_window->findChild<fl::ui::ParameterPanel*>()->lawCombo();
        QVERIFY(law);
        law->setCurrentIndex(law->findData(QStringLiteral("lugre")));
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 20000);
        QCOMPARE(finished.last().first().toBool(), true);
        QVERIFY(lab->hasLaw());
        QCOMPARE(lab->experimentBox()->count(), 3);
        QVERIFY(lab->experimentBox()->currentText().startsWith("Pre-sliding"));
        QCOMPARE(lab->valuesField()->text(), QString("5e-06, 1e-05, 2e-05, 4e-05, 8e-05")); // 0.25 .. 4 x mu_k/sigma0
        const auto curves = lab->plot()->visibleCurves();
        QCOMPARE(curves.size(), size_t(5));
        QCOMPARE(curves.front()->name(), QString("X = 5e-06"));
        QVERIFY(lab->plot()->slopeLine()->visible());
        QVERIFY(lab->plot()->slopeLine()->name().contains("σ₀ = 5e+04"));
        // The smallest loop stays on the bristle's spring: |F| <= sigma0 X (5 % for LuGre's creep); the largest slides (|F| near mu_s.. mu_k).
        double smallest = 0.0, largest = 0.0;
        for (auto it = curves.front()->data()->constBegin(); it != curves.front()->data()->constEnd(); ++it)
            smallest = std::max(smallest, std::abs(it->value));
        for (auto it = curves.back()->data()->constBegin(); it != curves.back()->data()->constEnd(); ++it)
            largest = std::max(largest, std::abs(it->value));
        QVERIFY2(smallest <= 5e4 * 5e-6 * 1.05, qPrintable(QString::number(smallest)));
        QVERIFY2(largest > 1.0 && largest < 2.0, qPrintable(QString::number(largest)));
        QVERIFY(lab->statusText().contains("5 curves"));
        m_window->grab().save(QDir::temp().filePath("frictionlab_law_lab_presliding.png"));
    }

    /// The experiment combo and the values field drive the lab; a bad field keeps the last result.
    void experimentsAndFields()
    {
        LawLab* lab = m_bench->viewAs<fl::ui::LawLab>("law-lab");
        QSignalSpy finished(lab, &LawLab::experimentFinished);
        lab->experimentBox()->setFocus();
        QTest::keyClick(lab->experimentBox(), Qt::Key_Down); // frictional lag
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 20000);
        QVERIFY(lab->experimentBox()->currentText().startsWith("Frictional lag"));
        QCOMPARE(lab->plot()->visibleCurves().size(), size_t(5)); // four loops over the steady curve
        QCOMPARE(lab->plot()->visibleCurves().back()->name(), QString("steady-state F"));
        QVERIFY(!lab->plot()->slopeLine()->visible());
        QVERIFY(lab->introText().contains("Hess"));
        m_window->grab().save(QDir::temp().filePath("frictionlab_law_lab_lag.png"));

        const auto before = lab->result();
        lab->valuesField()->selectAll();
        QTest::keyClicks(lab->valuesField(), "1, abc");
        QTest::keyClick(lab->valuesField(), Qt::Key_Return);
        QVERIFY2(lab->messageText().contains("'abc' is not a positive number"), qPrintable(lab->messageText()));
        QCOMPARE(lab->result(), before);
        QCOMPARE(lab->plot()->visibleCurves().size(), size_t(5));

        lab->valuesField()->selectAll();
        QTest::keyClicks(lab->valuesField(), "1, 10");
        QTest::mouseClick(lab->runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 2, 20000);
        QVERIFY(lab->messageText().isEmpty());
        QCOMPARE(lab->plot()->visibleCurves().size(), size_t(3));
        QCOMPARE(lab->plot()->visibleCurves()[1]->name(), QString("ω = 10"));
    }

    /// Ostermeyer's speed steps: the force falls as the speed (sliding power) rises: fading.
    void ostermeyerFading()
    {
        LawLab* lab = m_bench->viewAs<fl::ui::LawLab>("law-lab");
        QSignalSpy finished(lab, &LawLab::experimentFinished);
        QComboBox* law = m_window->findChild<fl::ui::ParameterPanel*>()->lawCombo();
        law->setCurrentIndex(law->findData(QStringLiteral("ostermeyer")));
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 1, 20000);
        QCOMPARE(lab->experimentBox()->count(), 2); // no pre-sliding: no elastic state
        lab->experimentBox()->setCurrentIndex(1);
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 2, 20000);
        QVERIFY(lab->experimentBox()->currentText().startsWith("Speed steps"));
        QCOMPARE(lab->valuesField()->text(), QString("0.2, 1"));
        const auto result = lab->result();
        QCOMPARE(result->curves.size(), size_t(2));
        // mu at the end of each level against the stationary theta0/v + alpha (0.1/0.2 + 0.8 = 1.3, 0.1/1 + 0.8 = 0.9).
        const fl::LawCurve& F = result->curves[0];
        const size_t n = F.y.size();
        const double atSlow = F.y[n / 3 - 1], atFast = F.y[2 * n / 3 - 1];
        qInfo("Ostermeyer steps: F = %.4f at v = 0.2, %.4f at v = 1 (stationary 1.3, 0.9)", atSlow, atFast);
        QVERIFY(std::abs(atSlow - 1.3) < 0.01 && std::abs(atFast - 0.9) < 0.01);
        m_window->grab().save(QDir::temp().filePath("frictionlab_law_lab_fading.png"));
    }

    /// The presets of the "Friction with memory" group open the lab on their experiment.
    void presetsOpenTheLab()
    {
        LawLab* lab = m_bench->viewAs<fl::ui::LawLab>("law-lab");
        m_window->tabs()->setCurrentIndex(0);
        QSignalSpy finished(lab, &LawLab::experimentFinished);
        QVERIFY(m_window->loadPreset(QStringLiteral("lugre-frictional-lag")));
        QCOMPARE(m_window->currentView(), static_cast<QWidget*>(lab));
        QTRY_VERIFY_WITH_TIMEOUT(!lab->isRunning() && lab->result() && lab->result()->xLabel == std::string("v_r"), 20000);
        QVERIFY(lab->experimentBox()->currentText().startsWith("Frictional lag"));
        QCOMPARE(lab->plot()->visibleCurves().size(), size_t(5));
        QVERIFY(m_window->loadPreset(QStringLiteral("lugre-presliding")));
        QTRY_VERIFY_WITH_TIMEOUT(!lab->isRunning() && lab->result() && lab->result()->xLabel == std::string("x"), 20000);
        QVERIFY(lab->plot()->slopeLine()->visible());
        QVERIFY(m_window->loadPreset(QStringLiteral("ostermeyer-fading")));
        QTRY_VERIFY_WITH_TIMEOUT(!lab->isRunning() && lab->result() && lab->result()->xLabel == std::string("t"), 20000);
        QCOMPARE(lab->valuesField()->text(), QString("0.2, 1"));
        QVERIFY(!lab->plot()->visibleCurves().empty());
        // A law without memory: the last law's curves go with it (they stayed under "no memory").
        QComboBox* law = m_window->findChild<fl::ui::ParameterPanel*>()->lawCombo();
        law->setCurrentIndex(law->findData(QStringLiteral("coulomb")));
        QTRY_VERIFY(!lab->hasLaw());
        QVERIFY(lab->plot()->visibleCurves().empty());
        QVERIFY(!lab->plot()->slopeLine()->visible());
        QVERIFY(m_window->loadPreset(QStringLiteral("ostermeyer-fading"))); // for the exports below
        QTRY_VERIFY_WITH_TIMEOUT(!lab->isRunning() && lab->result() && lab->result()->xLabel == std::string("t"), 20000);
    }

    /// Exports: the curves as CSV (law parameters in the header), the plot as PNG.
    void exports()
    {
        LawLab* lab = m_bench->viewAs<fl::ui::LawLab>("law-lab");
        QTemporaryDir dir;
        const QString csv = dir.filePath("lab.csv");
        QString error;
        QVERIFY2(lab->exportCsv(csv, &error), qPrintable(error));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY(text.startsWith("# FrictionLab law lab: ostermeyer"));
        QVERIFY(text.contains("# a_mu = 1\n"));
        QVERIFY(text.contains("curve,t,F\n"));
        QVERIFY(text.count('\n') > 1000);
        const QString png = dir.filePath("lab.png");
        QVERIFY2(fl::ui::exportPlot(lab->plot(), png, &error), qPrintable(error));
        QVERIFY(QFile(png).size() > 5000);
    }

private:
    fl::ui::MainWindow* m_window = nullptr;
    fl::ui::Workbench* m_bench = nullptr;
};

QTEST_MAIN(TestLawLab)
#include "test_law_lab.moc"
