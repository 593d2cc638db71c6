// Tests of ui/widgets/slider_scale: linear and log mappings, rounding, ends of the range, fine
// positions between coarse steps, narrowing around a value and back.
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

QTEST_APPLESS_MAIN(TestSliderScale)
#include "test_slider_scale.moc"
