// The event lists of a run (switches, grazes, stick intervals, Poincaré section points) in bounded
// memory: a streamed run (RunOptions::drain) hands each block its own events, whose concatenation
// is the in-memory run's; an in-memory run keeps the first RunOptions::maxEventRecords of each list
// and counts the rest (RunResult::switchCount, grazeCount, eventsCapped, a one-line warning); stick
// intervals only where one contact sticks and slips (the chain reports the switches of n blocks).
#include "scenario_fixtures.h"
#include "scenario/scenario.h"
#include "simulation/live_simulation.h"
#include "simulation/simulate.h"

#include <QTest>

#include <algorithm>
#include <vector>

namespace {

using fltest::presetScenario;

/// Forced stick-slip of the block on the belt, long enough for a few dozen switches.
fl::Scenario belt()
{
    fl::Scenario s = presetScenario("belt-stick-slip");
    s.params.set("t_end", 300.0);
    s.params.set("dt", 0.1);
    return s;
}

/// The two-block chain (its blocks stick and slip on their own).
fl::Scenario chain()
{
    fl::Scenario s = presetScenario("bk-chain-two");
    s.params.set("t_end", 400.0);
    s.params.set("dt", 0.5);
    return s;
}

fl::Scenario scenarioNamed(const QString& name) { return name == "belt" ? belt() : chain(); }

fl::RunOptions withSection(const fl::Scenario& s)
{
    fl::RunOptions options;
    options.section = fl::defaultSection(s);
    return options;
}

bool sameSwitches(const std::vector<fl::ModeSwitch>& a, const std::vector<fl::ModeSwitch>& b)
{
    return std::ranges::equal(a, b, [](const fl::ModeSwitch& x, const fl::ModeSwitch& y) { return x.t == y.t && x.entered == y.entered; });
}

bool sameIntervals(const std::vector<fl::TimeInterval>& a, const std::vector<fl::TimeInterval>& b)
{
    return std::ranges::equal(a, b, [](const fl::TimeInterval& x, const fl::TimeInterval& y) { return x.begin == y.begin && x.end == y.end; });
}

bool sameGrazes(const std::vector<fl::Graze>& a, const std::vector<fl::Graze>& b)
{
    return std::ranges::equal(a, b, [](const fl::Graze& x, const fl::Graze& y) { return x.t == y.t && x.mode == y.mode; });
}

template <class V>
void append(V& to, const V& from)
{
    to.insert(to.end(), from.begin(), from.end());
}

} // namespace

class TestRunEvents : public QObject {
    Q_OBJECT
private slots:
    /// Blocks drained by samples (drainRows) and by events (drainEvents):
    /// each carries the events since the previous one, in time order, with the counts so far; all
    /// of them with the rest are exactly the in-memory run's lists.
    void drainedBlocksCarryTheirEvents_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<int>("drainRows");
        QTest::addColumn<int>("drainEvents");
        QTest::newRow("belt, by samples") << "belt" << 97 << 65536;
        QTest::newRow("belt, by events") << "belt" << 100000 << 3;
        QTest::newRow("chain, by samples") << "chain" << 41 << 65536;
        QTest::newRow("chain, by events") << "chain" << 100000 << 5;
    }
    void drainedBlocksCarryTheirEvents()
    {
        QFETCH(QString, system);
        QFETCH(int, drainRows);
        QFETCH(int, drainEvents);
        const fl::Scenario s = scenarioNamed(system);
        const fl::RunResult whole = fl::simulate(s, withSection(s));
        QVERIFY(whole.status.ok());
        QVERIFY(whole.switches.size() >= 20); // the runs do stick and slip
        QVERIFY(whole.sectionTimes.size() >= 3);
        QVERIFY(!whole.eventsCapped);
        QCOMPARE(whole.switchCount, long(whole.switches.size()));
        QCOMPARE(whole.grazeCount, long(whole.grazes.size()));

        fl::RunResult joined;
        size_t blocks = 0;
        bool countsSoFar = true, ordered = true, sampleBound = true;
        fl::RunOptions options = withSection(s);
        options.drainRows = static_cast<size_t>(drainRows);
        options.drainEvents = static_cast<size_t>(drainEvents);
        auto take = [&](const fl::RunResult& part) {
            ordered = ordered && std::ranges::is_sorted(part.switches, {}, &fl::ModeSwitch::t);
            if (!joined.switches.empty() && !part.switches.empty())
                ordered = ordered && joined.switches.back().t <= part.switches.front().t;
            append(joined.switches, part.switches);
            append(joined.grazes, part.grazes);
            append(joined.stickIntervals, part.stickIntervals);
            append(joined.sectionTimes, part.sectionTimes);
            append(joined.sectionStates, part.sectionStates);
            append(joined.t, part.t);
            countsSoFar = countsSoFar && part.switchCount == long(joined.switches.size()) && part.grazeCount == long(joined.grazes.size());
        };
        options.drain = [&](const fl::RunResult& block) -> fl::Status {
            ++blocks;
            sampleBound = sampleBound && block.eventRecords() <= static_cast<size_t>(drainEvents) + 4 + size_t(block.dimension());
            take(block);
            return fl::Status::success();
        };
        const fl::RunResult rest = fl::simulate(s, options);
        QVERIFY(rest.status.ok());
        take(rest);
        QVERIFY(blocks >= 3);
        QVERIFY(countsSoFar);
        QVERIFY(ordered);
        QVERIFY(sampleBound); // a block drained by events holds about drainEvents records
        QVERIFY(!rest.eventsCapped);
        QCOMPARE(rest.switchCount, whole.switchCount);
        QCOMPARE(rest.grazeCount, whole.grazeCount);
        QVERIFY(sameSwitches(joined.switches, whole.switches));
        QVERIFY(sameGrazes(joined.grazes, whole.grazes));
        QVERIFY(sameIntervals(joined.stickIntervals, whole.stickIntervals));
        QVERIFY(joined.sectionTimes == whole.sectionTimes);
        QVERIFY(joined.sectionStates == whole.sectionStates);
        QVERIFY(joined.t == whole.t);
    }

    /// A small cap: each list holds exactly its first cap entries (section points: as many as fit
    /// 2 cap values), the counts go on, the run says so in one line; the samples are untouched.
    void capKeepsTheFirstEvents_data()
    {
        QTest::addColumn<QString>("system");
        QTest::addColumn<int>("cap");
        QTest::newRow("belt") << "belt" << 7;
        QTest::newRow("chain") << "chain" << 25;
    }
    void capKeepsTheFirstEvents()
    {
        QFETCH(QString, system);
        QFETCH(int, cap);
        const fl::Scenario s = scenarioNamed(system);
        const fl::RunResult whole = fl::simulate(s, withSection(s));
        QVERIFY(whole.status.ok());
        QVERIFY(whole.warning.empty());
        QVERIFY(whole.switches.size() > size_t(2 * cap)); // the cap is reached, well before the end
        fl::RunOptions options = withSection(s);
        options.maxEventRecords = static_cast<size_t>(cap);
        const fl::RunResult capped = fl::simulate(s, options);
        QVERIFY(capped.status.ok());
        QVERIFY(capped.eventsCapped);
        QCOMPARE(capped.switches.size(), size_t(cap));
        QVERIFY(sameSwitches(capped.switches, {whole.switches.begin(), whole.switches.begin() + cap}));
        QCOMPARE(capped.switchCount, whole.switchCount);
        QCOMPARE(capped.switchCount, long(whole.switches.size()));
        QCOMPARE(capped.grazeCount, whole.grazeCount);
        const size_t intervals = std::min(whole.stickIntervals.size(), size_t(cap));
        QVERIFY(sameIntervals(capped.stickIntervals, {whole.stickIntervals.begin(), whole.stickIntervals.begin() + long(intervals)}));
        const size_t dim = size_t(whole.dimension());
        const size_t points = std::min(whole.sectionTimes.size(), 2 * size_t(cap) / (dim + 1));
        QCOMPARE(capped.sectionTimes.size(), points);
        QVERIFY(std::equal(capped.sectionTimes.begin(), capped.sectionTimes.end(), whole.sectionTimes.begin()));
        QCOMPARE(capped.sectionStates.size(), points * dim);
        QVERIFY(capped.t == whole.t);
        QVERIFY(capped.states == whole.states);
        const QString warning = QString::fromStdString(capped.warning);
        QVERIFY2(warning.startsWith("only the first ") && warning.contains(QString(" %1 stick/slip switches").arg(cap)), qPrintable(warning));
        QVERIFY(warning.contains("kept in memory"));
        QVERIFY(!warning.contains('\n'));
        // Exactly at the cap: nothing dropped, nothing said.
        options.maxEventRecords = std::max({whole.switches.size(), whole.grazes.size(), whole.stickIntervals.size(),
                                            whole.sectionTimes.size() * (dim + 1) / 2 + 1});
        const fl::RunResult full = fl::simulate(s, options);
        QVERIFY(!full.eventsCapped);
        QVERIFY(full.warning.empty());
        QVERIFY(sameSwitches(full.switches, whole.switches));
    }

    /// Stick intervals are those of one contact (dynamics reporting its mode): the belt has them,
    /// the chain (n blocks, switches reported one by one) has none, though it switches.
    void stickIntervalsOnlyForOneContact()
    {
        const fl::RunResult b = fl::simulate(belt());
        QVERIFY(!b.stickIntervals.empty());
        QVERIFY(!b.mode.empty());
        const fl::RunResult c = fl::simulate(chain());
        QVERIFY(c.switches.size() > 20);
        QVERIFY(c.mode.empty());
        QVERIFY(c.stickIntervals.empty());
    }

    /// The default cap is the stated constant; a live run's pieces count their switches.
    void defaultsAndLivePieces()
    {
        QCOMPARE(fl::RunOptions{}.maxEventRecords, static_cast<size_t>(fl::kMaxEventRecords));
        fl::LiveSimulation live;
        QVERIFY(live.reset(belt()).ok());
        fl::RunResult first, second;
        QVERIFY(live.advance(150.0, first).ok());
        QVERIFY(live.advance(300.0, second).ok());
        QVERIFY(first.switchCount > 0 && second.switchCount > 0);
        QCOMPARE(first.switchCount, long(first.switches.size()));
        QCOMPARE(second.switchCount, long(second.switches.size()));
        QCOMPARE(first.switchCount + second.switchCount, fl::simulate(belt()).switchCount);
    }
};

QTEST_APPLESS_MAIN(TestRunEvents)
#include "test_run_events.moc"
