// Tests of ui/widgets/retrace_filter: a path that goes round the same loop many times is drawn
// once; a path that never retraces loses nothing; where the path leaves old ground the line
// restarts from the last skipped point; every cell the path visits is still drawn.
#include "plotdata/retrace_filter.h"

#include <QTest>

#include <cmath>
#include <numbers>
#include <set>
#include <utility>

using fl::ui::RetraceFilter;
using Step = RetraceFilter::Step;

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

struct Counts {
    int draw = 0, skip = 0, resume = 0;
};

Counts feedCircle(RetraceFilter& filter, int turns, int perTurn, double radius = 1.0)
{
    Counts c;
    for (int i = 0; i <= turns * perTurn; ++i) {
        const double a = kTwoPi * i / perTurn;
        switch (filter.next(radius * std::cos(a), radius * std::sin(a))) {
        case Step::Draw: ++c.draw; break;
        case Step::Skip: ++c.skip; break;
        case Step::Resume: ++c.resume; break;
        }
    }
    return c;
}

} // namespace

class TestRetraceFilter : public QObject {
    Q_OBJECT
private slots:
    /// 1000 turns of a limit cycle: the first turn is drawn, the other 999 skipped.
    void limitCycleIsDrawnOnce()
    {
        RetraceFilter filter(QCPRange(-1.0, 1.0), QCPRange(-1.0, 1.0));
        const int perTurn = 500;
        const Counts c = feedCircle(filter, 1000, perTurn);
        QVERIFY2(c.draw <= perTurn + 2, qPrintable(QString::number(c.draw)));
        QCOMPARE(c.resume, 0);
        QCOMPARE(c.skip, 1000 * perTurn + 1 - c.draw);
    }

    /// An outward spiral never comes back to a cell: every point is drawn.
    void spiralKeepsEveryPoint()
    {
        RetraceFilter filter(QCPRange(-1.0, 1.0), QCPRange(-1.0, 1.0));
        int drawn = 0;
        const int n = 20000;
        for (int i = 0; i <= n; ++i) {
            const double r = 0.05 + 0.9 * i / n, a = kTwoPi * 20.0 * i / n;
            drawn += filter.next(r * std::cos(a), r * std::sin(a)) == Step::Draw;
        }
        QCOMPARE(drawn, n + 1);
    }

    /// A second, larger loop after the first: the path leaves old ground, and the line resumes
    /// (once) from the last skipped point; the new loop is drawn.
    void leavingOldGroundResumesTheLine()
    {
        RetraceFilter filter(QCPRange(-2.0, 2.0), QCPRange(-2.0, 2.0));
        const int perTurn = 400;
        feedCircle(filter, 3, perTurn); // ends at (1, 0), on old ground
        // Out along the x axis to radius 2 (new ground), then round the larger circle.
        QCOMPARE(filter.next(1.0, 0.0), Step::Skip);
        QCOMPARE(filter.next(1.5, 0.0), Step::Resume);
        QCOMPARE(filter.next(1.9, 0.0), Step::Draw);
        const Counts c = feedCircle(filter, 1, perTurn, 1.9);
        QVERIFY2(c.draw >= perTurn - 2, qPrintable(QString::number(c.draw)));
    }

    /// The drawn lines pass within one cell of every cell the original samples occupy, and most
    /// samples of a path that nearly retraces itself are left out.
    void drawnPointsCoverEveryVisitedCell()
    {
        const int cells = 256;
        RetraceFilter filter(QCPRange(-1.0, 1.0), QCPRange(-1.0, 1.0), cells);
        auto cell = [&](double x, double y) {
            return std::pair<int, int>(std::clamp(int(std::floor((x + 1.0) / 2.0 * cells)), 0, cells - 1),
                                       std::clamp(int(std::floor((y + 1.0) / 2.0 * cells)), 0, cells - 1));
        };
        std::set<std::pair<int, int>> visited, drawn;
        auto drawSegment = [&](double x0, double y0, double x1, double y1) {
            for (int k = 0; k <= 64; ++k)
                drawn.insert(cell(x0 + (x1 - x0) * k / 64.0, y0 + (y1 - y0) * k / 64.0));
        };
        double px = 0.0, py = 0.0, lx = 0.0, ly = 0.0; // previous sample, last drawn point
        int kept = 0;
        for (int i = 0; i <= 60000; ++i) { // ~95 turns of a loop whose radius drifts: retraces, never exactly
            const double t = 0.01 * i;
            const double r = 0.8 + 0.01 * std::sin(0.01 * t);
            const double x = r * std::sin(t), y = r * std::sin(2.0 * t + 0.3);
            visited.insert(cell(x, y));
            const Step s = filter.next(x, y);
            if (s == Step::Resume)
                lx = px, ly = py; // the line restarts at the previous sample
            if (s != Step::Skip) {
                drawSegment(i == 0 ? x : lx, i == 0 ? y : ly, x, y);
                lx = x, ly = y;
                ++kept;
            }
            px = x, py = y;
        }
        int missing = 0;
        for (const auto& [cx, cy] : visited) {
            bool near = false;
            for (int dx = -1; dx <= 1 && !near; ++dx)
                for (int dy = -1; dy <= 1 && !near; ++dy)
                    near = drawn.count({cx + dx, cy + dy}) > 0;
            missing += !near;
        }
        QCOMPARE(missing, 0);
        QVERIFY2(kept < 60001 / 10, qPrintable(QString::number(kept))); // most samples were left out
    }

    /// The point-level interface: the points to draw in t order, a NaN break where the path leaves
    /// old ground followed by the last skipped point, a break passed on, and the path's end point
    /// appended by finish() when it lies on old ground.
    void pointsCarryTheBreaksAndTheEnd()
    {
        RetraceFilter filter(QCPRange(-2.0, 2.0), QCPRange(-2.0, 2.0));
        std::vector<RetraceFilter::Point> out;
        const int perTurn = 400;
        double t = 0.0;
        for (int i = 0; i <= 3 * perTurn; ++i, t += 1.0) // three turns, ending at (1, 0) on old ground
            filter.add(t, std::cos(kTwoPi * i / perTurn), std::sin(kTwoPi * i / perTurn), out);
        const size_t afterLoop = out.size();
        QVERIFY2(afterLoop <= perTurn + 3, qPrintable(QString::number(afterLoop)));
        const double lastSkippedT = t - 1.0;
        filter.add(t, 1.5, 0.0, out); // leaves old ground
        QCOMPARE(out.size(), afterLoop + 3);
        QVERIFY(std::isnan(out[afterLoop].x) && std::isnan(out[afterLoop].y));
        QVERIFY(out[afterLoop].t > out[afterLoop - 1].t && out[afterLoop].t < lastSkippedT);
        QCOMPARE(out[afterLoop + 1].t, lastSkippedT); // the line restarts from the last skipped point
        QCOMPARE(out[afterLoop + 2].x, 1.5);
        filter.add(t + 1.0, std::nan(""), 0.0, out); // a break in the path is passed on
        QVERIFY(std::isnan(out.back().x));
        QCOMPARE(out.back().t, t + 1.0);
        for (size_t i = 1; i < out.size(); ++i)
            QVERIFY2(out[i].t > out[i - 1].t, qPrintable(QString::number(i)));

        RetraceFilter again(QCPRange(-1.0, 1.0), QCPRange(-1.0, 1.0));
        std::vector<RetraceFilter::Point> path;
        for (int i = 0; i <= 2 * perTurn + 7; ++i) // ends on old ground, mid-turn
            again.add(i, std::cos(kTwoPi * i / perTurn), std::sin(kTwoPi * i / perTurn), path);
        QVERIFY(path.back().t < 2 * perTurn + 7);
        again.finish(path);
        QCOMPARE(path.back().t, double(2 * perTurn + 7));
        QCOMPARE(path.back().x, std::cos(kTwoPi * (2 * perTurn + 7) / perTurn));
    }
};

QTEST_GUILESS_MAIN(TestRetraceFilter)
#include "test_retrace_filter.moc"
