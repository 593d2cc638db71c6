// Tests of ui/widgets/slider_scale: linear and log mappings, rounding, ends of the range, fine
// positions between coarse steps, narrowing around a value and back; whole numbers for integer kinds.
#include "widgets/slider_scale.h"

#include <QTest>

#include <cmath>

using fl::ui::SliderScale;

namespace {
fl::ParameterSpec spec(double min, double max, double def, bool log)
{
    return {"p", "Parameter", "p", "–", "", def, min, max, log};
}
} // namespace

class TestSliderScale : public QObject {
    Q_OBJECT
private slots:
    void linearEndsAndMiddle();
    void linearValuesAreShortDecimals();
    void logScaleIsEvenInLog();
    void logNeedsPositiveMinimum();
    void positionsAreClamped();
    void narrowingIsATenthAroundTheValue();
    void narrowingStaysInsideTheRange();
    void logNarrowingIsInDecades();
    void integerKindsStepByOne();
};

void TestSliderScale::linearEndsAndMiddle()
{
    const SliderScale scale(spec(-5.0, 5.0, 0.5, false));
    QVERIFY(!scale.isLog());
    QCOMPARE(scale.value(0), -5.0);
    QCOMPARE(scale.value(SliderScale::kPositions), 5.0);
    QCOMPARE(scale.value(SliderScale::kPositions / 2), 0.0);
    QCOMPARE(scale.position(0.5), 5500);
    QCOMPARE(scale.value(5500), 0.5);
}

void TestSliderScale::linearValuesAreShortDecimals()
{
    const SliderScale scale(spec(-5.0, 5.0, 0.5, false));
    for (int p = 0; p <= SliderScale::kPositions; ++p) {
        const double v = scale.value(p);
        // Coarse steps: exactly the double nearest to a multiple of 0.01; fine ones of 0.001.
        const double unit = p % SliderScale::kFine == 0 ? 100.0 : 1000.0;
        QCOMPARE(v, std::round(v * unit) / unit);
        QCOMPARE(scale.position(v), p);
    }
}

void TestSliderScale::logScaleIsEvenInLog()
{
    const SliderScale scale(spec(1e-8, 1.0, 1e-4, true));
    QVERIFY(scale.isLog());
    QCOMPARE(scale.value(0), 1e-8);
    QCOMPARE(scale.value(SliderScale::kPositions), 1.0);
    QCOMPARE(scale.value(SliderScale::kPositions / 2), 1e-4);
    QCOMPARE(scale.position(1e-4), SliderScale::kPositions / 2);
    QCOMPARE(scale.position(1e-6), SliderScale::kPositions / 4);
    double previous = 0.0;
    for (int p = 0; p <= SliderScale::kPositions; ++p) {
        QVERIFY2(scale.value(p) > previous, qPrintable(QString::number(p)));
        previous = scale.value(p);
    }
}

void TestSliderScale::logNeedsPositiveMinimum()
{
    QVERIFY(!SliderScale(spec(0.0, 10.0, 1.0, true)).isLog());
}

void TestSliderScale::positionsAreClamped()
{
    const SliderScale scale(spec(0.0, 10.0, 2.0, false));
    QCOMPARE(scale.position(-3.0), 0);
    QCOMPARE(scale.position(30.0), SliderScale::kPositions);
    QCOMPARE(scale.value(-7), 0.0);
    QCOMPARE(scale.value(SliderScale::kPositions + 7), 10.0);
}

void TestSliderScale::narrowingIsATenthAroundTheValue()
{
    // ω₀ of the pendulum: [-200, 200], 40 rad/s.
    SliderScale scale(spec(-200.0, 200.0, 40.0, false));
    QVERIFY(!scale.isNarrowed());
    QVERIFY(scale.narrow(40.0));
    QCOMPARE(scale.min(), 20.0);
    QCOMPARE(scale.max(), 60.0);
    QVERIFY(scale.narrow(40.0));
    QCOMPARE(scale.narrowing(), 2);
    QCOMPARE(scale.min(), 38.0);
    QCOMPARE(scale.max(), 42.0);
    QCOMPARE(scale.position(40.0), SliderScale::kPositions / 2);
    // One coarse step is a hundredth of the full range's; values stay short decimals.
    QCOMPARE(scale.value(SliderScale::kPositions / 2 + SliderScale::kFine), 40.004);
    QCOMPARE(scale.value(SliderScale::kPositions / 2 + 1), 40.0004);
    QVERIFY(scale.widen(40.0));
    QCOMPARE(scale.min(), 20.0);
    QCOMPARE(scale.max(), 60.0);
    QVERIFY(scale.widen(40.0));
    QVERIFY(!scale.isNarrowed());
    QCOMPARE(scale.min(), -200.0);
    QCOMPARE(scale.max(), 200.0);
    QVERIFY(!scale.widen(40.0));
}

void TestSliderScale::narrowingStaysInsideTheRange()
{
    SliderScale scale(spec(0.0, 10.0, 0.1, false));
    QVERIFY(scale.narrow(0.1));
    QCOMPARE(scale.min(), 0.0);
    QCOMPARE(scale.max(), 1.0);
    for (int i = 1; i < SliderScale::kMaxNarrowing; ++i)
        QVERIFY(scale.narrow(0.1));
    QVERIFY(!scale.narrow(0.1));
    QCOMPARE(scale.narrowing(), SliderScale::kMaxNarrowing);
    // A value outside the window moves it, its span kept.
    const double span = scale.max() - scale.min();
    scale.follow(9.99999);
    QVERIFY(scale.max() <= 10.0);
    QVERIFY(scale.min() <= 9.99999 && scale.max() >= 9.99999);
    QVERIFY(std::abs(scale.max() - scale.min() - span) < 1e-12);
    scale.restoreFullRange();
    QCOMPARE(scale.min(), 0.0);
    QCOMPARE(scale.max(), 10.0);
}

void TestSliderScale::logNarrowingIsInDecades()
{
    SliderScale scale(spec(1e-8, 1.0, 1e-4, true));
    QVERIFY(scale.narrow(1e-4));
    // Eight decades -> 0.8 decades around 1e-4.
    QVERIFY(std::abs(std::log10(scale.min()) + 4.4) < 1e-12);
    QVERIFY(std::abs(std::log10(scale.max()) + 3.6) < 1e-12);
    double previous = 0.0;
    for (int p = 0; p <= SliderScale::kPositions; ++p) {
        const double v = scale.value(p);
        QVERIFY2(v > previous, qPrintable(QString::number(p)));
        QVERIFY(v >= scale.min() && v <= scale.max());
        previous = v;
    }
}

void TestSliderScale::integerKindsStepByOne()
{
    // The chain's block count n: [1, 1000], an integer kind (a coarse step is 0.999 of a block).
    fl::ParameterSpec blocks = spec(1.0, 1000.0, 10.0, false);
    blocks.kind = fl::ParameterKind::Integer;
    SliderScale scale(blocks);
    QVERIFY(scale.isWhole());
    QVERIFY(!SliderScale(spec(1.0, 1000.0, 10.0, false)).isWhole());
    for (int p = 0; p <= SliderScale::kPositions; ++p) {
        const double v = scale.value(p);
        QCOMPARE(v, std::round(v));
        QVERIFY(v >= 1.0 && v <= 1000.0);
    }
    QCOMPARE(scale.value(0), 1.0);
    QCOMPARE(scale.value(SliderScale::kPositions), 1000.0);
    // Every coarse and fine step, up or down, moves by one block from anywhere.
    for (double from : {1.0, 2.0, 10.0, 500.0, 501.0, 999.0}) {
        QCOMPARE(scale.steppedValue(from, scale.position(from) + SliderScale::kFine), from + 1.0);
        QCOMPARE(scale.steppedValue(from, scale.position(from) + 1), from + 1.0);
    }
    QCOMPARE(scale.steppedValue(10.0, scale.position(10.0) - 1), 9.0);
    QCOMPARE(scale.steppedValue(1.0, scale.position(1.0) - 1), 1.0);
    QCOMPARE(scale.steppedValue(1000.0, scale.position(1000.0) + 1), 1000.0);
    // Narrowed: a window of about 100 blocks, stepping by one; not to ten blocks (less than kMinWholeSpan).
    QVERIFY(scale.narrow(500.0));
    QVERIFY(scale.max() - scale.min() >= SliderScale::kMinWholeSpan);
    QCOMPARE(scale.steppedValue(500.0, scale.position(500.0) + SliderScale::kFine), 501.0);
    QCOMPARE(scale.steppedValue(500.0, scale.position(500.0) - SliderScale::kFine), 499.0);
    const double low = scale.min(), high = scale.max();
    QVERIFY(!scale.narrow(500.0));
    QCOMPARE(scale.narrowing(), 1);
    QCOMPARE(scale.min(), low);
    QCOMPARE(scale.max(), high);
    // A log-scale count (the step limit max_steps, 1e2 to 1e9): whole numbers too.
    fl::ParameterSpec steps = spec(1e2, 1e9, 2e7, true);
    steps.kind = fl::ParameterKind::Integer;
    const SliderScale log(steps);
    for (int p = 0; p <= SliderScale::kPositions; p += 7)
        QCOMPARE(log.value(p), std::round(log.value(p)));
    // A switch: 0 or 1, one step apart.
    fl::ParameterSpec flag = spec(0.0, 1.0, 0.0, false);
    flag.kind = fl::ParameterKind::Boolean;
    const SliderScale toggle(flag);
    QCOMPARE(toggle.steppedValue(0.0, SliderScale::kFine), 1.0);
    QCOMPARE(toggle.steppedValue(1.0, SliderScale::kPositions - 1), 0.0);
    QCOMPARE(toggle.value(SliderScale::kPositions / 3), 0.0);
}

QTEST_APPLESS_MAIN(TestSliderScale)
#include "test_slider_scale.moc"
