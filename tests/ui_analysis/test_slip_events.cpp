// The "Slip events" tab (ui/analysis/slip_event_view.h) in the full window: shown for the
// Burridge-Knopoff chain only; the bk-chain-quakes run gives its space-time map (100 blocks x 2000
// columns), the slip events after the transient and the moment distribution with its power-law
// exponent; the transient, the size and the fit range are set through the real fields; a click on
// the map plays from there; zooming in shows the samples at full resolution; a bad fit range keeps
// the last result; a regularized run is read with its stick threshold; exports.
#include "../csv_digits.h"
#include "analysis/slip_event_view.h"
#include "analysis/slip_size_plot.h"
#include "analysis/space_time_plot.h"
#include "analysis/workbench.h"
#include "playback/playback_controller.h"
#include "widgets/main_window.h"
#include "widgets/plot_export.h"
#include "widgets/parameter_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using fl::ui::SlipEventView;

class TestSlipEvents : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_window = new fl::ui::MainWindow;
        m_bench = new fl::ui::Workbench(*m_window);
        m_window->resize(1280, 720);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
        m_view = m_bench->viewAs<fl::ui::SlipEventView>("slip-events");
    }
    void cleanupTestCase() { delete m_window; }

    void tabOnlyForTheChain()
    {
        QVERIFY(!m_window->tabs()->isTabVisible(m_bench->tabIndex("slip-events"))); // the default belt
        QVERIFY(m_window->loadPreset(QStringLiteral("bk-chain-quakes")));
        QVERIFY(m_window->tabs()->isTabVisible(m_bench->tabIndex("slip-events")));
        m_window->tabs()->setCurrentIndex(m_bench->tabIndex("slip-events"));
        QVERIFY(waitForData());
    }

    void quakesRun()
    {
        const fl::ui::SlipEventDataPtr data = m_view->data();
        QVERIFY(data);
        QCOMPARE(data->map.blocks, 100);
        QCOMPARE(data->map.columns, 2000); // 10 001 samples, at most 2000 columns
        QVERIFY(data->exact);
        QCOMPARE(m_view->skipField()->value(), 200.0); // a fifth of t_end
        QVERIFY(data->events.size() > 2000);
        for (const fl::SlipEvent& e : data->events)
            QVERIFY(e.tBegin >= 200.0);
        const fl::PowerLawFit& fit = data->statistics.fit[0];
        QVERIFY(fit.valid);
        qInfo("%zu events; moment alpha = %.3f +- %.3f on [%g, %g]", data->events.size(), fit.alpha, fit.sigma, fit.xMin, fit.xMax);
        QVERIFY(fit.alpha > 1.4 && fit.alpha < 2.2);
        QVERIFY(fit.xMax >= 100.0 * fit.xMin);
        // The plots show it.
        QCOMPARE(m_view->spaceTimePlot()->colorMap()->data()->keySize(), 2000);
        QCOMPARE(m_view->spaceTimePlot()->colorMap()->data()->valueSize(), 100);
        QVERIFY(m_view->sizePlot()->densityGraph()->data()->size() > 10);
        QVERIFY(m_view->sizePlot()->fitGraph()->visible());
        QVERIFY(m_view->sizePlot()->title().contains(QStringLiteral("α = %1").arg(fit.alpha, 0, 'f', 2)));
        QVERIFY2(m_view->infoText().contains(QStringLiteral("largest: 100 of 100 blocks")), qPrintable(m_view->infoText()));
        QVERIFY(m_view->infoText().contains(QStringLiteral("event-driven")));
    }

    void transientTypedIn()
    {
        const size_t before = m_view->data()->events.size();
        QDoubleSpinBox* skip = m_view->skipField();
        skip->setFocus();
        skip->selectAll();
        QTest::keyClicks(skip, QStringLiteral("500"));
        QTest::keyClick(skip, Qt::Key_Return);
        QVERIFY(waitFor([&] { return m_view->data()->skipTime == 500.0; }));
        const size_t after = m_view->data()->events.size();
        QVERIFY2(after < before && after > before / 3, qPrintable(QString("%1 -> %2").arg(before).arg(after)));
        QVERIFY(m_view->infoText().startsWith(QStringLiteral("%1 slip events after t = 500").arg(after)));
    }

    void blockCountsShown()
    {
        m_view->sizeChoice()->setFocus();
        QTest::keyClick(m_view->sizeChoice(), Qt::Key_Down);
        QCOMPARE(m_view->sizeChoice()->currentIndex(), 1);
        QCOMPARE(m_view->sizePlot()->xAxis->label(), QStringLiteral("blocks slipped in the event"));
        QCOMPARE(m_view->sizePlot()->densityGraph()->data()->begin()->key, 1.0); // one bin per block count below 10
        QTest::keyClick(m_view->sizeChoice(), Qt::Key_Up);
        QCOMPARE(m_view->sizeChoice()->currentIndex(), 0);
    }

    void fitRangeTypedIn()
    {
        typeInto(m_view->fitMinField(), QStringLiteral("0.01"));
        typeInto(m_view->fitMaxField(), QStringLiteral("1"));
        QVERIFY(waitFor([&] { return m_view->data()->statistics.fit[0].xMin == 0.01 && m_view->data()->statistics.fit[0].xMax == 1.0; }));
        QVERIFY(m_view->data()->statistics.fit[0].valid);
        QVERIFY(m_view->data()->statistics.fit[0].count >= 10); // a range given by hand needs 10 events
        // Bad text: the message names the rule and the last fit stays.
        const fl::ui::SlipEventDataPtr kept = m_view->data();
        typeInto(m_view->fitMaxField(), QStringLiteral("abc"));
        QVERIFY(m_view->messageText().contains(QStringLiteral("positive number")));
        QTest::qWait(100);
        QCOMPARE(m_view->data(), kept);
        typeInto(m_view->fitMaxField(), QStringLiteral("0.001")); // below the lower end
        QVERIFY(m_view->messageText().contains(QStringLiteral("above the lower one")));
        m_view->fitMinField()->clear();
        typeInto(m_view->fitMaxField(), QString()); // both auto again
        QVERIFY(m_view->messageText().isEmpty());
        QVERIFY(waitFor([&] { return m_view->data()->statistics.fit[0].xMin != 0.01; }));
    }

    void clickPlaysFromThere()
    {
        fl::ui::SpaceTimePlot* plot = m_view->spaceTimePlot();
        const QPoint at(static_cast<int>(plot->xAxis->coordToPixel(600.0)), static_cast<int>(plot->yAxis->coordToPixel(50.0)));
        QTest::mouseClick(plot, Qt::LeftButton, {}, at);
        const double t = m_window->playback()->time();
        QVERIFY2(std::abs(t - 600.0) < 1.0, qPrintable(QString::number(t)));
        QVERIFY(std::abs(plot->markedTime() - t) < 1e-9);
    }

    void zoomShowsEverySample()
    {
        fl::ui::SpaceTimePlot* plot = m_view->spaceTimePlot();
        const QPointF centre(plot->xAxis->coordToPixel(600.0), plot->yAxis->coordToPixel(50.0));
        for (int k = 0; k < 18; ++k) { // wheel in (0.85 per step): about 54 time units left on screen
            QWheelEvent wheel(centre, plot->mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QApplication::sendEvent(plot, &wheel);
        }
        const QCPRange shown = plot->xAxis->range();
        QVERIFY2(shown.size() < 100.0, qPrintable(QString::number(shown.size())));
        // The finer window: one column per sample (dt = 0.1) of the visible range.
        QVERIFY(waitFor([&] { return plot->colorMap()->data()->keySize() != 2000; }));
        const int columns = plot->colorMap()->data()->keySize();
        QVERIFY2(std::abs(columns - shown.size() / 0.1) <= 2, qPrintable(QString("%1 columns for %2").arg(columns).arg(shown.size())));
        QTest::mouseDClick(plot, Qt::LeftButton, {}, centre.toPoint());
        QCOMPARE(plot->colorMap()->data()->keySize(), 2000);
        QVERIFY(plot->xAxis->range().size() > 990.0);
    }

    void exports()
    {
        QTemporaryDir dir;
        const QString events = dir.filePath("events.csv"), densities = dir.filePath("densities.csv"), png = dir.filePath("map.png");
        QVERIFY(m_view->exportEventsCsv(events));
        QFile file(events);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QVERIFY(lines[0].startsWith("# bk-chain"));
        QCOMPARE(lines[1], QByteArray("t_begin,t_end,first_block,last_block,blocks,moment"));
        QCOMPARE(static_cast<size_t>(lines.size()), m_view->data()->events.size() + 3); // comment, header, rows, final newline
        QVERIFY(m_view->exportHistogramCsv(densities));
        QFile h(densities);
        QVERIFY(h.open(QIODevice::ReadOnly));
        const QByteArray text = h.readAll();
        QVERIFY(text.contains("size,centre,density,count\nmoment,"));
        QVERIFY(csv_digits::mostDigits(text, 1) >= 16 && csv_digits::mostDigits(text, 2) >= 16); // exact numbers
        QVERIFY(text.contains("\nblocks,1,"));
        QString error;
        QVERIFY2(fl::ui::exportPlot(m_view->spaceTimePlot(), png, &error), qPrintable(error));
        QVERIFY(QFile(png).size() > 10000);
    }

    void regularizedRunUsesItsThreshold()
    {
        // Two blocks, regularized (a hundred take minutes with the stiff integrator).
        QVERIFY(m_window->loadPreset(QStringLiteral("bk-chain-two")));
        const quint64 before = m_view->data() ? m_view->data()->runId : 0;
        fl::Scenario s = m_window->findChild<fl::ui::ParameterPanel*>()->scenario();
        s.method = fl::Method::Regularized;
        s.params.set("eps", 1e-5); // creep of a sticking block below the threshold 2e-4
        m_window->loadScenario(s);
        QVERIFY(waitFor([&] { return m_view->data() && m_view->data()->runId != before && !m_view->isComputing(); }));
        QVERIFY(!m_view->data()->exact);
        QCOMPARE(m_view->data()->map.blocks, 2);
        QCOMPARE(m_view->skipField()->value(), 60.0); // a fifth of t_end = 300
        QVERIFY2(m_view->infoText().contains(QStringLiteral("regularized: a block slips while |v_r| >")), qPrintable(m_view->infoText()));
        qInfo("%zu events of two blocks (regularized)", m_view->data()->events.size());
        QCOMPARE(m_view->data()->events.size(), size_t(9)); // as event-driven (tests/core/test_slip_events.cpp)
        QVERIFY(m_view->sizePlot()->title().contains(QStringLiteral("too few events")));
        // Another system hides the tab and clears the view.
        QVERIFY(m_window->loadPreset(QStringLiteral("belt-stick-slip")));
        QVERIFY(!m_window->tabs()->isTabVisible(m_bench->tabIndex("slip-events")));
        QVERIFY(waitFor([&] { return !m_view->data(); }));
        QVERIFY(m_view->messageText().contains(QStringLiteral("Burridge–Knopoff")));
    }

private:
    // 5 minutes at most: the chain's run and its events take ~1 s in a Release build, 20x that and
    // more under ThreadSanitizer.
    bool waitForData(int ms = 300000)
    {
        return waitFor([&] { return m_view->data() && !m_view->isComputing() && m_view->data()->runId == m_window->currentRun()->runId; }, ms);
    }
    template <typename F>
    bool waitFor(F done, int ms = 300000)
    {
        return QTest::qWaitFor(done, ms);
    }
    void typeInto(QLineEdit* field, const QString& text)
    {
        field->setFocus();
        field->selectAll();
        if (text.isEmpty())
            QTest::keyClick(field, Qt::Key_Delete);
        else
            QTest::keyClicks(field, text);
        QTest::keyClick(field, Qt::Key_Return);
    }

    fl::ui::MainWindow* m_window = nullptr;
    fl::ui::Workbench* m_bench = nullptr;
    SlipEventView* m_view = nullptr;
};

QTEST_MAIN(TestSlipEvents)
#include "test_slip_events.moc"
