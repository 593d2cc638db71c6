// Continuation of periodic orbits (core/analysis/orbit_continuation.h) against closed forms: the
// unforced Coulomb belt's stick-slip cycle along v_b, the forced belt's pure-slip response up to
// the grazing where a stick phase begins, the frictionless absorber's response curve (the
// regularized flow's variational equations); a change of the mode sequence crossed with no user
// action and confirmed by runs on both sides.
#include "analysis/orbit_continuation.h"
#include "continuation_fixtures.h"
#include "analysis/orbit_phases.h"
#include "friction/friction_law.h"
#include "simulation/dynamics_factory.h"
#include "solvers/dynamics.h"
#include "systems/absorber_system.h"
#include "systems/scenario_setup.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <cstdio>

namespace {

/// The orbit a run at `value` settles on, refined (forced closure, its own shooting start).
fl::PeriodicOrbit settledOrbit(fl::Scenario s, const char* parameter, double value)
{
    if (!s.params.set(parameter, value).ok())
        qFatal("cannot set %s", parameter);
    fl::OrbitClosure c;
    if (!fl::orbitClosure(s, 1, c).ok())
        qFatal("no closure");
    const auto d = fl::makeDynamics(s);
    std::vector<double> y;
    if (!fl::settledSectionState(*d, c, 400, y).ok() || !fl::shootInsideSlip(*d, c, y).ok())
        qFatal("run failed");
    return fl::refineOrbit(*d, c, y);
}

} // namespace

class TestOrbitContinuation : public QObject {
    Q_OBJECT
private slots:
    /// The unforced belt (zeta = 0, Coulomb mu_s = 2, mu_k = 1): one cycle is a stick phase of
    /// 2 (mu_s - mu_k) / v_b and a slip phase of pi + 2 atan(v_b / (mu_s - mu_k)), the section
    /// x' = 0 at x = mu_k + sqrt((mu_s - mu_k)^2 + v_b^2); multipliers 1 (along the flow) and 0 (stick).
    void autonomousStickSlipCycle()
    {
        const fl::Scenario s = scenarioOf("belt", fl::Method::EventDriven, {{"zeta", 0.0}, {"A", 0.0}, {"v_b", 0.5}});
        const fl::Branch branch = fl::continueBranch(s, setupOf("v_b", 0.5, 0.1, 1.5));
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        QVERIFY(!branch.closure.forced);
        QVERIFY2(branch.points.size() >= 10, "too few points to compare");
        QCOMPARE(branch.points.front().parameter, 0.1);
        QCOMPARE(branch.points.back().parameter, 1.5);
        double worstPeriod = 0.0, worstX = 0.0, worstTrivial = 0.0;
        for (const fl::BranchPoint& p : branch.points) {
            const double vb = p.parameter, d = 2.0 - 1.0;
            const double period = 2.0 * d / vb + M_PI + 2.0 * std::atan(vb / d);
            worstPeriod = std::max(worstPeriod, std::abs(p.orbit.period - period));
            worstX = std::max(worstX, std::abs(p.orbit.y[0] - (1.0 + std::hypot(d, vb))));
            worstTrivial = std::max(worstTrivial, p.orbit.trivialMultiplierError);
            QCOMPARE(p.orbit.multipliers.size(), size_t(2));
            QCOMPARE(p.orbit.multipliers[1], std::complex<double>(0.0));
            QCOMPARE(p.orbit.sequence, std::string("slip-;stick;slip-"));
            QVERIFY(p.orbit.stable);
        }
        std::printf("%zu orbits on v_b in [0.1, 1.5]: max |period - closed form| = %.3g, max |x - closed form| = %.3g, "
                    "max |mu_trivial - 1| = %.3g\n", branch.points.size(), worstPeriod, worstX, worstTrivial);
        QVERIFY(worstPeriod < 1e-7);
        QVERIFY(worstX < 1e-7);
        QVERIFY(worstTrivial < 1e-6);
    }

    /// The forced belt in pure slip (v_r < 0 throughout, F = mu_k) is a linear oscillator: x =
    /// mu_k + Re(X e^{i w t}), X = A / (1 - w^2 + 2 i zeta w). Its largest velocity |X| w reaches v_b
    /// at A_g = v_b |1 - w^2 + 2 i zeta w| / w, where a stick phase begins; with mu_s > mu_k the stick
    /// phase starts with a finite length, so the pure-slip branch ends there.
    void grazingAgainstClosedForm()
    {
        const double zeta = 0.1, w = 1.5, vb = 1.0;
        const fl::Scenario s = scenarioOf("belt", fl::Method::EventDriven, {{"zeta", zeta}, {"A", 0.2}, {"w", w}, {"v_b", vb}});
        const fl::Branch branch = fl::continueBranch(s, setupOf("A", 0.2, 0.1, 3.0));
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        printLocated(branch);
        const std::complex<double> d(1.0 - w * w, 2.0 * zeta * w);
        const double grazing = vb * std::abs(d) / w;
        const fl::LocatedPoint* end = findLocated(branch, "stick-onset");
        QVERIFY2(end, "no stick onset located");
        std::printf("stick onset at A = %.12g, closed form %.12g (difference %.3g)\n", end->parameter, grazing, end->parameter - grazing);
        // Solved as min |v_r| = 0 over the pure-slip phase, extrapolated from the orbits before it
        // (where the sequence changes, the event location's graze band moved it by ~1e-8).
        QVERIFY2(end->condition.find("solved min over phase 1 of the period of |v_r|") != std::string::npos, end->condition.c_str());
        QVERIFY(std::abs(end->parameter - grazing) < 1e-9);
        QVERIFY2(branch.points.size() >= 10, "too few points to compare");
        double worst = 0.0;
        for (const fl::BranchPoint& p : branch.points) {
            const std::complex<double> X = p.parameter / d;
            worst = std::max({worst, std::abs(p.orbit.y[0] - (1.0 + X.real())), std::abs(p.orbit.y[1] + w * X.imag())});
            QCOMPARE(p.orbit.sequence, std::string("slip-"));
            QVERIFY(p.orbit.stable);
            QVERIFY(p.parameter <= grazing + 3e-8);
        }
        std::printf("%zu pure-slip orbits: max |state - closed form| = %.3g\n", branch.points.size(), worst);
        QVERIFY(worst < 1e-8);
    }

    /// From a stick-slip orbit the branch crosses the point where its stick phase vanishes by itself
    /// and goes on to the range's end; runs just before and after settle on orbits with the
    /// sequences the branch has there.
    void crossesAChangeOfModesByItself()
    {
        const fl::Scenario s = scenarioOf("belt", fl::Method::EventDriven, {{"zeta", 0.1}, {"A", 2.0}, {"w", 1.5}, {"v_b", 0.3}});
        const fl::Branch branch = fl::continueBranch(s, setupOf("A", 2.0, 2.0, 3.0));
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        printLocated(branch);
        QCOMPARE(branch.points.back().parameter, 3.0);
        const fl::LocatedPoint* change = findLocated(branch, "stick-onset");
        QVERIFY2(change, "no change of the mode sequence located");
        const double at = change->parameter;
        std::string before, after; // the sequences of the last orbit before and the first after the change
        for (const fl::BranchPoint& p : branch.points) {
            if (p.parameter < at)
                before = p.orbit.sequence;
            else if (after.empty())
                after = p.orbit.sequence;
        }
        QVERIFY(!before.empty() && !after.empty());
        QVERIFY(!fl::sameCycle(before, after));
        for (const auto& [offset, expected] : {std::pair{-0.01, before}, std::pair{0.01, after}}) {
            const fl::PeriodicOrbit orbit = settledOrbit(s, "A", at + offset);
            QVERIFY2(orbit.status.ok(), orbit.status.message().c_str());
            std::printf("run at A = %.6g settles on %s (branch: %s)\n", at + offset, orbit.sequence.c_str(), expected.c_str());
            QVERIFY(fl::sameCycle(orbit.sequence, expected));
        }
    }

    /// The frictionless absorber (mu = 0, regularized: a linear system) along its response curve in
    /// the forcing frequency, against the closed form of absorberLinearResponse.
    void frictionlessAbsorberResponse()
    {
        const fl::Scenario s = scenarioOf("absorber", fl::Method::Regularized, {{"mu_s", 0.0}, {"mu_k", 0.0}, {"A", 0.1}});
        const fl::Branch branch = fl::continueBranch(s, setupOf("w", 1.0, 0.6, 1.4));
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        QVERIFY2(branch.points.size() >= 10, "too few points to compare");
        double worst = 0.0, largest = 0.0;
        for (const fl::BranchPoint& p : branch.points) {
            fl::Scenario at = s;
            QVERIFY(at.params.set("w", p.parameter).ok());
            std::complex<double> X1, X2;
            fl::absorberLinearResponse(fl::absorberParameters(at.params), X1, X2);
            const double w = p.parameter;
            const double expected[] = {X1.real(), X2.real(), -w * X1.imag(), -w * X2.imag()};
            for (int i = 0; i < 4; ++i)
                worst = std::max(worst, std::abs(p.orbit.y[static_cast<size_t>(i)] - expected[i]));
            largest = std::max(largest, std::abs(X1));
            QCOMPARE(p.orbit.sequence, std::string("smooth"));
            QVERIFY(p.orbit.stable);
        }
        std::printf("%zu orbits on w in [0.6, 1.4], largest |X1| = %.4g: max |state - closed form| = %.3g\n", branch.points.size(),
                    largest, worst);
        QVERIFY(worst < 1e-6 * (1.0 + largest));
    }

    /// A period doubling of the forced belt (zeta = 0.05, A = 2, v_b = 0.1) in the forcing frequency:
    /// its multiplier at -1 to 1e-6, and runs on both sides: period 1 before it, period 2 after.
    void periodDoublingConfirmedByRuns()
    {
        const fl::Scenario s = scenarioOf("belt", fl::Method::EventDriven, {{"zeta", 0.05}, {"A", 2.0}, {"w", 2.3}, {"v_b", 0.1}});
        const fl::Branch branch = fl::continueBranch(s, setupOf("w", 2.3, 2.0, 2.6));
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        printLocated(branch);
        const fl::LocatedPoint* pd = findLocated(branch, "period-doubling");
        QVERIFY2(pd, "no period doubling located");
        // The multiplier nearest -1 there.
        double nearest = INFINITY;
        for (const auto& mu : pd->multipliers)
            nearest = std::min(nearest, std::abs(mu + 1.0));
        std::printf("period doubling at w = %.12g: |mu + 1| = %.3g\n", pd->parameter, nearest);
        QVERIFY(nearest < 1e-6);
        // Runs from the branch's orbit, nudged: before the doubling the nudge dies out (period 1);
        // after it the run leaves the now unstable orbit for a period-2 orbit close to it.
        const fl::BranchPoint* before = nullptr;
        const fl::BranchPoint* after = nullptr;
        for (const fl::BranchPoint& p : branch.points) {
            if (p.parameter < pd->parameter - 0.003)
                before = &p;
            else if (!after && p.parameter > pd->parameter + 0.001)
                after = &p;
        }
        QVERIFY2(before && after, "no orbit of the branch on both sides");
        for (const fl::BranchPoint* p : {before, after}) {
            fl::Scenario at = s;
            QVERIFY(at.params.set("w", p->parameter).ok());
            const auto d = fl::makeDynamics(at);
            fl::OrbitClosure one, two, many;
            QVERIFY(fl::orbitClosure(at, 1, one).ok() && fl::orbitClosure(at, 2, two).ok() && fl::orbitClosure(at, 2000, many).ok());
            std::vector<double> y = p->orbit.y;
            y[0] += 1e-4;
            const fl::OrbitReturn settled = fl::orbitReturn(*d, many, y, false);
            QVERIFY(settled.status.ok());
            y = settled.y;
            const fl::OrbitReturn r1 = fl::orbitReturn(*d, one, y, false), r2 = fl::orbitReturn(*d, two, y, false);
            QVERIFY(r1.status.ok() && r2.status.ok());
            const double d1 = std::hypot(r1.y[0] - y[0], r1.y[1] - y[1]), d2 = std::hypot(r2.y[0] - y[0], r2.y[1] - y[1]);
            const double fromOrbit = std::hypot(y[0] - p->orbit.y[0], y[1] - p->orbit.y[1]);
            std::printf("run at w = %.6g (%s), nudged by 1e-4, after 2000 periods: |P(y) - y| = %.3g, |P^2(y) - y| = %.3g, "
                        "%.3g from the period-1 orbit\n", p->parameter, p->orbit.stable ? "stable" : "unstable", d1, d2, fromOrbit);
            QVERIFY(d2 < 1e-6);
            if (p == before) {
                QVERIFY(p->orbit.stable);
                QVERIFY(d1 < 1e-6 && fromOrbit < 1e-6);
            } else {
                QVERIFY(!p->orbit.stable);
                QVERIFY(d1 > 1e-3 && fromOrbit < 0.2);
            }
        }
    }

    /// Steady sliding of the belt on a falling (exponential Stribeck) law: the linearisation
    /// x'' + (2 zeta + g'(v_b)) x' + x = 0 loses its damping where g'(v_b) = -2 zeta, i.e. at
    /// v_b = (mu_0 - mu_k) / delta ln(delta / (2 zeta)), with the frequency 1.
    void hopfOfSteadySlidingOnTheBelt()
    {
        fl::Scenario s = scenarioOf("belt", fl::Method::EventDriven, {{"zeta", 0.1}, {"A", 0.0}});
        QVERIFY(fl::changeModel(s, "belt", "stribeck-exp").ok());
        fl::ContinuationSetup setup = setupOf("v_b", 1.5, 0.05, 3.0);
        setup.equilibrium = true;
        const fl::Branch branch = fl::continueBranch(s, setup);
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        printLocated(branch);
        QVERIFY(branch.equilibria);
        const double delta = s.params.value("delta"), drop = s.params.value("mu_0") - s.params.value("mu_k");
        const double closedForm = drop / delta * std::log(delta / (2.0 * 0.1));
        const fl::LocatedPoint* hopf = findLocated(branch, "hopf");
        QVERIFY2(hopf, "no Hopf point located");
        std::printf("Hopf at v_b = %.12g, closed form %.12g (difference %.3g)\n", hopf->parameter, closedForm, hopf->parameter - closedForm);
        QVERIFY(std::abs(hopf->parameter - closedForm) < 1e-8);
        double omega = 0.0;
        for (const auto& l : hopf->multipliers)
            omega = std::max(omega, l.imag());
        QVERIFY(std::abs(omega - 1.0) < 1e-6);
        // Below it the sliding is unstable (stick-slip), above it stable; x = g(v_b) on the branch.
        for (const fl::BranchPoint& p : branch.points) {
            QCOMPARE(p.orbit.stable, p.parameter > closedForm);
            const double g = drop * std::exp(-delta * p.parameter / drop) + s.params.value("mu_k");
            QVERIFY(std::abs(p.orbit.y[0] - g) < 1e-8 && std::abs(p.orbit.y[1]) < 1e-8); // Newton stops at |f| <= 1e-9
            QCOMPARE(p.orbit.sequence, std::string("slip-"));
        }
    }

    /// The belt on a falling Stribeck law (zeta = 0.1), forced weakly (A) off resonance (w = 1.3):
    /// its small forced orbit inherits the unforced sliding's stability, so where the sliding has
    /// its Hopf point (v_b = (mu_0 - mu_k) / delta ln(delta / 2 zeta)) the forced orbit has a
    /// Neimark-Sacker point: a complex pair of multipliers on the unit circle at the angle of the
    /// free oscillation over one forcing period, 1 x 2 pi / w (mod 2 pi). The point moves from the
    /// Hopf point by O(A^2): halving A quarters the shift.
    void neimarkSackerOfTheForcedStribeckBelt()
    {
        double shift[2] = {0.0, 0.0};
        const double amplitudes[2] = {0.01, 0.005};
        for (int k = 0; k < 2; ++k) {
            fl::Scenario s = scenarioOf("belt", fl::Method::EventDriven, {{"zeta", 0.1}, {"A", amplitudes[k]}, {"w", 1.3}});
            QVERIFY(fl::changeModel(s, "belt", "stribeck-exp").ok());
            QVERIFY(s.params.set("zeta", 0.1).ok() && s.params.set("A", amplitudes[k]).ok() && s.params.set("w", 1.3).ok());
            const fl::Branch branch = fl::continueBranch(s, setupOf("v_b", 1.5, 0.5, 2.0));
            QVERIFY2(branch.status.ok(), branch.status.message().c_str());
            printLocated(branch);
            const fl::LocatedPoint* ns = findLocated(branch, "neimark-sacker");
            QVERIFY2(ns, "no Neimark-Sacker point located");
            const double delta = s.params.value("delta"), drop = s.params.value("mu_0") - s.params.value("mu_k");
            const double hopf = drop / delta * std::log(delta / (2.0 * 0.1));
            shift[k] = ns->parameter - hopf;
            double angle = 0.0, modulus = 0.0;
            for (const auto& mu : ns->multipliers)
                if (std::abs(mu.imag()) > 1e-6 && std::abs(std::arg(mu)) > angle) {
                    angle = std::abs(std::arg(mu));
                    modulus = std::abs(mu);
                }
            const double expected = std::abs(std::remainder(2.0 * M_PI / 1.3, 2.0 * M_PI));
            std::printf("A = %g: Neimark-Sacker at v_b = %.10g, %.3g from the Hopf point; |mu| = %.9f, arg mu = %.6f (free oscillation: %.6f)\n",
                        amplitudes[k], ns->parameter, shift[k], modulus, angle, expected);
            QVERIFY(std::abs(modulus - 1.0) < 1e-6);
            QVERIFY(std::abs(angle - expected) < 1e-2);
            QVERIFY(std::abs(shift[k]) < 1e-3);
            // Stable above it (where the sliding is), unstable below.
            for (const fl::BranchPoint& p : branch.points)
                if (std::abs(p.parameter - ns->parameter) > 1e-6)
                    QCOMPARE(p.orbit.stable, p.parameter > ns->parameter);
        }
        std::printf("shift ratio for A halved: %.4f (O(A^2): 4)\n", shift[0] / shift[1]);
        QVERIFY(std::abs(shift[0] / shift[1] - 4.0) < 0.2);
    }

    /// The brake's steady sliding turns stable where the law's slope g'(v_d) = 0 (the closed-form
    /// condition of tests/core/test_brake.cpp, eta = 0): both modes' pairs cross there together.
    void hopfOfTheBrake()
    {
        fl::Scenario s;
        QVERIFY(fl::makeScenario("brake", "rational-quadratic", fl::Method::EventDriven, fl::Regularization::Kudra, s).ok());
        QVERIFY(fl::applyPreset("amr2005-fig22-run", s).ok());
        QVERIFY(fl::changeModel(s, "brake", "rational-quadratic").ok());
        QVERIFY(s.params.set("mu_0", 2.0).ok() && s.params.set("mu_1", 1.0).ok());
        fl::ContinuationSetup setup = setupOf("v_d", 3.0, 0.1, 5.0);
        setup.equilibrium = true;
        const fl::Branch branch = fl::continueBranch(s, setup);
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        printLocated(branch);
        const fl::LocatedPoint* hopf = findLocated(branch, "hopf");
        QVERIFY2(hopf, "no Hopf point located");
        const std::unique_ptr<fl::FrictionLaw> law = fl::findFrictionLaw("rational-quadratic")->create(s.params);
        double a = 0.1, b = 5.0; // g' < 0 at a, > 0 at b
        QVERIFY(law->slipMagnitudeSlope(a) < 0.0 && law->slipMagnitudeSlope(b) > 0.0);
        for (int i = 0; i < 200; ++i)
            (law->slipMagnitudeSlope(0.5 * (a + b)) < 0.0 ? a : b) = 0.5 * (a + b);
        std::printf("brake: Hopf at v_d = %.12g, g' = 0 at %.12g\n", hopf->parameter, a);
        QVERIFY(std::abs(hopf->parameter - a) < 1e-8);
    }

    /// Acta Mech. 2016 Fig. 5a: the pendulum on the rotating disk rests at omega0 = 30 rad/s and
    /// oscillates at 40. The equilibrium's Hopf point lies between; runs just below it settle, just
    /// above it do not (the regularized method of the published case).
    void pendulumHopfOfActaFig5a()
    {
        fl::Scenario s;
        QVERIFY(fl::applyPreset("acta2016-fig5a", s).ok());
        fl::ContinuationSetup setup = setupOf("omega0", 30.0, 20.0, 60.0);
        setup.equilibrium = true;
        const fl::Branch branch = fl::continueBranch(s, setup);
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        printLocated(branch);
        const fl::LocatedPoint* hopf = findLocated(branch, "hopf");
        QVERIFY2(hopf, "no Hopf point located");
        QVERIFY(hopf->parameter > 30.0 && hopf->parameter < 40.0);
        // The equilibrium's stability from the eigenvalues against runs nudged from it: the motion
        // dies out below the Hopf point and grows above it.
        for (const auto& [offset, settles] : {std::pair{-0.5, true}, std::pair{0.5, false}}) {
            const double value = hopf->parameter + offset;
            fl::ContinuationSetup here = setupOf("omega0", value, value - 0.1, value + 0.1);
            here.equilibrium = true;
            here.maxPoints = 2;
            const fl::Branch local = fl::continueBranch(s, here);
            const fl::BranchPoint* rest = nullptr;
            for (const fl::BranchPoint& p : local.points)
                rest = p.parameter == value ? &p : rest;
            QVERIFY2(rest, "no equilibrium at the value");
            QCOMPARE(rest->orbit.stable, settles);
            fl::Scenario at = s;
            QVERIFY(at.params.set("omega0", value).ok());
            const auto d = fl::makeDynamics(at);
            std::vector<double> y = rest->orbit.y;
            y[0] += 1e-4;
            double speeds[2] = {0.0, 0.0};
            for (double& speed : speeds) {
                QVERIFY(fl::integrateExactly(*d, y, 0.0, 10.0).ok());
                for (size_t i = 3; i < 6; ++i)
                    speed = std::max(speed, std::abs(y[i]));
            }
            std::printf("omega0 = %.6g (%s), nudged by 1e-4: |velocity| %.3g at t = 10, %.3g at t = 20\n", value,
                        settles ? "stable" : "unstable", speeds[0], speeds[1]);
            QVERIFY(settles ? speeds[1] < speeds[0] : speeds[1] > speeds[0]);
        }
    }

    /// The belt as a model file (its forcing A cos(w t) found in its equations, so its orbits close
    /// at the forcing period) gives the built-in belt's branch: the same grazing.
    void aModelOfTheForcedBeltGivesTheSameBranch()
    {
        const fl::Scenario builtIn = scenarioOf("belt", fl::Method::EventDriven, {{"zeta", 0.1}, {"A", 0.2}, {"w", 1.5}, {"v_b", 1.0}});
        std::string text;
        QVERIFY(fl::exportModel(builtIn, text).ok());
        const fl::ModelRegistration registration = fl::registerModel(text);
        QVERIFY(registration.ok());
        fl::Scenario model;
        QVERIFY(fl::makeScenario(registration.system->id, "coulomb", fl::Method::EventDriven, fl::Regularization::Kudra, model).ok());
        const fl::Branch a = fl::continueBranch(builtIn, setupOf("A", 0.2, 0.1, 3.0));
        const fl::Branch b = fl::continueBranch(model, setupOf("A", 0.2, 0.1, 3.0));
        QVERIFY2(a.status.ok() && b.status.ok(), (a.status.message() + b.status.message()).c_str());
        QVERIFY(b.closure.forced);
        QCOMPARE(b.closure.period, a.closure.period);
        const fl::LocatedPoint* pa = findLocated(a, "stick-onset");
        const fl::LocatedPoint* pb = findLocated(b, "stick-onset");
        QVERIFY(pa && pb);
        std::printf("stick onset: built-in A = %.12g, model A = %.12g\n", pa->parameter, pb->parameter);
        QVERIFY(std::abs(pa->parameter - pb->parameter) < 1e-8);
    }

    void sequenceChangesAreNamed()
    {
        QCOMPARE(fl::sequenceChangeType("slip-", "slip-;stick;slip-"), std::string("stick-onset"));
        QCOMPARE(fl::sequenceChangeType("slip+;stick;slip-;slip+", "slip+;slip-;slip+"), std::string("stick-onset"));
        QCOMPARE(fl::sequenceChangeType("stick;slip+", "stick;slip-;stick;slip+"), std::string("holding-tangency"));
        QCOMPARE(fl::sequenceChangeType("slip+", "slip+;slip-;slip+"), std::string("grazing"));
        QVERIFY(fl::sameCycle("stick;slip-;stick", "slip-;stick"));
        QVERIFY(fl::sameCycle("slip+;stick;slip-;slip+", "stick;slip-;slip+"));
        QVERIFY(!fl::sameCycle("slip+;stick;slip-;slip+", "slip+;slip-;slip+"));
    }

    void refusesWhatItCannotDo()
    {
        const fl::Scenario s = scenarioOf("belt", fl::Method::EventDriven, {{"A", 2.0}, {"w", 1.5}});
        QVERIFY(!fl::checkContinuation(s, setupOf("nope", 1.0, 0.0, 2.0)).ok());
        QVERIFY(!fl::checkContinuation(s, setupOf("A", 3.0, 0.0, 2.0)).ok()); // start outside
        QVERIFY(!fl::checkContinuation(s, setupOf("A", 1.0, 2.0, 0.0)).ok()); // decreasing
        QVERIFY(!fl::checkContinuation(s, setupOf("A", 1.0, 0.0, 20.0)).ok()); // beyond A's limit 10
        QVERIFY(!fl::checkContinuation(s, setupOf("t_end", 100.0, 50.0, 200.0)).ok());
        std::atomic<bool> cancel{true};
        const fl::Branch branch = fl::continueBranch(s, setupOf("A", 2.0, 1.0, 3.0), &cancel);
        QVERIFY(!branch.status.ok());
        QVERIFY(branch.cancelled);
    }
};

QTEST_APPLESS_MAIN(TestOrbitContinuation)
#include "test_orbit_continuation.moc"
