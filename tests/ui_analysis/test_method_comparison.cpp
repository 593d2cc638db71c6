// MethodComparison driven through its real widgets (offscreen) on JTAM Fig. 4a: both methods'
// curves in every plot, the difference shrinking as eps drops (core: max |dx| over [0, 300] is
// 1.1 at eps = 1e-4 and 0.19 at 1e-5), rejected eps, systems without both methods, exports.
// With FRICTIONLAB_SCREENSHOT_DIR set it also writes view_compare.png there.
#include "../csv_digits.h"
#include "analysis/method_comparison.h"
#include "analysis/method_comparison_difference_plot.h"
#include "analysis/method_comparison_overlay_plot.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"
#include "widgets/parameter_row.h"

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace fl::ui;

namespace {

fl::Scenario fig4a(double tEnd)
{
    fl::Scenario s;
    if (!fl::applyPreset("jtam2016-fig4a", s).ok() || !s.params.set("t_end", tEnd).ok())
        qFatal("cannot set up jtam2016-fig4a");
    return s;
}

/// The largest y of a plottable's data (the envelope keeps every maximum).
double maxValue(const QCPGraph* graph)
{
    double m = 0.0;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        m = std::max(m, it->value);
    return m;
}

const DifferenceSeries* difference(const MethodComparisonPtr& data, const QString& name)
{
    for (const DifferenceSeries& s : data->differences)
        if (s.name == name)
            return &s;
    return nullptr;
}

/// The largest x of a run for t > tFrom.
double xMaxAfter(const fl::RunResult& r, double tFrom)
{
    double m = -INFINITY;
    for (size_t i = 0; i < r.size(); ++i)
        if (r.t[i] > tFrom)
            m = std::max(m, r.column(i, 0));
    return m;
}

} // namespace

class TestMethodComparison : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void fig4aOverlaysBothMethods();
    void smallerEpsShrinksDifference();
    void invalidEpsKeepsPlots();
    void logScale();
    void systemWithoutEventMethodIsRejected();
    void beltHasOnePhasePlane();
    void exports();
    void fig4aOver1000TimeUnits();
    void lugreAgainstEventDrivenStribeck();
    void cleanupTestCase();

private:
    void typeEps(const QString& text);
    bool waitForComparison();

    MethodComparison* m_view = nullptr;
};

void TestMethodComparison::initTestCase()
{
    m_view = new MethodComparison;
    m_view->resize(1500, 1000);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
}

void TestMethodComparison::typeEps(const QString& text)
{
    QLineEdit* editor = m_view->epsRow()->editor();
    editor->setFocus();
    editor->selectAll();
    QTest::keyClick(editor, Qt::Key_Backspace);
    QTest::keyClicks(editor, text);
}

bool TestMethodComparison::waitForComparison()
{
    QSignalSpy shown(m_view, &MethodComparison::comparisonShown);
    return shown.wait(60000);
}

void TestMethodComparison::fig4aOverlaysBothMethods()
{
    m_view->setScenario(fig4a(300.0));
    QVERIFY(m_view->isRunning());
    QVERIFY(waitForComparison());
    QVERIFY(!m_view->isRunning());
    QVERIFY(m_view->messageText().isEmpty());
    // The preset's eps (JTAM sec. 5: 1e-5) is taken over.
    QCOMPARE(m_view->eps(), 1e-5);
    const MethodComparisonPtr data = m_view->comparison();
    QVERIFY(data->eventDriven && data->regularized);
    QCOMPARE(data->eventDriven->run->scenario.method, fl::Method::EventDriven);
    QCOMPARE(data->regularized->run->scenario.method, fl::Method::Regularized);
    QVERIFY(data->eventDriven->run->result.switches.size() > 2); // stick-slip

    // Every plot overlays both runs: time history, and x-x' and phi-phi' for the disk.
    MethodComparisonOverlayPlot* history = m_view->timeHistoryPlot();
    QCOMPARE(history->variableSelector()->count(), 4);
    QVERIFY(history->eventCurve()->visible() && history->regularizedCurve()->visible());
    QVERIFY(history->eventCurve()->data()->size() > 1000 && history->regularizedCurve()->data()->size() > 1000);
    QCOMPARE(history->yAxis->label(), QString("x"));
    QCOMPARE(m_view->phasePlots().size(), size_t(2));
    const char* planes[][2] = {{"x", "dx"}, {"phi", "dphi"}};
    for (size_t i = 0; i < 2; ++i) {
        MethodComparisonOverlayPlot* plot = m_view->phasePlots()[i];
        QCOMPARE(plot->xAxis->label(), QString(planes[i][0]));
        QCOMPARE(plot->yAxis->label(), QString(planes[i][1]));
        QVERIFY(plot->eventCurve()->data()->size() > 100 && plot->regularizedCurve()->data()->size() > 100);
    }
    // The other variables of the time history are one selection away.
    QTest::keyClick(history->variableSelector(), Qt::Key_Down);
    QCOMPARE(history->yAxis->label(), QString("phi"));
    history->setVariable(0);

    QVERIFY(m_view->differencePlot()->differenceGraph("x") && m_view->differencePlot()->differenceGraph("phi"));
    QVERIFY(m_view->summaryText().contains("max |Δx|"));
    QVERIFY(m_view->summaryText().contains("steps"));
}

void TestMethodComparison::smallerEpsShrinksDifference()
{
    typeEps("1e-4");
    QVERIFY(waitForComparison());
    QCOMPARE(m_view->eps(), 1e-4);
    const MethodComparisonPtr coarse = m_view->comparison();
    QCOMPARE(coarse->regularized->run->scenario.params.value("eps"), 1e-4);
    const double dx4 = difference(coarse, "x")->max;
    QCOMPARE(maxValue(m_view->differencePlot()->differenceGraph("x")), dx4);

    typeEps("1e-5");
    QVERIFY(waitForComparison());
    const MethodComparisonPtr fine = m_view->comparison();
    QCOMPARE(fine->regularized->run->scenario.params.value("eps"), 1e-5);
    // Only the regularized method ran again.
    QCOMPARE(fine->eventDriven->run, coarse->eventDriven->run);
    const double dx5 = difference(fine, "x")->max;
    qInfo("max |dx| over [0, 300]: %.4g at eps = 1e-4, %.4g at eps = 1e-5", dx4, dx5);
    QVERIFY2(dx5 < 0.5 * dx4, qPrintable(QString("%1 vs %2").arg(dx5).arg(dx4)));
    QVERIFY(dx4 > 0.8 && dx4 < 1.4);
    QVERIFY(dx5 > 0.1 && dx5 < 0.3);
    QCOMPARE(maxValue(m_view->differencePlot()->differenceGraph("x")), dx5);
    QVERIFY(m_view->summaryText().contains("ε = 1e-05"));
}

void TestMethodComparison::invalidEpsKeepsPlots()
{
    const MethodComparisonPtr before = m_view->comparison();
    QSignalSpy shown(m_view, &MethodComparison::comparisonShown);
    typeEps("0");
    QVERIFY(m_view->epsRow()->error().contains("[1e-08, 1]"));
    QVERIFY(m_view->messageText().contains("[1e-08, 1]"));
    QVERIFY(!m_view->isRunning());
    QVERIFY(!shown.wait(500));
    QCOMPARE(m_view->comparison(), before);
    QCOMPARE(m_view->eps(), 1e-5);
    typeEps("1e-5");
    QVERIFY(waitForComparison());
    QVERIFY(m_view->epsRow()->error().isEmpty());
    QVERIFY(m_view->messageText().isEmpty());
}

void TestMethodComparison::logScale()
{
    QTest::mouseClick(m_view->logScaleBox(), Qt::LeftButton);
    QVERIFY(m_view->logScaleBox()->isChecked());
    QCOMPARE(m_view->differencePlot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(m_view->differencePlot()->yAxis->range().lower > 0.0);
    QTest::mouseClick(m_view->logScaleBox(), Qt::LeftButton);
    QCOMPARE(m_view->differencePlot()->yAxis->scaleType(), QCPAxis::stLinear);
}

void TestMethodComparison::systemWithoutEventMethodIsRejected()
{
    const MethodComparisonPtr before = m_view->comparison();
    fl::Scenario pendulum;
    QVERIFY(fl::makeScenario("pendulum", "I11", fl::Method::Regularized, fl::Regularization::Kudra, pendulum).ok());
    QSignalSpy shown(m_view, &MethodComparison::comparisonShown);
    m_view->setScenario(pendulum);
    QVERIFY2(m_view->messageText().contains("event-driven", Qt::CaseInsensitive), qPrintable(m_view->messageText()));
    QVERIFY(!m_view->isRunning());
    QVERIFY(!shown.wait(500));
    QCOMPARE(m_view->comparison(), before);
}

void TestMethodComparison::beltHasOnePhasePlane()
{
    m_view->setScenario(fl::defaultScenario());
    QVERIFY(waitForComparison());
    QVERIFY(m_view->messageText().isEmpty());
    QCOMPARE(m_view->phasePlots().size(), size_t(1));
    QCOMPARE(m_view->comparison()->eventDriven->run->scenario.systemId, std::string("belt"));
    QVERIFY(m_view->differencePlot()->differenceGraph("x"));
    QVERIFY(!m_view->differencePlot()->differenceGraph("phi"));
    QVERIFY(m_view->phasePlots()[0]->regularizedCurve()->data()->size() > 10);
}

/// A law with memory has no event-driven form: LuGre (preset belt-lugre-stick-slip's values) runs
/// with the stiff method against its steady-state law stribeck-gauss run event-driven, which takes
/// LuGre's mu_s, mu_k, v_s, sigma2. Measured (core, t > 50): LuGre x_max 1.982, event-driven 2.010.
/// Choosing Coulomb in the law box (by keyboard) re-runs the event-driven side only: x_max = 1 +
/// sqrt(1 + 0.1^2) = 2.004988 (closed form).
void TestMethodComparison::lugreAgainstEventDrivenStribeck()
{
    fl::Scenario lugre;
    QVERIFY(fl::applyPreset("belt-lugre-vs-stribeck", lugre).ok());
    QCOMPARE(fl::findPreset("belt-lugre-vs-stribeck")->comparisonLaw, std::string("stribeck-gauss"));
    m_view->setScenario(lugre);
    QCOMPARE(m_view->eventLaw(), std::string("stribeck-gauss")); // the counterpart, found by shared parameter ids
    QCOMPARE(m_view->eventLawBox()->currentData().toString(), QString("stribeck-gauss"));
    QVERIFY(!m_view->epsRow()->editor()->isEnabled()); // LuGre does not use eps
    QVERIFY(waitForComparison());
    QVERIFY2(m_view->messageText().isEmpty(), qPrintable(m_view->messageText()));
    MethodComparisonPtr data = m_view->comparison();
    const fl::Scenario& event = data->eventDriven->run->scenario;
    const fl::Scenario& smooth = data->regularized->run->scenario;
    QCOMPARE(event.lawId, std::string("stribeck-gauss"));
    QCOMPARE(event.method, fl::Method::EventDriven);
    QCOMPARE(smooth.lawId, std::string("lugre"));
    for (const char* id : {"mu_s", "mu_k", "v_s", "sigma2"})
        QCOMPARE(event.params.value(id), smooth.params.value(id));
    QVERIFY(data->eventDriven->run->result.switches.size() > 4); // stick-slip, exactly
    const double xLugre = xMaxAfter(data->regularized->run->result, 50.0);
    const double xEvent = xMaxAfter(data->eventDriven->run->result, 50.0);
    QVERIFY2(std::abs(xLugre - 1.982) < 2e-3 && std::abs(xEvent - 2.010) < 2e-3,
             qPrintable(QString("%1 %2").arg(xLugre).arg(xEvent)));
    QVERIFY(m_view->summaryText().contains("stribeck-gauss") && m_view->summaryText().contains("lugre"));
    QCOMPARE(m_view->timeHistoryPlot()->eventCurve()->name(), QString("event-driven stribeck-gauss"));
    QCOMPARE(m_view->timeHistoryPlot()->regularizedCurve()->name(), QString("lugre"));
    if (const QString dir = qEnvironmentVariable("FRICTIONLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(100); // the plots' queued replots
        QVERIFY(m_view->grab().save(dir + "/view_compare_lugre.png"));
    }

    // Coulomb (first in the box) by keyboard: only the event-driven run is repeated.
    const RunOutputPtr lugreRun = data->regularizedRun;
    m_view->eventLawBox()->setFocus();
    QTest::keyClick(m_view->eventLawBox(), Qt::Key_Home);
    QCOMPARE(m_view->eventLaw(), std::string("coulomb"));
    QVERIFY(waitForComparison());
    data = m_view->comparison();
    QCOMPARE(data->eventDriven->run->scenario.lawId, std::string("coulomb"));
    QCOMPARE(data->regularizedRun, lugreRun);
    const double xCoulomb = xMaxAfter(data->eventDriven->run->result, 50.0);
    QVERIFY2(std::abs(xCoulomb - (1.0 + std::sqrt(1.01))) < 1e-3, qPrintable(QString::number(xCoulomb)));

    // Back to a law with a set-valued form: the event-driven run takes the panel's law again.
    m_view->setScenario(fl::defaultScenario());
    QCOMPARE(m_view->eventLaw(), std::string("coulomb"));
    QVERIFY(m_view->epsRow()->editor()->isEnabled());
    QVERIFY(waitForComparison());
}

void TestMethodComparison::exports()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (RunPlot* plot : m_view->plots())
        for (const char* suffix : {"png", "svg", "pdf"}) {
            const QString path = dir.filePath(plot->title() + "." + suffix);
            QString error;
            QVERIFY2(m_view->exportPlot(plot, path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
    const QString diffPath = dir.filePath("difference.csv");
    QVERIFY(m_view->exportCsv(MethodComparison::CsvContent::Difference, diffPath));
    QFile diff(diffPath);
    QVERIFY(diff.open(QIODevice::ReadOnly));
    const QByteArray diffText = diff.readAll();
    const QList<QByteArray> lines = diffText.split('\n');
    for (int column : {1, 2, 3})
        QVERIFY(csv_digits::mostDigits(diffText, column) >= 16); // exact numbers
    QVERIFY(lines.contains("t,x_event,x_regularized,abs_dx,v_event,v_regularized,abs_dv"));
    for (auto content : {MethodComparison::CsvContent::EventRun, MethodComparison::CsvContent::RegularizedRun}) {
        const QString path = dir.filePath("run.csv");
        QVERIFY(m_view->exportCsv(content, path));
        QFile run(path);
        QVERIFY(run.open(QIODevice::ReadOnly));
        const QByteArray text = run.readAll();
        QVERIFY(text.contains(content == MethodComparison::CsvContent::EventRun ? "method: event" : "method: regularized"));
    }
}

void TestMethodComparison::fig4aOver1000TimeUnits()
{
    QElapsedTimer clock;
    clock.start();
    m_view->setScenario(fig4a(1000.0));
    QVERIFY(waitForComparison());
    const double ms = clock.nsecsElapsed() * 1e-6;
    const MethodComparisonPtr data = m_view->comparison();
    const fl::RunResult& e = data->eventDriven->run->result;
    const fl::RunResult& r = data->regularized->run->result;
    qInfo("fig4a over 1000 time units: setScenario -> both plotted %.0f ms; event-driven %.1f ms (%ld steps), "
          "regularized eps = 1e-5 %.1f ms (%ld steps); max |dx| = %.3g, max |dphi| = %.3g",
          ms, e.wallSeconds * 1e3, e.steps, r.wallSeconds * 1e3, r.steps, difference(data, "x")->max,
          difference(data, "phi")->max);
    bool found = false;
    QCOMPARE(m_view->timeHistoryPlot()->eventCurve()->getKeyRange(found).upper, 1000.0);
    const QString dir = qEnvironmentVariable("FRICTIONLAB_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QTest::qWait(100); // the queued replots
        QVERIFY(m_view->grab().save(dir + "/view_compare.png"));
    }
}

void TestMethodComparison::cleanupTestCase() { delete m_view; }

QTEST_MAIN(TestMethodComparison)
#include "test_method_comparison.moc"
