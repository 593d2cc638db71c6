// Periodic orbits by shooting (core/analysis/periodic_orbit.h): the monodromy matrix from the
// variational equations with saltation matrices against finite differences of the return map,
// Floquet multipliers (a stick phase's exact zero, an autonomous orbit's trivial 1), and Newton's
// fixed point against the orbit a long run settles on.
#include "analysis/periodic_orbit.h"
#include "continuation_fixtures.h"
#include "analysis/orbit_phases.h"
#include "scenario/scenario.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "solvers/dynamics.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace {

/// Central differences of the return map P (no variational equations) at y0.
Eigen::MatrixXd finiteDifferenceMonodromy(const fl::Dynamics& d, const fl::OrbitClosure& c, const std::vector<double>& y0, double h)
{
    const int n = static_cast<int>(y0.size());
    Eigen::MatrixXd m(n, n);
    for (int j = 0; j < n; ++j) {
        std::vector<double> plus = y0, minus = y0;
        plus[static_cast<size_t>(j)] += h;
        minus[static_cast<size_t>(j)] -= h;
        const fl::OrbitReturn a = fl::orbitReturn(d, c, plus, false), b = fl::orbitReturn(d, c, minus, false);
        if (!a.status.ok() || !b.status.ok())
            qFatal("return map failed");
        for (int i = 0; i < n; ++i)
            m(i, j) = (a.y[static_cast<size_t>(i)] - b.y[static_cast<size_t>(i)]) / (2.0 * h);
    }
    return m;
}

} // namespace

class TestPeriodicOrbit : public QObject {
    Q_OBJECT
private slots:
    /// A forced stick-slip orbit of the belt: Newton's fixed point, its monodromy matrix against
    /// finite differences of the stroboscopic map, and the zero multiplier of its stick phase.
    void forcedStickSlipMonodromy()
    {
        const fl::Scenario s = belt({{"zeta", 0.1}, {"A", 2.0}, {"w", 1.5}, {"v_b", 0.3}});
        fl::OrbitClosure c;
        QVERIFY(fl::orbitClosure(s, 1, c).ok());
        QVERIFY(c.forced);
        QCOMPARE(c.period, 2.0 * M_PI / 1.5);
        const auto d = fl::makeDynamics(s);
        std::vector<double> y;
        QVERIFY(fl::settledSectionState(*d, c, 300, y).ok());
        fl::OrbitClosure shot = c;
        QVERIFY(fl::shootInsideSlip(*d, shot, y).ok());
        QVERIFY(shot.shift > 0.0 && shot.shift < c.period);
        const fl::PeriodicOrbit orbit = fl::refineOrbit(*d, shot, y);
        QVERIFY2(orbit.status.ok(), orbit.status.message().c_str());
        std::printf("forced belt orbit: y = (%.12g, %.12g), sequence %s, %d Newton iterations, residual %.3g\n", orbit.y[0], orbit.y[1],
                    orbit.sequence.c_str(), orbit.iterations, orbit.residual);
        QVERIFY(orbit.sequence.find("stick") != std::string::npos);
        // The settled state is the fixed point (the run converged onto it) to the run's tolerance.
        QVERIFY(std::abs(orbit.start[0] - y[0]) < 1e-7 && std::abs(orbit.start[1] - y[1]) < 1e-7);
        const fl::OrbitReturn r = fl::orbitReturn(*d, shot, orbit.start, true);
        QVERIFY(r.status.ok());
        const Eigen::MatrixXd fd = finiteDifferenceMonodromy(*d, shot, orbit.start, 1e-6);
        const double error = (r.monodromy - fd).lpNorm<Eigen::Infinity>();
        std::printf("monodromy (variational + saltation):\n%s\nby central differences (h = 1e-6): max |difference| = %.3g\n",
                    [&] { std::ostringstream o; o << r.monodromy; return o.str(); }().c_str(), error);
        QVERIFY(r.monodromy.allFinite());
        QVERIFY2(error < 1e-5 * (1.0 + fd.lpNorm<Eigen::Infinity>()), "monodromy differs from the finite differences");
        // A stick phase maps every direction onto v_r = 0: rank 1, one multiplier exactly zero.
        QCOMPARE(orbit.multipliers.size(), size_t(2));
        QCOMPARE(orbit.multipliers[1], std::complex<double>(0.0));
        QVERIFY(std::abs(orbit.multipliers[0]) > 0.0 && std::abs(orbit.multipliers[0]) < 1.0);
        QVERIFY(orbit.stable);
    }
    /// A scenario started from an orbit's state on its section (Scenario::initialState, what the
    /// window loads when a branch point is clicked) runs that orbit from its first instant: the run's
    /// first sample is the state and, a forcing period later, it is back there. Wrong sizes and
    /// non-finite values are refused.
    void aRunFromAnOrbitsStateIsThatOrbit()
    {
        fl::Scenario s = belt({{"zeta", 0.1}, {"A", 2.0}, {"w", 1.5}, {"v_b", 0.3}});
        fl::OrbitClosure c;
        QVERIFY(fl::orbitClosure(s, 1, c).ok());
        const auto d = fl::makeDynamics(s);
        std::vector<double> y;
        QVERIFY(fl::settledSectionState(*d, c, 300, y).ok());
        QVERIFY(fl::shootInsideSlip(*d, c, y).ok());
        const fl::PeriodicOrbit orbit = fl::refineOrbit(*d, c, y);
        QVERIFY(orbit.status.ok());
        s.initialState = orbit.y;
        QVERIFY(s.params.set("t_end", 3.0 * orbit.period).ok() && s.params.set("dt", orbit.period / 200.0).ok());
        QVERIFY(fl::validate(s).ok());
        const fl::RunResult run = fl::simulate(s);
        QVERIFY2(run.status.ok(), run.status.message().c_str());
        QCOMPARE(run.states[0], orbit.y[0]);
        QCOMPARE(run.states[1], orbit.y[1]);
        double worst = 0.0;
        for (int k = 1; k <= 3; ++k) { // samples at t = k T
            const size_t i = static_cast<size_t>(200 * k);
            QVERIFY(std::abs(run.t[i] - k * orbit.period) < 1e-9);
            worst = std::max({worst, std::abs(run.states[2 * i] - orbit.y[0]), std::abs(run.states[2 * i + 1] - orbit.y[1])});
        }
        std::printf("a run from the orbit's state: max |y(kT) - y(0)| over 3 periods = %.3g\n", worst);
        QVERIFY(worst < 1e-7);
        s.initialState = {1.0, 2.0, 3.0};
        QCOMPARE(fl::validate(s).message(), std::string("the state to start from has 3 values; this system and method have 2 state variables"));
        s.initialState = {1.0, std::nan("")};
        QVERIFY(!fl::validate(s).ok());
    }

    /// A pure-slip forced orbit: the steady response of a linear oscillator under a constant
    /// friction force (closed form), and multipliers exp((-zeta +- i sqrt(1 - zeta^2)) T).
    void pureSlipClosedForm()
    {
        const double zeta = 0.1, A = 0.2, w = 1.5, vb = 1.0, muK = 0.3; // v_r < 0 throughout: F = +mu_k
        const fl::Scenario s = belt({{"zeta", zeta}, {"A", A}, {"w", w}, {"v_b", vb}, {"mu_s", muK}, {"mu_k", muK}});
        fl::OrbitClosure c;
        QVERIFY(fl::orbitClosure(s, 1, c).ok());
        const auto d = fl::makeDynamics(s);
        const fl::PeriodicOrbit orbit = fl::refineOrbit(*d, c, {0.0, 0.0});
        QVERIFY2(orbit.status.ok(), orbit.status.message().c_str());
        // The return with and without the variational equations ends at the same time and state
        // (Dynamics::integrate alone ends past tEnd, at its last step's end).
        const fl::OrbitReturn a = fl::orbitReturn(*d, c, {0.1, 0.1}, true), b = fl::orbitReturn(*d, c, {0.1, 0.1}, false);
        QVERIFY(a.status.ok() && b.status.ok());
        QVERIFY(std::abs(a.y[0] - b.y[0]) < 1e-10 && std::abs(a.y[1] - b.y[1]) < 1e-10);
        QCOMPARE(orbit.sequence, std::string("slip-"));
        // x = mu_k + Re(X e^{i w t}), X = A / (1 - w^2 + 2 i zeta w).
        const std::complex<double> X = A / std::complex<double>(1.0 - w * w, 2.0 * zeta * w);
        const double x0 = muK + X.real(), v0 = -w * X.imag();
        std::printf("pure slip: x(0) = %.12g (closed form %.12g), v(0) = %.12g (%.12g)\n", orbit.y[0], x0, orbit.y[1], v0);
        QVERIFY(std::abs(orbit.y[0] - x0) < 1e-8);
        QVERIFY(std::abs(orbit.y[1] - v0) < 1e-8);
        const std::complex<double> mu = std::exp(std::complex<double>(-zeta, std::sqrt(1.0 - zeta * zeta)) * c.period);
        QCOMPARE(orbit.multipliers.size(), size_t(2));
        for (const auto& m : orbit.multipliers) {
            std::printf("multiplier %.12g %+.12gi (closed form %.12g %+.12gi)\n", m.real(), m.imag(), mu.real(), std::abs(mu.imag()));
            QVERIFY(std::abs(std::abs(m) - std::abs(mu)) < 1e-7);
            QVERIFY(std::abs(m.real() - mu.real()) < 1e-7);
        }
    }
};

QTEST_APPLESS_MAIN(TestPeriodicOrbit)
#include "test_periodic_orbit.moc"
