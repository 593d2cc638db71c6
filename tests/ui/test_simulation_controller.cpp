// Tests of ui/bridge/simulation_controller: run ids, stale results dropped, cancel, clean shutdown.
#include "bridge/simulation_controller.h"
#include "systems/scenario_setup.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThread>
#include "systems/system_registry.h"

#include <QTest>

using fl::ui::RunOutputPtr;
using fl::ui::SimulationController;

namespace {

fl::Scenario beltAt(double beltSpeed)
{
    fl::Scenario s = fl::defaultScenario();
    s.params.set("v_b", beltSpeed);
    return s;
}

/// A run that takes minutes unless cancelled: explicit steps on a stiff law over t = 1e5.
fl::Scenario longScenario()
{
    fl::Scenario s = fl::defaultScenario();
    s.method = fl::Method::Explicit;
    s.params.set("t_end", 1e5);
    s.params.set("dt", 0.1);
    s.params.set("eps", 1e-6);
    return s;
}

RunOutputPtr outputAt(const QSignalSpy& spy, int i) { return spy.at(i).at(0).value<RunOutputPtr>(); }

} // namespace

class TestSimulationController : public QObject {
    Q_OBJECT
private slots:
    void deliversOneRunWithItsScenario();
    void staleResultsAreDropped();
    void resultsArriveOnTheControllerThread();
    void cancelDeliversCancelledStatus();
    void invalidScenarioReportsTheError();
    void destructorCancelsTheRunInFlight();
    /// A long run streams its Poincaré section points before it finishes; together they are the
    /// start of the finished run's section points.
    void sectionPointsStreamWhileRunning()
    {
        fl::ui::SimulationController controller;
        fl::Scenario scenario = fl::defaultScenario();
        QVERIFY(fl::applyPreset("acta2016-fig7", scenario).ok());
        // Long enough for several 50 ms reports on a fast machine (t_end 200 took ~0.1 s: one chunk now and then).
        QVERIFY(scenario.params.set("t_end", 2000.0).ok());
        std::vector<double> streamed;
        int chunks = 0;
        fl::ui::RunOutputPtr finished;
        QObject::connect(&controller, &fl::ui::SimulationController::sectionChunk, [&](const fl::ui::SectionChunkPtr& chunk) {
            QVERIFY(!finished);
            ++chunks;
            streamed.insert(streamed.end(), chunk->times.begin(), chunk->times.end());
        });
        QObject::connect(&controller, &fl::ui::SimulationController::runFinished, [&](const fl::ui::RunOutputPtr& o) { finished = o; });
        controller.request(scenario);
        QTRY_VERIFY_WITH_TIMEOUT(finished != nullptr, 60000);
        QVERIFY(finished->result.status.ok());
        QVERIFY2(chunks >= 2, qPrintable(QString::number(chunks)));
        QVERIFY(!streamed.empty());
        QVERIFY(streamed.size() <= finished->result.sectionTimes.size());
        for (size_t i = 0; i < streamed.size(); ++i)
            QCOMPARE(streamed[i], finished->result.sectionTimes[i]);
    }
};

void TestSimulationController::deliversOneRunWithItsScenario()
{
    SimulationController controller;
    QSignalSpy finished(&controller, &SimulationController::runFinished);
    const quint64 id = controller.request(beltAt(0.5));
    QCOMPARE(id, quint64(1));
    QVERIFY(controller.isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    const RunOutputPtr out = outputAt(finished, 0);
    QCOMPARE(out->runId, id);
    QVERIFY2(out->result.status.ok(), out->result.status.message().c_str());
    QCOMPARE(out->result.size(), size_t(20001));
    QVERIFY(!out->result.stickIntervals.empty());
    QCOMPARE(out->scenario.params.value("v_b"), 0.5);
    QVERIFY(!controller.isRunning());
}

void TestSimulationController::staleResultsAreDropped()
{
    SimulationController controller;
    QSignalSpy finished(&controller, &SimulationController::runFinished);
    QSignalSpy started(&controller, &SimulationController::runStarted);
    // Three requests in a row, as while a slider is dragged: only the last may arrive.
    const quint64 first = controller.request(beltAt(0.3));
    const quint64 second = controller.request(beltAt(0.4));
    const quint64 third = controller.request(beltAt(0.6));
    QVERIFY(first < second && second < third);
    QCOMPARE(controller.latestRunId(), third);
    QCOMPARE(started.count(), 3);
    QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), 10000);
    // Give any stale result time to arrive as well (the pool has two threads).
    QTest::qWait(300);
    QCOMPARE(finished.count(), 1);
    const RunOutputPtr out = outputAt(finished, 0);
    QCOMPARE(out->runId, third);
    QCOMPARE(out->scenario.params.value("v_b"), 0.6);
    QVERIFY2(out->result.status.ok(), out->result.status.message().c_str());
}

void TestSimulationController::resultsArriveOnTheControllerThread()
{
    SimulationController controller;
    QThread* receivedOn = nullptr;
    connect(&controller, &SimulationController::runFinished, this, [&] { receivedOn = QThread::currentThread(); });
    controller.request(beltAt(0.5));
    QTRY_VERIFY_WITH_TIMEOUT(receivedOn != nullptr, 10000);
    QCOMPARE(receivedOn, QCoreApplication::instance()->thread());
}

void TestSimulationController::cancelDeliversCancelledStatus()
{
    SimulationController controller;
    QSignalSpy finished(&controller, &SimulationController::runFinished);
    controller.request(longScenario());
    QTest::qWait(50);
    controller.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    const RunOutputPtr out = outputAt(finished, 0);
    QVERIFY(!out->result.status.ok());
    QVERIFY2(out->result.status.message().find("cancel") != std::string::npos, out->result.status.message().c_str());
}

void TestSimulationController::invalidScenarioReportsTheError()
{
    SimulationController controller;
    QSignalSpy finished(&controller, &SimulationController::runFinished);
    fl::Scenario s = fl::defaultScenario();
    s.params.set("mu_s", 0.5); // below mu_k = 1
    controller.request(s);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 10000);
    const RunOutputPtr out = outputAt(finished, 0);
    QVERIFY(!out->result.status.ok());
    QVERIFY2(out->result.status.message().find("mu_s") != std::string::npos, out->result.status.message().c_str());
}

void TestSimulationController::destructorCancelsTheRunInFlight()
{
    auto controller = std::make_unique<SimulationController>();
    controller->request(longScenario());
    QTest::qWait(100);
    QElapsedTimer timer;
    timer.start();
    controller.reset();
    // Uncancelled, the run would take minutes; cancelled, it stops within one integrator step.
    QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed()) + " ms"));
}

QTEST_GUILESS_MAIN(TestSimulationController)
#include "test_simulation_controller.moc"
