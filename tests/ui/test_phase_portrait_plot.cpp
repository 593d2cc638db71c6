// Tests of ui/widgets/phase_portrait_plot through the main window: axes and plane names are the
// display labels (x′ for the belt, φ′ [rad/s] for the pendulum, never the column ids), and an
// angle can be shown modulo 2π with the curve broken where it wraps.
#include "bridge/simulation_controller.h"
#include "widgets/main_window.h"
#include "widgets/phase_portrait_plot.h"
#include "widgets/time_history_plot.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QTest>

#include <cmath>
#include <numbers>

using namespace fl::ui;

namespace {

bool waitForNewestRun(MainWindow& w)
{
    return QTest::qWaitFor([&] {
        return w.currentRun() && w.currentRun()->runId == w.controller()->latestRunId() && !w.controller()->isRunning();
    }, 30000);
}

struct CurveStats {
    double lo = INFINITY, hi = -INFINITY;
    double largestStep = 0.0; ///< largest |Δx| between neighbouring finite points
    int breaks = 0;           ///< NaN points
};

CurveStats statsOf(QCPCurve* curve)
{
    CurveStats s;
    bool previousFinite = false;
    double previous = 0.0;
    for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it) {
        if (!std::isfinite(it->key)) {
            ++s.breaks;
            previousFinite = false;
            continue;
        }
        s.lo = std::min(s.lo, it->key);
        s.hi = std::max(s.hi, it->key);
        if (previousFinite)
            s.largestStep = std::max(s.largestStep, std::abs(it->key - previous));
        previous = it->key;
        previousFinite = true;
    }
    return s;
}

} // namespace

class TestPhasePortraitPlot : public QObject {
    Q_OBJECT
private slots:
    void velocitiesAreLabelledWithPrimes()
    {
        MainWindow w;
        w.show();
        QVERIFY(waitForNewestRun(w));
        PhasePortraitPlot* plot = w.phasePortraitPlot();
        QCOMPARE(plot->xAxis->label(), QStringLiteral("x"));
        QCOMPARE(plot->yAxis->label(), QStringLiteral("x′")); // the column "v"
        QVERIFY(!plot->angleWrapBox()->isVisible());
        QVERIFY(w.timeHistoryPlot()->curve(QStringLiteral("v_r")));

        QVERIFY(w.loadPreset(QStringLiteral("acta2016-fig7")));
        QVERIFY(waitForNewestRun(w));
        QCOMPARE(plot->xAxis->label(), QStringLiteral("φ [rad]"));
        QCOMPARE(plot->yAxis->label(), QStringLiteral("φ′ [rad/s]")); // the column "dphi"
        QCOMPARE(plot->planeSelector()->itemText(0), QStringLiteral("φ – φ′"));
        QCOMPARE(w.timeHistoryPlot()->xAxis->label(), QStringLiteral("t [s]"));
        QVERIFY(w.timeHistoryPlot()->yAxis->label().startsWith(QStringLiteral("φ [rad]")));
    }

    /// Acta Fig. 7: φ makes full turns. Modulo 2π every point lies in [-π, π], the curve breaks at
    /// each wrap (no line across the plot), and unchecking brings the turns back.
    void angleModuloTwoPi()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.loadPreset(QStringLiteral("acta2016-fig7")));
        QVERIFY(waitForNewestRun(w));
        PhasePortraitPlot* plot = w.phasePortraitPlot();
        QCheckBox* wrap = plot->angleWrapBox();
        QVERIFY(wrap->isVisible());
        const CurveStats raw = statsOf(plot->trajectoryCurve());
        QVERIFY2(raw.hi - raw.lo > 4.0 * std::numbers::pi, qPrintable(QString::number(raw.hi - raw.lo)));
        // (raw.breaks: where the path leaves ground it had retraced, RetraceFilter)

        wrap->click();
        QVERIFY(plot->angleWrap());
        const CurveStats wrapped = statsOf(plot->trajectoryCurve());
        QVERIFY(wrapped.lo >= -std::numbers::pi - 1e-12 && wrapped.hi <= std::numbers::pi + 1e-12);
        QVERIFY2(wrapped.largestStep < std::numbers::pi, qPrintable(QString::number(wrapped.largestStep)));
        QVERIFY(wrapped.breaks >= raw.breaks + int((raw.hi - raw.lo) / (2.0 * std::numbers::pi)));
        QCOMPARE(plot->xAxis->label(), QStringLiteral("φ [rad] mod 2π"));
        QVERIFY(plot->xAxis->range().lower >= -4.0 && plot->xAxis->range().upper <= 4.0);
        plot->replot();
        const QString dir = qEnvironmentVariable("FL_VIEW_SCREENSHOT_DIR", QDir::tempPath());
        QVERIFY(plot->grab().save(QDir(dir).filePath(QStringLiteral("phase_portrait_mod2pi.png"))));
        // The start point is wrapped too.
        QVERIFY(std::abs(plot->startGraph()->data()->constBegin()->key) <= std::numbers::pi);
        // The other plane (X_A, Y_A) has no angle: the box hides and nothing is wrapped there.
        plot->setPlane(1);
        QVERIFY(!wrap->isVisible());
        const int otherPlaneBreaks = statsOf(plot->trajectoryCurve()).breaks; // with the box checked
        plot->setPlane(0);
        wrap->click();
        QCOMPARE(statsOf(plot->trajectoryCurve()).breaks, raw.breaks);
        plot->setPlane(1);
        QCOMPARE(statsOf(plot->trajectoryCurve()).breaks, otherPlaneBreaks); // unchecked: the same
    }
};

QTEST_MAIN(TestPhasePortraitPlot)
#include "test_phase_portrait_plot.moc"
