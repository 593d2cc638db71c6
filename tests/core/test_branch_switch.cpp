// Branch switching (core/analysis/branch_switch.h): the orbit of twice the period born at a period
// doubling, and the small orbit born at a Hopf point of steady sliding, each checked independently.
//  - The forced belt (zeta = 0.05, A = 2, v_b = 0.1) doubles its period at w = 2.4967 (Floquet
//    multiplier -1), subcritically: the born orbit closes after two periods and not after one, lies
//    where the period-1 orbit is stable, and is unstable (a run settles on the period-1 orbit);
//    continued, its branch passes through the period doubling and stays below it.
//  - The belt on an exponential Stribeck law (zeta = 0.1) loses stable sliding at the subcritical
//    Hopf point v_b = (mu_0 - mu_k) / delta ln(delta / 2 zeta): the born orbit is a small unstable
//    pure-slip orbit with period near 2 pi (omega = 1 there), its amplitude vanishing towards the
//    point (where its branch ends, the orbit shrunk onto the sliding state), and it grows until it
//    reaches v_r = 0 where the stick-slip branch's stick phase vanishes.
#include "analysis/branch_switch.h"
#include "analysis/orbit_continuation.h"
#include "continuation_fixtures.h"
#include "analysis/periodic_orbit.h"
#include "simulation/dynamics_factory.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <cmath>
#include <cstdio>

namespace {

fl::Scenario belt(const char* law, std::initializer_list<std::pair<const char*, double>> values)
{
    fl::Scenario s;
    if (!fl::makeScenario("belt", law, fl::Method::EventDriven, fl::Regularization::Kudra, s).ok())
        qFatal("no belt");
    for (const auto& [id, v] : values)
        if (!s.params.set(id, v).ok())
            qFatal("cannot set %s", id);
    return s;
}

double distance(const std::vector<double>& a, const std::vector<double>& b)
{
    double d = 0.0;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
        d = std::max(d, std::abs(a[i] - b[i]));
    return d;
}

} // namespace

class TestBranchSwitch : public QObject {
    Q_OBJECT
private slots:
    void periodDoublingGivesTheDoubledOrbit()
    {
        const fl::Scenario s = belt("coulomb", {{"zeta", 0.05}, {"A", 2.0}, {"w", 2.3}, {"v_b", 0.1}});
        const fl::ContinuationSetup parent = setupOf("w", 2.3, 2.0, 2.6);
        const fl::Branch branch = fl::continueBranch(s, parent);
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        const fl::LocatedPoint* pd = findLocated(branch, "period-doubling");
        QVERIFY2(pd, "no period doubling located");
        fl::ContinuationSetup born;
        const fl::Status status = fl::bornBranchSetup(s, parent, *pd, born);
        QVERIFY2(status.ok(), status.message().c_str());
        QCOMPARE(born.periods, 2);
        QVERIFY(!born.equilibrium && born.guess.size() == 2);
        QVERIFY(std::abs(born.start - pd->parameter) <= 1e-4 * (parent.to - parent.from) + 1e-12);
        fl::Scenario at = s;
        QVERIFY(at.params.set("w", born.start).ok());
        const auto d = fl::makeDynamics(at);
        fl::OrbitClosure one, two;
        QVERIFY(fl::orbitClosure(at, 1, one).ok() && fl::orbitClosure(at, 2, two).ok());
        const fl::OrbitReturn r1 = fl::orbitReturn(*d, one, born.guess, false), r2 = fl::orbitReturn(*d, two, born.guess, false);
        QVERIFY(r1.status.ok() && r2.status.ok());
        const double split = distance(r1.y, born.guess);
        std::printf("period doubling at w = %.10g; the born orbit at w = %.10g: |P^2(y) - y| = %.3g, its halves %.3g apart\n", pd->parameter,
                    born.start, distance(r2.y, born.guess), split);
        // A period-2 orbit (closes after two periods, not one) close to the period-1 orbit.
        QVERIFY(distance(r2.y, born.guess) < 1e-7);
        QVERIFY(split > 1e-4 && split < 0.01);
        // Born on the side where the period-1 orbit is stable, itself unstable: the period doubling is
        // subcritical here. Brute force agrees: nudged by 1e-6, a run from the period-1 orbit comes
        // back to it, a run from the born orbit leaves it.
        QVERIFY(born.start < pd->parameter);
        fl::ContinuationSetup here = parent;
        here.start = born.start;
        here.guess = pd->y;
        here.maxPoints = 2;
        const fl::Branch local = fl::continueBranch(s, here);
        QVERIFY2(local.status.ok(), local.status.message().c_str());
        const fl::BranchPoint* p1 = nullptr;
        for (const fl::BranchPoint& p : local.points)
            if (p.parameter == born.start)
                p1 = &p;
        QVERIFY(p1 && p1->orbit.stable);
        fl::OrbitClosure many;
        QVERIFY(fl::orbitClosure(at, 2000, many).ok());
        std::vector<double> nudged = p1->orbit.y;
        nudged[0] += 1e-6;
        const fl::OrbitReturn back = fl::orbitReturn(*d, many, nudged, false);
        nudged = born.guess;
        nudged[0] += 1e-6;
        const fl::OrbitReturn away = fl::orbitReturn(*d, many, nudged, false);
        QVERIFY(back.status.ok() && away.status.ok());
        std::printf("nudged by 1e-6, after 2000 periods: %.3g from the period-1 orbit, %.3g from the born orbit\n", distance(back.y, p1->orbit.y),
                    std::min(distance(away.y, born.guess), distance(away.y, r1.y)));
        QVERIFY(distance(back.y, p1->orbit.y) < 1e-8);
        QVERIFY(std::min(distance(away.y, born.guess), distance(away.y, r1.y)) > 1e-3);
        // Continued, the doubled branch passes through the period doubling (its two halves trade
        // places there) and lies below it: no orbit of this family past the point.
        fl::ContinuationSetup doubled = born;
        doubled.maxPoints = 60;
        const fl::Branch second = fl::continueBranch(s, doubled);
        QVERIFY2(second.status.ok(), second.status.message().c_str());
        double highest = -INFINITY;
        bool unstable = true;
        for (const fl::BranchPoint& p : second.points) {
            highest = std::max(highest, p.parameter);
            unstable = unstable && !p.orbit.stable;
        }
        std::printf("the doubled branch: %zu orbits, all unstable: %d, highest w = %.10g\n", second.points.size(), int(unstable), highest);
        QVERIFY(second.points.size() >= 10);
        QVERIFY(unstable);
        QVERIFY(highest <= pd->parameter + 1e-6 && highest >= pd->parameter - 1e-3);
    }

    void hopfGivesTheSmallOrbit()
    {
        const fl::Scenario s = belt("stribeck-exp", {{"zeta", 0.1}, {"A", 0.0}});
        const fl::ContinuationSetup parent = setupOf("v_b", 1.5, 0.05, 3.0, true);
        const fl::Branch branch = fl::continueBranch(s, parent);
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        const fl::LocatedPoint* hopf = findLocated(branch, "hopf");
        QVERIFY2(hopf, "no Hopf point located");
        fl::ContinuationSetup born;
        const fl::Status status = fl::bornBranchSetup(s, parent, *hopf, born);
        QVERIFY2(status.ok(), status.message().c_str());
        QVERIFY(!born.equilibrium && born.periods == 1);
        const fl::Branch orbits = fl::continueBranch(s, born);
        QVERIFY2(orbits.status.ok(), orbits.status.message().c_str());
        for (const fl::LocatedPoint& p : orbits.located)
            std::printf("  %s at v_b = %.10g: %s\n", p.type.c_str(), p.parameter, p.condition.c_str());
        // Subcritical: the small orbits lie where sliding is stable (above the point), unstable, in
        // pure slip. Their amplitude (x at the section, v = 0 downward, less the sliding x = g(v_b))
        // vanishes at the point, where their period is 2 pi / omega = 2 pi. (Past the point the
        // branch goes on a little along orbits of vanishing amplitude, the equilibrium itself in the
        // limit, until the return is lost: the branch's lower end.)
        const double delta = s.params.value("delta"), drop = s.params.value("mu_0") - s.params.value("mu_k");
        auto amplitude = [&](const fl::BranchPoint& p) { return p.orbit.y[0] - (drop * std::exp(-delta * p.parameter / drop) + s.params.value("mu_k")); };
        QVERIFY(orbits.points.size() >= 10);
        int small = 0, above = 0;
        for (const fl::BranchPoint& p : orbits.points) {
            if (p.parameter > hopf->parameter + 1e-3) {
                ++above;
                QVERIFY(!p.orbit.stable);
                QVERIFY2(p.orbit.sequence == "slip-", p.orbit.sequence.c_str());
                QVERIFY(amplitude(p) > 0.0);
            }
            if (p.parameter > hopf->parameter && p.parameter < hopf->parameter + 1e-3 && amplitude(p) > 0.0 && amplitude(p) < 0.02) {
                ++small;
                QVERIFY2(std::abs(p.orbit.period - 2.0 * M_PI) < 1e-3, qPrintable(QString::number(p.orbit.period, 'g', 10)));
            }
        }
        std::printf("%zu born orbits: %d more than 1e-3 above the Hopf point, %d within 1e-3 of it with amplitude below 0.02\n",
                    orbits.points.size(), above, small);
        QVERIFY(above >= 10 && small >= 2);
        // Towards the point the orbits shrink onto the sliding state: the branch ends there, named.
        const fl::LocatedPoint* lower = &orbits.located.front();
        for (const fl::LocatedPoint& p : orbits.located)
            if (p.parameter < lower->parameter)
                lower = &p;
        std::printf("the born branch's lower end at v_b = %.10g (%.3g from the Hopf point): %s\n", lower->parameter,
                    lower->parameter - hopf->parameter, lower->condition.c_str());
        QVERIFY(std::abs(lower->parameter - hopf->parameter) < 1e-5);
        QVERIFY(lower->condition.find("shrunk onto an equilibrium") != std::string::npos);
        // It grows until its slip phase reaches v_r = 0, where it ends: there the stick-slip orbit's
        // stick phase vanishes (the stick-slip branch from a run at 0.5 ends at its stick onset).
        const fl::LocatedPoint* upper = &orbits.located.front();
        for (const fl::LocatedPoint& p : orbits.located)
            if (p.parameter > upper->parameter)
                upper = &p;
        const fl::Branch stickSlip = fl::continueBranch(s, setupOf("v_b", 0.5, 0.05, 3.0));
        const fl::LocatedPoint* onset = findLocated(stickSlip, "stick-onset");
        QVERIFY2(onset, "no stick onset on the stick-slip branch");
        std::printf("the born branch ends at v_b = %.10g (%s); the stick-slip branch's stick onset at %.10g\n", upper->parameter,
                    upper->condition.c_str(), onset->parameter);
        QVERIFY(std::abs(upper->parameter - onset->parameter) < 1e-5);
    }

    /// The same Hopf point with the belt written as a model whose section is a plane through x and
    /// x' that contains the sliding state (x' + 0.2 (x - g(v_b)) = 0, falling): the born orbit is
    /// placed on the plane (n . w, not one component, sets its phase), and each born orbit is the
    /// one Newton finds on the single-variable section x' = 0 at its value: the same period.
    void hopfOnAPlaneThroughTheEquilibrium()
    {
        const fl::Scenario builtIn = belt("stribeck-exp", {{"zeta", 0.1}, {"A", 0.0}});
        std::string text;
        QVERIFY(fl::exportModel(builtIn, text).ok());
        const size_t forcing = text.find(" + A*cos(w*t)");
        QVERIFY(forcing != std::string::npos);
        text.erase(forcing, 13);
        auto withSection = [&](const std::string& section) {
            const fl::ModelRegistration r = fl::registerModel(text + section + "\n");
            if (!r.ok())
                qFatal("%s", r.error.reason.c_str());
            fl::Scenario s;
            if (!fl::makeScenario(r.system->id, r.system->laws.front(), fl::Method::EventDriven, fl::Regularization::Kudra, s).ok())
                qFatal("no model scenario");
            for (const fl::ParameterSpec& spec : builtIn.params.specs())
                if (s.params.has(spec.id))
                    (void)s.params.set(spec.id, builtIn.params.value(spec.id));
            return s;
        };
        const std::string g = "((mu_0 - mu_k)*exp(-delta*v_b/(mu_0 - mu_k)) + mu_k)";
        const fl::Scenario plane = withSection("section plane = x' + 0.2*(x - " + g + ") direction -");
        const fl::Scenario maxima = withSection("section plane = x' direction -");
        const fl::ContinuationSetup parent = setupOf("v_b", 1.5, 0.05, 3.0, true);
        const fl::Branch branch = fl::continueBranch(plane, parent);
        QVERIFY2(branch.status.ok(), branch.status.message().c_str());
        const fl::LocatedPoint* hopf = findLocated(branch, "hopf");
        QVERIFY2(hopf, "no Hopf point located");
        fl::ContinuationSetup born;
        const fl::Status status = fl::bornBranchSetup(plane, parent, *hopf, born);
        QVERIFY2(status.ok(), status.message().c_str());
        born.to = std::min(born.to, hopf->parameter + 0.05);
        born.from = std::max(born.from, hopf->parameter - 0.05);
        const fl::Branch orbits = fl::continueBranch(plane, born);
        QVERIFY2(orbits.status.ok(), orbits.status.message().c_str());
        QVERIFY(orbits.points.size() >= 5);
        double worst = 0.0;
        int compared = 0;
        for (const fl::BranchPoint& p : orbits.points) {
            if (p.parameter < hopf->parameter + 1e-3)
                continue;
            fl::Scenario at = maxima;
            QVERIFY(at.params.set("v_b", p.parameter).ok());
            fl::OrbitClosure c;
            QVERIFY(fl::orbitClosure(at, 1, c).ok());
            const auto d = fl::makeDynamics(at);
            const fl::PeriodicOrbit reference = fl::refineOrbit(*d, c, p.orbit.y, 1e-11);
            QVERIFY2(reference.status.ok(), reference.status.message().c_str());
            worst = std::max(worst, std::abs(reference.period - p.orbit.period));
            QVERIFY(!p.orbit.stable && !reference.stable);
            ++compared;
        }
        std::printf("Hopf at v_b = %.10g on the plane; %d born orbits, their periods on x' = 0 within %.3g\n", hopf->parameter, compared, worst);
        QVERIFY(compared >= 3);
        QVERIFY(worst < 1e-7);
    }

    void refusesOtherPoints()
    {
        const fl::Scenario s = belt("coulomb", {{"zeta", 0.05}, {"A", 2.0}});
        fl::LocatedPoint fold;
        fold.type = "fold";
        fl::ContinuationSetup born;
        QVERIFY(!fl::bornBranchSetup(s, setupOf("w", 1.0, 0.5, 2.0), fold, born).ok());
        QVERIFY(fl::branchesAt("period-doubling") && fl::branchesAt("hopf") && !fl::branchesAt("grazing"));
    }
};

QTEST_GUILESS_MAIN(TestBranchSwitch)
#include "test_branch_switch.moc"
