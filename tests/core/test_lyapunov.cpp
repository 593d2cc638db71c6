// Benettin's method on the Lorenz system (sigma = 10, rho = 28, beta = 8/3), whose spectrum is
// published: 0.9056, 0, -14.5723 (Sprott, "Chaos and Time-Series Analysis", 2003, table of
// exponents). The sum is exactly the constant trace of the Jacobian, -(sigma + 1 + beta).
#include "analysis/lyapunov.h"
#include "analysis/lyapunov_curve.h"
#include "simulation/dynamics_factory.h"
#include "stiff_integrator_rows.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>

namespace {

class Lorenz final : public fl::SmoothOde {
public:
    int dimension() const override { return 3; }
    void rhs(double, const double* y, double* d) const override
    {
        d[0] = s * (y[1] - y[0]);
        d[1] = y[0] * (r - y[2]) - y[1];
        d[2] = y[0] * y[1] - b * y[2];
    }
    void jacobian(double, const double* y, double* J, double* dt) const override
    {
        const double m[9] = {-s, s, 0.0, r - y[2], -1.0, -y[0], y[1], y[0], -b};
        std::copy(m, m + 9, J);
        dt[0] = dt[1] = dt[2] = 0.0;
    }
    double s = 10.0, r = 28.0, b = 8.0 / 3.0;
};

/// x'' + 2 zeta x' + x = 0: exponents -zeta ± Im... for zeta < 1 both equal -zeta.
class DampedOscillator final : public fl::SmoothOde {
public:
    int dimension() const override { return 2; }
    void rhs(double, const double* y, double* d) const override
    {
        d[0] = y[1];
        d[1] = -y[0] - 2.0 * zeta * y[1];
    }
    void jacobian(double, const double*, double* J, double* dt) const override
    {
        J[0] = 0.0; J[1] = 1.0; J[2] = -1.0; J[3] = -2.0 * zeta;
        dt[0] = dt[1] = 0.0;
    }
    double zeta = 0.1;
};

/// A stiff linear system with a slow rotation: y' = A y, A = [[-1, 1], [-1, -1 - mu]]: the
/// exponents are the real parts of A's eigenvalues, -1 - mu/2 -+ sqrt(mu^2/4 - 1) (mu > 2).
class StiffLinear final : public fl::SmoothOde {
public:
    int dimension() const override { return 2; }
    void rhs(double, const double* y, double* d) const override
    {
        d[0] = -y[0] + y[1];
        d[1] = -y[0] - (1.0 + mu) * y[1];
    }
    void jacobian(double, const double*, double* J, double* dt) const override
    {
        J[0] = -1.0; J[1] = 1.0; J[2] = -1.0; J[3] = -1.0 - mu;
        dt[0] = dt[1] = 0.0;
    }
    double mu = 5000.0;
};

} // namespace

class TestLyapunov : public QObject {
    Q_OBJECT
private slots:
    void lorenzSpectrum_data()
    {
        QTest::addColumn<int>("integrator");
        QTest::newRow("Dormand-Prince") << int(fl::Integrator::DormandPrince);
        QTest::newRow("Rosenbrock4") << int(fl::Integrator::Rosenbrock4);
        QTest::newRow("BDF") << int(fl::Integrator::Bdf);
    }
    void lorenzSpectrum()
    {
#if defined(__SANITIZE_THREAD__)
        QSKIP("one thread: nothing for ThreadSanitizer; the other stages run it");
#endif
        QFETCH(int, integrator);
        fl::LyapunovOptions o;
        o.transient = 50.0;
        o.duration = integrator == int(fl::Integrator::DormandPrince) ? 2000.0 : 500.0;
        o.interval = 0.5;
        o.integration.integrator = static_cast<fl::Integrator>(integrator);
        o.integration.tol = 1e-9;
        o.integration.maxStep = 0.05;
        const fl::LyapunovResult r = fl::lyapunovSpectrum(Lorenz(), {1.0, 1.0, 20.0}, 0.0, o);
        QVERIFY2(r.status.ok(), r.status.message().c_str());
        QCOMPARE(r.exponents.size(), size_t(3));
        qInfo("Lorenz after %g: %.4f %.4f %.4f (sum %.6f)", o.duration, r.exponents[0], r.exponents[1], r.exponents[2],
              r.exponents[0] + r.exponents[1] + r.exponents[2]);
        // Convergence in time of the largest exponent at T = 100, 500 (, 2000).
        for (double T : {100.0, 500.0, o.duration}) {
            const size_t i = static_cast<size_t>(T / o.interval) - 1;
            qInfo("  T = %6g: lambda_1 = %.4f", r.times[i], *std::max_element(r.history[i].begin(), r.history[i].end()));
        }
        QVERIFY(std::abs(r.exponents[0] - 0.9056) < 0.03);
        QVERIFY(std::abs(r.exponents[1]) < 0.01);
        QVERIFY(std::abs(r.exponents[2] + 14.5723) < 0.03);
        QVERIFY(std::abs(r.exponents[0] + r.exponents[1] + r.exponents[2] + 41.0 / 3.0) < 1e-4);
    }

    /// A linear damped oscillator: both exponents are -zeta (the real part of its eigenvalues).
    void dampedOscillator()
    {
        fl::LyapunovOptions o;
        o.transient = 0.0;
        o.duration = 400.0;
        const fl::LyapunovResult r = fl::lyapunovSpectrum(DampedOscillator(), {1.0, 0.0}, 0.0, o);
        QVERIFY(r.status.ok());
        QVERIFY(std::abs(r.exponents[0] + 0.1) < 5e-3);
        QVERIFY(std::abs(r.exponents[1] + 0.1) < 5e-3);
        QVERIFY(std::abs(r.exponents[0] + r.exponents[1] + 0.2) < 1e-8);
    }

    /// The largest exponent over a parameter (Acta Fig. 5a): negative at the equilibrium (omega0 = 30),
    /// positive in the irregular motion (61.5); the same numbers with 1 and 2 threads.
    void curveOverParameter()
    {
        fl::Scenario s = fl::defaultScenario();
        QVERIFY(fl::applyPreset("acta2016-fig5a", s).ok());
        fl::LyapunovOptions o;
        QVERIFY(fl::lyapunovOptionsFor(s, o).ok());
        o.transient = 20.0;
        o.duration = 40.0;
        o.interval = 0.1;
        const auto one = fl::largestLyapunovCurve(s, "omega0", 30.0, 61.5, 2, o, 1);
        const auto two = fl::largestLyapunovCurve(s, "omega0", 30.0, 61.5, 2, o, 2);
        QVERIFY(one[0].status.ok() && one[1].status.ok());
        qInfo("lambda_1(30) = %.4f, lambda_1(61.5) = %.4f", one[0].largest, one[1].largest);
        QVERIFY(one[0].largest < -1.0);
        QVERIFY(one[1].largest > 0.2);
        QCOMPARE(one[0].largest, two[0].largest);
        QCOMPARE(one[1].largest, two[1].largest);
        // Event-driven: the belt through saltation matrices (test_lyapunov_nonsmooth), not the disk.
        QVERIFY(fl::lyapunovOptionsFor(fl::defaultScenario(), o).ok());
        fl::Scenario disk;
        QVERIFY(fl::applyPreset("jtam2016-fig4a", disk).ok());
        disk.method = fl::Method::EventDriven;
        QVERIFY(!fl::lyapunovOptionsFor(disk, o).ok());
    }

    void regularizedBeltInPureSlip_data()
    {
        fltest::addStiffIntegratorRows();
    }
    /// The regularized belt that never sticks (v_b = 2 above the speed amplitude 0.5) is a damped
    /// linear oscillator plus a constant force: both exponents -zeta, through the variational
    /// equations with the system's analytic Jacobian and the scenario's stiff integrator.
    void regularizedBeltInPureSlip()
    {
        QFETCH(int, integrator);
        fl::Scenario s;
        QVERIFY(fl::makeScenario("belt", "coulomb", fl::Method::Regularized, fl::Regularization::Kudra, s).ok());
        s.stiffIntegrator = static_cast<fl::StiffIntegrator>(integrator);
        s.params.set("zeta", 0.05);
        s.params.set("v_b", 2.0);
        s.params.set("v0", 0.5);
        s.params.set("eps", 1e-3);
        s.params.set("tol", 1e-9);
        fl::LyapunovOptions o;
        QVERIFY(fl::lyapunovOptionsFor(s, o).ok());
        QCOMPARE(int(o.integration.integrator), int(fl::integratorOf(s.stiffIntegrator)));
        o.transient = 0.0;
        o.duration = 200.0;
        const auto dynamics = fl::makeDynamics(s);
        QVERIFY(dynamics->smoothOde());
        const fl::LyapunovResult r = fl::lyapunovSpectrum(*dynamics->smoothOde(), dynamics->initialState(), 0.0, o);
        QVERIFY2(r.status.ok(), r.status.message().c_str());
        qInfo("pure slip, %s: %.6f %.6f", fl::stiffIntegratorInfo(s.stiffIntegrator).id.c_str(), r.exponents[0], r.exponents[1]);
        QVERIFY(std::abs(r.exponents[0] + 0.05) < 2e-3);
        QVERIFY(std::abs(r.exponents[1] + 0.05) < 2e-3);
        QVERIFY(std::abs(r.exponents[0] + r.exponents[1] + 0.1) < 1e-6); // the trace of the Jacobian
    }

    void stiffContractionFromTheTrace_data() { regularizedBeltInPureSlip_data(); }
    /// A tangent direction contracting like exp(-5000 t): a stiff integrator damps it by its
    /// stability function, not by the exponential, and over an interval of 1 it underflows. The
    /// smallest exponent comes from Liouville's formula (the trace integral) and the interval
    /// shrinks where a vector would underflow: both exponents to 1e-6 relative.
    void stiffContractionFromTheTrace()
    {
        QFETCH(int, integrator);
        const StiffLinear ode;
        fl::LyapunovOptions o;
        o.transient = 0.0;
        o.duration = 20.0;
        o.integration.integrator = fl::integratorOf(static_cast<fl::StiffIntegrator>(integrator));
        o.integration.tol = 1e-9;
        const fl::LyapunovResult r = fl::lyapunovSpectrum(ode, {1.0, 1.0}, 0.0, o);
        QVERIFY2(r.status.ok(), r.status.message().c_str());
        const double root = std::sqrt(ode.mu * ode.mu / 4.0 - 1.0);
        const double l1 = -1.0 - ode.mu / 2.0 + root, l2 = -1.0 - ode.mu / 2.0 - root;
        qInfo("stiff linear: %.9f %.6f (exact %.9f %.6f), %zu re-orthonormalisations", r.exponents[0], r.exponents[1], l1,
              l2, r.times.size());
        QVERIFY(std::abs(r.exponents[0] / l1 - 1.0) < 1e-6);
        QVERIFY(std::abs(r.exponents[1] / l2 - 1.0) < 1e-6);
        QVERIFY(r.times.size() >= 20); // Rosenbrock4 damps the vector to underflow: its interval shrinks (125)
        QCOMPARE(r.times.back(), 20.0);
    }

    /// LuGre's stick-slip limit cycle (preset belt-lugre-stick-slip), full spectrum with both stiff
    /// integrators. BDF used to stall after a breakaway (CVODE's first step of a period, 3e-15, is
    /// below the spacing of doubles at t = 40; periods now run in their own time). lambda_1 = 0 (a
    /// limit cycle; 0.0046 over this finite time), lambda_2 ~ -20 is the finite-time value of the
    /// stick phase's contraction (-infinity for exact stick, so the integrators differ: -20.2 BDF,
    /// -22.3 Rosenbrock4), lambda_3 ~ -5160 the bristle relaxation. The sum is Liouville's trace
    /// integral, the same for both to 1e-5 relative.
    void lugreStickSlipSpectrum()
    {
#if defined(__SANITIZE_THREAD__)
        QSKIP("one thread: nothing for ThreadSanitizer; the other stages run it");
#endif
        fl::Scenario s;
        QVERIFY(fl::applyPreset("belt-lugre-stick-slip", s).ok());
        std::vector<double> sums;
        double lambda1[2] = {0.0, 0.0};
        for (fl::StiffIntegrator integrator : {fl::StiffIntegrator::Bdf, fl::StiffIntegrator::Rosenbrock4}) {
            s.stiffIntegrator = integrator;
            fl::LyapunovOptions o;
            QVERIFY(fl::lyapunovOptionsFor(s, o).ok());
            o.transient = 40.0;
            o.duration = 190.0; // ten cycles of 18.94
            const auto dynamics = fl::makeDynamics(s);
            const fl::LyapunovResult r = fl::lyapunovSpectrum(*dynamics->smoothOde(), dynamics->initialState(), 0.0, o);
            QVERIFY2(r.status.ok(), r.status.message().c_str());
            QCOMPARE(r.exponents.size(), size_t(3));
            qInfo("LuGre stick-slip, %s: %.6f %.4f %.2f", fl::stiffIntegratorInfo(integrator).id.c_str(), r.exponents[0],
                  r.exponents[1], r.exponents[2]);
            QVERIFY(std::abs(r.exponents[0]) < 0.01);
            QVERIFY(r.exponents[1] < -15.0 && r.exponents[1] > -30.0);
            QVERIFY(r.exponents[2] < -4000.0);
            lambda1[sums.size()] = r.exponents[0];
            sums.push_back(r.exponents[0] + r.exponents[1] + r.exponents[2]);
        }
        QVERIFY(std::abs(sums[0] / sums[1] - 1.0) < 1e-5);
        QVERIFY(std::abs(lambda1[0] - lambda1[1]) < 1e-3);
    }

    /// Only the largest exponent, for curves over a parameter.
    void largestOnly()
    {
        fl::LyapunovOptions o;
        o.transient = 50.0;
        o.duration = 1000.0;
        o.count = 1;
        o.integration.maxStep = 0.05;
        const fl::LyapunovResult r = fl::lyapunovSpectrum(Lorenz(), {1.0, 1.0, 20.0}, 0.0, o);
        QCOMPARE(r.exponents.size(), size_t(1));
        QVERIFY(std::abs(r.exponents[0] - 0.9056) < 0.05);
    }
};

QTEST_APPLESS_MAIN(TestLyapunov)
#include "test_lyapunov.moc"
