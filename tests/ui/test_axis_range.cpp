// Tests of ui/widgets/axis_range: the fitted axis range pads data by 5 %, widens a range narrower
// than the data's precision (a period-1 section, a constant branch) to one with readable, distinct
// tick labels, and never hands QCustomPlot a range it would reject.
#include "widgets/axis_range.h"

#include "axis_checks.h"

#include <QTest>

#include <cmath>
#include <limits>

using fl::ui::fittedLogRange;
using fl::ui::fittedRange;

namespace {

bool near(double a, double b, double tolerance) { return std::abs(a - b) <= tolerance; }

/// Draws the range on a plain plot's x axis (linear or log) and returns the plot for inspection.
QCustomPlot* drawn(QCustomPlot& plot, const QCPRange& range, bool log = false)
{
    if (log) {
        plot.xAxis->setScaleType(QCPAxis::stLogarithmic);
        plot.xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
        plot.xAxis->setNumberFormat(QStringLiteral("eb"));
        plot.xAxis->setNumberPrecision(0);
    }
    plot.resize(400, 300);
    plot.setViewport(QRect(0, 0, 400, 300)); // not shown: no resize event sets it
    plot.xAxis->setRange(range);
    plot.replot();
    return &plot;
}

} // namespace

class TestAxisRange : public QObject {
    Q_OBJECT
private slots:
    /// 25 section points of a period-1 orbit, 1e-14 apart: one dot, ticks that differ.
    void roundOffSpreadIsWidened()
    {
        const double x = 2.11803;
        QVector<double> points;
        for (int i = 0; i < 25; ++i)
            points << x + i * 4e-16;
        const QCPRange r = fittedRange(points.front(), points.back());
        QVERIFY2(r.size() >= 1e-4 * x, qPrintable(QString::number(r.size())));
        QVERIFY(r.size() < 1e-3 * x); // widened to a sensible minimum, not to an arbitrary one
        QVERIFY(near(r.center(), x + 12 * 4e-16, 1e-12));
        QVERIFY(r.contains(points.front()) && r.contains(points.back()));
        QCustomPlot plot;
        drawn(plot, r);
        QCOMPARE(plot.xAxis->range().lower, r.lower); // accepted as it is
        QVERIFY(fl::test::pixelSpread(plot.xAxis, points) < 1.0);
        QVERIFY2(fl::test::distinctTickLabels(plot.xAxis), qPrintable(fl::test::visibleTickLabels(plot.xAxis).join(' ')));
    }

    /// A constant branch of a bifurcation diagram (0.0959073 for every parameter).
    void constantIsWidenedAroundItsValue()
    {
        const double y = 0.0959073;
        const QCPRange r = fittedRange(y, y);
        QVERIFY(near(r.center(), y, 1e-15));
        QVERIFY(r.size() >= 1e-4 * y);
        QCustomPlot plot;
        drawn(plot, r);
        QVERIFY2(fl::test::distinctTickLabels(plot.xAxis), qPrintable(fl::test::visibleTickLabels(plot.xAxis).join(' ')));
    }

    /// Data wider than the minimum keeps the 5 % padding on each side, in either order.
    void normalSpanKeepsFivePercent()
    {
        const QCPRange r = fittedRange(1.0, 3.0);
        QVERIFY(near(r.lower, 0.9, 1e-15) && near(r.upper, 3.1, 1e-15));
        const QCPRange swapped = fittedRange(3.0, 1.0);
        QCOMPARE(swapped.lower, r.lower);
        QCOMPARE(swapped.upper, r.upper);
        const QCPRange time = fittedRange(QCPRange(0.0, 200.0));
        QVERIFY(near(time.lower, -10.0, 1e-12) && near(time.upper, 210.0, 1e-12));
        // Narrow but above the precision floor: still only padded.
        const QCPRange narrow = fittedRange(1.0, 1.001);
        QVERIFY(near(narrow.size(), 1.1e-3, 1e-12));
        QVERIFY(near(fittedRange(0.0, 4.0, fl::ui::RangeFit{.padding = 0.0}).size(), 4.0, 0.0));
    }

    /// A variable at 0 +- round-off gets the absolute floor, centred on zero.
    void aroundZero()
    {
        for (const auto& [lo, hi] : {std::pair{0.0, 0.0}, std::pair{-1e-15, 1e-15}, std::pair{3e-16, 5e-16}}) {
            const QCPRange r = fittedRange(lo, hi);
            QVERIFY2(r.size() >= 1e-9 && r.size() < 1e-8, qPrintable(QString::number(r.size())));
            QVERIFY(near(r.center(), 0.5 * (lo + hi), 1e-20));
            QVERIFY(r.contains(lo) && r.contains(hi));
            QCustomPlot plot;
            drawn(plot, r);
            QVERIFY(fl::test::pixelSpread(plot.xAxis, {lo, hi}) < 1.0);
            QVERIFY2(fl::test::distinctTickLabels(plot.xAxis), qPrintable(fl::test::visibleTickLabels(plot.xAxis).join(' ')));
        }
        // Small but real data (1e-6 wide) is not flattened.
        const QCPRange small = fittedRange(-1e-6, 1e-6);
        QVERIFY(near(small.size(), 2.2e-6, 1e-18));
    }

    void nonFiniteGivesDefault()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        for (const auto& [lo, hi] : {std::pair{nan, 1.0}, std::pair{0.0, inf}, std::pair{-inf, inf}, std::pair{nan, nan}}) {
            const QCPRange r = fittedRange(lo, hi);
            QCOMPARE(r.lower, -1.0);
            QCOMPARE(r.upper, 1.0);
            const QCPRange log = fittedLogRange(lo, hi);
            QCOMPARE(log.lower, 0.1);
            QCOMPARE(log.upper, 10.0);
        }
    }

    /// Huge values neither overflow nor give a range QCustomPlot refuses (it ignores spans or
    /// bounds beyond 1e250).
    void hugeValuesStayValid()
    {
        const double big = std::numeric_limits<double>::max();
        for (const auto& [lo, hi] : {std::pair{1e300, 1e300}, std::pair{-1e300, 1e300}, std::pair{-big, big}, std::pair{big, big},
                                     std::pair{1e249, 1e249}, std::pair{-1e300, -1e300}}) {
            const QCPRange r = fittedRange(lo, hi);
            QVERIFY(std::isfinite(r.lower) && std::isfinite(r.upper) && r.lower < r.upper);
            QVERIFY2(QCPRange::validRange(r), qPrintable(QString("%1 %2").arg(r.lower).arg(r.upper)));
        }
        QVERIFY(fittedRange(1e200, 1e200).contains(1e200));
        QVERIFY(QCPRange::validRange(fittedLogRange(1e-320, 1e-320)));
        QVERIFY(QCPRange::validRange(fittedLogRange(1e300, big)));
    }

    /// Log axes: ends moved out by the factor; a range under two decades widened multiplicatively
    /// around its geometric centre, so two powers of ten are labelled.
    void logRanges()
    {
        const QCPRange wide = fittedLogRange(1e-3, 10.0);
        QVERIFY(near(wide.lower, 1e-3 / 1.6, 1e-15) && near(wide.upper, 16.0, 1e-12));
        for (const auto& [lo, hi] : {std::pair{5.0, 5.0}, std::pair{2.0, 2.0 * (1.0 + 1e-14)}, std::pair{3e-7, 9e-7}}) {
            const QCPRange r = fittedLogRange(lo, hi);
            QVERIFY(r.lower > 0.0);
            QVERIFY(r.upper / r.lower >= 100.0 * 1.6 * 1.6 * (1.0 - 1e-12));
            QVERIFY(near(std::sqrt(r.lower * r.upper), std::sqrt(lo * hi), 1e-9 * hi));
            QCustomPlot plot;
            drawn(plot, r, true);
            QVERIFY2(fl::test::distinctTickLabels(plot.xAxis), qPrintable(fl::test::visibleTickLabels(plot.xAxis).join(' ')));
            if (hi < 1.001 * lo)
                QVERIFY(fl::test::pixelSpread(plot.xAxis, {lo, hi}) < 1.0);
        }
        const QCPRange unpadded = fittedLogRange(4.0, 4.0, 1.0);
        QVERIFY(near(unpadded.lower, 0.4, 1e-15) && near(unpadded.upper, 40.0, 1e-12));
        const QCPRange nonPositive = fittedLogRange(0.0, 5.0);
        QCOMPARE(nonPositive.lower, 0.1);
    }
};

QTEST_MAIN(TestAxisRange)
#include "test_axis_range.moc"
