// Periodic orbits of several contacts that stick and slip on their own: the Burridge-Knopoff chain of
// two blocks (velocity-weakening law (1), event-driven) through the saltation matrix of each block's
// switch (core/systems/bk_chain_event_driven.cpp). The monodromy against finite differences of the
// return map, also where a block is stuck on the section; its branch in v_b with a Neimark-Sacker point
// confirmed by runs on both sides; its holding tangency solved to its defining condition, the same at
// three tolerances; the same branch from the chain written as a model file of two
// contacts; the regularized chain's Neimark-Sacker point converging to it as eps shrinks; the
// Lyapunov spectrum of the stable orbit against its Floquet exponents.
#include "analysis/lyapunov.h"
#include "analysis/orbit_continuation.h"
#include "analysis/periodic_orbit.h"
#include "analysis/sequence_change.h"
#include "continuation_fixtures.h"
#include "simulation/dynamics_factory.h"
#include "solvers/dynamics.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace {

fl::Scenario twoBlocks()
{
    fl::Scenario s;
    if (!fl::applyPreset("bk-chain-two", s).ok()) // n = 2, k_c = k_p = 1, law (1) with gamma = 1.5
        qFatal("no preset");
    return s;
}

const fl::BranchPoint& nearest(const fl::Branch& branch, double value)
{
    const fl::BranchPoint* best = &branch.points.front();
    for (const fl::BranchPoint& p : branch.points)
        if (std::abs(p.parameter - value) < std::abs(best->parameter - value))
            best = &p;
    return *best;
}

double distance(const std::vector<double>& a, const std::vector<double>& b)
{
    double d = 0.0;
    for (size_t i = 0; i < a.size(); ++i)
        d = std::max(d, std::abs(a[i] - b[i]));
    return d;
}

} // namespace

class TestChainOrbits : public QObject {
    Q_OBJECT
private:
    fl::Branch m_branch;

private slots:
    void initTestCase()
    {
        m_branch = fl::continueBranch(twoBlocks(), setupOf("v_b", 0.5, 0.2, 1.2));
        QVERIFY2(m_branch.status.ok(), m_branch.status.message().c_str());
        std::printf("chain of two blocks, branch in v_b over [0.2, 1.2]: %zu orbits\n", m_branch.points.size());
        printLocated(m_branch);
        QVERIFY(!m_branch.closure.forced);
    }

    /// The return map's Jacobian from the variational equations (a saltation matrix per block at
    /// each switch) against central differences of the return map, in the section's coordinates:
    /// at v_b = 0.5 (both blocks slipping on the section) and at v_b = 0.2, where block 2 is stuck on
    /// the section (a perturbed v_2 slips straight back to v_b: its column is zero).
    void monodromyAgainstFiniteDifferences()
    {
        for (const double value : {0.5, 0.2}) {
            const fl::BranchPoint& p = nearest(m_branch, value);
            QCOMPARE(p.parameter, value);
            fl::Scenario s = twoBlocks();
            // tol 1e-11: differences of step 1e-6 amplify the integration's error a million times.
            QVERIFY(s.params.set("v_b", value).ok() && s.params.set("tol", 1e-11).ok());
            const auto d = fl::makeDynamics(s);
            QVERIFY(d->hasSaltationVariational());
            fl::OrbitClosure c;
            QVERIFY(fl::orbitClosure(s, 1, c).ok());
            const fl::OrbitReturn r = fl::orbitReturn(*d, c, p.orbit.start, true);
            QVERIFY(r.status.ok());
            const Eigen::MatrixXd dp = fl::returnMapJacobian(c, r);
            const Eigen::VectorXd u = fl::sectionCoordinates(c, p.orbit.start);
            const Eigen::MatrixXd fd = returnMapDifferences(*d, c, u, 1e-6);
            const double error = (dp - fd).lpNorm<Eigen::Infinity>();
            const bool stuck = p.orbit.start[3] == value;
            std::printf("v_b = %g (%s, sequence %s): max |DP - finite differences| = %.3g of |DP| = %.3g\n", value,
                        stuck ? "block 2 stuck on the section" : "both blocks slipping on the section", p.orbit.sequence.c_str(), error,
                        dp.lpNorm<Eigen::Infinity>());
            QCOMPARE(stuck, value == 0.2);
            QVERIFY2(error < 1e-5 * dp.lpNorm<Eigen::Infinity>(), "the monodromy differs from the finite differences");
        }
    }

    /// Each block's mode in the sequence, and the changes named contact by contact.
    void sequencesNameEveryBlock()
    {
        const fl::BranchPoint& p = nearest(m_branch, 0.5);
        QCOMPARE(p.orbit.sequence, std::string("slip-/slip-;slip-/stick;slip-/slip-;stick/slip-;slip-/slip-"));
        // Block 2 arrives at v_r = 0 with its holding force just beyond the limit, slips back, then
        // sticks: the holding force touches the limit where the stick phase begins.
        QCOMPARE(fl::sequenceChangeType("slip-/slip-;slip-/stick", "slip-/slip-;slip-/slip+;slip-/stick"), std::string("holding-tangency"));
        QCOMPARE(fl::sequenceChangeType("slip-/slip-;stick/slip-", "slip-/slip-;slip+/slip-;slip-/slip-;stick/slip-"), std::string("grazing"));
        QCOMPARE(fl::sequenceChangeType("slip-/slip-;stick/slip-", "slip-/slip-;stick/stick;stick/slip-"), std::string("stick-onset"));
        QCOMPARE(fl::sequenceChangeType("stick/stick;slip-/slip-", "stick/stick;stick/slip+;slip-/slip-"), std::string("holding-tangency"));
        const fl::LocatedPoint* tangency = findLocated(m_branch, "holding-tangency");
        QVERIFY2(tangency, "no holding tangency located");
        QVERIFY(std::abs(tangency->parameter - 0.67717) < 1e-4);
        QVERIFY(!findLocated(m_branch, "grazing"));
    }

    /// Which defining condition a change of sequence solves, from the phases on its two sides: a
    /// switch made on both (block 2 arrives at v_r = 0 and sticks, or slips back), and a phase split
    /// by a new one (a stick phase broken inside, or a slip phase grazing v_r = 0).
    void theConditionOfAChangeComesFromItsPhases()
    {
        using Kind = fl::SequenceChangeTest::Kind;
        auto phases = [](std::initializer_list<std::pair<const char*, double>> ends) {
            std::vector<fl::ModePhase> list;
            double t = 0.0;
            for (const auto& [label, end] : ends) {
                list.push_back({label, t, end});
                t = end;
            }
            return list;
        };
        const fl::SequenceChangeTest arrival = fl::sequenceChangeTest(phases({{"slip-/slip-", 0.25}, {"slip-/stick", 1.19}, {"slip-/slip-", 3.9}}),
                                                                      phases({{"slip-/slip-", 0.25}, {"slip-/slip+", 0.3}, {"slip-/stick", 1.19}, {"slip-/slip-", 3.9}}));
        QCOMPARE(arrival.kind, Kind::Arrival);
        QCOMPARE(arrival.phase, size_t(1));
        QCOMPARE(arrival.contact, 1);
        // The same stick phase broken 2e-6 after it begins: a split of phase 1, its minimum of F_s - |F_h|.
        const fl::SequenceChangeTest split = fl::sequenceChangeTest(
            phases({{"slip-/slip-", 0.25}, {"slip-/stick", 1.19}, {"slip-/slip-", 3.9}}),
            phases({{"slip-/slip-", 0.25}, {"slip-/stick", 0.250002}, {"slip-/slip-", 0.250003}, {"slip-/stick", 1.19}, {"slip-/slip-", 3.9}}));
        QCOMPARE(split.kind, Kind::Minimum);
        QCOMPARE(split.phase, size_t(1));
        QCOMPARE(split.contact, 1);
        QVERIFY(split.description().find("F_s - |F_h| of contact 2") != std::string::npos);
        // The forced belt's pure slip touching v_r = 0: its only phase split, the minimum of |v_r|.
        const fl::SequenceChangeTest graze = fl::sequenceChangeTest(phases({{"slip-", 4.0}}), phases({{"slip-", 1.0}, {"stick", 1.5}, {"slip-", 4.0}}));
        QCOMPARE(graze.kind, Kind::Minimum);
        QVERIFY(graze.description().find("|v_r|") != std::string::npos);
        // Nothing to solve where the sides differ from the section on.
        QCOMPARE(fl::sequenceChangeTest(phases({{"stick", 1.0}, {"slip-", 2.0}}), phases({{"slip+", 0.5}, {"stick", 1.0}, {"slip-", 2.0}})).kind, Kind::None);
    }

    /// The holding tangency located by its defining condition (block 2's F_s - |F_h| = 0 at its
    /// arrival at v_r = 0), not by where the event location first sees the new phase: the same to
    /// 1e-8 at three tolerances (bisection on the sequence alone moved it by 1.1e-6), and the
    /// condition's value on orbits of the branch either side changes sign there.
    void holdingTangencySolvedToItsCondition()
    {
        std::vector<double> found;
        for (const double tol : {1e-9, 1e-10, 1e-11}) {
            fl::Scenario s = twoBlocks();
            QVERIFY(s.params.set("tol", tol).ok());
            const fl::Branch b = fl::continueBranch(s, setupOf("v_b", 0.67, 0.66, 0.69));
            QVERIFY2(b.status.ok(), b.status.message().c_str());
            const fl::LocatedPoint* tangency = findLocated(b, "holding-tangency");
            QVERIFY2(tangency, "no holding tangency located");
            std::printf("tol %g: holding tangency at v_b = %.12g (%s)\n", tol, tangency->parameter, tangency->condition.c_str());
            QVERIFY2(tangency->condition.find("solved F_s - |F_h| = 0 for contact 2 at its arrival") != std::string::npos, tangency->condition.c_str());
            found.push_back(tangency->parameter);
        }
        const double spread = *std::max_element(found.begin(), found.end()) - *std::min_element(found.begin(), found.end());
        std::printf("spread over the tolerances: %.3g\n", spread);
        QVERIFY(spread < 1e-8);
        // The condition itself, on orbits 1e-4 either side (refined at those values, tol 1e-11).
        for (const double offset : {-1e-4, 1e-4}) {
            fl::Scenario s = twoBlocks();
            QVERIFY(s.params.set("tol", 1e-11).ok() && s.params.set("v_b", found.back() + offset).ok());
            const auto d = fl::makeDynamics(s);
            fl::OrbitClosure c;
            QVERIFY(fl::orbitClosure(s, 1, c).ok());
            const fl::PeriodicOrbit orbit = fl::refineOrbit(*d, c, nearest(m_branch, 0.677).orbit.y);
            QVERIFY2(orbit.status.ok(), orbit.status.message().c_str());
            const std::vector<fl::ModePhase> p = fl::modePhases(*d, orbit.y, 0.0, orbit.period);
            QVERIFY(p.size() > 1);
            std::vector<double> y = orbit.y, vr(2), margin(2);
            QVERIFY(fl::integrateExactly(*d, y, 0.0, p[1].t0).ok() && d->switchConditions(p[1].t0, y.data(), vr.data(), margin.data()));
            std::printf("v_b = tangency %+g: %s, block 2 arrives with F_s - |F_h| = %.3g\n", offset, orbit.sequence.c_str(), margin[1]);
            QCOMPARE(margin[1] > 0.0, offset < 0.0);
            QCOMPARE(fl::contactPart(p[1].label, 1), std::string(offset < 0.0 ? "stick" : "slip+"));
        }
    }

    /// The stable orbit above the Neimark-Sacker point draws a nudged run back onto itself; below it
    /// the orbit is unstable (a complex pair outside the unit circle) and a run started 1e-7 off it
    /// leaves it for good.
    void neimarkSackerConfirmedByRuns()
    {
        const fl::LocatedPoint* ns = findLocated(m_branch, "neimark-sacker");
        QVERIFY2(ns, "no Neimark-Sacker point located");
        double onCircle = INFINITY;
        for (const auto& mu : ns->multipliers)
            if (std::abs(mu.imag()) > 1e-3)
                onCircle = std::min(onCircle, std::abs(std::abs(mu) - 1.0));
        std::printf("Neimark-Sacker at v_b = %.12g: ||mu| - 1| = %.3g\n", ns->parameter, onCircle);
        QVERIFY(onCircle < 1e-6);
        QVERIFY(std::abs(ns->parameter - 0.2791364) < 1e-6);
        for (const double value : {0.30, 0.26}) {
            const fl::BranchPoint& p = nearest(m_branch, value);
            fl::Scenario s = twoBlocks();
            QVERIFY(s.params.set("v_b", p.parameter).ok());
            const auto d = fl::makeDynamics(s);
            fl::OrbitClosure one, many;
            QVERIFY(fl::orbitClosure(s, 1, one).ok() && fl::orbitClosure(s, 400, many).ok());
            std::vector<double> y = p.orbit.y;
            y[0] += p.orbit.stable ? 1e-4 : 1e-7;
            const fl::OrbitReturn settled = fl::orbitReturn(*d, many, y, false);
            QVERIFY(settled.status.ok());
            const double away = distance(settled.y, p.orbit.y);
            std::printf("v_b = %.6g (%s): a run nudged off the orbit is %.3g from it after 400 returns\n", p.parameter,
                        p.orbit.stable ? "stable" : "unstable", away);
            QCOMPARE(p.orbit.stable, p.parameter > ns->parameter);
            if (p.orbit.stable)
                QVERIFY(away < 1e-7);
            else
                QVERIFY(away > 1e-3);
        }
    }

    /// The chain exported as a model file (two contacts, the generic multi-contact event-driven
    /// dynamics) gives the same branch: its located points to 1e-9 at tol 1e-11. (The model's
    /// dG/dv_b is exact, the built-in's a difference, so Newton's iterates differ: at the preset's
    /// tol 1e-9 the two Neimark-Sacker points are 9.5e-9 apart, the tolerance's own effect on it.)
    void theChainAsAModelGivesTheSameBranch()
    {
        fl::Scenario builtIn = twoBlocks();
        QVERIFY(builtIn.params.set("tol", 1e-11).ok());
        std::string text;
        QVERIFY(fl::exportModel(builtIn, text).ok());
        const fl::ModelRegistration registration = fl::registerModel(text);
        QVERIFY(registration.ok());
        fl::Scenario model;
        QVERIFY(fl::makeScenario(registration.system->id, registration.system->laws.front(), fl::Method::EventDriven, fl::Regularization::Kudra, model).ok());
        QVERIFY(model.params.set("tol", 1e-11).ok());
        const fl::Branch a = fl::continueBranch(builtIn, setupOf("v_b", 0.5, 0.2, 1.2));
        const fl::Branch b = fl::continueBranch(model, setupOf("v_b", 0.5, 0.2, 1.2));
        QVERIFY2(a.status.ok() && b.status.ok(), b.status.message().c_str());
        QVERIFY2(b.parameterDerivative.rfind("exactly", 0) == 0, b.parameterDerivative.c_str());
        QCOMPARE(b.points.size(), a.points.size());
        for (const char* type : {"neimark-sacker", "holding-tangency"}) {
            const fl::LocatedPoint* p = findLocated(a, type);
            const fl::LocatedPoint* m = findLocated(b, type);
            QVERIFY(p && m);
            std::printf("%s: built-in v_b = %.12g, model v_b = %.12g\n", type, p->parameter, m->parameter);
            QVERIFY(std::abs(p->parameter - m->parameter) < 1e-9);
        }
    }

    /// The regularized chain (smooth flow, the variational equations of the regularized law)
    /// finds the same Neimark-Sacker point as the regularization's width eps shrinks: two
    /// independent methods agreeing in the limit.
    void regularizedNeimarkSackerConvergesToTheEventDrivenOne()
    {
        const fl::LocatedPoint* exact = findLocated(m_branch, "neimark-sacker");
        QVERIFY(exact);
        double previous = INFINITY;
        for (const double eps : {1e-3, 1e-4, 1e-5}) {
            fl::Scenario s = twoBlocks();
            s.method = fl::Method::Regularized;
            QVERIFY(s.params.set("eps", eps).ok() && fl::validate(s).ok());
            fl::ContinuationSetup setup = setupOf("v_b", 0.285, 0.275, 0.29);
            setup.maxPoints = 20;
            const fl::Branch b = fl::continueBranch(s, setup);
            QVERIFY2(b.status.ok(), b.status.message().c_str());
            const fl::LocatedPoint* ns = findLocated(b, "neimark-sacker");
            QVERIFY2(ns, "no Neimark-Sacker point on the regularized branch");
            const double difference = std::abs(ns->parameter - exact->parameter);
            std::printf("eps = %g: Neimark-Sacker at v_b = %.9f, %.3g from the event-driven %.9f\n", eps, ns->parameter, difference,
                        exact->parameter);
            QVERIFY(difference < 0.5 * previous);
            previous = difference;
        }
        QVERIFY(previous < 3e-4);
    }

    /// Lyapunov exponents of the stable orbit at v_b = 0.5 (event-driven, saltation matrices) against
    /// its Floquet exponents ln|mu| / T: 0 along the flow, the complex pair's twice, and one -inf (a
    /// block entering stick removes one direction; the other's stick phase removes none more).
    void lyapunovSpectrumAgainstFloquet()
    {
        const fl::BranchPoint& p = nearest(m_branch, 0.5);
        QCOMPARE(p.orbit.multipliers.size(), size_t(4));
        double pair = 0.0;
        for (const auto& mu : p.orbit.multipliers)
            if (std::abs(mu.imag()) > 1e-3)
                pair = std::log(std::abs(mu)) / p.orbit.period;
        QCOMPARE(std::abs(p.orbit.multipliers.back()), 0.0);
        fl::Scenario s = twoBlocks();
        QVERIFY(s.params.set("v_b", 0.5).ok());
        const auto d = fl::makeDynamics(s);
        fl::LyapunovOptions o;
        o.transient = 500.0;
        o.duration = 2000.0;
        o.interval = 1.0;
        const fl::LyapunovResult r = fl::lyapunovOfDynamics(*d, o);
        QVERIFY2(r.status.ok(), r.status.message().c_str());
        QCOMPARE(r.exponents.size(), size_t(4));
        std::printf("Lyapunov %.5f %.5f %.5f %g; Floquet 0 %.5f %.5f -inf\n", r.exponents[0], r.exponents[1], r.exponents[2], r.exponents[3],
                    pair, pair);
        QVERIFY(std::abs(r.exponents[0]) < 1e-3);
        QVERIFY(std::abs(r.exponents[1] - pair) < 2e-3);
        QVERIFY(std::abs(r.exponents[2] - pair) < 2e-3);
        QVERIFY(std::isinf(r.exponents[3]) && r.exponents[3] < 0.0);
        // Bounded work: the spectrum of a thousand blocks (8e9 operations a sub-step) is refused
        // with its cost and what to ask for instead.
        fl::Scenario big;
        QVERIFY(fl::makeScenario("bk-chain", "coulomb", fl::Method::EventDriven, fl::Regularization::Kudra, big).ok());
        QVERIFY(big.params.set("n", 1000.0).ok());
        const fl::LyapunovResult refused = fl::lyapunovOfDynamics(*fl::makeDynamics(big), o);
        QVERIFY(!refused.status.ok());
        QVERIFY2(refused.status.message().find("ask for fewer exponents") != std::string::npos, refused.status.message().c_str());
    }
};

QTEST_APPLESS_MAIN(TestChainOrbits)
#include "test_chain_orbits.moc"
