// Periodic orbits closing on a section plane through several variables (a model's
// `section plane = x' + 0.3*(x - 1) direction -`): the shooting eliminates the plane's largest
// coefficient's variable (core/analysis/periodic_orbit.h). The unforced Coulomb belt's cycle is
// known in closed form (continuation_fixtures.h, beltModelWith): on the plane its state is where
// the line x' = -0.3 (x - 1) meets the circle of radius sqrt(1 + v_b^2) about (1, 0), and its
// period 2/v_b + pi + 2 atan(v_b) whatever the section. Single shooting, multiple shooting and a
// continued branch are checked against both.
#include "analysis/multiple_shooting.h"
#include "analysis/orbit_continuation.h"
#include "analysis/periodic_orbit.h"
#include "continuation_fixtures.h"
#include "scenario_fixtures.h"
#include "simulation/dynamics_factory.h"
#include "solvers/dynamics.h"

#include <QTest>

#include <cmath>
#include <cstdio>

namespace {

double closedFormPeriod(double vb) { return 2.0 / vb + M_PI + 2.0 * std::atan(vb); }

/// The cycle's point on x' + s (x - 1) = 0 with x > 1.
std::vector<double> closedFormPoint(double vb, double s)
{
    const double radius = std::sqrt(1.0 + vb * vb), dx = radius / std::sqrt(1.0 + s * s);
    return {1.0 + dx, -s * dx};
}

fl::PeriodicOrbit orbitOf(const fl::Scenario& s)
{
    fl::OrbitClosure c;
    if (const fl::Status status = fl::orbitClosure(s, 1, c); !status.ok())
        qFatal("%s", status.message().c_str());
    const auto d = fl::makeDynamics(s);
    std::vector<double> y;
    if (!fl::settledSectionState(*d, c, 5, y).ok())
        qFatal("no settled state");
    y[0] += 0.01; // off the cycle: Newton has work to do
    return fl::refineOrbit(*d, c, y, 1e-11);
}

} // namespace

class TestPlaneSectionOrbits : public QObject {
    Q_OBJECT
private slots:
    /// The closure of a plane: its normal, the variable it eliminates (the largest coefficient's, x'),
    /// the state placed on it; a plane through t has no closure.
    void theClosureOfAPlane()
    {
        fl::OrbitClosure c;
        QVERIFY(fl::orbitClosure(fltest::modelScenario(beltModelWith("section plane = 0.3*(x - 1) + x' direction -")), 1, c).ok());
        QVERIFY(!c.forced);
        QCOMPARE(c.normal, (std::vector<double>{0.3, 1.0}));
        QCOMPARE(c.variable, 1);
        QCOMPARE(c.level, 0.3);
        QCOMPARE(c.direction, -1);
        std::vector<double> y{2.0, 5.0};
        fl::placeOnSection(c, y);
        QCOMPARE(y[0], 2.0);
        QVERIFY(std::abs(y[1] - (0.3 - 0.6)) < 1e-15);
        QCOMPARE(fl::sectionValue(c, y), 0.3);
        const fl::Status refused = fl::orbitClosure(fltest::modelScenario(beltModelWith("section plane = x' + 0.01*t direction -")), 1, c);
        QCOMPARE(QString::fromStdString(refused.message()),
                 QString("the section plane depends on t: a periodic orbit closes on a section fixed in the state space"));
    }

    /// Newton on the plane's return map from off the cycle: the closed-form point and period; the
    /// period is the one the single-variable section x' = 0 gives.
    void singleShootingOnAPlane()
    {
        for (double vb : {0.3, 0.5, 0.8}) { // from rest: stick-slip up to v_b = 1 (beyond, a pure slip circle)
            fl::Scenario plane = fltest::modelScenario(beltModelWith("section plane = x' + 0.3*(x - 1) direction -"));
            fl::Scenario maxima = fltest::modelScenario(beltModelWith("section plane = x' direction -"));
            QVERIFY(plane.params.set("v_b", vb).ok() && maxima.params.set("v_b", vb).ok());
            const fl::PeriodicOrbit a = orbitOf(plane), b = orbitOf(maxima);
            QVERIFY2(a.status.ok(), a.status.message().c_str());
            QVERIFY2(b.status.ok(), b.status.message().c_str());
            const std::vector<double> point = closedFormPoint(vb, 0.3);
            const double offPoint = std::max(std::abs(a.y[0] - point[0]), std::abs(a.y[1] - point[1]));
            std::printf("v_b = %g: on the plane (%.12g, %.12g), %d Newton steps; off the closed form %.3g; period %.12g, "
                        "off %.3g; on x' = 0: %.12g\n",
                        vb, a.y[0], a.y[1], a.iterations, offPoint, a.period, a.period - closedFormPeriod(vb), b.period);
            QVERIFY(a.iterations >= 1);
            QVERIFY(offPoint < 1e-9);
            QVERIFY(std::abs(a.period - closedFormPeriod(vb)) < 1e-9);
            QVERIFY(std::abs(a.period - b.period) < 1e-9);
            QVERIFY(a.stable && a.trivialMultiplierError < 1e-6);
        }
    }

    /// The return map's Jacobian on a plane through three variables of two blocks (the belt drags
    /// x, y hangs on springs: the stick collapses x alone, so DP is 3 x 3 and not 0) against
    /// central differences of the return map in the section coordinates (x, y, y').
    void returnMapJacobianOnAPlane()
    {
        const fl::Scenario s = fltest::modelScenario(
            "flmodel 1\nname \"Two blocks\"\nnumerics t_end = 60, tol = 1e-12\nparam v_b = 0.5 range 0.1 .. 2\ncoord x\ncoord y\n"
            "force x = -x - 0.5*(x - y)\nforce y = -y - 0.5*(y - x) - 0.1*y'\n"
            "contact belt\n    slip = x' - v_b\n    law = coulomb(mu_s = 2, mu_k = 1)\n"
            "section plane = x' + 0.3*(x - 1) + 0.2*y direction -\n");
        fl::OrbitClosure c;
        QVERIFY(fl::orbitClosure(s, 1, c).ok());
        QCOMPARE(c.variable, 1);
        const auto d = fl::makeDynamics(s);
        std::vector<double> y;
        QVERIFY(fl::settledSectionState(*d, c, 3, y).ok());
        QVERIFY(std::abs(fl::sectionValue(c, y) - c.level) < 1e-12);
        const Eigen::VectorXd u = fl::sectionCoordinates(c, y);
        QCOMPARE(u.size(), Eigen::Index(3));
        const fl::OrbitReturn r = fl::orbitReturn(*d, c, y, true);
        QVERIFY(r.status.ok());
        const Eigen::MatrixXd exact = fl::returnMapJacobian(c, r);
        const Eigen::MatrixXd fd = returnMapDifferences(*d, c, u, 1e-6);
        const double error = (exact - fd).lpNorm<Eigen::Infinity>();
        std::printf("DP on x' + 0.3 (x - 1) + 0.2 y = 0 (|DP| = %.4g): exact vs central differences %.3g\n", fd.lpNorm<Eigen::Infinity>(), error);
        QVERIFY(fd.lpNorm<Eigen::Infinity>() > 1e-2); // not the stick's 0
        QVERIFY(error < 1e-6 * (1.0 + fd.lpNorm<Eigen::Infinity>()));
    }

    /// The cycle continued over v_b in 3 segments and by single shooting, on the plane: the
    /// closed-form period and point at every orbit.
    void continuedOnAPlane()
    {
        const fl::Scenario s = fltest::modelScenario(beltModelWith("section plane = x' + 0.3*(x - 1) direction -"));
        for (int segments : {1, 3}) {
            fl::ContinuationSetup setup = setupOf("v_b", 0.5, 0.3, 1.0);
            setup.segments = segments;
            const fl::Branch b = fl::continueBranch(s, setup);
            QVERIFY2(b.status.ok(), b.status.message().c_str());
            QVERIFY(b.points.size() >= 5);
            double worstPeriod = 0.0, worstPoint = 0.0;
            for (const fl::BranchPoint& p : b.points) {
                worstPeriod = std::max(worstPeriod, std::abs(p.orbit.period - closedFormPeriod(p.parameter)));
                const std::vector<double> point = closedFormPoint(p.parameter, 0.3);
                worstPoint = std::max({worstPoint, std::abs(p.orbit.y[0] - point[0]), std::abs(p.orbit.y[1] - point[1])});
            }
            std::printf("%d segment(s): %zu orbits over [%g, %g], max |period - closed form| %.3g, |point - closed form| %.3g\n", segments,
                        b.points.size(), b.points.front().parameter, b.points.back().parameter, worstPeriod, worstPoint);
            QCOMPARE(b.points.back().parameter, 1.0);
            QVERIFY(worstPeriod < 1e-7);
            QVERIFY(worstPoint < 1e-7);
        }
    }
};

QTEST_APPLESS_MAIN(TestPlaneSectionOrbits)
#include "test_plane_section_orbits.moc"
