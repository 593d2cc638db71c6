// Tests of ui/widgets/curve_decimator: fewer points, none of the dropped ones farther than the
// tolerance from what is drawn, breaks and turning points kept.
#include "plotdata/curve_decimator.h"

#include <QTest>

#include <cmath>
#include <numbers>

using fl::ui::CurveDecimator;

namespace {

struct Xy {
    double x, y;
};

double distanceToSegment(Xy p, Xy a, Xy b)
{
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double length2 = dx * dx + dy * dy;
    const double s = length2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / length2, 0.0, 1.0) : 0.0;
    return std::hypot(p.x - a.x - s * dx, p.y - a.y - s * dy);
}

/// Largest distance of an input point from the output segment that replaces it (found by t).
double worstDeviation(const std::vector<Xy>& in, const QVector<QCPCurveData>& out)
{
    double worst = 0.0;
    qsizetype k = 0;
    for (size_t i = 0; i < in.size(); ++i) {
        while (k + 1 < out.size() && out[k + 1].t < static_cast<double>(i))
            ++k;
        if (k + 1 >= out.size()) {
            worst = std::max(worst, std::hypot(in[i].x - out[k].key, in[i].y - out[k].value));
            continue;
        }
        worst = std::max(worst, distanceToSegment(in[i], {out[k].key, out[k].value}, {out[k + 1].key, out[k + 1].value}));
    }
    return worst;
}

QVector<QCPCurveData> decimate(const std::vector<Xy>& in, double tolerance = 2.5e-4)
{
    double lo = INFINITY, hi = -INFINITY;
    for (const Xy& p : in) {
        lo = std::min({lo, p.x, p.y});
        hi = std::max({hi, p.x, p.y});
    }
    CurveDecimator d(QCPRange(lo, hi), QCPRange(lo, hi), tolerance);
    for (size_t i = 0; i < in.size(); ++i)
        d.add(static_cast<double>(i), in[i].x, in[i].y);
    return d.take();
}

} // namespace

class TestCurveDecimator : public QObject {
    Q_OBJECT
private slots:
    void repeatedCircleIsThinnedWithinTolerance();
    void straightLineKeepsItsEnds();
    void turningBackKeepsTheTurningPoint();
    void breaksAreKeptOnce();
    void singlePointStays();
};

void TestCurveDecimator::repeatedCircleIsThinnedWithinTolerance()
{
    std::vector<Xy> in;
    for (int i = 0; i <= 20000; ++i) {
        const double a = 2.0 * std::numbers::pi * i / 1000.0;
        in.push_back({std::cos(a), std::sin(a)});
    }
    const QVector<QCPCurveData> out = decimate(in);
    QVERIFY2(out.size() < 4000, qPrintable(QString::number(out.size())));
    QCOMPARE(out.first().t, 0.0);
    QCOMPARE(out.last().t, 20000.0);
    // Tolerance: 2.5e-4 of the extent 2.
    QVERIFY2(worstDeviation(in, out) <= 5e-4 * 1.0001, qPrintable(QString::number(worstDeviation(in, out))));
}

void TestCurveDecimator::straightLineKeepsItsEnds()
{
    std::vector<Xy> in;
    for (int i = 0; i <= 1000; ++i)
        in.push_back({i * 0.001, 0.5 + i * 0.002});
    const QVector<QCPCurveData> out = decimate(in);
    QCOMPARE(out.size(), 2);
    QCOMPARE(out[0].key, 0.0);
    QCOMPARE(out[1].key, 1.0);
}

void TestCurveDecimator::turningBackKeepsTheTurningPoint()
{
    std::vector<Xy> in;
    for (int i = 0; i <= 100; ++i)
        in.push_back({i * 0.01, 0.0});
    for (int i = 1; i <= 50; ++i)
        in.push_back({1.0 - i * 0.01, 0.0});
    const QVector<QCPCurveData> out = decimate(in);
    bool hasTurn = false;
    for (const QCPCurveData& p : out)
        hasTurn = hasTurn || p.key == 1.0;
    QVERIFY(hasTurn);
    QCOMPARE(out.last().key, in.back().x);
    QVERIFY(worstDeviation(in, out) < 1e-9);
}

void TestCurveDecimator::breaksAreKeptOnce()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CurveDecimator d(QCPRange(0, 1), QCPRange(0, 1));
    d.add(0, 0.0, 0.0);
    d.add(1, 0.5, 0.0);
    d.add(2, 1.0, 0.0);
    d.add(3, nan, nan);
    d.add(4, nan, nan);
    d.add(5, 0.0, 1.0);
    d.add(6, 1.0, 1.0);
    const QVector<QCPCurveData> out = d.take();
    QCOMPARE(out.size(), 5);
    QCOMPARE(out[1].key, 1.0);
    QVERIFY(std::isnan(out[2].key) && std::isnan(out[2].value));
    QCOMPARE(out[3].value, 1.0);
    QCOMPARE(out[4].key, 1.0);
}

void TestCurveDecimator::singlePointStays()
{
    CurveDecimator d(QCPRange(0, 1), QCPRange(0, 1));
    d.add(0, 0.3, 0.4);
    const QVector<QCPCurveData> out = d.take();
    QCOMPARE(out.size(), 1);
    QCOMPARE(out[0].key, 0.3);
    QVERIFY(d.take().isEmpty());
}

QTEST_APPLESS_MAIN(TestCurveDecimator)
#include "test_curve_decimator.moc"
