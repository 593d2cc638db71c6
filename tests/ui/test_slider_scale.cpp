// Tests of ui/widgets/slider_scale: linear and log mappings, rounding, ends of the range.
#include "widgets/slider_scale.h"

#include <QtTest>

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
};

void TestSliderScale::linearEndsAndMiddle()
{
    const SliderScale scale(spec(-5.0, 5.0, 0.5, false));
    QVERIFY(!scale.isLog());
    QCOMPARE(scale.value(0), -5.0);
    QCOMPARE(scale.value(SliderScale::kSteps), 5.0);
    QCOMPARE(scale.value(SliderScale::kSteps / 2), 0.0);
    QCOMPARE(scale.position(0.5), 550);
    QCOMPARE(scale.value(550), 0.5);
}

void TestSliderScale::linearValuesAreShortDecimals()
{
    const SliderScale scale(spec(-5.0, 5.0, 0.5, false));
    for (int p = 0; p <= SliderScale::kSteps; ++p) {
        const double v = scale.value(p);
        // Exactly the double nearest to a multiple of 0.01.
        QCOMPARE(v, std::round(v * 100.0) / 100.0);
        QCOMPARE(scale.position(v), p);
    }
}

void TestSliderScale::logScaleIsEvenInLog()
{
    const SliderScale scale(spec(1e-8, 1.0, 1e-4, true));
    QVERIFY(scale.isLog());
    QCOMPARE(scale.value(0), 1e-8);
    QCOMPARE(scale.value(SliderScale::kSteps), 1.0);
    QCOMPARE(scale.value(SliderScale::kSteps / 2), 1e-4);
    QCOMPARE(scale.position(1e-4), SliderScale::kSteps / 2);
    QCOMPARE(scale.position(1e-6), SliderScale::kSteps / 4);
    double previous = 0.0;
    for (int p = 0; p <= SliderScale::kSteps; ++p) {
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
    QCOMPARE(scale.position(30.0), SliderScale::kSteps);
    QCOMPARE(scale.value(-7), 0.0);
    QCOMPARE(scale.value(SliderScale::kSteps + 7), 10.0);
}

QTEST_APPLESS_MAIN(TestSliderScale)
#include "test_slider_scale.moc"
