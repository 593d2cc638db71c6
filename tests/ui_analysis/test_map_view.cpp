// MapView driven through its real widgets: the form typed into, Start, Cancel, the
// progressive picture, a click on a cell, bad input, CSV and PNG export. The values must be the
// core's (fl::runMap) bit for bit, and the CSV the CLI's.
#include "analysis/map_plot.h"
#include "analysis/map_setup_panel.h"
#include "analysis/map_view.h"
#include "io/map_csv.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

using fl::ui::MapView;

namespace {

/// Types text into a field as a user would (select all, type).
void type(QLineEdit* edit, const QString& text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
}

void choose(QComboBox* combo, const QString& data)
{
    const int index = combo->findData(data);
    QVERIFY2(index >= 0, qPrintable(data));
    combo->setCurrentIndex(index);
}

/// The belt's stick-slip (event-driven Coulomb) over (v_b, mu_s): fraction of time in stick.
void fillStickFractionMap(MapView& view, int nx, int ny, const QString& record)
{
    fl::ui::MapSetupPanel* setup = view.setupPanel();
    choose(setup->parameterCombo(0), "v_b");
    type(setup->fromField(0), "0.2");
    type(setup->toField(0), "0.8");
    setup->stepsBox(0)->setValue(nx);
    choose(setup->parameterCombo(1), "mu_s");
    type(setup->fromField(1), "1.2");
    type(setup->toField(1), "2.5");
    setup->stepsBox(1)->setValue(ny);
    choose(setup->observableCombo(), "stick-fraction");
    type(setup->transientField(), "20");
    type(setup->recordField(), record);
}

} // namespace

class TestMapView : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_view = new MapView;
        m_view->resize(1280, 720);
        m_view->show();
        m_view->setScenario(fl::defaultScenario());
    }
    void cleanup()
    {
        delete m_view;
        m_view = nullptr;
    }

    /// Start computes every point; the picture and values() are the core's runMap bit for bit.
    void startComputesTheCoresMap()
    {
        // Before the first map: no colour field, bar or axes (a purple 0..5 field looked like a result).
        QVERIFY(!m_view->plot()->colorMap()->visible());
        QVERIFY(!m_view->plot()->colorScale()->visible());
        QVERIFY(!m_view->plot()->xAxis->visible());
        fillStickFractionMap(*m_view, 7, 5, "60");
        QVERIFY2(m_view->setupPanel()->isValid(), qPrintable(m_view->setupPanel()->validationMessage()));
        QSignalSpy finished(m_view, &MapView::mapFinished);
        QTest::mouseClick(m_view->startButton(), Qt::LeftButton);
        QVERIFY(m_view->plot()->colorMap()->visible() && m_view->plot()->colorScale()->visible() && m_view->plot()->xAxis->visible());
        QVERIFY(m_view->isRunning() || finished.count() == 1);
        QVERIFY(finished.count() == 1 || finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), false);
        const fl::MapSpec spec = m_view->mapSpec();
        QCOMPARE(spec.x.parameter, std::string("v_b"));
        QCOMPARE(spec.y.steps, 5);
        QCOMPARE(spec.record, 60.0);
        const fl::MapResult core = fl::runMap(m_view->mapScenario(), spec, 1);
        QCOMPARE(m_view->values().size(), core.values.size());
        QVERIFY(std::memcmp(m_view->values().data(), core.values.data(), core.values.size() * sizeof(double)) == 0);
        for (int j = 0; j < 5; ++j)
            for (int i = 0; i < 7; ++i)
                QCOMPARE(m_view->plot()->shownValue(i, j), core.values[size_t(j * 7 + i)]);
        QCOMPARE(m_view->progressBar()->value(), 35);
        QVERIFY2(m_view->statusText().startsWith("Done: 35 of 35 points"), qPrintable(m_view->statusText()));
        QVERIFY(m_view->plot()->colorScale()->axis()->label().contains("fraction of time in stick"));
        QVERIFY(m_view->plot()->xAxis->label().contains("v"));

        // Export: the CSV is the CLI's; the picture a real PNG.
        QTemporaryDir dir;
        QString error;
        QVERIFY2(m_view->exportCsv(dir.filePath("map.csv"), &error), qPrintable(error));
        std::ostringstream expected;
        fl::writeMapCsv(expected, m_view->mapScenario(), spec, fl::stateNames(m_view->mapScenario()), core.values);
        QFile csv(dir.filePath("map.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().toStdString(), expected.str());
        QVERIFY2(m_view->exportPlot(dir.filePath("map.png"), &error), qPrintable(error));
        QVERIFY(!QImage(dir.filePath("map.png")).isNull());
        m_view->grab().save(QStringLiteral("map_view.png"));
        // Log colours: the colour bar becomes logarithmic from the least positive value.
        QTest::mouseClick(m_view->logScaleBox(), Qt::LeftButton, Qt::NoModifier, QPoint(4, m_view->logScaleBox()->height() / 2));
        QVERIFY(m_view->plot()->logScale());
        QCOMPARE(m_view->plot()->colorScale()->dataScaleType(), QCPAxis::stLogarithmic);
        const double least = *std::min_element(core.values.begin(), core.values.end());
        QCOMPARE(m_view->plot()->colorMap()->dataRange().lower, least);
    }

    /// A click on a cell (without dragging) asks the main window to run that case.
    void clickOnACellPicksItsParameters()
    {
        fillStickFractionMap(*m_view, 5, 4, "30");
        QSignalSpy finished(m_view, &MapView::mapFinished);
        QVERIFY(m_view->start());
        QVERIFY(finished.wait(120000));
        QSignalSpy picked(m_view, &MapView::parameterPicked);
        fl::ui::MapPlot* plot = m_view->plot();
        const fl::MapSpec spec = m_view->mapSpec();
        const QPoint pixel(int(plot->xAxis->coordToPixel(spec.x.value(3))), int(plot->yAxis->coordToPixel(spec.y.value(1))));
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, pixel);
        QCOMPARE(picked.count(), 1);
        const fl::Scenario scenario = picked.first().first().value<fl::Scenario>();
        QCOMPARE(scenario.params.value("v_b"), spec.x.value(3));
        QCOMPARE(scenario.params.value("mu_s"), spec.y.value(1));
        QCOMPARE(scenario.params.value("mu_k"), m_view->mapScenario().params.value("mu_k"));
        // Hovering names the cell and its value.
        QTest::mouseMove(plot, pixel);
        auto* hover = m_view->findChild<QLabel*>(QStringLiteral("hover"));
        QVERIFY(hover);
        QTRY_VERIFY2(hover->text().contains(QString::number(spec.x.value(3), 'g', 8)), qPrintable(hover->text()));
    }

    /// Cancel stops a map far too large to finish; the points done are kept and correct.
    void cancelKeepsThePointsDone()
    {
        fillStickFractionMap(*m_view, 2000, 2000, "2000");
        QSignalSpy finished(m_view, &MapView::mapFinished);
        QVERIFY(m_view->start());
        QTRY_VERIFY_WITH_TIMEOUT(m_view->pointsDone() >= 4, 120000);
        QTest::mouseClick(m_view->cancelButton(), Qt::LeftButton);
        QVERIFY(finished.count() == 1 || finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(m_view->pointsDone() < 4000000);
        QVERIFY2(m_view->statusText().startsWith("Cancelled"), qPrintable(m_view->statusText()));
        // The first point (0, 0) is the core's; it stands for (1, 1) until the last, finest level.
        const fl::MapPoint first = fl::computeMapPoint(m_view->mapScenario(), m_view->mapSpec(), 0, 0);
        QCOMPARE(m_view->values()[0], first.value);
        QCOMPARE(m_view->plot()->shownValue(1, 1), first.value);
        QVERIFY(std::isnan(m_view->values()[2001])); // (1, 1) itself was not computed
        QVERIFY(m_view->startButton()->isEnabled());
    }

    /// Bad input: the field is marked, the message says why and what is allowed, Start is
    /// disabled, and the last map stays on screen.
    void badInputIsRefusedAndTheMapStays()
    {
        fillStickFractionMap(*m_view, 4, 3, "30");
        QSignalSpy finished(m_view, &MapView::mapFinished);
        QVERIFY(m_view->start());
        QVERIFY(finished.wait(120000));
        const std::vector<double> before = m_view->values();
        fl::ui::MapSetupPanel* setup = m_view->setupPanel();
        type(setup->fromField(0), "abc");
        QVERIFY(!setup->isValid());
        QVERIFY(!m_view->startButton()->isEnabled());
        auto* message = setup->findChild<QLabel*>(QStringLiteral("message"));
        QVERIFY(message && message->text().contains("\"abc\" is not a number"));
        type(setup->fromField(0), "-500");
        QVERIFY2(setup->validationMessage().contains("must be increasing and inside"), qPrintable(setup->validationMessage()));
        type(setup->fromField(0), "0.2");
        type(setup->recordField(), "0");
        QVERIFY2(setup->validationMessage().contains("recording time > 0"), qPrintable(setup->validationMessage()));
        QVERIFY(!m_view->start());
        type(setup->recordField(), "30");
        choose(setup->observableCombo(), "lyapunov"); // event-driven through saltation matrices
        QVERIFY2(setup->isValid(), qPrintable(setup->validationMessage()));
        QCOMPARE(m_view->values().size(), before.size());
        QVERIFY(std::memcmp(m_view->values().data(), before.data(), before.size() * sizeof(double)) == 0);
        choose(setup->observableCombo(), "period");
        QVERIFY(setup->isValid());
        QVERIFY(!setup->variableCombo()->isEnabled()); // the variable is the amplitude's only
    }

    /// Coarse to fine: after the first level every cell shows a value; a finer point that
    /// arrives before its coarser one keeps its own value; at the end each cell shows its own.
    void progressivePicture()
    {
        fl::MapSpec spec;
        spec.x = {"v_b", 0.0, 1.0, 20};
        spec.y = {"mu_s", 1.0, 2.0, 12};
        fl::ui::MapPlot plot;
        plot.beginMap(spec, "t", "x", "y", "value");
        const std::vector<fl::MapCell> order = fl::progressiveOrder(20, 12);
        const auto value = [](const fl::MapCell& c) { return double(c.j * 100 + c.i); };
        size_t k = 0;
        const int top = order.front().block;
        for (; k < order.size() && order[k].block == top; ++k)
            plot.addPoint(order[k], value(order[k]));
        for (int j = 0; j < 12; ++j)
            for (int i = 0; i < 20; ++i)
                QVERIFY(std::isfinite(plot.shownValue(i, j)));
        QCOMPARE(plot.shownValue(5, 5), 0.0); // stands in for (0, 0)'s block
        // The rest in reverse: finer first.
        for (size_t r = order.size(); r > k; --r)
            plot.addPoint(order[r - 1], value(order[r - 1]));
        for (int j = 0; j < 12; ++j)
            for (int i = 0; i < 20; ++i)
                QCOMPARE(plot.shownValue(i, j), double(j * 100 + i));
    }

private:
    MapView* m_view = nullptr;
};

QTEST_MAIN(TestMapView)
#include "test_map_view.moc"
