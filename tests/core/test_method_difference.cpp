// The method comparison (core/analysis/method_difference.h, io/method_difference_csv.h) on the
// default belt (Coulomb, mu_s = 2, mu_k = 1, v_b = 0.5, unforced), whose exact solution
// CoulombBeltReference gives independently of the solvers: the event-driven column is that
// solution, the regularized run converges to it as eps shrinks, every difference is |a - b| of the
// two runs' own samples bit for bit, different grids are interpolated (closed form on a parabola),
// and the CSV reads back to the same doubles.
#include "coulomb_belt_reference.h"
#include "scenario_fixtures.h"
#include "analysis/method_difference.h"
#include "io/method_difference_csv.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace {

/// The default belt over [0, tEnd] (dt 0.01, tol 1e-10).
fl::Scenario belt(double tEnd)
{
    fl::Scenario s = fl::defaultScenario();
    if (!s.params.set("t_end", tEnd).ok())
        qFatal("cannot set t_end");
    return s;
}

fl::MethodComparisonRuns compare(const fl::Scenario& scenario, double eps, const std::string& eventLaw = {})
{
    fl::Scenario event, smooth;
    const fl::Status status = fl::comparisonScenarios(scenario, eps, eventLaw, event, smooth);
    if (!status.ok())
        qFatal("comparisonScenarios: %s", status.message().c_str());
    return fl::runMethodComparison(event, smooth);
}

/// A hand-made run of the belt: x given on a grid, v = 0.
fl::RunResult beltRun(const std::vector<double>& t, const std::vector<double>& x)
{
    fl::RunResult r;
    r.stateNames = {"x", "v"};
    r.t = t;
    for (double value : x) {
        r.states.push_back(value);
        r.states.push_back(0.0);
    }
    return r;
}

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

} // namespace

class TestMethodDifference : public QObject {
    Q_OBJECT

private slots:
    /// eps = 1e-3 ... 1e-6 over [0, 200]. The event-driven x is the closed form within 1e-7 at every
    /// sample, so the comparison's max |dx| is the regularized run's distance from the exact
    /// solution; it falls about 4.5x per decade of eps (measured 0.93, 0.21, 0.045, 0.0094: the
    /// stick phases creep at speeds of order eps, and the phase lag they leave grows with t).
    void regularizedConvergesToEventDriven()
    {
        const fl::Scenario s = belt(200.0);
        // zeta, A, w, mu_s, mu_k, v_b (unforced: w is any value but 1, where A/(1 - w^2) is 0/0).
        const fltest::CoulombBeltReference exact({0.0, 0.0, 2.0, 2.0, 1.0, 0.5});
        double previous = INFINITY;
        for (double eps : {1e-3, 1e-4, 1e-5, 1e-6}) {
            const fl::MethodComparisonRuns runs = compare(s, eps);
            const fl::MethodDifference& d = runs.difference;
            QVERIFY(d.eventRun.succeeded() && d.regularizedRun.succeeded());
            QCOMPARE(runs.regularizedScenario.params.value("eps"), eps);
            QCOMPARE(d.variables.size(), size_t(2)); // every state variable, x and v (v_r and F are outputs)
            const fl::VariableDifference& x = d.variables[0];
            QCOMPARE(x.name, std::string("x"));
            QCOMPARE(d.t.size(), size_t(20001));
            double eventError = 0.0, fromExact = 0.0;
            fltest::BeltRefState state = exact.enter(0.0, 0.0, 0.0);
            for (size_t i = 0; i < d.t.size(); ++i) {
                state = exact.advance(state, d.t[i]);
                if (!std::isfinite(state.x))
                    QFAIL("the reference is not finite");
                eventError = std::max(eventError, std::abs(x.eventValues[i] - state.x));
                fromExact = std::max(fromExact, std::abs(x.regularizedValues[i] - state.x));
            }
            qInfo("eps = %g: max |dx| = %.6g at t = %g; event-driven within %.2g of the closed form; %ld switches",
                  eps, x.max, x.maxTime, eventError, d.eventRun.switchCount);
            QVERIFY2(eventError < 1e-7, qPrintable(QString::number(eventError)));
            QVERIFY(std::abs(x.max - fromExact) <= eventError); // the triangle inequality, sample by sample
            QVERIFY2(x.max < previous / 3.0, qPrintable(QString("%1 after %2").arg(x.max).arg(previous)));
            previous = x.max;
        }
        QVERIFY(previous < 0.02 && previous > 1e-3);
    }

    /// Each column is the run's own samples and each difference their |a - b|, bit for bit; the
    /// two runs made side by side equal fl::simulate's runs one after the other.
    void differenceIsTheRunsSamples()
    {
        const fl::MethodComparisonRuns runs = compare(belt(60.0), 1e-4);
        const fl::RunResult event = fltest::simulateOk(runs.eventScenario);
        const fl::RunResult smooth = fltest::simulateOk(runs.regularizedScenario);
        QCOMPARE(runs.eventResult.t, event.t);
        QCOMPARE(runs.eventResult.states, event.states);
        QCOMPARE(runs.regularizedResult.states, smooth.states);
        QCOMPARE(runs.difference.eventRun.switchCount, event.switchCount);
        QVERIFY(event.switchCount > 10); // stick-slip
        QCOMPARE(runs.difference.eventRun.steps, event.steps);
        QCOMPARE(runs.difference.regularizedRun.steps, smooth.steps);
        const fl::VariableDifference& x = runs.difference.variables.at(0);
        QCOMPARE(runs.difference.t, event.t); // the same grid: no interpolation
        size_t argmax = 0;
        for (size_t i = 0; i < event.size(); ++i) {
            QCOMPARE(x.eventValues[i], event.state(i, 0));
            QCOMPARE(x.regularizedValues[i], smooth.state(i, 0));
            QCOMPARE(x.difference[i], std::abs(event.state(i, 0) - smooth.state(i, 0)));
            if (x.difference[i] > x.difference[argmax])
                argmax = i;
        }
        QCOMPARE(x.max, x.difference[argmax]);
        QCOMPARE(x.maxTime, event.t[argmax]);
        QVERIFY(x.max > 0.0);
    }

    /// Grids that differ: the event-driven grid t = 0, 0.5, ..., 12 against a regularized run on
    /// t = 1, 2, ..., 10 with x = t^2. Only the event times inside [1, 10] are compared, and
    /// linear interpolation of t^2 is exact at the nodes and t^2 + 1/4 halfway (the chord of a
    /// parabola lies h^2/4 above it).
    void differentGridsAreInterpolated()
    {
        std::vector<double> te, xe, tr, xr;
        for (int k = 0; k <= 24; ++k) {
            te.push_back(0.5 * k);
            xe.push_back(0.0);
        }
        for (int k = 1; k <= 10; ++k) {
            tr.push_back(k);
            xr.push_back(double(k) * k);
        }
        fl::Scenario event = belt(12.0), smooth = belt(12.0);
        smooth.method = fl::Method::Regularized;
        const fl::MethodDifference d = fl::methodDifference(event, beltRun(te, xe), smooth, beltRun(tr, xr));
        QCOMPARE(d.t.size(), size_t(19)); // 1, 1.5, ..., 10
        QCOMPARE(d.t.front(), 1.0);
        QCOMPARE(d.t.back(), 10.0);
        const fl::VariableDifference& x = d.variables.at(0);
        for (size_t i = 0; i < d.t.size(); ++i) {
            const double t = d.t[i];
            const bool node = t == std::floor(t);
            QCOMPARE(x.regularizedValues[i], node ? t * t : t * t + 0.25);
            QCOMPARE(x.difference[i], x.regularizedValues[i]);
        }
        QCOMPARE(x.max, 100.0);
        QCOMPARE(x.maxTime, 10.0);
    }

    /// A failed run leaves no differences, and the CSV lists only the run that succeeded.
    void failedRunHasNoDifference()
    {
        fl::Scenario s = belt(50.0);
        QVERIFY(s.params.set("max_steps", 100).ok());
        const fl::MethodComparisonRuns runs = compare(s, 1e-4);
        QVERIFY(!runs.difference.eventRun.status.ok() && !runs.difference.regularizedRun.status.ok());
        QVERIFY(runs.difference.t.empty() && runs.difference.variables.empty());
        fl::RunResult failed = beltRun({0.0, 1.0}, {0.0, 1.0});
        failed.status = fl::Status::error("diverged");
        const fl::MethodDifference d = fl::methodDifference(s, beltRun({0.0, 1.0}, {0.0, 2.0}), s, failed);
        QVERIFY(d.variables.empty());
        const std::string csv = fl::methodDifferenceCsv(d);
        QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), 3L); // title, the event-driven run, "t"
        QVERIFY(csv.find("belt / coulomb / event") != std::string::npos);
        QVERIFY(csv.ends_with("\nt\n"));
    }

    /// How the two scenarios are made: the methods, eps, LuGre's event-driven counterpart with
    /// the shared parameters, and refusals naming what is wrong.
    void scenariosOfTheComparison()
    {
        fl::Scenario event, smooth;
        QVERIFY(fl::comparisonScenarios(belt(10.0), 3e-5, "", event, smooth).ok());
        QCOMPARE(event.method, fl::Method::EventDriven);
        QCOMPARE(smooth.method, fl::Method::Regularized);
        QCOMPARE(smooth.params.value("eps"), 3e-5);
        QCOMPARE(event.lawId, std::string("coulomb"));

        fl::Scenario lugre = fltest::presetScenario("belt-lugre-vs-stribeck");
        QVERIFY(fl::comparisonScenarios(lugre, 1e-4, "", event, smooth).ok());
        QCOMPARE(event.lawId, std::string("stribeck-gauss"));
        QCOMPARE(smooth.lawId, std::string("lugre"));
        for (const char* id : {"mu_s", "mu_k", "v_s", "sigma2", "v_b"})
            QCOMPARE(event.params.value(id), lugre.params.value(id));

        fl::Status status = fl::comparisonScenarios(belt(10.0), 0.0, "", event, smooth);
        QVERIFY2(!status.ok() && status.message().find("[1e-08, 1]") != std::string::npos, status.message().c_str());
        fl::Scenario pendulum;
        QVERIFY(fl::makeScenario("pendulum", "I11", fl::Method::Regularized, fl::Regularization::Kudra, pendulum).ok());
        status = fl::comparisonScenarios(pendulum, 1e-4, "", event, smooth);
        QVERIFY2(!status.ok() && status.message().find("event-driven") != std::string::npos, status.message().c_str());
    }

    /// The CSV: '#' lines for the title and both runs, the header, one row per sample; every
    /// number reads back as the same double.
    void csvReadsBackExactly()
    {
        const fl::MethodComparisonRuns runs = compare(fltest::presetScenario("jtam2016-fig4a"), 1e-4);
        const fl::MethodDifference& d = runs.difference;
        QCOMPARE(d.variables.size(), size_t(4)); // every state variable of the disk: x, phi, dx, dphi
        std::istringstream in(fl::methodDifferenceCsv(d));
        std::string line;
        for (const char* start : {"# FrictionLab method comparison", "# disk / I00 / event: ", "# disk / I00 / regularized (kudra, eps = 0.0001): "}) {
            QVERIFY(std::getline(in, line));
            QVERIFY2(line.starts_with(start), line.c_str());
        }
        QVERIFY(std::getline(in, line));
        QCOMPARE(line, std::string("t,x_event,x_regularized,abs_dx,phi_event,phi_regularized,abs_dphi,dx_event,dx_regularized,abs_ddx,dphi_event,dphi_regularized,abs_ddphi"));
        size_t row = 0;
        for (; std::getline(in, line); ++row) {
            std::vector<double> values;
            std::istringstream fields(line);
            for (std::string field; std::getline(fields, field, ',');)
                values.push_back(std::strtod(field.c_str(), nullptr));
            QCOMPARE(values.size(), size_t(13));
            QVERIFY(same(values[0], d.t[row]));
            for (size_t v = 0; v < 4; ++v) {
                QVERIFY(same(values[1 + 3 * v], d.variables[v].eventValues[row]));
                QVERIFY(same(values[2 + 3 * v], d.variables[v].regularizedValues[row]));
                QVERIFY(same(values[3 + 3 * v], d.variables[v].difference[row]));
            }
        }
        QCOMPARE(row, d.t.size());
    }
};

QTEST_APPLESS_MAIN(TestMethodDifference)
#include "test_method_difference.moc"
