// S4, the two-DOF brake model (systems/brake_system.h): the linear stability of steady sliding in
// closed form against the eigenvalues of the Jacobian, the event-driven and the regularized method
// agreeing as eps shrinks, the asymmetric law's branches, the lifted block, and the review's
// bifurcation diagrams computed deterministically (the same points on 1 and 2 threads).
#include "analysis/bifurcation_sweep.h"
#include "friction/friction_law.h"
#include "scenario_fixtures.h"
#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/brake_system.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <Eigen/Eigenvalues>
#include <QTest>

#include <algorithm>
#include <cmath>

namespace {

using fltest::presetScenario;
using fltest::simulateOk;

struct Sliding {
    double y[4] = {0.0, 0.0, 0.0, 0.0}; ///< the equilibrium of steady sliding (block at rest, v_r = -v_d)
    double maxRealPart = 0.0;           ///< of the Jacobian's eigenvalues there
};

/// Steady sliding of the brake under a law of magnitude g (slope dg) at the speed v_d (v_r = -v_d < 0,
/// so F = +g): x2 = y2 = 0, x1 = beta3 y1, y1 = g / (alpha1 beta3 - 1 - (beta3 - 1) g); the
/// eigenvalues of the Jacobian with dF/dv_r = -g'(v_d).
Sliding steadySliding(const fl::BrakeSystem::Parameters& p, double g, double dg)
{
    Sliding s;
    const double kappa = p.beta3 - 1.0;
    s.y[2] = g / (p.alpha1 * p.beta3 - 1.0 - kappa * g);
    s.y[0] = p.beta3 * s.y[2];
    const fl::BrakeSystem system(p);
    double J[16], dt[4];
    system.jacobian(0.0, s.y, g, -dg, J, dt);
    Eigen::Matrix4d m;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            m(r, c) = J[4 * r + c];
    s.maxRealPart = m.eigenvalues().real().maxCoeff();
    return s;
}

/// The closed form (help page system-brake.html, eta = 0): steady sliding is stable exactly when
/// g'(v_d) > 0 and -1 < (beta3 - 1) g(v_d) < alpha1 beta3 - 1.
bool stableInClosedForm(const fl::BrakeSystem::Parameters& p, double g, double dg)
{
    const double b = (p.beta3 - 1.0) * g;
    return dg > 0.0 && b > -1.0 && b < p.alpha1 * p.beta3 - 1.0;
}

} // namespace

class TestBrake : public QObject {
    Q_OBJECT
private slots:
    void equilibriumIsARestPoint()
    {
        fl::BrakeSystem::Parameters p;
        p.beltSpeed = 0.6;
        const double g = 0.35, dg = 0.2;
        const Sliding s = steadySliding(p, g, dg);
        const fl::BrakeSystem system(p);
        double y[4] = {s.y[0], 0.0, s.y[2], 0.0}, d[4]; // the block at rest, the belt slipping under it
        system.rhs(0.0, y, g, d);
        for (double v : d)
            QVERIFY(std::abs(v) < 1e-14);
    }

    /// The closed-form stability condition against the eigenvalues, on a grid of law slopes, levels
    /// and stiffness ratios (both signs of g', both sides of the lock-up limit).
    void stabilityBoundaryMatchesEigenvalues()
    {
        int checked = 0, stable = 0;
        for (double alpha1 : {0.5, 0.8, 1.2, 3.0, 4.32})
            for (double beta3 : {1.2, 1.825, 2.441})
                for (double g : {0.1, 0.5, 1.2, 2.5})
                    for (double dg : {-0.3, -0.01, 0.01, 0.3}) {
                        fl::BrakeSystem::Parameters p;
                        p.alpha1 = alpha1;
                        p.beta3 = beta3;
                        p.alpha2 = 1.159;
                        const double margin = std::abs((beta3 - 1.0) * g - (alpha1 * beta3 - 1.0));
                        if (margin < 1e-3)
                            continue;
                        const Sliding s = steadySliding(p, g, dg);
                        const bool closed = stableInClosedForm(p, g, dg);
                        QVERIFY2((s.maxRealPart < 0.0) == closed,
                                 qPrintable(QString("alpha1 %1 beta3 %2 g %3 g' %4: max Re %5").arg(alpha1).arg(beta3).arg(g).arg(dg).arg(s.maxRealPart)));
                        ++checked;
                        stable += closed;
                    }
        QVERIFY(checked > 200 && stable > 30 && stable < checked - 30);
    }

    /// On a law with a friction minimum (rational + quadratic), the speed where steady sliding turns
    /// stable is where g' = 0, found by bisection on the eigenvalues, to 1e-9.
    void stabilityBoundaryInBeltSpeed()
    {
        fl::Scenario s = presetScenario("amr2005-fig22-run");
        QVERIFY(fl::changeModel(s, "brake", "rational-quadratic").ok());
        s.params.set("mu_0", 2.0); // falls from 2 towards 1, then rises with 0.05 v_r^2: a minimum
        s.params.set("mu_1", 1.0);
        const std::unique_ptr<fl::FrictionLaw> law = fl::findFrictionLaw("rational-quadratic")->create(s.params);
        const fl::BrakeSystem::Parameters p = fl::brakeParameters(s.params);
        auto growth = [&](double v) { return steadySliding(p, law->slipMagnitude(v), law->slipMagnitudeSlope(v)).maxRealPart; };
        auto slope = [&](double v) { return law->slipMagnitudeSlope(v); };
        double lo = 1e-3, hi = 5.0; // g(5) = 2.31: below the lock-up limit (alpha1 beta3 - 1)/(beta3 - 1) = 5.42
        QVERIFY(growth(lo) > 0.0 && growth(hi) < 0.0);
        double a = lo, b = hi, c = lo, d = hi;
        for (int i = 0; i < 200; ++i) {
            const double m = 0.5 * (a + b);
            (growth(m) > 0.0 ? a : b) = m;
            const double n = 0.5 * (c + d);
            (slope(n) < 0.0 ? c : d) = n;
        }
        qInfo("stable from v_d = %.12f (eigenvalues), g' = 0 at %.12f", a, c);
        QVERIFY(std::abs(a - c) < 1e-9);
    }

    /// The review's diagrams are deterministic: the same points, bit for bit, on 1 and 2 threads
    /// (a stretch of each figure's range, fewer values).
    void diagramsAreDeterministic()
    {
        for (const char* id : {"amr2005-fig22", "amr2005-fig23"}) {
            const fl::Scenario s = presetScenario(id);
            const fl::Preset* preset = fl::findPreset(id);
            QVERIFY(preset && preset->sweep);
            fl::SweepSpec spec = *preset->sweep;
            spec.steps = 6;
            spec.transient = 200.0;
            spec.samples = 12;
            QVERIFY(fl::validateSweep(s, spec).ok());
            const std::vector<fl::SweepColumn> one = fl::runSweep(s, spec, 1, nullptr), two = fl::runSweep(s, spec, 2, nullptr);
            QCOMPARE(one.size(), two.size());
            for (size_t i = 0; i < one.size(); ++i) {
                QVERIFY(one[i].status.ok());
                QCOMPARE(one[i].parameter, two[i].parameter);
                QCOMPARE(one[i].values, two[i].values); // bitwise
                QVERIFY(!one[i].values.empty());
            }
        }
    }

    /// The regularized method converges to the event-driven one as eps shrinks (Fig. 23's run: 21
    /// stick/slip switches in 60 time units, the normal force varying), and the errors fall by a
    /// factor of 3 or more per decade.
    void regularizedConvergesToEventDriven()
    {
        fl::Scenario s = presetScenario("amr2005-fig23-run");
        s.params.set("t_end", 60.0);
        s.params.set("dt", 0.05);
        const fl::RunResult exact = simulateOk(s);
        std::vector<double> errors;
        for (double eps : {1e-3, 1e-4, 1e-5}) {
            fl::Scenario r = s;
            r.method = fl::Method::Regularized;
            r.regularization = fl::Regularization::Tanh;
            r.params.set("eps", eps);
            const fl::RunResult smooth = simulateOk(r);
            QCOMPARE(smooth.size(), exact.size());
            double worst = 0.0;
            for (size_t k = 0; k < exact.size(); ++k)
                for (int i = 0; i < 4; ++i)
                    worst = std::max(worst, std::abs(smooth.state(k, i) - exact.state(k, i)));
            errors.push_back(worst);
            qInfo("eps %.0e: max |difference| %.3e", eps, worst);
        }
        QVERIFY(errors[0] > 3.0 * errors[1] && errors[1] > 3.0 * errors[2]);
        QVERIFY(errors[2] < 0.02); // measured 0.43, 0.068, 0.0084: about eps^0.85
    }

    /// The figures the presets' notes quote (sweeps at two values of alpha1 each, as the presets run).
    void presetNotesHold()
    {
        struct Case {
            const char* preset;
            double alpha1;
            std::vector<double> maxima; ///< the distinct maxima of x1 (to 1e-3); empty: irregular
        };
        const Case cases[] = {{"amr2005-fig22", 4.0, {0.857}}, {"amr2005-fig22", 3.0, {}},
                              {"amr2005-fig23", 2.9, {0.205, 0.327}}, {"amr2005-fig23", 3.3, {0.393}}};
        for (const Case& c : cases) {
            const fl::Scenario s = presetScenario(c.preset);
            fl::SweepSpec spec = *fl::findPreset(c.preset)->sweep;
            spec.from = c.alpha1;
            spec.to = c.alpha1 + 1e-9;
            spec.steps = 2;
            const std::vector<fl::SweepColumn> columns = fl::runSweep(s, spec, 1, nullptr);
            QVERIFY(columns.front().status.ok());
            std::vector<double> values = columns.front().values;
            QCOMPARE(int(values.size()), 60);
            std::sort(values.begin(), values.end());
            std::vector<double> distinct = {values.front()};
            for (double v : values)
                if (v - distinct.back() > 1e-3)
                    distinct.push_back(v);
            if (c.maxima.empty()) {
                QVERIFY2(distinct.size() > 8, qPrintable(QString("%1 at %2: %3 maxima").arg(c.preset).arg(c.alpha1).arg(distinct.size())));
                continue;
            }
            QCOMPARE(distinct.size(), c.maxima.size());
            for (size_t i = 0; i < distinct.size(); ++i)
                QVERIFY2(std::abs(distinct[i] - c.maxima[i]) < 1e-3, qPrintable(QString("%1 at %2: %3").arg(c.preset).arg(c.alpha1).arg(distinct[i])));
        }
        // The runs' stick fractions over tau in [1000, 2000]: 45 % (Fig. 23) and 5.5 % (Fig. 22).
        // The preset as it opens shows the stick-slip its note describes (its own t_end: 2000).
        const fl::RunResult opened = simulateOk(presetScenario("amr2005-fig22-run"));
        QCOMPARE(opened.t.back(), 2000.0);
        QVERIFY2(opened.switches.size() >= 150 && opened.switches.front().t > 500.0 && opened.switches.front().t < 600.0,
                 qPrintable(QString::number(opened.switches.size())));
        for (auto [id, fraction] : {std::pair{"amr2005-fig23-run", 0.451}, std::pair{"amr2005-fig22-run", 0.055}}) {
            fl::Scenario s = presetScenario(id);
            s.params.set("t_end", 2000.0);
            s.params.set("dt", 0.1);
            const fl::RunResult r = simulateOk(s);
            int stick = 0, samples = 0;
            for (size_t k = 0; k < r.size(); ++k)
                if (r.t[k] >= 1000.0) {
                    ++samples;
                    stick += r.mode[k] == fl::ContactMode::Stick;
                }
            QVERIFY2(std::abs(double(stick) / samples - fraction) < 0.005, qPrintable(QString("%1: %2").arg(id).arg(double(stick) / samples)));
        }
    }

    /// The law's two branches: v_r > 0 reads (22), v_r < 0 reads (23); both hold mu_0 in stick.
    void asymmetricBranches()
    {
        const fl::Scenario s = presetScenario("amr2005-fig23-run");
        const std::unique_ptr<fl::FrictionLaw> law = fl::findFrictionLaw("brake-branches")->create(s.params);
        QVERIFY(!law->symmetric());
        const double mu0 = 1.2, g1 = 0.152, g2 = 0.609;
        QCOMPARE(law->branchStaticLimit(1.0), mu0);
        QCOMPARE(law->branchStaticLimit(-1.0), mu0);
        QVERIFY(std::abs(law->branchMagnitude(0.0, -1.0) - mu0) < 1e-15);
        QVERIFY(std::abs(law->branchMagnitude(0.1, -1.0) - mu0 * ((1 - g1 - g2) + g1 * std::exp(-0.1 / 0.30529) + g2 * std::exp(-0.1 / 0.0342))) < 1e-15);
        QVERIFY(std::abs(law->branchMagnitude(0.1, 1.0) - mu0 * (1.0 - (1.0 - 0.86 / 3.63) * 0.1 / 0.27)) < 1e-15);
        QVERIFY(std::abs(law->branchMagnitude(5.0, 1.0) - mu0 * 0.86 / 3.63) < 1e-15);
        for (double v : {0.01, 0.2, 1.0}) // the slopes are the derivatives
            for (double d : {1.0, -1.0}) {
                const double h = 1e-7, fd = (law->branchMagnitude(v + h, d) - law->branchMagnitude(v - h, d)) / (2 * h);
                QVERIFY(std::abs(fd - law->branchSlope(v, d)) < 1e-6);
            }
        // gamma_1 + gamma_2 > 1 would reverse the force: refused with its reason.
        fl::Scenario bad = s;
        bad.params.set("gamma2", 0.9);
        const fl::Status status = fl::validate(bad);
        QVERIFY(!status.ok());
        QVERIFY(status.message().find("exceeds 1") != std::string::npos);
    }

    /// The asymmetric law in the shared solvers: the forced belt slips both ways (both branches), and
    /// the regularized runs converge to the event-driven one (measured 1.57, 0.099, 0.0115 in x).
    void asymmetricLawOnTheBelt()
    {
        fl::Scenario s;
        QVERIFY(fl::makeScenario("belt", "brake-branches", fl::Method::EventDriven, fl::Regularization::Tanh, s).ok());
        s.params.set("A", 1.5);
        s.params.set("w", 0.8);
        s.params.set("v_b", 0.2);
        s.params.set("t_end", 60.0);
        s.params.set("dt", 0.05);
        s.params.set("tol", 1e-10);
        const fl::RunResult exact = simulateOk(s);
        int forward = 0, backward = 0;
        for (double vr : exact.relativeVelocity) {
            forward += vr > 0.01;
            backward += vr < -0.01;
        }
        QVERIFY(forward > 100 && backward > 100);
        std::vector<double> errors;
        for (double eps : {1e-3, 1e-4, 1e-5}) {
            fl::Scenario r = s;
            r.method = fl::Method::Regularized;
            r.params.set("eps", eps);
            const fl::RunResult smooth = simulateOk(r);
            double worst = 0.0;
            for (size_t k = 0; k < exact.size(); ++k)
                worst = std::max(worst, std::abs(smooth.state(k, 0) - exact.state(k, 0)));
            errors.push_back(worst);
        }
        qInfo("belt with brake-branches: %.3g %.3g %.3g", errors[0], errors[1], errors[2]);
        QVERIFY(errors[0] > 5.0 * errors[1] && errors[1] > 5.0 * errors[2] && errors[2] < 0.03);
    }

    /// With no normal force (y1 far below -1/(beta3 - 1)) the block is lifted: no friction, and the
    /// motion is that of the frictionless linear system while it stays lifted.
    void liftedBlockFeelsNoFriction()
    {
        fl::BrakeSystem::Parameters p;
        p.y1 = -5.0;
        const fl::BrakeSystem system(p);
        double y[4] = {0.3, 0.2, -5.0, 0.0}, withF[4], without[4];
        QCOMPARE(system.normalLoad(y), 0.0);
        system.rhs(0.0, y, 0.7, withF);
        system.rhs(0.0, y, 0.0, without);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(withF[i], without[i]);
    }
};

QTEST_GUILESS_MAIN(TestBrake)
#include "test_brake.moc"
