// Multiple shooting (core/analysis/multiple_shooting.h): the joined segments' Jacobian against
// finite differences of G, forced and autonomous; branches shot in K segments against closed forms
// and against single shooting; and a long orbit of three blocks (three section crossings, twenty
// stick/slip phases) that single shooting loses and multiple shooting follows across the range.
#include "analysis/multiple_shooting.h"
#include "analysis/orbit_continuation.h"
#include "analysis/orbit_phases.h"
#include "continuation_fixtures.h"
#include "simulation/dynamics_factory.h"
#include "solvers/dynamics.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <cstdio>

namespace {

fl::ContinuationSetup segmented(fl::ContinuationSetup setup, int segments)
{
    setup.segments = segments;
    return setup;
}

/// dG/du of the joined segments against central differences of G (step h), relative to |dG/du|.
double jacobianError(const fl::Dynamics& d, const fl::OrbitClosure& c, const std::vector<double>& fractions, const Eigen::VectorXd& u,
                     double h)
{
    const fl::SegmentsEvaluation e = fl::evaluateSegments(d, c, fractions, u, true);
    if (!e.status.ok())
        qFatal("%s", e.status.message().c_str());
    Eigen::MatrixXd fd(u.size(), u.size());
    for (Eigen::Index j = 0; j < u.size(); ++j) {
        Eigen::VectorXd up = u, down = u;
        up(j) += h;
        down(j) -= h;
        const fl::SegmentsEvaluation a = fl::evaluateSegments(d, c, fractions, up, false), b = fl::evaluateSegments(d, c, fractions, down, false);
        if (!a.status.ok() || !b.status.ok())
            qFatal("segments failed");
        fd.col(j) = (a.g - b.g) / (2.0 * h);
    }
    return (e.du - fd).lpNorm<Eigen::Infinity>() / e.du.lpNorm<Eigen::Infinity>();
}

} // namespace

class TestMultipleShooting : public QObject {
    Q_OBJECT
private slots:
    /// The block structure (each segment's monodromy, -I to the next start, the autonomous
    /// period's column f (s_{k+1} - s_k)) against differences of G: the forced belt's stick-slip
    /// orbit in 3 segments, the unforced belt's cycle (autonomous) in 4.
    void jacobianAgainstFiniteDifferences()
    {
        {
            const fl::Scenario s = belt({{"zeta", 0.1}, {"A", 2.0}, {"w", 1.5}, {"v_b", 0.3}, {"tol", 1e-12}});
            const auto d = fl::makeDynamics(s);
            fl::OrbitClosure c;
            QVERIFY(fl::orbitClosure(s, 1, c).ok());
            std::vector<double> y;
            QVERIFY(fl::settledSectionState(*d, c, 300, y).ok());
            QVERIFY(fl::shootInsideSlip(*d, c, y).ok());
            const std::vector<double> fractions = fl::placeSegments(*d, c, y, c.period, 3);
            QCOMPARE(fractions.size(), size_t(3));
            QVERIFY(fl::segmentsMargin(*d, c, fractions, y, c.period) > 0.1); // every boundary inside slip
            Eigen::VectorXd u;
            QVERIFY(fl::segmentsFromOrbit(*d, c, fractions, y, c.period, u).ok());
            const double error = jacobianError(*d, c, fractions, u, 1e-6);
            std::printf("forced belt, segments at %.4f %.4f %.4f of the period: |dG/du - differences| / |dG/du| = %.3g\n", fractions[0],
                        fractions[1], fractions[2], error);
            QVERIFY(error < 1e-5);
        }
        {
            const fl::Scenario s = belt({{"v_b", 0.5}, {"tol", 1e-12}});
            const auto d = fl::makeDynamics(s);
            fl::OrbitClosure c;
            QVERIFY(fl::orbitClosure(s, 1, c).ok());
            QVERIFY(!c.forced);
            std::vector<double> y;
            QVERIFY(fl::settledSectionState(*d, c, 20, y).ok());
            const fl::OrbitReturn r = fl::orbitReturn(*d, c, y, false);
            QVERIFY(r.status.ok());
            const std::vector<double> fractions = fl::placeSegments(*d, c, y, r.period, 4);
            Eigen::VectorXd u;
            QVERIFY(fl::segmentsFromOrbit(*d, c, fractions, y, r.period, u).ok());
            QCOMPARE(u.size(), Eigen::Index(2 * 4)); // x on the section, three states, the period
            QCOMPARE(u(u.size() - 1), r.period);
            // On the orbit the segments join: G = 0 to the integration's tolerance.
            const fl::SegmentsEvaluation e = fl::evaluateSegments(*d, c, fractions, u, false);
            QVERIFY(e.status.ok() && e.g.lpNorm<Eigen::Infinity>() < 1e-8);
            const double error = jacobianError(*d, c, fractions, u, 1e-6);
            std::printf("unforced belt, 4 segments: |G| = %.3g on the orbit, |dG/du - differences| / |dG/du| = %.3g\n",
                        e.g.lpNorm<Eigen::Infinity>(), error);
            QVERIFY(error < 1e-5);
        }
    }

    /// The unforced Coulomb belt's cycle in 3 segments (autonomous: the period an unknown) has the
    /// closed-form period 2 (mu_s - mu_k) / v_b + pi + 2 atan(v_b / (mu_s - mu_k)) along v_b.
    void autonomousCycleInSegments()
    {
        const fl::Branch b = fl::continueBranch(belt({}), segmented(setupOf("v_b", 0.5, 0.2, 1.2), 3));
        QVERIFY2(b.status.ok(), b.status.message().c_str());
        QVERIFY(b.points.size() >= 10);
        double worst = 0.0;
        for (const fl::BranchPoint& p : b.points)
            worst = std::max(worst, std::abs(p.orbit.period - (2.0 / p.parameter + M_PI + 2.0 * std::atan(p.parameter))));
        std::printf("unforced belt in 3 segments: %zu orbits, max |period - closed form| = %.3g\n", b.points.size(), worst);
        QVERIFY(worst < 1e-7);
        QCOMPARE(b.points.front().parameter, 0.2);
        QCOMPARE(b.points.back().parameter, 1.2);
        QVERIFY(b.points.front().orbit.stable);
    }

    /// The forced belt's stick onset (its grazing, A_g = v_b |1 - w^2 + 2 i zeta w| / w) in 3
    /// segments is single shooting's to 1e-9; the regularized flow (smooth variational equations)
    /// in 4 segments gives single shooting's branch.
    void forcedOrbitsInSegmentsMatchSingleShooting()
    {
        const fl::Scenario s = belt({{"zeta", 0.1}, {"w", 1.5}, {"v_b", 1.0}, {"A", 0.5}});
        const fl::Branch one = fl::continueBranch(s, setupOf("A", 0.5, 0.1, 3.0));
        const fl::Branch three = fl::continueBranch(s, segmented(setupOf("A", 0.5, 0.1, 3.0), 3));
        QVERIFY(one.status.ok() && three.status.ok());
        const fl::LocatedPoint* a = findLocated(one, "stick-onset");
        const fl::LocatedPoint* b = findLocated(three, "stick-onset");
        QVERIFY(a && b);
        const double closedForm = 1.0 * std::abs(std::complex<double>(1.0 - 1.5 * 1.5, 2.0 * 0.1 * 1.5)) / 1.5;
        std::printf("stick onset: single shooting A = %.12g, 3 segments %.12g, closed form %.12g\n", a->parameter, b->parameter, closedForm);
        QVERIFY(std::abs(a->parameter - b->parameter) < 1e-9);
        QVERIFY(std::abs(b->parameter - closedForm) < 2e-8);

        fl::Scenario smooth = s;
        smooth.method = fl::Method::Regularized;
        fl::ContinuationSetup setup = setupOf("A", 0.5, 0.3, 0.7);
        const fl::Branch r1 = fl::continueBranch(smooth, setup);
        const fl::Branch r4 = fl::continueBranch(smooth, segmented(setup, 4));
        QVERIFY2(r1.status.ok() && r4.status.ok(), (r1.status.message() + r4.status.message()).c_str());
        // The same orbit at the range's ends, shot both ways.
        for (const bool lower : {true, false}) {
            const fl::BranchPoint& p = lower ? r1.points.front() : r1.points.back();
            const fl::BranchPoint& q = lower ? r4.points.front() : r4.points.back();
            QCOMPARE(p.parameter, q.parameter);
            const double d = std::max(std::abs(p.orbit.y[0] - q.orbit.y[0]), std::abs(p.orbit.y[1] - q.orbit.y[1]));
            std::printf("regularized at A = %g: single and 4 segments %.3g apart\n", p.parameter, d);
            QVERIFY(d < 1e-8);
        }
    }

    /// Three blocks, the orbit of three section crossings (twenty phases of stick and slip): single
    /// shooting, counting crossings of v_1 = 0, loses the branch on its way down in v_b; shot in 3
    /// segments at fixed fractions of the period it reaches the range's end, and its period
    /// doublings agree with 6 segments.
    void aLongOrbitOfThreeBlocks()
    {
        fl::Scenario s;
        QVERIFY(fl::applyPreset("bk-chain-two", s).ok());
        QVERIFY(s.params.set("n", 3.0).ok() && fl::validate(s).ok());
        fl::ContinuationSetup setup = setupOf("v_b", 0.4, 0.2, 0.45);
        setup.periods = 3;
        // Single shooting is shown for comparison only (instrumented builds leave it out: a quarter
        // of this test's two minutes under AddressSanitizer).
#ifndef FRICTIONLAB_SANITIZED
        const fl::Branch one = fl::continueBranch(s, setup);
#else
        const fl::Branch one;
#endif
        const fl::Branch three = fl::continueBranch(s, segmented(setup, 3));
        const fl::Branch six = fl::continueBranch(s, segmented(setup, 6));
        QVERIFY2(three.status.ok() && six.status.ok(), (three.status.message() + six.status.message()).c_str());
        std::printf("single shooting: %zu orbits down to v_b = %.6g (%s); 3 segments: %zu orbits down to %.6g\n", one.points.size(),
                    one.points.empty() ? NAN : one.points.front().parameter,
                    one.located.empty() ? "" : one.located.front().condition.c_str(), three.points.size(), three.points.front().parameter);
        printLocated(three);
        QCOMPARE(three.points.front().parameter, 0.2);
        QCOMPARE(three.points.back().parameter, 0.45);
        std::vector<double> a, b;
        for (const fl::LocatedPoint& p : three.located)
            if (p.type == "period-doubling")
                a.push_back(p.parameter);
        for (const fl::LocatedPoint& p : six.located)
            if (p.type == "period-doubling")
                b.push_back(p.parameter);
        QCOMPARE(a.size(), size_t(2));
        QCOMPARE(b.size(), a.size());
        for (size_t i = 0; i < a.size(); ++i) {
            std::printf("period doubling: 3 segments v_b = %.10f, 6 segments %.10f\n", a[i], b[i]);
            QVERIFY(std::abs(a[i] - b[i]) < 1e-7);
        }
    }

    void refusesTooManySegments()
    {
        const fl::Scenario s = belt({});
        std::string field;
        QVERIFY(!fl::checkContinuation(s, segmented(setupOf("v_b", 0.5, 0.2, 1.2), 0), &field).ok());
        QCOMPARE(field, std::string("segments"));
        QVERIFY(!fl::checkContinuation(s, segmented(setupOf("v_b", 0.5, 0.2, 1.2), 33), &field).ok());
        QVERIFY(fl::checkContinuation(s, segmented(setupOf("v_b", 0.5, 0.2, 1.2), 32), &field).ok());
    }
};

QTEST_APPLESS_MAIN(TestMultipleShooting)
#include "test_multiple_shooting.moc"
