// Integrator::Bdf (SUNDIALS CVODE, solvers/ode_cvode.cpp): convergence with the tolerance on a
// stiff problem with a closed form (Prothero-Robinson) and on the forced belt (Kudra, chaotic stick-slip),
// determinism, failures as one-line Status messages, cancel.
#include "scenario/scenario.h"
#include "solvers/ode_integrator.h"
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <atomic>
#include <cmath>
#include <limits>

namespace {

/// Prothero-Robinson: y' = lambda (y - g(t)) + g'(t), y(0) = g(0), solution y = g(t) = sin t;
/// z' = y accumulates the error of y as the position of a stick phase does (z = 1 - cos t).
class ProtheroRobinson final : public fl::SmoothOde {
public:
    int dimension() const override { return 2; }
    void rhs(double t, const double* y, double* d) const override
    {
        d[0] = lambda * (y[0] - std::sin(t)) + std::cos(t);
        d[1] = y[0];
    }
    void jacobian(double t, const double*, double* J, double* dt) const override
    {
        J[0] = lambda; J[1] = 0.0; J[2] = 1.0; J[3] = 0.0;
        dt[0] = -lambda * std::cos(t) - std::sin(t);
        dt[1] = 0.0;
    }
    double lambda = -1e6;
};

/// y' = 1 from y = 0 whose right-hand side turns NaN once y passes `limit`.
class BlowsUp final : public fl::SmoothOde {
public:
    explicit BlowsUp(double limit) : m_limit(limit) {}
    int dimension() const override { return 1; }
    void rhs(double, const double* y, double* d) const override
    {
        d[0] = y[0] >= m_limit ? std::numeric_limits<double>::quiet_NaN() : 1.0;
    }
    void jacobian(double, const double*, double* J, double* dt) const override { J[0] = 0.0; dt[0] = 0.0; }

private:
    double m_limit;
};

/// A chain of m blocks on a belt (speed 1), each tied to the ground (k = 1) and to its neighbours
/// (k_c = 4), with smooth friction -tanh(v_r / eps): y = (x_1, v_1, ..., x_m, v_m). Block i's
/// acceleration depends on x_{i-1}, x_{i+1}: half-bandwidth 3 (declared as `band`, -1: dense).
class BeltChain final : public fl::SmoothOde {
public:
    BeltChain(int blocks, int band) : m_blocks(blocks), m_band(band) {}
    int dimension() const override { return 2 * m_blocks; }
    int halfBandwidth() const override { return m_band; }
    void rhs(double, const double* y, double* d) const override
    {
        for (int i = 0; i < m_blocks; ++i) {
            const double x = y[2 * i], v = y[2 * i + 1];
            const double left = i > 0 ? y[2 * i - 2] : 0.0, right = i + 1 < m_blocks ? y[2 * i + 2] : 0.0;
            d[2 * i] = v;
            d[2 * i + 1] = -x + kc * (left - 2.0 * x + right) - std::tanh((v - 1.0) / eps) * (1.0 + 0.1 * i);
        }
    }
    void jacobian(double, const double* y, double* J, double* dt) const override
    {
        const int n = dimension();
        std::fill(J, J + n * n, 0.0);
        for (int i = 0; i < m_blocks; ++i) {
            const int r = 2 * i + 1;
            const double c = std::cosh((y[r] - 1.0) / eps);
            J[(r - 1) * n + r] = 1.0;
            J[r * n + r - 1] = -1.0 - 2.0 * kc;
            J[r * n + r] = -(1.0 + 0.1 * i) / (eps * c * c);
            if (i > 0)
                J[r * n + r - 3] = kc;
            if (i + 1 < m_blocks)
                J[r * n + r + 1] = kc;
            dt[r - 1] = dt[r] = 0.0;
        }
    }
    double kc = 4.0, eps = 1e-3;

private:
    int m_blocks;
    int m_band;
};

fl::OdeIntegrationOptions bdf(double tol)
{
    fl::OdeIntegrationOptions o;
    o.integrator = fl::Integrator::Bdf;
    o.tol = tol;
    o.maxStep = 0.25;
    return o;
}

/// Max error of y and z against the closed form over [0, 10], at every step end and at the
/// midpoint of every step (dense output).
double prError(double tol, long& steps)
{
    const ProtheroRobinson ode;
    std::vector<double> y = {0.0, 0.0};
    double error = 0.0;
    fl::OdeIntegrationStats stats;
    const fl::Status status = fl::integrateOde(ode, y, 0.0, 10.0, bdf(tol), [&](const fl::StepView& s) {
        double mid[2];
        s.stateAt(0.5 * (s.t0 + s.t1), mid);
        const double tm = 0.5 * (s.t0 + s.t1);
        error = std::max({error, std::abs(s.y1[0] - std::sin(s.t1)), std::abs(s.y1[1] - (1.0 - std::cos(s.t1))),
                          std::abs(mid[0] - std::sin(tm)), std::abs(mid[1] - (1.0 - std::cos(tm)))});
        return true;
    }, &stats);
    steps = stats.steps;
    return status.ok() ? error : 1.0;
}

/// The forced belt (Kudra, chaotic stick-slip) over t <= 20 (chaotic later; errors stay unamplified here).
fl::Scenario forcedBelt(double tol, fl::Method method = fl::Method::Regularized)
{
    fl::Scenario s;
    fl::makeScenario("belt", "coulomb", method, fl::Regularization::Kudra, s);
    s.stiffIntegrator = fl::StiffIntegrator::Bdf;
    s.params.set("eps", 1e-3);
    s.params.set("zeta", 0.02);
    s.params.set("A", 1.0);
    s.params.set("w", 1.75);
    s.params.set("v_b", 0.2);
    s.params.set("t_end", 20.0);
    s.params.set("dt", 0.01);
    s.params.set("tol", tol);
    return s;
}

/// Max difference of x and x' over every sample.
double difference(const fl::RunResult& a, const fl::RunResult& b)
{
    double d = 0.0;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        for (int k = 0; k < 2; ++k)
            d = std::max(d, std::abs(a.state(i, k) - b.state(i, k)));
    return a.size() == b.size() ? d : 1.0;
}

} // namespace

class TestOdeCvode : public QObject {
    Q_OBJECT
private slots:
    void protheroRobinsonErrorFallsWithTolerance()
    {
        double previous = 1.0;
        for (double tol : {1e-4, 1e-6, 1e-8, 1e-10}) {
            long steps = 0;
            const double error = prError(tol, steps);
            qInfo("Prothero-Robinson lambda = -1e6, tol %g: %ld steps, max error %.3g", tol, steps, error);
            QVERIFY2(error < 0.2 * previous, qPrintable(QString("tol %1: error %2, previous %3").arg(tol).arg(error).arg(previous)));
            QVERIFY(error < 1e3 * tol);
            previous = error;
        }
    }

    /// The test: with BDF the error against the 1e-13 reference falls >= 10x for every 100x
    /// tighter tolerance, 1e-6 -> 1e-10 (measured: 9.6e-3, 7.0e-6, 2.8e-7).
    void forcedBeltErrorFallsWithTolerance()
    {
        const fl::RunResult reference = fl::simulate(forcedBelt(1e-13));
        QVERIFY2(reference.status.ok(), reference.status.message().c_str());
        QCOMPARE(reference.size(), size_t(2001));
        // The reference against an independent method (explicit Dormand-Prince at 1e-14).
        const fl::RunResult explicitRun = fl::simulate(forcedBelt(1e-14, fl::Method::Explicit));
        QVERIFY(explicitRun.status.ok());
        const double referenceError = difference(reference, explicitRun);
        qInfo("reference (BDF 1e-13, %ld steps) vs explicit 1e-14: %.3g", reference.steps, referenceError);
        QVERIFY(referenceError < 1e-8);
        double previous = 0.0;
        for (double tol : {1e-6, 1e-8, 1e-10}) {
            const fl::RunResult run = fl::simulate(forcedBelt(tol));
            QVERIFY2(run.status.ok(), run.status.message().c_str());
            const double error = difference(run, reference);
            qInfo("forced belt, BDF tol %g: %ld steps, max error of x, x' %.3g", tol, run.steps, error);
            if (previous > 0.0)
                QVERIFY2(error < 0.1 * previous, qPrintable(QString("tol %1: error %2, previous %3").arg(tol).arg(error).arg(previous)));
            previous = error;
        }
    }

    /// The band solver (SUNLinSol_Band) gives the dense solver's solution: 60 blocks, stick-slip
    /// of every block over t <= 30. With the true half-bandwidth 3 the band LU does the dense
    /// LU's arithmetic on the non-zeros (identical numbers); a band of 1 drops the neighbour
    /// coupling from the Newton matrix: the same solution to the tolerance's order, other numbers
    /// (so the band path is the one taken).
    void bandedChainAgreesWithDense()
    {
        const int blocks = 60;
        std::vector<double> start(2 * blocks, 0.0);
        for (int i = 0; i < blocks; ++i)
            start[2 * i] = 0.01 * std::sin(0.3 * i);
        auto run = [&](int band, long& steps) {
            std::vector<double> y = start;
            fl::OdeIntegrationStats stats;
            const fl::Status status = fl::integrateOde(BeltChain(blocks, band), y, 0.0, 30.0, bdf(1e-9), {}, &stats);
            steps = stats.steps;
            return status.ok() ? y : std::vector<double>{};
        };
        long denseSteps = 0, bandSteps = 0, narrowSteps = 0;
        const std::vector<double> dense = run(-1, denseSteps), banded = run(3, bandSteps), narrow = run(1, narrowSteps);
        QCOMPARE(dense.size(), start.size());
        QCOMPARE(banded.size(), start.size());
        QCOMPARE(narrow.size(), start.size());
        double bandDifference = 0.0, narrowDifference = 0.0, spread = 0.0;
        for (size_t k = 0; k < dense.size(); ++k) {
            bandDifference = std::max(bandDifference, std::abs(banded[k] - dense[k]));
            narrowDifference = std::max(narrowDifference, std::abs(narrow[k] - dense[k]));
            spread = std::max(spread, std::abs(dense[k] - dense[k % 2])); // the blocks really differ
        }
        qInfo("belt chain of %d blocks, t = 30: dense %ld, band 3 %ld, band 1 %ld steps; max difference from dense: "
              "band 3 %.3g, band 1 %.3g", blocks, denseSteps, bandSteps, narrowSteps, bandDifference, narrowDifference);
        QVERIFY(bandDifference < 1e-7);
        QVERIFY(narrowDifference > 0.0 && narrowDifference < 1e-5);
        QVERIFY(spread > 0.1);
    }

    void sameRunTwiceIsIdentical()
    {
        const fl::RunResult a = fl::simulate(forcedBelt(1e-9));
        const fl::RunResult b = fl::simulate(forcedBelt(1e-9));
        QVERIFY(a.status.ok() && b.status.ok());
        QCOMPARE(a.steps, b.steps);
        QVERIFY(a.states == b.states);
        QVERIFY(a.t == b.t);
        QVERIFY(a.outputs == b.outputs);
    }

    /// A last sample past t_end by rounding: t_end = 0.7, dt = 0.007 puts the last sample at 100 x 0.007 =
    /// 0.7000000000000001, past the t_end where CVODE stops exactly; the run was refused ("integration
    /// ended before t_end") by BDF alone. Every method records the 101 samples, the last at t_end.
    void lastSampleRoundingPastTEndIsRecorded()
    {
        for (const fl::Method method : {fl::Method::Regularized, fl::Method::EventDriven, fl::Method::Explicit})
            for (const fl::StiffIntegrator integrator : {fl::StiffIntegrator::Bdf, fl::StiffIntegrator::Rosenbrock4}) {
                fl::Scenario s = forcedBelt(1e-9, method);
                s.stiffIntegrator = integrator;
                s.params.set("t_end", 0.7);
                s.params.set("dt", 0.007);
                const fl::RunResult run = fl::simulate(s);
                QVERIFY2(run.status.ok(), run.status.message().c_str());
                QCOMPARE(static_cast<int>(run.size()), 101);
                QCOMPARE(run.t.back(), 0.7);
            }
    }

    void stepLimitIsAOneLineStatus()
    {
        fl::Scenario s = forcedBelt(1e-10);
        s.params.set("max_steps", 100.0);
        const fl::RunResult run = fl::simulate(s);
        QVERIFY(!run.status.ok());
        qInfo("%s", run.status.message().c_str());
        QVERIFY(QString::fromStdString(run.status.message()).startsWith("step limit of 100 reached"));
        QVERIFY(run.status.message().find('\n') == std::string::npos);

        fl::OdeIntegrationOptions o = bdf(1e-8);
        o.maxSteps = 10;
        std::vector<double> y = {0.0, 0.0};
        fl::OdeIntegrationStats stats;
        const fl::Status status = fl::integrateOde(ProtheroRobinson(), y, 0.0, 10.0, o, {}, &stats);
        QVERIFY(!status.ok());
        QCOMPARE(stats.steps, 10L);
    }

    void nonFiniteRhsIsAOneLineStatusNamingTheFlag()
    {
        // NaN from the first evaluation: CVODE gives up at once (CV_FIRST_RHSFUNC_ERR).
        std::vector<double> y = {0.0};
        double t = -1.0;
        fl::Status status = fl::integrateOde(BlowsUp(0.0), y, 0.0, 5.0, bdf(1e-8), {}, nullptr, &t);
        QVERIFY(!status.ok());
        qInfo("%s", status.message().c_str());
        QVERIFY(status.message().find("CV_FIRST_RHSFUNC_ERR") != std::string::npos);
        QVERIFY(status.message().find('\n') == std::string::npos);
        QCOMPARE(t, 0.0);
        QCOMPARE(y[0], 0.0);
        // NaN beyond y = 1: the run stops near t = 1 with a one-line message and a finite state.
        y = {0.0};
        status = fl::integrateOde(BlowsUp(1.0), y, 0.0, 5.0, bdf(1e-8), {}, nullptr, &t);
        QVERIFY(!status.ok());
        qInfo("%s (t = %.17g, y = %.17g)", status.message().c_str(), t, y[0]);
        QVERIFY(status.message().find('\n') == std::string::npos);
        QVERIFY(t > 0.9 && t < 1.0 + 1e-9);
        QVERIFY(std::isfinite(y[0]) && y[0] < 1.0 + 1e-9);
    }

    void badInputIsAStatus()
    {
        fl::OdeIntegrationOptions o = bdf(-1.0); // a negative tolerance: CVodeSStolerances refuses it
        std::vector<double> y = {0.0, 0.0};
        const fl::Status status = fl::integrateOde(ProtheroRobinson(), y, 0.0, 1.0, o, {});
        QVERIFY(!status.ok());
        qInfo("%s", status.message().c_str());
        QVERIFY(status.message().find("CV_ILL_INPUT") != std::string::npos);
    }

    void cancelStopsTheRun()
    {
        std::atomic<bool> cancel{false};
        fl::OdeIntegrationOptions o = bdf(1e-10);
        o.cancel = &cancel;
        std::vector<double> y = {0.0, 0.0};
        double t = 0.0;
        long seen = 0;
        const fl::Status status = fl::integrateOde(ProtheroRobinson(), y, 0.0, 100.0, o, [&](const fl::StepView&) {
            if (++seen == 50)
                cancel = true;
            return true;
        }, nullptr, &t);
        QVERIFY(!status.ok());
        QCOMPARE(QString::fromStdString(status.message()), QString("cancelled"));
        QCOMPARE(seen, 50L);
        QVERIFY(t < 100.0);
    }

    /// Every step is handed out, they tile [t0, t1] and the last ends exactly at t1 (CVODE's stop time).
    void stepsTileTheInterval()
    {
        std::vector<double> y = {0.0, 0.0};
        double previous = 0.0, t = 0.0;
        bool contiguous = true;
        fl::OdeIntegrationStats stats;
        const fl::Status status = fl::integrateOde(ProtheroRobinson(), y, 0.0, 3.0, bdf(1e-9), [&](const fl::StepView& s) {
            contiguous = contiguous && s.t0 == previous && s.t1 > s.t0 && s.t1 - s.t0 <= 0.25 * (1 + 1e-12);
            previous = s.t1;
            return true;
        }, &stats, &t);
        QVERIFY(status.ok());
        QVERIFY(contiguous);
        QCOMPARE(t, 3.0);
        QCOMPARE(previous, 3.0);
        QVERIFY(std::abs(y[0] - std::sin(3.0)) < 1e-7);
    }
};

QTEST_GUILESS_MAIN(TestOdeCvode)
#include "test_ode_cvode.moc"
