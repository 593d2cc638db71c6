// Exact parameter derivatives of a periodic orbit's return map from a model's expressions
// (core/systems/model_parameter_state.cpp, core/analysis/orbit_parameter_column.cpp): the model
// with the continued parameter as a first-order state of rate 0, whose tangent column through the variational
// equations (saltation matrices included) is dP/dlambda. Checked against central differences of the
// return map at tol 1e-12: where the parameter enters a force only (the forcing amplitude), where it
// enters every switch's guard (the belt speed, in v_r = x' - v_b), for a forced and an autonomous
// orbit, event-driven and regularized, and for two contacts (the chain as a model). Built-in systems,
// law values and a forcing frequency keep the difference, and say so.
#include "analysis/equilibrium_problem.h"
#include "analysis/orbit_problem.h"
#include "continuation_fixtures.h"
#include "scenario_fixtures.h"
#include "simulation/dynamics_factory.h"
#include "solvers/dynamics.h"
#include "solvers/smooth_ode.h"
#include "systems/model_export.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <cstdio>

namespace {

/// A built-in scenario exported as a model file and registered: the same equations as expressions
/// (`without`: a piece of the exported text left out).
fl::Scenario asModel(const fl::Scenario& builtIn, const std::string& without = {})
{
    std::string text;
    if (!fl::exportModel(builtIn, text).ok())
        qFatal("no export");
    if (!without.empty()) {
        const size_t at = text.find(without);
        if (at == std::string::npos)
            qFatal("no %s in the exported model", without.c_str());
        text.erase(at, without.size());
    }
    const fl::ModelRegistration registration = fl::registerModel(text);
    if (!registration.ok())
        qFatal("%s", registration.error.reason.c_str());
    fl::Scenario model;
    if (!fl::makeScenario(registration.system->id, registration.system->laws.front(), builtIn.method, builtIn.regularization, model).ok())
        qFatal("no model scenario");
    for (const fl::ParameterSpec& spec : builtIn.params.specs())
        if (model.params.has(spec.id))
            (void)model.params.set(spec.id, builtIn.params.value(spec.id));
    return model;
}

/// The first point's [dG/du, dG/dlambda] at the start, and dG/dlambda by central differences of G
/// at lambda +- h, h = step (1 + |start|): the return map from the same u, each with its own
/// section (an autonomous orbit's section level can move with lambda).
struct Columns {
    Eigen::VectorXd exact, differences;
    std::string how;
};

Columns columnsAt(fl::Scenario s, const char* parameter, double start, double from, double to, double step = 1e-5)
{
    if (!s.params.set("tol", 1e-12).ok())
        qFatal("tol");
    fl::OrbitProblem problem(s, setupOf(parameter, start, from, to), nullptr);
    fl::ContinuationPoint first;
    const fl::Status settled = problem.settle(first);
    if (!settled.ok())
        qFatal("%s", settled.message().c_str());
    Columns c;
    c.how = problem.parameterDerivative();
    const Eigen::Index m = first.z.size() - 1;
    c.exact = first.jacobian.col(m);
    const Eigen::VectorXd u = first.z.head(m);
    const fl::OrbitClosure closure = problem.closure();
    const double h = step * (1.0 + std::abs(start));
    Eigen::VectorXd g[2];
    for (int side = 0; side < 2; ++side) {
        fl::Scenario at = s;
        if (!at.params.set(parameter, start + (side ? h : -h)).ok())
            qFatal("set");
        const auto d = fl::makeDynamics(at);
        fl::OrbitClosure moved;
        if (!fl::orbitClosure(at, 1, moved).ok())
            qFatal("closure");
        moved.shift = closure.shift;
        const fl::OrbitReturn r = fl::orbitReturn(*d, moved, fl::sectionState(moved, u), false);
        if (!r.status.ok())
            qFatal("%s", r.status.message().c_str());
        g[side] = fl::sectionCoordinates(moved, r.y) - u;
    }
    c.differences = (g[1] - g[0]) / (2.0 * h);
    return c;
}

double relativeError(const Columns& c)
{
    return (c.exact - c.differences).lpNorm<Eigen::Infinity>() / std::max(1e-12, c.differences.lpNorm<Eigen::Infinity>());
}

void check(const char* what, const Columns& c, double bound)
{
    const double error = relativeError(c);
    std::printf("%s: |dG/dlambda| = %.4g, exact vs central differences %.3g relative (%s)\n", what, c.differences.lpNorm<Eigen::Infinity>(),
                error, c.how.c_str());
    std::printf("  exact:       ");
    for (Eigen::Index i = 0; i < c.exact.size(); ++i)
        std::printf(" %.10g", c.exact(i));
    std::printf("\n  differences: ");
    for (Eigen::Index i = 0; i < c.differences.size(); ++i)
        std::printf(" %.10g", c.differences(i));
    std::printf("\n");
    QVERIFY2(c.how.rfind("exactly", 0) == 0, c.how.c_str());
    QVERIFY2(error < bound, what);
}

fl::Scenario forcedBelt(fl::Method method = fl::Method::EventDriven)
{
    return belt({{"zeta", 0.1}, {"A", 2.0}, {"w", 1.5}, {"v_b", 0.3}}, method);
}

} // namespace

class TestParameterColumn : public QObject {
    Q_OBJECT
private slots:
    /// The forced belt's stick-slip orbit (stick phases, saltation at each switch): the amplitude A
    /// enters the force only; v_b enters every guard (v_r = x' - v_b) and the stick phase's motion.
    void forcedStickSlipEventDriven()
    {
        const fl::Scenario model = asModel(forcedBelt());
        check("forced belt, event-driven, d/dA", columnsAt(model, "A", 2.0, 1.9, 2.1), 1e-6);
        check("forced belt, event-driven, d/dv_b", columnsAt(model, "v_b", 0.3, 0.25, 0.35), 1e-6);
    }

    /// The unforced belt's stick-slip cycle: an autonomous orbit closing at a crossing of x' = 0, its
    /// return time moving with v_b (the column goes through the section's projection as DP's do).
    void autonomousCycle()
    {
        // Without the forcing term the model's section is a crossing, not the forcing's period.
        const fl::Scenario model = asModel(belt({{"A", 0.0}, {"v_b", 0.5}}), " + A*cos(w*t)");
        const Columns c = columnsAt(model, "v_b", 0.5, 0.3, 0.7);
        check("unforced belt's cycle, event-driven, d/dv_b", c, 1e-6);
        // The cycle's turning point x = 1 + sqrt(d^2 + v_b^2) (d = mu_s - mu_k = 1), reached from any
        // start on the section after one cycle: dP/dv_b = v_b / sqrt(1 + v_b^2) in closed form.
        const double closedForm = 0.5 / std::sqrt(1.25);
        std::printf("  closed form %.10g: exact %.3g off, differences %.3g off\n", closedForm, c.exact(0) - closedForm, c.differences(0) - closedForm);
        QCOMPARE(c.exact.size(), Eigen::Index(1));
        QVERIFY(std::abs(c.exact(0) - closedForm) < 1e-7);
    }

    /// The same cycle on a plane that turns and moves with v_b, x' + 0.3 v_b (x - 1) = 0: the start
    /// moves on the plane and the return time with it (the slopes of its normal and its level). On
    /// it x - 1 = sqrt(1 + v_b^2) / sqrt(1 + 0.09 v_b^2) in closed form.
    void autonomousCycleOnAMovingPlane()
    {
        const fl::Scenario model = fltest::modelScenario(beltModelWith("section plane = x' + 0.3*v_b*(x - 1) direction -"));
        const Columns c = columnsAt(model, "v_b", 0.5, 0.3, 0.7);
        check("unforced belt's cycle on a moving plane, event-driven, d/dv_b", c, 1e-6);
        const double v = 0.5, r = std::sqrt(1.0 + v * v), q = std::sqrt(1.0 + 0.09 * v * v);
        const double closedForm = v / (r * q) - r * 0.09 * v / (q * q * q);
        std::printf("  closed form %.10g: exact %.3g off, differences %.3g off\n", closedForm, c.exact(0) - closedForm, c.differences(0) - closedForm);
        QCOMPARE(c.exact.size(), Eigen::Index(1));
        QVERIFY(std::abs(c.exact(0) - closedForm) < 1e-7);
    }

    /// The regularized belt: the smooth flow's variational equations with the model's exact Jacobian.
    /// Its differences are noisier (the stiff integration's error over the step): their value
    /// stays within 4e-7 of the exact one for steps from 1e-4 to 4e-4, and drifts below.
    void regularized()
    {
        fl::Scenario s = forcedBelt(fl::Method::Regularized);
        QVERIFY(s.params.set("eps", 1e-2).ok());
        check("forced belt, regularized (eps = 1e-2), d/dv_b", columnsAt(asModel(s), "v_b", 0.3, 0.25, 0.35, 2e-4), 2e-6);
    }

    /// Two contacts switching on their own: the chain of two blocks as a model, v_b in both slips.
    void twoContacts()
    {
        fl::Scenario chain;
        QVERIFY(fl::applyPreset("bk-chain-two", chain).ok());
        check("chain of two blocks as a model, d/dv_b", columnsAt(asModel(chain), "v_b", 0.5, 0.4, 0.6), 1e-5);
    }

    /// Steady sliding on a falling law (the belt as a model, exponential Stribeck, A = 0 with the
    /// forcing term left out): df/dv_b from the model, event-driven (slip's field by central
    /// differences in every column) and regularized (the exact Jacobian), against central
    /// differences of f; then the Hopf point of that branch against its closed form.
    void equilibria()
    {
        for (const fl::Method method : {fl::Method::EventDriven, fl::Method::Regularized}) {
            fl::Scenario s = belt({{"zeta", 0.1}, {"A", 0.0}}, method);
            QVERIFY(fl::changeModel(s, "belt", "stribeck-exp").ok());
            const fl::Scenario model = asModel(s, " + A*cos(w*t)");
            fl::ContinuationSetup setup = setupOf("v_b", 1.5, 0.05, 3.0, true);
            fl::EquilibriumProblem problem(model, setup, nullptr);
            fl::ContinuationPoint first;
            QVERIFY(problem.settle(first).ok());
            QVERIFY2(problem.parameterDerivative().rfind("exactly", 0) == 0, problem.parameterDerivative().c_str());
            const Eigen::Index m = first.z.size() - 1;
            const Eigen::VectorXd y = first.z.head(m);
            const double h = 1e-6;
            Eigen::VectorXd f[2];
            for (int side = 0; side < 2; ++side) {
                fl::Scenario at = model;
                QVERIFY(at.params.set("v_b", 1.5 + (side ? h : -h)).ok());
                const auto d = fl::makeDynamics(at);
                f[side].resize(m);
                if (d->smoothOde())
                    d->smoothOde()->rhs(0.0, y.data(), f[side].data());
                else
                    QVERIFY(d->slipField(0.0, y.data(), f[side].data()));
            }
            const Eigen::VectorXd differences = (f[1] - f[0]) / (2.0 * h), exact = first.jacobian.col(m);
            const double error = (exact - differences).lpNorm<Eigen::Infinity>() / differences.lpNorm<Eigen::Infinity>();
            std::printf("steady sliding, %s: df/dv_b = (%.10g, %.10g), central differences (%.10g, %.10g): %.3g relative\n",
                        method == fl::Method::EventDriven ? "event-driven" : "regularized", exact(0), exact(1), differences(0), differences(1), error);
            QVERIFY(error < 1e-6);
            const fl::Branch branch = fl::continueBranch(model, setup);
            QVERIFY2(branch.status.ok(), branch.status.message().c_str());
            const double delta = s.params.value("delta"), drop = s.params.value("mu_0") - s.params.value("mu_k");
            const double closedForm = drop / delta * std::log(delta / (2.0 * 0.1));
            const fl::LocatedPoint* hopf = findLocated(branch, "hopf");
            QVERIFY2(hopf, "no Hopf point located");
            std::printf("  its Hopf point at v_b = %.12g, closed form %.12g\n", hopf->parameter, closedForm);
            QVERIFY(std::abs(hopf->parameter - closedForm) < (method == fl::Method::EventDriven ? 1e-8 : 1e-3));
        }
    }

    /// The error of the one-sided difference (relative step 1e-7) that built-in systems keep, at
    /// the scenario's own tolerance, measured against the exact column of the same case as a model:
    /// it is what Newton's matrix and the tangent carry there.
    void theDifferenceItReplaces()
    {
        for (const double tol : {1e-9, 1e-11}) {
            fl::Scenario s = asModel(forcedBelt());
            QVERIFY(s.params.set("tol", tol).ok());
            fl::OrbitProblem problem(s, setupOf("v_b", 0.3, 0.25, 0.35), nullptr);
            fl::ContinuationPoint first;
            QVERIFY(problem.settle(first).ok());
            const Eigen::Index m = first.z.size() - 1;
            const Eigen::VectorXd u = first.z.head(m);
            const fl::OrbitClosure closure = problem.closure();
            const double delta = -1e-7 * 1.0; // towards where a branch rising in v_b came from, as jacobianAt does
            Eigen::VectorXd g[2];
            for (int side = 0; side < 2; ++side) {
                fl::Scenario at = s;
                QVERIFY(at.params.set("v_b", 0.3 + (side ? delta : 0.0)).ok());
                const auto d = fl::makeDynamics(at);
                const fl::OrbitReturn r = fl::orbitReturn(*d, closure, fl::sectionState(closure, u), false);
                QVERIFY(r.status.ok());
                g[side] = fl::sectionCoordinates(closure, r.y) - u;
            }
            const Eigen::VectorXd difference = (g[1] - g[0]) / delta, exact = first.jacobian.col(m);
            const double error = (difference - exact).lpNorm<Eigen::Infinity>() / exact.lpNorm<Eigen::Infinity>();
            std::printf("forced belt, d/dv_b at tol %g: one-sided difference (step 1e-7) %.3g relative from the exact column\n", tol, error);
            QVERIFY(error < 1e-5);
        }
    }

    /// Where the coordinate cannot carry the parameter, the difference stays, with why.
    void theDifferenceWhereItCannot()
    {
        auto how = [](const fl::Scenario& s, const char* parameter, double start, double from, double to) {
            return fl::OrbitProblem(s, setupOf(parameter, start, from, to), nullptr).parameterDerivative();
        };
        const std::string builtIn = how(forcedBelt(), "v_b", 0.3, 0.25, 0.35);
        QVERIFY2(builtIn.find("by a one-sided difference") == 0 && builtIn.find("built-in") != std::string::npos, builtIn.c_str());
        const fl::Scenario model = asModel(forcedBelt());
        const std::string frequency = how(model, "w", 1.5, 1.4, 1.6);
        QVERIFY2(frequency.find("the forcing period moves with w") != std::string::npos, frequency.c_str());
        const fl::model::Model* m = fl::findModel(model.systemId);
        QVERIFY(m && !m->contacts.empty() && !m->contacts.front().lawParameterIds.empty());
        const std::string lawValue = m->contacts.front().lawParameterIds.front();
        const double value = model.params.value(lawValue);
        const std::string law = how(model, lawValue.c_str(), value, 0.9 * value, 1.1 * value);
        QVERIFY2(law.find("friction law") != std::string::npos, law.c_str());
    }

    /// The whole branch with the exact column: the same orbits as the built-in system's (which
    /// differences), its stick onset at the same place.
    void theBranchIsTheSame()
    {
        const fl::Scenario builtIn = forcedBelt();
        const fl::Branch a = fl::continueBranch(builtIn, setupOf("A", 2.0, 2.0, 3.0));
        const fl::Branch b = fl::continueBranch(asModel(builtIn), setupOf("A", 2.0, 2.0, 3.0));
        QVERIFY2(a.status.ok() && b.status.ok(), b.status.message().c_str());
        QVERIFY(b.parameterDerivative.rfind("exactly", 0) == 0);
        const fl::LocatedPoint* onsetA = findLocated(a, "stick-onset");
        const fl::LocatedPoint* onsetB = findLocated(b, "stick-onset");
        QVERIFY(onsetA && onsetB);
        std::printf("stick onset: built-in (difference) %.12g, model (exact) %.12g; %zu and %zu orbits\n", onsetA->parameter, onsetB->parameter,
                    a.points.size(), b.points.size());
        QVERIFY(std::abs(onsetA->parameter - onsetB->parameter) < 1e-9);
    }
};

QTEST_APPLESS_MAIN(TestParameterColumn)
#include "test_parameter_column.moc"
