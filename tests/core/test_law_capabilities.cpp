// Every registered law's capability fields (friction/friction_law.h) against what the law does.
// The registry is iterated, so a new law is checked as soon as it is listed: its internal states,
// its set-valued and smooth forms (run event-driven and smooth in a system that takes it), whether
// eps enters, its stick window, its scales (bristles, pre-sliding reach, relaxation rate) and its
// event-driven counterpart.
#include "analysis/law_response.h"
#include "friction/friction_law.h"
#include "friction/state_law.h"
#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/law_counterpart.h"
#include "systems/plane_contact_law.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <string>

namespace {

bool takesMethod(const fl::SystemInfo& system, fl::Method method)
{
    return std::find(system.methods.begin(), system.methods.end(), method) != system.methods.end();
}

bool takesLaw(const fl::SystemInfo& system, const fl::FrictionLawInfo& law)
{
    const std::vector<const fl::FrictionLawInfo*> laws = fl::lawsOf(system);
    return std::find(laws.begin(), laws.end(), &law) != laws.end();
}

/// The first registered system that takes the law with the method; nullptr if none does.
const fl::SystemInfo* systemFor(const fl::FrictionLawInfo& law, fl::Method method)
{
    for (const fl::SystemInfo& system : fl::systems())
        if (system.lawFamily == law.family && takesMethod(system, method) && takesLaw(system, law))
            return &system;
    return nullptr;
}

/// The law's scenario on the system (its defaults), with a short run.
fl::Scenario shortScenario(const fl::SystemInfo& system, const fl::FrictionLawInfo& law, fl::Method method)
{
    fl::Scenario s;
    const fl::Status made = fl::makeScenario(system.id, law.id, method, fl::Regularization::Tanh, s);
    if (!made.ok())
        qFatal("%s/%s: %s", system.id.c_str(), law.id.c_str(), made.message().c_str());
    s.params.set("t_end", 2.0);
    s.params.set("dt", 0.05);
    return s;
}

std::string where(const fl::FrictionLawInfo& law, const char* what) { return law.id + ": " + what; }

/// The law with its states on the belt's full parameter set (some read eps, a numerics parameter).
std::unique_ptr<fl::StateFrictionLaw> stateLaw(const fl::FrictionLawInfo& law)
{
    fl::Scenario s;
    if (!fl::makeScenario("belt", law.id, fl::Method::Regularized, fl::Regularization::Tanh, s).ok())
        return nullptr;
    return law.createWithState(s.params, fl::Regularization::Tanh);
}

/// The resisting force and states after sliding from the initial state over a distance at speed v.
fl::LawResponse slide(const fl::StateFrictionLaw& law, double v, double distance)
{
    fl::LawResponseOptions o;
    o.tEnd = distance / v;
    o.dt = o.tEnd / 200.0;
    o.maxStep = o.tEnd / 50.0;
    o.tol = 1e-12;
    return fl::lawResponse(law, fl::PrescribedMotion::constantVelocity(v), o);
}

/// The slowest rate |Re lambda| of dR/dz at (v, z) (m = 1 or 2: the registered laws').
double slowestRate(const fl::StateFrictionLaw& law, double v, const std::vector<double>& z)
{
    const int m = law.stateCount();
    std::vector<double> dFdz(static_cast<size_t>(m)), dRdv(static_cast<size_t>(m)), dRdz(static_cast<size_t>(m * m));
    fl::StateLawJacobian J{0.0, dFdz.data(), dRdv.data(), dRdz.data()};
    law.jacobian(v, z.data(), J);
    if (m == 1)
        return std::abs(dRdz[0]);
    const double trace = dRdz[0] + dRdz[3], det = dRdz[0] * dRdz[3] - dRdz[1] * dRdz[2];
    const double disc = trace * trace / 4.0 - det;
    if (disc < 0.0)
        return std::abs(trace / 2.0);
    return std::min(std::abs(trace / 2.0 + std::sqrt(disc)), std::abs(trace / 2.0 - std::sqrt(disc)));
}

} // namespace

class TestLawCapabilities : public QObject {
    Q_OBJECT
private slots:
    /// One list of families; each law sits in its family's list, says so, and is found by its id.
    void familiesComeFromTheRegistry()
    {
        std::set<std::string> ids, lawIds;
        QCOMPARE(fl::lawFamilies().size(), size_t(3));
        for (const fl::LawFamilyInfo& family : fl::lawFamilies()) {
            QVERIFY(ids.insert(family.id).second);
            QVERIFY(!family.name.empty() && !family.heading.empty() && !family.helpPage.empty());
            QCOMPARE(&fl::lawsOf(family.family), &family.laws());
            QCOMPARE(std::string(fl::lawFamilyId(family.family)), family.id);
            QVERIFY(!family.laws().empty());
            for (const fl::FrictionLawInfo& law : family.laws()) {
                QVERIFY2(law.family == family.family, law.id.c_str());
                QVERIFY2(lawIds.insert(law.id).second, law.id.c_str()); // ids are unique across families
                QCOMPARE(fl::findAnyLaw(law.id), &law);
                QCOMPARE(fl::findLaw(family.family, law.id), &law);
                const std::string page = fl::lawHelpPage(law);
                QVERIFY2(page == family.helpPage || page == "laws-memory.html", law.id.c_str());
            }
        }
    }

    /// A law with memory has states: its law with states reports as many (> 0) and starts from
    /// finite values, and it declares its scales; a law without memory has neither.
    /// Each plane-contact law has models built from the table, one for each form it declares, and
    /// the table has no law the family does not list. The regularized model is the one the law's
    /// eps shapes: at a slip speed far below eps its force is far below the set-valued one.
    void planeContactModelsFollowTheForms()
    {
        QCOMPARE(fl::planeContactModels().size(), fl::contactLaws().size());
        for (const fl::FrictionLawInfo& law : fl::contactLaws()) {
            const fl::PlaneContactModels* models = fl::findPlaneContactModels(law.id);
            QVERIFY2(models, law.id.c_str());
            // The law's values inside a scenario of the first system that takes it (eps is a numerics parameter).
            const auto system = std::find_if(fl::systems().begin(), fl::systems().end(),
                                             [&](const fl::SystemInfo& s) { return takesLaw(s, law); });
            QVERIFY2(system != fl::systems().end(), law.id.c_str());
            fl::Scenario scenario;
            QVERIFY(fl::makeScenario(system->id, law.id, system->methods.front(), fl::Regularization::Tanh, scenario).ok());
            QCOMPARE(bool(models->eventModel), law.eventDriven);
            if (law.eventDriven) {
                const auto model = models->eventModel(scenario.params);
                QVERIFY2(model, law.id.c_str());
                // Pure sliding at unit speed: a friction force of the order of mu N (N = 1).
                const double slide = std::abs(model->load(1.0, 0.0, 0.0).tx);
                QVERIFY2(slide > 0.1 && slide < 10.0, law.id.c_str());
            }
            QCOMPARE(bool(models->regularized), law.smoothForm);
            if (law.smoothForm) {
                QVERIFY(scenario.params.set("eps", 1e-2).ok());
                const fl::contact::RegularizedApproximant regularized = models->regularized(scenario.params);
                const double slow = std::abs(regularized.load(1e-6, 0.0, 0.0).tx);
                const double fast = std::abs(regularized.load(1.0, 0.0, 0.0).tx);
                QVERIFY2(slow < 1e-2 * fast, (law.id + ": " + std::to_string(slow) + " vs " + std::to_string(fast)).c_str());
            }
        }
        QVERIFY(!fl::findPlaneContactModels("coulomb"));
    }

    void internalStates()
    {
        for (const fl::LawFamilyInfo& family : fl::lawFamilies())
            for (const fl::FrictionLawInfo& law : family.laws()) {
                QCOMPARE(bool(law.createWithState), law.hasMemory());
                QVERIFY2(bool(law.memoryScales) == law.hasMemory(), law.id.c_str());
                if (!law.hasMemory())
                    continue;
                QVERIFY2(law.family == fl::LawFamily::OneDimensional, law.id.c_str());
                const std::unique_ptr<fl::StateFrictionLaw> instance = stateLaw(law);
                QVERIFY2(instance, law.id.c_str());
                QVERIFY2(instance->stateCount() > 0, law.id.c_str());
                QCOMPARE(instance->stateCount(), int(law.states.size()));
                std::vector<double> z(law.states.size());
                instance->initialState(z.data());
                for (double value : z)
                    QVERIFY2(std::isfinite(value), law.id.c_str());
            }
    }

    /// eventDriven and smoothForm say which methods take the law: each method of each system that
    /// takes the law is accepted exactly when the field says so, and an accepted run succeeds.
    void methodsFollowTheForms()
    {
        for (const fl::LawFamilyInfo& family : fl::lawFamilies())
            for (const fl::FrictionLawInfo& law : family.laws()) {
                bool ranEvent = false, ranSmooth = false;
                for (const fl::SystemInfo& system : fl::systems()) {
                    if (system.lawFamily != law.family || !takesLaw(system, law))
                        continue;
                    for (fl::Method method : system.methods) {
                        const bool smooth = fl::methodInfo(method).smooth;
                        const bool takes = smooth ? law.smoothForm : law.eventDriven;
                        fl::Scenario s;
                        const bool valid = fl::makeScenario(system.id, law.id, method, fl::Regularization::Tanh, s).ok()
                                           && fl::validate(s).ok();
                        QVERIFY2(valid == takes, (system.id + "/" + law.id + "/" + fl::methodInfo(method).id).c_str());
                        bool& ran = smooth ? ranSmooth : ranEvent;
                        if (!takes || ran)
                            continue;
                        const fl::RunResult r = fl::simulate(shortScenario(system, law, method));
                        QVERIFY2(r.status.ok(), (system.id + "/" + law.id + ": " + r.status.message()).c_str());
                        QVERIFY(!r.t.empty());
                        ran = true;
                    }
                }
                QVERIFY2(ranEvent || ranSmooth, where(law, "no system runs it").c_str());
                if (!law.smoothForm) {
                    fl::Scenario s;
                    const fl::SystemInfo* system = systemFor(law, fl::Method::Regularized);
                    QVERIFY(system);
                    QVERIFY(fl::makeScenario(system->id, law.id, fl::Method::Regularized, fl::Regularization::Tanh, s).ok());
                    QVERIFY2(fl::validate(s).message().find("has no regularized form") != std::string::npos, law.id.c_str());
                }
            }
    }

    /// regularized false: eps does not enter the smooth run (identical at two widths); true: it does.
    void epsEntersExactlyTheRegularizedLaws()
    {
        for (const fl::LawFamilyInfo& family : fl::lawFamilies())
            for (const fl::FrictionLawInfo& law : family.laws()) {
                const fl::SystemInfo* system = law.smoothForm ? systemFor(law, fl::Method::Regularized) : nullptr;
                if (!system)
                    continue; // no smooth run (the integral model; the tyre curve's ABS wheel is event-driven)
                fl::Scenario a = shortScenario(*system, law, fl::Method::Regularized);
                a.params.set("t_end", 20.0); // long enough to come near v_r = 0, where eps matters
                fl::Scenario b = a;
                a.params.set("eps", 1e-3);
                b.params.set("eps", 3e-3);
                QCOMPARE(fl::usesRegularization(a), law.regularized);
                const fl::RunResult ra = fl::simulate(a), rb = fl::simulate(b);
                QVERIFY2(ra.status.ok() && rb.status.ok(), law.id.c_str());
                QVERIFY2((ra.states == rb.states) == !law.regularized, law.id.c_str());
            }
    }

    /// A stick window holds the block: the belt in stick-slip spends time with |v_r| inside it.
    void stickWindowHolds()
    {
        for (const fl::LawFamilyInfo& family : fl::lawFamilies())
            for (const fl::FrictionLawInfo& law : family.laws()) {
                if (!law.stickWindow)
                    continue;
                QVERIFY2(law.family == fl::LawFamily::OneDimensional && !law.eventDriven && !law.hasMemory(), law.id.c_str());
                fl::Scenario s = shortScenario(*systemFor(law, fl::Method::Regularized), law, fl::Method::Regularized);
                s.params.set("t_end", 30.0);
                const fl::RunResult r = fl::simulate(s);
                QVERIFY2(r.status.ok(), r.status.message().c_str());
                const double window = s.params.value("dv");
                const auto held = std::count_if(r.relativeVelocity.begin(), r.relativeVelocity.end(),
                                                [window](double vr) { return std::abs(vr) <= window; });
                QVERIFY2(held > long(r.t.size() / 10), law.id.c_str());
            }
    }

    /// The declared scales against the law's equations: bristles are the first state with the
    /// declared stiffness; a pre-sliding reach means the force builds up over that distance (small
    /// after a hundredth of it, steady after ten) and none means it is there at once; the
    /// relaxation rate is the slowest rate of the states in steady sliding (within a factor 2).
    void memoryScalesAgreeWithTheLaw()
    {
        for (const fl::FrictionLawInfo& law : fl::frictionLaws()) {
            if (!law.memoryScales)
                continue;
            fl::Scenario s;
            QVERIFY(fl::makeScenario("belt", law.id, fl::Method::Regularized, fl::Regularization::Tanh, s).ok());
            const fl::LawMemoryScales scales = law.memoryScales(s.params);
            const std::unique_ptr<fl::StateFrictionLaw> instance = stateLaw(law);
            QVERIFY2(scales.relaxationRate, law.id.c_str());
            QVERIFY2(scales.lagSpeed > 0.0 && scales.stepLow > 0.0 && scales.stepHigh > scales.stepLow, law.id.c_str());
            if (scales.bristleStiffness > 0.0) {
                QCOMPARE(law.states.front().id, std::string("z"));
                std::vector<double> z(law.states.size(), 0.0), dz(law.states.size());
                z[0] = 1e-6;
                QVERIFY2(std::abs(instance->evaluate(0.0, z.data(), dz.data()) + scales.bristleStiffness * 1e-6)
                             < 1e-9 * scales.bristleStiffness * 1e-6,
                         where(law, "F(0, z) = -sigma0 z").c_str());
            }
            const double v = scales.stepLow, steady = instance->slipMagnitude(v);
            if (scales.preslidingReach > 0.0) {
                const fl::LawResponse early = slide(*instance, v, 0.01 * scales.preslidingReach);
                const fl::LawResponse late = slide(*instance, v, 10.0 * scales.preslidingReach);
                QVERIFY2(early.status.ok() && late.status.ok(), law.id.c_str());
                QVERIFY2(early.force.back() < 0.5 * steady, where(law, "force built up before the reach").c_str());
                QVERIFY2(std::abs(late.force.back() - steady) < 0.05 * steady, where(law, "not steady after ten reaches").c_str());
            } else {
                const fl::LawResponse early = slide(*instance, v, 1e-6);
                QVERIFY2(early.status.ok(), law.id.c_str());
                QVERIFY2(early.force.front() > 0.5 * steady, where(law, "pre-sliding without a declared reach").c_str());
            }
            const double fast = scales.stepHigh, rate = scales.relaxationRate(fast);
            const fl::LawResponse settled = slide(*instance, fast, 50.0 * fast / rate);
            QVERIFY2(settled.status.ok(), law.id.c_str());
            std::vector<double> z;
            for (const std::vector<double>& state : settled.z)
                z.push_back(state.back());
            const double slowest = slowestRate(*instance, fast, z);
            QVERIFY2(rate > 0.5 * slowest && rate < 2.0 * slowest,
                     qPrintable(QString("%1: declared rate %2, slowest %3").arg(law.id.c_str()).arg(rate).arg(slowest)));
        }
    }

    /// A declared counterpart is an event-driven law of the same family with the law's steady-state
    /// force (at the parameters they share), and Compare methods takes it wherever a system offers
    /// both; every law without a set-valued form has some counterpart on the belt.
    void counterpartHasTheSteadyForce()
    {
        for (const fl::FrictionLawInfo& law : fl::frictionLaws()) {
            fl::Scenario belt;
            const fl::Method method = law.eventDriven ? fl::Method::EventDriven : fl::Method::Regularized;
            QVERIFY(fl::makeScenario("belt", law.id, method, fl::Regularization::Tanh, belt).ok());
            QVERIFY2(!fl::eventDrivenCounterpart(belt).empty(), law.id.c_str());
            if (law.counterpart.empty())
                continue;
            QVERIFY2(!law.eventDriven, where(law, "an event-driven law is its own counterpart").c_str());
            const fl::FrictionLawInfo* other = fl::findLaw(law.family, law.counterpart);
            QVERIFY2(other && other->eventDriven && !other->hasMemory(), law.id.c_str());
            fl::ParameterSet values(other->specs);
            for (const fl::ParameterSpec& spec : law.specs)
                if (values.has(spec.id))
                    QVERIFY(values.set(spec.id, belt.params.value(spec.id)).ok());
            const std::unique_ptr<fl::FrictionLaw> mine = law.create(belt.params), theirs = other->create(values);
            for (double speed : {1e-4, 1e-3, 0.01, 0.1, 1.0, 5.0})
                QVERIFY2(std::abs(mine->slipMagnitude(speed) - theirs->slipMagnitude(speed)) <= 1e-12 * theirs->slipMagnitude(speed),
                         where(law, "steady force differs from the counterpart's").c_str());
            for (const fl::SystemInfo& system : fl::systems())
                if (takesLaw(system, law) && takesLaw(system, *other) && takesMethod(system, fl::Method::EventDriven)) {
                    fl::Scenario s;
                    QVERIFY(fl::makeScenario(system.id, law.id, fl::Method::Regularized, fl::Regularization::Tanh, s).ok());
                    QCOMPARE(fl::eventDrivenCounterpart(s), law.counterpart);
                }
        }
    }
};

QTEST_APPLESS_MAIN(TestLawCapabilities)
#include "test_law_capabilities.moc"
