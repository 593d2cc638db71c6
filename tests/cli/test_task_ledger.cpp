// Rank 0's task ledger of --mpi (app/cli/mpi/task_ledger.h) without MPI: which task goes to a rank
// that asks, when a task is late, that a late duplicate is not collected twice (map's totals
// would count it twice), and which workers count as silent at the end. Deterministic, unlike a
// slow rank under mpirun (test_cli_mpi.cpp covers a stopped one end to end).
#include "cli/mpi/task_ledger.h"

#include <QTest>

#include <chrono>
#include <thread>

namespace {

void sleepPast(double seconds)
{
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds * 1.5));
}

} // namespace

class TestTaskLedger : public QObject {
    Q_OBJECT
private slots:
    /// Fresh tasks first; a task goes to a second rank only once its rank is past the deadline;
    /// the first result counts, the other is a duplicate.
    void lateTaskGoesToAnotherRankOnce()
    {
        constexpr double timeout = 0.5; // long enough that no stall between two lines here passes it
        TaskLedger ledger(3, 3, timeout);
        QCOMPARE(ledger.take(1), 0);
        QCOMPARE(ledger.take(2), 1);
        QCOMPARE(ledger.take(0), 2);
        QVERIFY(ledger.claim(0, 2));
        ledger.collected();
        QCOMPARE(ledger.take(0), -1); // nothing fresh, nothing late yet
        sleepPast(timeout);
        QCOMPARE(ledger.take(0), 0); // rank 1's task, the older of the two late ones
        QVERIFY(ledger.claim(0, 0));
        ledger.collected();
        QVERIFY(!ledger.claim(1, 0)); // rank 1 comes back: a duplicate, not collected again
        QVERIFY(!ledger.allCollected());
        QCOMPARE(ledger.take(1), 1); // rank 2 is late too
        QCOMPARE(ledger.take(0), -1); // task 1 is now with rank 1, within its deadline
        QVERIFY(ledger.claim(1, 1));
        ledger.collected();
        QVERIFY(ledger.allCollected());
        QCOMPARE(ledger.waitForTask(), -1);
    }

    /// At the end: a worker waiting for an answer is not silent, one past the deadline is.
    void silentWorkersAtTheEnd()
    {
        constexpr double timeout = 0.5; // long enough that no stall between two lines here passes it
        TaskLedger ledger(2, 3, timeout);
        QCOMPARE(ledger.take(1), 0);
        QCOMPARE(ledger.take(2), 1);
        QVERIFY(ledger.claim(2, 1));
        ledger.collected();
        QVERIFY(!ledger.workersSettled()); // rank 1 within its deadline, rank 2 waiting
        sleepPast(timeout);
        QVERIFY(!ledger.workersSettled()); // rank 2 waits for an answer however long
        ledger.stopped(2);
        QVERIFY(ledger.workersSettled());
        const std::vector<TaskLedger::Silent> silent = ledger.silentWorkers();
        QCOMPARE(silent.size(), size_t(1));
        QCOMPARE(silent[0].rank, 1);
        QVERIFY2(silent[0].why.find("rank 1 has been silent") == 0 && silent[0].why.find("task 0 not returned") != std::string::npos,
                 silent[0].why.c_str());
    }

    /// The default rule: no deadline before a task returns, then 10x the slowest, at least 10 s.
    void defaultDeadlineWaitsForAMeasurement()
    {
        TaskLedger ledger(2, 2, 0);
        QCOMPARE(ledger.take(1), 0);
        QCOMPARE(ledger.take(0), 1);
        sleepPast(0.05);
        QVERIFY(!ledger.workersSettled()); // no task returned: no deadline
        QVERIFY(ledger.claim(0, 1));
        ledger.collected();
        QCOMPARE(ledger.take(0), -1); // rank 1 has the 10 s floor, not 10x the 0.08 s measured
        QVERIFY(!ledger.workersSettled());
    }
};

QTEST_MAIN(TestTaskLedger)
#include "test_task_ledger.moc"
