// Near-stick reading of smooth runs (SystemInfo::nearStick): the regularized belt's near-stick
// time matches the event-driven run's stick time; the mechanism view reads the same rule; every
// system names its columns for display.
#include "analysis/near_stick_run.h"
#include "scene/scene_builder.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

namespace {

/// The default stick-slip case (Coulomb, μ_s = 2 > μ_k, v_b = 0.5) with a method and ε.
fl::Scenario beltStickSlip(fl::Method method)
{
    fl::Scenario s = fl::defaultScenario();
    s.method = method;
    s.params.set("eps", 1e-4);
    s.params.set("t_end", 60.0);
    return s;
}

} // namespace

class TestNearStick : public QObject {
    Q_OBJECT
private slots:
    /// The regularized run's near-stick intervals add up to the exact stick time within 3 %.
    void regularizedStickTimeMatchesEventDriven()
    {
        const fl::Scenario exact = beltStickSlip(fl::Method::EventDriven);
        const fl::RunResult event = fl::simulate(exact);
        QVERIFY(event.status.ok());
        const double stickTime = fl::totalLength(event.stickIntervals);
        QVERIFY(stickTime > 10.0);
        QVERIFY(fl::findNearStick(exact, event).empty()); // exact modes need no reading

        const fl::Scenario smooth = beltStickSlip(fl::Method::Regularized);
        const fl::RunResult run = fl::simulate(smooth);
        QVERIFY(run.status.ok());
        const fl::NearStickRun reading = fl::findNearStick(smooth, run);
        QCOMPARE(reading.stick.size(), run.size());
        const double nearStickTime = fl::totalLength(reading.intervals);
        QVERIFY2(std::abs(nearStickTime - stickTime) < 0.03 * stickTime,
                 qPrintable(QString("near-stick %1, stick %2").arg(nearStickTime).arg(stickTime)));
        QCOMPARE(reading.intervals.size(), event.stickIntervals.size());
        // The threshold is the mechanism view's: max(1e-3 |v_b|, eps) = 5e-4.
        QCOMPARE(reading.minThreshold, fl::scene::stickThreshold(0.5, 1e-4));
        QCOMPARE(fl::describeNearStick(reading), std::string("|v_r| < 0.0005"));
    }

    /// The chain's event-driven run has no mode per sample (n contacts): its stick is read exactly
    /// (v_r,1 = 0, which a stuck block keeps exactly), not with the near-stick threshold. On the
    /// same samples the threshold reading finds the same stick phases plus slivers of slow slip.
    void eventDrivenChainIsReadExactly()
    {
        fl::Scenario s;
        QVERIFY(fl::makeScenario("bk-chain", "rational", fl::Method::EventDriven, fl::Regularization::Kudra, s).ok());
        s.params.set("t_end", 40.0);
        const fl::RunResult run = fl::simulate(s);
        QVERIFY2(run.status.ok(), run.status.message().c_str());
        QVERIFY(run.mode.empty());
        const fl::NearStickRun exact = fl::findNearStick(s, run);
        QVERIFY(exact.exact);
        QCOMPARE(fl::describeNearStick(exact), exact.symbol + " = 0");
        fl::Scenario smooth = s;
        smooth.method = fl::Method::Regularized;
        const fl::NearStickRun threshold = fl::findNearStick(smooth, run);
        QVERIFY(!threshold.exact);
        const double exactTime = fl::totalLength(exact.intervals), thresholdTime = fl::totalLength(threshold.intervals);
        QVERIFY2(exactTime > 1.0, qPrintable(QString::number(exactTime)));
        QVERIFY2(exactTime <= thresholdTime && exactTime > 0.9 * thresholdTime,
                 qPrintable(QString("exact %1, threshold %2").arg(exactTime).arg(thresholdTime)));
        for (size_t i = 0; i < run.size(); ++i)
            if (exact.stick[i])
                QVERIFY(threshold.stick[i]);
    }

    /// The mechanism view's stick/slip badge and the plots' reading agree sample by sample.
    void mechanismReadsTheSameRule()
    {
        for (const fl::SystemInfo& system : fl::systems()) {
            if (!system.nearStick) // S7: a wheel, no stick/slip contact
                continue;
            fl::Scenario s;
            QVERIFY(fl::makeScenario(system.id, fl::lawsOf(system).front()->id, fl::Method::Regularized,
                                     fl::Regularization::Kudra, s).ok());
            s.params.set("t_end", s.params.value("t_end") / 20.0);
            const fl::RunResult run = fl::simulate(s);
            QVERIFY2(run.status.ok(), system.id.c_str());
            const fl::NearStickRun reading = fl::findNearStick(s, run);
            QCOMPARE(reading.stick.size(), run.size());
            const size_t n = static_cast<size_t>(run.dimension()), m = run.outputNames.size();
            for (size_t i = 0; i < run.size(); i += std::max<size_t>(1, run.size() / 50)) {
                fl::MechanismFrame frame;
                frame.t = run.t[i];
                frame.y = run.states.data() + i * n;
                frame.outputs = run.outputs.data() + i * m;
                const fl::MechanismScene scene = fl::drawMechanism(s, frame);
                QCOMPARE(scene.phase == fl::ContactPhase::Stick, reading.stick[i] != 0);
            }
        }
    }

    /// Every state variable and output of every system has a display label; ids stay the columns.
    void everyColumnHasALabel()
    {
        for (const fl::SystemInfo& system : fl::systems()) {
            fl::Scenario s;
            QVERIFY(fl::makeScenario(system.id, fl::lawsOf(system).front()->id, system.methods.front(),
                                     fl::Regularization::Kudra, s).ok());
            const auto dynamics = fl::makeDynamics(s);
            std::vector<std::string> names = dynamics->stateNames();
            for (const std::string& output : dynamics->outputNames())
                names.push_back(output);
            names.push_back("t");
            for (const std::string& name : names) {
                const fl::VariableLabel* label = fl::findVariableLabel(system.id, name);
                QVERIFY2(label && !label->label.empty(), (system.id + ": " + name).c_str());
            }
        }
        QCOMPARE(fl::findVariableLabel("belt", "v")->label, std::string("x′"));
        QCOMPARE(fl::findVariableLabel("pendulum", "dphi")->unit, std::string("rad/s"));
        QVERIFY(!fl::findVariableLabel("belt", "dphi"));
    }
};

QTEST_APPLESS_MAIN(TestNearStick)
#include "test_near_stick.moc"
