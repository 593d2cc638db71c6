// Tests of ui/playback/live_buffer and ui/bridge/playback_frame: the rolling store of a live run
// keeps what the display needs, forgets what a restart replaces, and rebuilds stick intervals.
#include "bridge/playback_frame.h"
#include "playback/live_buffer.h"

#include <QTest>

using namespace fl::ui;

namespace {

/// Samples t = first*dt .. (first+count-1)*dt of a 2-variable run with outputs (v_r, F); stick
/// where the sample index is in [stickFrom, stickTo).
fl::RunResult chunk(int first, int count, double dt, int stickFrom = -1, int stickTo = -1)
{
    fl::RunResult r;
    r.stateNames = {"x", "v"};
    r.outputNames = {"v_r", "F"};
    for (int k = first; k < first + count; ++k) {
        r.t.push_back(k * dt);
        r.states.insert(r.states.end(), {double(k), -double(k)});
        r.outputs.insert(r.outputs.end(), {0.5 * k, 2.0 * k});
        r.mode.push_back(k >= stickFrom && k < stickTo ? fl::ContactMode::Stick : fl::ContactMode::Slip);
    }
    return r;
}

} // namespace

class TestLiveBuffer : public QObject {
    Q_OBJECT
private slots:
    void appendsAndLooksUpSamples()
    {
        LiveBuffer b;
        QVERIFY(b.empty());
        b.append(chunk(0, 10, 0.1));
        b.append(chunk(10, 10, 0.1));
        QCOMPARE(b.samples().size(), size_t(20));
        QCOMPARE(b.first(), 0.0);
        QCOMPARE(b.last(), 1.9);
        QCOMPARE(sampleIndexAt(b.samples().t, 0.55), size_t(5));
        QCOMPARE(sampleIndexAt(b.samples().t, -1.0), size_t(0));
        QCOMPARE(sampleIndexAt(b.samples().t, 99.0), size_t(19));
    }
    void truncateForgetsWhatARestartReplaces()
    {
        LiveBuffer b;
        b.append(chunk(0, 20, 0.1));
        b.truncateAfter(0.75);
        QCOMPARE(b.samples().size(), size_t(8));
        QCOMPARE(b.samples().states.size(), size_t(16));
        QCOMPARE(b.samples().outputs.size(), size_t(16));
        QCOMPARE(b.samples().mode.size(), size_t(8));
        QCOMPARE(b.last(), 0.7);
        b.append(chunk(8, 2, 0.1));
        QCOMPARE(b.samples().states[2 * 9], 9.0);
    }
    void trimKeepsMemoryBounded()
    {
        LiveBuffer b;
        size_t largest = 0;
        // An hour of live play at dt = 0.01 in chunks of 0.5 with a 20-unit window.
        for (int c = 0; c < 7200; ++c) {
            b.append(chunk(c * 50, 50, 0.01));
            b.trimBefore(b.last() - 21.0);
            largest = std::max(largest, b.samples().size());
        }
        QVERIFY2(largest <= 4300, qPrintable(QString::number(largest)));
        QVERIFY(b.first() <= b.last() - 21.0 + 1e-9);
        QCOMPARE(b.samples().states.size(), 2 * b.samples().size());
    }
    void windowRebuildsStickIntervals()
    {
        LiveBuffer b;
        b.append(chunk(0, 30, 0.1, 5, 12));
        const fl::RunResult w = b.window(0.3, 2.0);
        QCOMPARE(w.size(), size_t(18)); // t = 0.3 .. 2.0
        QCOMPARE(w.stickIntervals.size(), size_t(1));
        QCOMPARE(w.stickIntervals[0].begin, 0.5);
        QCOMPARE(w.stickIntervals[0].end, 1.1);
        QCOMPARE(w.stateNames, b.samples().stateNames);
        QCOMPARE(w.states.front(), 3.0);
    }
    void framesCarryValuesAndTrails()
    {
        const fl::RunResult r = chunk(0, 100, 0.01, 10, 20);
        auto s = std::make_shared<const std::vector<std::string>>(r.stateNames);
        auto o = std::make_shared<const std::vector<std::string>>(r.outputNames);
        const PlaybackFrame f = frameAt(r, 15, s, o, 5, 2);
        QCOMPARE(f.t, 0.15);
        QCOMPARE(f.mode, 1);
        QCOMPARE(f.value("x"), 15.0);
        QCOMPARE(f.value("F"), 30.0);
        QVERIFY(std::isnan(f.value("nothing")));
        // Five earlier states, every second sample, oldest first: 5, 7, 9, 11, 13.
        QCOMPARE(f.history.size(), size_t(10));
        QCOMPARE(f.history.front(), 5.0);
        QCOMPARE(f.history[8], 13.0);
        QCOMPARE(frameAt(r, 1, s, o, 5, 2).history.size(), size_t(0));
        // Between samples: states and outputs interpolated, mode and trail of the earlier sample.
        const PlaybackFrame between = frameAtTime(r, 0.1925, s, o, 5, 2);
        QCOMPARE(between.t, 0.1925);
        QCOMPARE(between.mode, 1);
        QVERIFY(qFuzzyCompare(between.value("x"), 19.25));
        QVERIFY(qFuzzyCompare(between.value("F"), 38.5));
        QCOMPARE(between.history.front(), 9.0);
        QCOMPARE(frameAtTime(r, 5.0, s, o).t, 0.99); // clamped to the run
        QCOMPARE(frameAtTime(r, 5.0, s, o).value("x"), 99.0);
    }
};

QTEST_MAIN(TestLiveBuffer)
#include "test_live_buffer.moc"
