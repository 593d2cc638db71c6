// Slip events of the Burridge-Knopoff chain (analysis/slip_events.h), the power-law fit of their
// sizes (analysis/power_law_fit.h) and the space-time map (analysis/space_time_map.h): cells of a
// hand-made run cluster as drawn; one block's event is its closed-form slip; the events' moments
// add up to the chain's total slip; the regularized run's events match the event-driven ones; the
// fit recovers the exponents of samples drawn from known laws, and leaves out a bump above the
// power law as a chain's system-wide events make one.
#include "scenario_fixtures.h"
#include "analysis/power_law_fit.h"
#include "analysis/slip_events.h"
#include "analysis/space_time_map.h"
#include "scenario/scenario.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <cmath>
#include <numeric>
#include <random>

namespace {

using fltest::presetScenario;
using fltest::simulateOk;

/// A uniform number in [0, 1) from 53 bits of the generator (the same on every platform).
double uniform(std::mt19937_64& g) { return static_cast<double>(g() >> 11) * 0x1.0p-53; }

/// n values of a continuous power law of exponent alpha on [xMin, infinity) by inverse transform.
std::vector<double> paretoSample(double alpha, double xMin, int n, unsigned seed)
{
    std::mt19937_64 g(seed);
    std::vector<double> x;
    for (int i = 0; i < n; ++i)
        x.push_back(xMin * std::pow(1.0 - uniform(g), -1.0 / (alpha - 1.0)));
    return x;
}

/// A hand-made chain run: n blocks, samples at t = 0, 1, ...; slipping[k][i] = slip of block i in
/// interval k (u_i drops by it; v_r = -slip at both ends of the interval would mark more cells, so
/// the velocities stay at v_b and only the displacement tells).
fl::RunResult handMadeRun(const std::vector<std::vector<double>>& slip)
{
    const size_t n = slip.front().size();
    fl::RunResult run;
    for (size_t i = 0; i < n; ++i) {
        run.stateNames.push_back("x_" + std::to_string(i + 1));
        run.stateNames.push_back("v_" + std::to_string(i + 1));
    }
    std::vector<double> x(n, 0.0);
    for (size_t k = 0; k <= slip.size(); ++k) {
        run.t.push_back(static_cast<double>(k));
        for (size_t i = 0; i < n; ++i) {
            run.states.push_back(x[i]);
            run.states.push_back(0.0); // v_b = 0 in this run
        }
        if (k < slip.size())
            for (size_t i = 0; i < n; ++i)
                x[i] -= slip[k][i];
    }
    return run;
}

double totalMoment(const std::vector<fl::SlipEvent>& events)
{
    return std::accumulate(events.begin(), events.end(), 0.0, [](double s, const fl::SlipEvent& e) { return s + e.moment; });
}

} // namespace

class SlipEventsTest : public QObject {
    Q_OBJECT
private slots:
    void cellsClusterAsDrawn()
    {
        // Block:      0    1    2    3    4    5
        const fl::RunResult run = handMadeRun({
            {0.1, 0.0, 0.0, 0.0, 0.0, 0.5}, // interval 0: event A at block 0, event B at block 5
            {0.0, 0.2, 0.0, 0.0, 0.0, 0.0}, // interval 1: block 1 touches A diagonally
            {0.0, 0.0, 0.3, 0.0, 0.0, 0.0}, // interval 2: block 2 carries A on
            {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, // interval 3: quiet
            {0.0, 0.0, 0.4, 0.0, 0.0, 0.0}, // interval 4: a new event C (a quiet interval between)
        });
        fl::SlipEventOptions options;
        options.threshold = 1e-9;
        const std::vector<fl::SlipEvent> events = fl::findSlipEvents(run, options);
        QCOMPARE(events.size(), size_t(3));
        QCOMPARE(events[0].firstBlock, 0); // A: blocks 0-2, intervals 0-2
        QCOMPARE(events[0].lastBlock, 2);
        QCOMPARE(events[0].tBegin, 0.0);
        QCOMPARE(events[0].tEnd, 3.0);
        QVERIFY(std::abs(events[0].moment - 0.6) < 1e-15);
        QCOMPARE(events[0].cells, 3L);
        QCOMPARE(events[1].firstBlock, 5); // B
        QCOMPARE(events[1].blocks(), 1);
        QVERIFY(std::abs(events[1].moment - 0.5) < 1e-15);
        QCOMPARE(events[2].tBegin, 4.0); // C
        QCOMPARE(events[2].firstBlock, 2);
        // Skipping the first two intervals leaves the tail of A (block 2) and C.
        options.skipTime = 2.0;
        const std::vector<fl::SlipEvent> later = fl::findSlipEvents(run, options);
        QCOMPARE(later.size(), size_t(2));
        QVERIFY(std::abs(later[0].moment - 0.3) < 1e-15);
        QVERIFY(fl::slipEventsCsv(events).starts_with("t_begin,t_end,first_block,last_block,blocks,moment\n0,3,1,3,3,0.6"));
    }

    void twoFrontsMeetingAreOneEvent()
    {
        // Slips starting at both ends run inwards and meet: one event, not two.
        const fl::RunResult run = handMadeRun({
            {0.1, 0.0, 0.0, 0.0, 0.1},
            {0.0, 0.1, 0.0, 0.1, 0.0},
            {0.0, 0.0, 0.1, 0.0, 0.0},
        });
        fl::SlipEventOptions options;
        options.threshold = 1e-9;
        const std::vector<fl::SlipEvent> events = fl::findSlipEvents(run, options);
        QCOMPARE(events.size(), size_t(1));
        QCOMPARE(events[0].blocks(), 5);
        QVERIFY(std::abs(events[0].moment - 0.5) < 1e-15);
    }

    void oneBlockSlipsItsClosedFormDistance()
    {
        // bk-chain-single is S1 with Coulomb mu_s = 2, mu_k = 1, v_b = 0.5: the block sticks from
        // x = 0 to x = 2, then slips about x = 1 with amplitude A = sqrt(1 + 0.5^2) until v = v_b at
        // x = 0, for tau = pi + 2 atan(0.5). Each slip moves u = x - v_b t by 2 + v_b tau.
        const double expected = 2.0 + 0.5 * (M_PI + 2.0 * std::atan(0.5));
        for (fl::Method method : {fl::Method::EventDriven, fl::Method::Regularized}) {
            fl::Scenario s = presetScenario("bk-chain-single");
            s.method = method;
            s.params.set("eps", 1e-6);
            const fl::RunResult run = simulateOk(s);
            const std::vector<fl::SlipEvent> events = fl::findSlipEvents(run, fl::slipEventOptions(s, 10.0));
            QCOMPARE(events.size(), size_t(11)); // the period 8.0689 in 90 time units
            for (const fl::SlipEvent& e : events) {
                if (e.tEnd >= run.t.back())
                    continue; // cut off by the run's end
                QVERIFY2(std::abs(e.moment - expected) < (method == fl::Method::EventDriven ? 1e-7 : 1e-3),
                         qPrintable(QString("%1 at t = %2: %3").arg(fl::methodInfo(method).id.c_str()).arg(e.tBegin).arg(e.moment - expected)));
                QCOMPARE(e.blocks(), 1);
            }
        }
    }

    void momentsAddUpToTheChainsSlip()
    {
        // Every displacement of a block against the belt belongs to exactly one event: the moments
        // add up to sum_i sum_k |u_i(t_k+1) - u_i(t_k)| with u_i = x_i - v_b t over the analysed time
        // (a sticking block keeps u_i, so the sum is the chain's whole slip, forward and back).
        fl::Scenario s = presetScenario("bk-chain-quakes");
        s.params.set("t_end", 300.0);
        const fl::RunResult run = simulateOk(s);
        const double skip = 50.0, vb = s.params.value("v_b");
        const std::vector<fl::SlipEvent> events = fl::findSlipEvents(run, fl::slipEventOptions(s, skip));
        QVERIFY(events.size() > 300);
        const size_t k0 = static_cast<size_t>(std::lower_bound(run.t.begin(), run.t.end(), skip) - run.t.begin()), k1 = run.size() - 1;
        double slip = 0.0, backward = 0.0;
        for (size_t k = k0; k < k1; ++k)
            for (int i = 0; i < 100; ++i) {
                const double du = (run.state(k + 1, 2 * i) - vb * run.t[k + 1]) - (run.state(k, 2 * i) - vb * run.t[k]);
                slip += std::abs(du);
                backward -= std::min(du, 0.0);
            }
        QVERIFY2(std::abs(totalMoment(events) - slip) < 1e-9 * slip, qPrintable(QString("%1 vs %2").arg(totalMoment(events)).arg(slip)));
        QVERIFY(backward > 0.9 * slip); // mostly back against the belt; neighbours pull some blocks forward
        // Each slipping sample of a block lies inside one of the events covering it.
        for (size_t k = k0; k <= k1; k += 7)
            for (int i = 0; i < 100; ++i) {
                if (run.state(k, 2 * i + 1) == vb)
                    continue;
                const bool covered = std::any_of(events.begin(), events.end(), [&](const fl::SlipEvent& e) {
                    return e.firstBlock <= i && i <= e.lastBlock && e.tBegin <= run.t[k] && run.t[k] <= e.tEnd;
                });
                QVERIFY2(covered, qPrintable(QString("block %1 at t = %2").arg(i + 1).arg(run.t[k])));
            }
    }

    void chainWithMemoryLaw()
    {
        // LuGre on every block: each block carries its bristle state z_i after v_i (stride 3); the
        // events read x_i and v_i at that stride, and their moments still add up to the slip of the
        // cells that count as slipping.
        fl::Scenario s = presetScenario("bk-chain-quakes");
        QVERIFY(fl::changeModel(s, "bk-chain", "lugre").ok());
        s.method = fl::Method::Regularized;
        s.params.set("n", 10.0);
        s.params.set("k_c", 4.0);
        s.params.set("v_s", 0.1); // Stribeck speed well above v_b: stick-slip, not steady sliding
        s.params.set("t_end", 400.0);
        const double vb = s.params.value("v_b"), skip = 80.0;
        const fl::RunResult run = simulateOk(s);
        const fl::SlipEventOptions options = fl::slipEventOptions(s, skip);
        QCOMPARE(options.stride, 3);
        QCOMPARE(run.dimension(), 30);
        const std::vector<fl::SlipEvent> events = fl::findSlipEvents(run, options);
        QVERIFY2(events.size() >= 4, qPrintable(QString::number(events.size())));
        double slip = 0.0;
        for (size_t k = 0; k + 1 < run.size(); ++k) {
            if (run.t[k] < skip)
                continue;
            for (int i = 0; i < 10; ++i) {
                const double du = std::abs((run.state(k + 1, 3 * i) - vb * run.t[k + 1]) - (run.state(k, 3 * i) - vb * run.t[k]));
                const double speed = std::max({std::abs(run.state(k, 3 * i + 1) - vb), std::abs(run.state(k + 1, 3 * i + 1) - vb),
                                               du / (run.t[k + 1] - run.t[k])});
                if (speed > options.threshold)
                    slip += du;
            }
        }
        QVERIFY2(std::abs(totalMoment(events) - slip) < 1e-9 * slip, qPrintable(QString("%1 vs %2").arg(totalMoment(events)).arg(slip)));
        const fl::SpaceTimeMap map = fl::buildSpaceTimeMap(run, vb, 500, 1.0, 0.0, options.stride);
        QCOMPARE(map.blocks, 10);
    }

    void regularizedEventsMatchEventDriven()
    {
        // Two blocks alternate (bk-chain-two): the events of the regularized run (eps = 1e-5, so a
        // sticking block creeps below the threshold 1e-3 v_b) are the event-driven ones.
        fl::Scenario s = presetScenario("bk-chain-two");
        const std::vector<fl::SlipEvent> exact = fl::findSlipEvents(simulateOk(s), fl::slipEventOptions(s, 60.0));
        s.method = fl::Method::Regularized;
        s.params.set("eps", 1e-5);
        const std::vector<fl::SlipEvent> smooth = fl::findSlipEvents(simulateOk(s), fl::slipEventOptions(s, 60.0));
        QCOMPARE(exact.size(), size_t(9));
        QCOMPARE(smooth.size(), exact.size());
        for (size_t k = 1; k + 1 < exact.size(); ++k) { // the first starts at the cut, the last is cut off
            QVERIFY2(std::abs(smooth[k].moment / exact[k].moment - 1.0) < 1e-3,
                     qPrintable(QString("event %1: %2 vs %3").arg(k).arg(smooth[k].moment).arg(exact[k].moment)));
            QVERIFY(std::abs(smooth[k].tBegin - exact[k].tBegin) < 0.2);
            QCOMPARE(smooth[k].blocks(), exact[k].blocks());
        }
    }

    void continuousExponentRecovered()
    {
        const std::vector<double> x = paretoSample(2.5, 1.0, 20000, 7);
        fl::PowerLawOptions fixed;
        fixed.xMin = 1.0;
        fixed.xMax = *std::max_element(x.begin(), x.end());
        const fl::PowerLawFit fit = fl::fitPowerLaw(x, fixed);
        QVERIFY(fit.valid);
        QCOMPARE(fit.count, 20000);
        QVERIFY2(std::abs(fit.alpha - 2.5) < 3.0 * fit.sigma, qPrintable(QString("%1 +- %2").arg(fit.alpha).arg(fit.sigma)));
        QVERIFY(fit.sigma < 0.02 && fit.sigma > 0.005); // (alpha - 1) / sqrt(n) = 0.0106 for the untruncated law
        const fl::PowerLawFit automatic = fl::fitPowerLaw(x);
        QVERIFY2(std::abs(automatic.alpha - 2.5) < 0.1, qPrintable(QString("%1 on [%2, %3]").arg(automatic.alpha).arg(automatic.xMin).arg(automatic.xMax)));
    }

    void aBumpAboveThePowerLawIsLeftOut()
    {
        // A power law alpha = 2 on [1, 100] plus a bump of "system-wide" events near 1000, as a
        // chain's distribution has: the chosen range ends below the bump and keeps the exponent.
        std::vector<double> x;
        for (double v : paretoSample(2.0, 1.0, 40000, 11))
            if (v <= 100.0)
                x.push_back(v);
        std::mt19937_64 g(3);
        for (int i = 0; i < 400; ++i)
            x.push_back(800.0 + 400.0 * uniform(g));
        const fl::PowerLawFit fit = fl::fitPowerLaw(x);
        QVERIFY(fit.valid);
        QVERIFY2(fit.xMax < 800.0, qPrintable(QString("range [%1, %2]").arg(fit.xMin).arg(fit.xMax)));
        QVERIFY2(std::abs(fit.alpha - 2.0) < 3.0 * fit.sigma + 0.02, qPrintable(QString("%1 +- %2").arg(fit.alpha).arg(fit.sigma)));
    }

    void discreteExponentRecovered()
    {
        // A discrete power law from x_min = 5 (Clauset et al. eq. (D.6)); the continuous law on the
        // half-integer-widened range approximates it.
        std::mt19937_64 g(5);
        std::vector<double> x;
        for (int i = 0; i < 20000; ++i)
            x.push_back(std::floor(4.5 * std::pow(1.0 - uniform(g), -1.0 / 1.5) + 0.5));
        fl::PowerLawOptions options;
        options.discrete = true;
        options.xMin = 5.0;
        options.xMax = *std::max_element(x.begin(), x.end());
        const fl::PowerLawFit fit = fl::fitPowerLaw(x, options);
        QVERIFY2(std::abs(fit.alpha - 2.5) < 0.05, qPrintable(QString("%1 +- %2").arg(fit.alpha).arg(fit.sigma)));
    }

    void histogramIsTheDensity()
    {
        const std::vector<double> x = paretoSample(2.5, 1.0, 50000, 9);
        const fl::LogHistogram h = fl::logHistogram(x, 5);
        QCOMPARE(std::accumulate(h.count.begin(), h.count.end(), 0), 50000);
        int checked = 0;
        for (size_t b = 0; b < h.centre.size(); ++b) {
            if (h.count[b] < 400)
                continue;
            const double pdf = 1.5 * std::pow(h.centre[b], -2.5); // at the geometric centre: within the bin's curvature
            QVERIFY2(std::abs(h.density[b] / pdf - 1.0) < 0.08, qPrintable(QString("bin at %1: %2 vs %3").arg(h.centre[b]).arg(h.density[b]).arg(pdf)));
            ++checked;
        }
        QVERIFY(checked >= 5);
        const fl::LogHistogram d = fl::logHistogram({1, 1, 2, 3, 3, 3, 40}, 5, true);
        QCOMPARE(d.centre.front(), 1.0);
        QCOMPARE(d.count.front(), 2);
        QCOMPARE(d.density[2], 3.0 / 7.0); // one bin per integer below 10
    }

    void spaceTimeMapKeepsShortSlips()
    {
        std::vector<std::vector<double>> slip(1000, std::vector<double>(3, 0.0));
        fl::RunResult run = handMadeRun(slip);
        run.states[500 * 6 + 2 * 1 + 1] = -0.7; // block 1 slips at one sample only
        const fl::SpaceTimeMap map = fl::buildSpaceTimeMap(run, 0.0, 100);
        QCOMPARE(map.columns, 100);
        QCOMPARE(map.blocks, 3);
        QCOMPARE(map.maxSpeed, 0.7f);
        int lit = 0;
        for (int c = 0; c < map.columns; ++c)
            lit += map.at(c, 1) > 0.0;
        QCOMPARE(lit, 1);
        const fl::SpaceTimeMap window = fl::buildSpaceTimeMap(run, 0.0, 5000, 450.0, 549.0);
        QCOMPARE(window.columns, 100); // one column per sample when they fit
        QCOMPARE(window.tBegin, 450.0);
        QCOMPARE(window.at(50, 1), 0.7f);
    }

    void aChainsRunIsBoundedInValues()
    {
        fl::Scenario s = presetScenario("bk-chain-quakes");
        s.params.set("n", 1000.0);
        s.params.set("t_end", 1e5);
        s.params.set("dt", 0.1);
        const fl::Status status = fl::validate(s);
        QVERIFY(!status.ok());
        QVERIFY2(QString::fromStdString(status.message()).contains("values in memory"), status.message().c_str());
        QVERIFY(fl::validate(s, fl::SampleStorage::Streamed).ok()); // a file takes it
        s.params.set("t_end", 1000.0);
        QVERIFY(fl::validate(s).ok());
    }
};

QTEST_GUILESS_MAIN(SlipEventsTest)
#include "test_slip_events.moc"
