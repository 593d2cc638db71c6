// Friction laws written in a model file (law = custom, friction/custom_law.h): Popp and Stelter's
// cubic law as `custom` runs as the same system written with Coulomb plus a force, switch for
// switch; a registry law written out as `custom` runs as the registry's own on every method; the
// law's slope is the derivative of its kinetic expression; a law without a static limit runs on the
// smooth methods only; the same law text gets the same id.
#include "scenario_fixtures.h"

#include "friction/custom_law.h"
#include "model/model_parser.h"
#include "model/model_summary.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "solvers/dynamics.h"
#include "solvers/smooth_ode.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>

using namespace fl;
using fltest::modelScenario;

namespace {

/// A forced oscillator on a belt (m x'' + c x' + k x = A cos(w t) + friction), with `contact` as its
/// contact's law lines and `extra` as more statements.
std::string beltModel(const std::string& name, const std::string& law, const std::string& extra = {})
{
    return "flmodel 1\nname \"" + name + "\"\nnumerics t_end = 60, tol = 1e-12\n"
           "param mu0 = 0.4 range 0 .. 2\nparam alpha = 0.5 range 0 .. 2\nparam beta = 0.6 range 0 .. 5\n"
           "param v_b = 0.5 range -2 .. 2\nparam A = 0.3 range 0 .. 2\nparam w = 0.8 range 0.1 .. 5\nparam N = 1 range 0 .. 10\n"
           "coord x\nforce x = -x - 0.05*x' + A*cos(w*t)\n" + extra
           + "contact belt\n    slip = x' - v_b\n    normal = N\n" + law + "\n";
}

/// Two event-driven runs that must switch alike: the largest difference of their switch times (the
/// same count, the same modes and contacts, at least 10 switches, or the test fails).
double switchDifference(const RunResult& a, const RunResult& b)
{
    if (!a.status.ok() || !b.status.ok())
        qFatal("run failed: %s%s", a.status.message().c_str(), b.status.message().c_str());
    if (a.switches.size() < 10 || a.switches.size() != b.switches.size())
        return INFINITY;
    double worst = 0.0;
    for (size_t i = 0; i < a.switches.size(); ++i) {
        if (a.switches[i].entered != b.switches[i].entered || a.switches[i].contact != b.switches[i].contact)
            return INFINITY;
        worst = std::max(worst, std::abs(a.switches[i].t - b.switches[i].t));
    }
    return worst;
}

/// The content id of the law of parametersAndIds, as FrictionLab has always given it.
const char* const kPinnedId = "ec76a914dc8731a8";

} // namespace

class TestCustomLaw : public QObject {
    Q_OBJECT
private slots:
    /// Popp-Stelter: F = -N (mu0 sgn(v_r) - alpha v_r + beta v_r^3). As custom, g(s) = mu0 - alpha s +
    /// beta s^3 with F_s = mu0; as Coulomb (mu_s = mu_k = mu0) plus the force N (alpha v_r - beta v_r^3),
    /// which vanishes in stick. Event-driven, the same switches to 1e-9.
    void poppStelterCustomMatchesCoulombPlusForce()
    {
        const std::string custom = beltModel("Popp-Stelter, custom", "    law = custom\n    kinetic = mu0 - alpha*speed + beta*speed^3\n    static = mu0");
        const std::string written = beltModel("Popp-Stelter, Coulomb + force", "    law = coulomb(mu_s = 0.4, mu_k = 0.4)",
                                              "force x = N*(alpha*(x' - v_b) - beta*(x' - v_b)^3)\n");
        const RunResult a = simulate(modelScenario(custom, Method::EventDriven));
        const RunResult b = simulate(modelScenario(written, Method::EventDriven));
        QVERIFY2(a.status.ok(), a.status.message().c_str());
        QVERIFY2(b.status.ok(), b.status.message().c_str());
        QVERIFY(a.switches.size() >= 10);
        QCOMPARE(a.switches.size(), b.switches.size());
        double worstSwitch = 0.0, worstX = 0.0;
        for (size_t i = 0; i < a.switches.size(); ++i) {
            QCOMPARE(a.switches[i].entered, b.switches[i].entered);
            worstSwitch = std::max(worstSwitch, std::abs(a.switches[i].t - b.switches[i].t));
        }
        QCOMPARE(a.size(), b.size());
        for (size_t k = 0; k < a.size(); ++k)
            worstX = std::max(worstX, std::abs(a.state(k, 0) - b.state(k, 0)));
        qInfo("Popp-Stelter: %zu switches, times agree to %.3g, x to %.3g over %zu samples", a.switches.size(), worstSwitch, worstX, a.size());
        QVERIFY(worstSwitch < 1e-9);
        QVERIFY(worstX < 1e-9);
    }

    /// Several contacts (their own event-driven method): the cubic law on one of two blocks, as custom
    /// and as Coulomb plus a force, switch for switch on either contact.
    void severalContactsCarryTheCustomLaw()
    {
        const auto blocks = [](const std::string& left, const std::string& extra) {
            return "flmodel 1\nname \"Two blocks" + std::string(extra.empty() ? "" : ", Coulomb + force") + "\"\nnumerics t_end = 40, tol = 1e-12\n"
                   "param mu0 = 0.4 range 0 .. 2\nparam alpha = 0.5 range 0 .. 2\nparam beta = 0.6 range 0 .. 5\nparam v_b = 0.4 range -2 .. 2\n"
                   "coord x1\ncoord x2\n    start = 0.1\nforce x1 = -x1 - 0.5*(x1 - x2) + 0.2*cos(0.9*t)\nforce x2 = -1.3*x2 - 0.5*(x2 - x1)\n" + extra
                   + "contact left\n    slip = x1' - v_b\n" + left + "\ncontact right\n    slip = x2' - v_b\n    law = coulomb(mu_s = 0.5, mu_k = 0.3)\n";
        };
        const std::string custom = blocks("    law = custom\n    kinetic = mu0 - alpha*speed + beta*speed^3\n    static = mu0", "");
        const std::string written = blocks("    law = coulomb(mu_s = 0.4, mu_k = 0.4)", "force x1 = alpha*(x1' - v_b) - beta*(x1' - v_b)^3\n");
        const RunResult a = simulate(modelScenario(custom, Method::EventDriven)), b = simulate(modelScenario(written, Method::EventDriven));
        QVERIFY2(a.status.ok(), a.status.message().c_str());
        QVERIFY2(b.status.ok(), b.status.message().c_str());
        QVERIFY(a.switches.size() >= 10);
        QCOMPARE(a.switches.size(), b.switches.size());
        double worst = 0.0;
        bool bothContacts[2] = {false, false};
        for (size_t i = 0; i < a.switches.size(); ++i) {
            QCOMPARE(a.switches[i].contact, b.switches[i].contact);
            bothContacts[a.switches[i].contact == 0 ? 0 : 1] = true;
            worst = std::max(worst, std::abs(a.switches[i].t - b.switches[i].t));
        }
        qInfo("two blocks: %zu switches, times agree to %.3g", a.switches.size(), worst);
        QVERIFY(bothContacts[0] && bothContacts[1]);
        QVERIFY(worst < 1e-9);
        const RunResult smooth = simulate(modelScenario(custom, Method::Regularized));
        QVERIFY2(smooth.status.ok(), smooth.status.message().c_str());
    }

    /// A law that reads a first-order state (a slip-weakening memory z' = -z/tau + |v_r|, g = mu_k +
    /// d z): as custom and as Coulomb plus the force -N d z sgn(v_r) (0 in stick), event-driven, one
    /// contact and one of two; on the smooth methods the several-contact Jacobian, with the state's
    /// column from the law's dg/dz, against central differences.
    void lawReadingAStateMatchesCoulombPlusForce()
    {
        const std::string memory = "param d = 0.05 range 0 .. 1\nparam tau = 2 range 0.1 .. 10\nstate z = 0\nrate z = -z/tau + abs(x' - v_b)\n";
        const std::string custom = beltModel("State law, custom", "    law = custom\n    kinetic = 0.3 + d*z\n    static = 0.5", memory);
        const std::string written = beltModel("State law, Coulomb + force", "    law = coulomb(mu_s = 0.5, mu_k = 0.3)",
                                              memory + "force x = -N*d*z*sign(x' - v_b)\n");
        const RunResult a = simulate(modelScenario(custom, Method::EventDriven)), b = simulate(modelScenario(written, Method::EventDriven));
        const double one = switchDifference(a, b);
        qInfo("one contact: %zu switches, times agree to %.3g", a.switches.size(), one);
        QVERIFY(one < 1e-9);
        const double z = a.state(a.size() - 1, a.columnIndex("z"));
        QVERIFY(z > 0.05); // the memory is not idle

        const auto blocks = [&](const std::string& left, const std::string& extra) {
            return "flmodel 1\nname \"Two blocks, state law" + std::string(extra.empty() ? "" : ", Coulomb + force") + "\"\nnumerics t_end = 40, tol = 1e-12\n"
                   "param v_b = 0.4 range -2 .. 2\nparam N = 1 range 0 .. 10\ncoord x\ncoord y\n    start = 0.1\n"
                   "force x = -x - 0.5*(x - y) + 0.2*cos(0.9*t)\nforce y = -1.3*y - 0.5*(y - x)\n" + memory + extra
                   + "contact left\n    slip = x' - v_b\n" + left + "\ncontact right\n    slip = y' - v_b\n    law = coulomb(mu_s = 0.5, mu_k = 0.3)\n";
        };
        const std::string twoCustom = blocks("    law = custom\n    kinetic = 0.3 + d*z\n    static = 0.5", "");
        const RunResult c = simulate(modelScenario(twoCustom, Method::EventDriven));
        const RunResult e = simulate(modelScenario(blocks("    law = coulomb(mu_s = 0.5, mu_k = 0.3)", "force x = -d*z*sign(x' - v_b)\n"),
                                                   Method::EventDriven));
        const double two = switchDifference(c, e);
        qInfo("two contacts: %zu switches, times agree to %.3g", c.switches.size(), two);
        QVERIFY(two < 1e-9);

        Scenario smooth = modelScenario(twoCustom, Method::Regularized);
        QVERIFY(smooth.params.set("eps", 0.05).ok());
        const std::unique_ptr<Dynamics> dynamics = makeDynamics(smooth);
        const SmoothOde* ode = dynamics->smoothOde();
        QVERIFY(ode && ode->dimension() == 5);
        const double y[5] = {0.2, 0.43, -0.1, 0.3, 0.7}, t = 1.0; // v_r within eps: the regularized sign's slope enters
        std::vector<double> J(25), dfdt(5), plus(5), minus(5);
        ode->jacobian(t, y, J.data(), dfdt.data());
        double worst = 0.0;
        for (int col = 0; col < 5; ++col) {
            double yp[5], ym[5];
            std::copy(y, y + 5, yp);
            std::copy(y, y + 5, ym);
            yp[col] += 1e-6;
            ym[col] -= 1e-6;
            ode->rhs(t, yp, plus.data());
            ode->rhs(t, ym, minus.data());
            for (int row = 0; row < 5; ++row)
                worst = std::max(worst, std::abs(J[static_cast<size_t>(row * 5 + col)] - (plus[static_cast<size_t>(row)] - minus[static_cast<size_t>(row)]) / 2e-6));
        }
        qInfo("two contacts, regularized: the Jacobian within %.3g of central differences (dF/dz %.4f)", worst, J[1 * 5 + 4]);
        QVERIFY(J[1 * 5 + 4] != 0.0); // the state's column in x's acceleration
        QVERIFY(worst < 1e-7);
    }

    /// The registry's exponential Stribeck law written out as custom: the same run on every method
    /// (the regularization, the stiff integrator's Jacobian from the law's slope, exact stick).
    void registryLawWrittenOutRunsAsTheRegistrys()
    {
        const std::string registry = beltModel("Stribeck, registry", "    law = stribeck-exp(mu_0 = 0.6, mu_k = 0.3, delta = 1.5)");
        const std::string custom = beltModel("Stribeck, custom",
                                             "    law = custom\n    kinetic = (mu_s - mu_k)*exp(-delta*speed/(mu_s - mu_k)) + mu_k\n    static = mu_s",
                                             "param mu_s = 0.6 range 0 .. 2\nparam mu_k = 0.3 range 0 .. 2\nparam delta = 1.5 range 0 .. 100\n");
        for (const Method method : {Method::EventDriven, Method::Regularized, Method::Explicit}) {
            const RunResult a = simulate(modelScenario(registry, method)), b = simulate(modelScenario(custom, method));
            QVERIFY2(a.status.ok(), a.status.message().c_str());
            QVERIFY2(b.status.ok(), b.status.message().c_str());
            QCOMPARE(a.size(), b.size());
            double worst = 0.0;
            for (size_t k = 0; k < a.size(); ++k)
                worst = std::max({worst, std::abs(a.state(k, 0) - b.state(k, 0)), std::abs(a.state(k, 1) - b.state(k, 1))});
            qInfo("%s: |registry - custom| <= %.3g over %zu samples, %zu and %zu switches", methodInfo(method).id.c_str(), worst, a.size(),
                  a.switches.size(), b.switches.size());
            QCOMPARE(a.switches.size(), b.switches.size());
            QVERIFY(worst < 1e-8);
        }
    }

    /// dg/ds is the derivative of the kinetic expression: central differences agree.
    void slopeIsTheKineticsDerivative()
    {
        const auto parsed = model::parseModel(beltModel("slope", "    law = custom\n    kinetic = mu0/(1 + alpha*speed) + beta*speed^2*exp(-speed)"));
        QVERIFY2(parsed.ok(), parsed.error.reason.c_str());
        const FrictionLawInfo* info = findFrictionLaw(parsed.model.contacts[0].lawId);
        QVERIFY(info);
        QVERIFY(!info->eventDriven);
        ParameterSet values(info->specs);
        const std::unique_ptr<FrictionLaw> law = info->create(values);
        double worst = 0.0;
        for (const double s : {0.0, 0.01, 0.3, 1.0, 2.5}) {
            const double h = s > 0.0 ? 1e-6 : 1e-8, fd = (law->slipMagnitude(s + h) - law->slipMagnitude(std::max(0.0, s - h))) / (s + h - std::max(0.0, s - h));
            worst = std::max(worst, std::abs(law->slipMagnitudeSlope(s) - fd));
            QCOMPARE(law->slipMagnitude(s), 0.4 / (1 + 0.5 * s) + 0.6 * s * s * std::exp(-s));
        }
        qInfo("slope vs central differences: %.3g", worst);
        QVERIFY(worst < 1e-6);
        QCOMPARE(law->staticLimit(), 0.4); // without `static`: g(0), what the regularization keeps
    }

    /// Without `static` the law has no set-valued form: the model offers the smooth methods only.
    void withoutStaticOnlyTheSmoothMethods()
    {
        const ModelRegistration r = registerModel(beltModel("smooth only", "    law = custom\n    kinetic = mu0 - alpha*speed + beta*speed^3"));
        QVERIFY2(r.ok(), r.error.reason.c_str());
        QVERIFY(std::find(r.system->methods.begin(), r.system->methods.end(), Method::EventDriven) == r.system->methods.end());
        QVERIFY(std::find(r.system->methods.begin(), r.system->methods.end(), Method::Regularized) != r.system->methods.end());
        Scenario s;
        QVERIFY(!makeScenario(r.system->id, r.system->laws.front(), Method::EventDriven, Regularization::Kudra, s).ok());
        const RunResult run = simulate(modelScenario(beltModel("smooth only", "    law = custom\n    kinetic = mu0 - alpha*speed + beta*speed^3"),
                                                     Method::Regularized));
        QVERIFY2(run.status.ok(), run.status.message().c_str());
    }

    /// The law's parameters are the model parameters it reads (sliders and --set as any); the same
    /// text is the same law; another default is another.
    void parametersAndIds()
    {
        const std::string law = "    law = custom\n    kinetic = mu0 - alpha*speed + beta*speed^3\n    static = 1.2*mu0";
        const auto first = model::parseModel(beltModel("ids", law)), again = model::parseModel(beltModel("ids", law));
        QVERIFY2(first.ok(), first.error.reason.c_str());
        const model::Contact& c = first.model.contacts[0];
        QCOMPARE(c.lawParameterIds, (std::vector<std::string>{"mu0", "alpha", "beta"}));
        QVERIFY(c.lawId.rfind("custom-", 0) == 0);
        QCOMPARE(again.model.contacts[0].lawId, c.lawId);
        std::string other = beltModel("ids", law);
        other.replace(other.find("mu0 = 0.4"), 9, "mu0 = 0.5");
        QVERIFY(model::parseModel(other).model.contacts[0].lawId != c.lawId);
        const std::string summary = model::summarize(first.model);
        QVERIFY2(summary.find("    kinetic mu0 - alpha*speed + beta*speed^3\n    static 1.2*mu0\n") != std::string::npos, summary.c_str());
        // Set through the scenario as any parameter: the static limit follows mu0.
        Scenario s = modelScenario(beltModel("ids", law), Method::EventDriven);
        QVERIFY(s.params.set("mu0", 0.7).ok());
        const FrictionLawInfo* info = findFrictionLaw(s.lawId);
        QVERIFY(info);
        ParameterSet own(info->specs);
        QVERIFY(own.set("mu0", 0.7).ok());
        QCOMPARE(info->create(own)->staticLimit(), 1.2 * 0.7);
        QVERIFY(validate(s).ok());
        // The id is kept from one FrictionLab to the next: a saved session names the law by it.
        QCOMPARE(QString::fromStdString(c.lawId), QString("custom-%1").arg(kPinnedId));
    }

    /// A registry law's values as expressions of the parameters (coulomb(mu_s = 2*r, ...)): the law
    /// bound to them runs as the same law with the values written as numbers, to the bit, at the
    /// defaults and after --set; one contact and several, set-valued and with memory (LuGre).
    void lawValuesOfParametersRunAsTheirNumbers()
    {
        const auto one = [](const std::string& values) {
            return "flmodel 1\nname \"Bound\"\nnumerics t_end = 40, tol = 1e-12, eps = 1e-3\nparam k = 1 range 0.1 .. 10\nparam r = 0.5 range 0.1 .. 1\n"
                   "coord x\n    start = -1.5\nforce x = -k*x - 0.05*x'\ncontact belt\n    slip = x' - 0.5\n    law = " + values + "\n";
        };
        const auto two = [](const std::string& left) {
            return "flmodel 1\nname \"Bound two\"\nnumerics t_end = 40, tol = 1e-12, eps = 1e-3\nparam k = 1 range 0.1 .. 10\n"
                   "coord x\n    start = -1.5\ncoord y\n    start = 0.3\nforce x = -k*x - 0.5*(x - y)\nforce y = -y - 0.5*(y - x)\n"
                   "contact left\n    slip = x' - 0.4\n    law = " + left + "\ncontact right\n    slip = y' - 0.4\n    law = coulomb(mu_s = 0.5, mu_k = 0.3)\n";
        };
        struct Case {
            const char* name;
            std::string bound, numbers;
            std::vector<std::pair<const char*, double>> set;
            Method method;
        };
        const std::vector<Case> cases = {
            {"one contact", one("coulomb(mu_s = 2*r, mu_k = 0.3 + 0.1*(k - 1))"), one("coulomb(mu_s = 1, mu_k = 0.3)"), {}, Method::EventDriven},
            {"one contact, --set", one("coulomb(mu_s = 2*r, mu_k = 0.3 + 0.1*(k - 1))"), one("coulomb(mu_s = 0.8, mu_k = 0.4)"),
             {{"k", 2.0}, {"r", 0.4}}, Method::EventDriven},
            {"one contact, regularized", one("coulomb(mu_s = 2*r, mu_k = 0.3 + 0.1*(k - 1))"), one("coulomb(mu_s = 0.8, mu_k = 0.4)"),
             {{"k", 2.0}, {"r", 0.4}}, Method::Regularized},
            {"LuGre", one("lugre(mu_s = 3*r, sigma0 = 50*k)"), one("lugre(mu_s = 1.5, sigma0 = 50)"), {}, Method::Regularized},
            {"two contacts", two("coulomb(mu_s = 0.5*k, mu_k = 0.3)"), two("coulomb(mu_s = 0.9, mu_k = 0.3)"), {{"k", 1.8}}, Method::EventDriven},
        };
        for (const Case& c : cases) {
            Scenario a = modelScenario(c.bound, c.method), b = modelScenario(c.numbers, c.method);
            for (const auto& [id, value] : c.set) {
                QVERIFY(a.params.set(id, value).ok());
                QVERIFY(b.params.set(id, value).ok());
            }
            const RunResult ra = simulate(a), rb = simulate(b);
            QVERIFY2(ra.status.ok(), ra.status.message().c_str());
            QVERIFY2(rb.status.ok(), rb.status.message().c_str());
            QCOMPARE(ra.size(), rb.size());
            double worst = 0.0;
            for (size_t i = 0; i < ra.size(); ++i)
                for (int v = 0; v < ra.dimension(); ++v)
                    worst = std::max(worst, std::abs(ra.state(i, v) - rb.state(i, v)));
            qInfo("%s: %zu samples, %zu switches, largest difference %.3g", c.name, ra.size(), ra.switches.size(), worst);
            QCOMPARE(ra.switches.size(), rb.switches.size());
            QVERIFY(c.method != Method::EventDriven || ra.switches.size() > 5); // the static limits are used
            QVERIFY(worst == 0.0);
        }
        // The value moves with the parameter: a run at another k is another run.
        Scenario moved = modelScenario(one("coulomb(mu_s = 2*r, mu_k = 0.3 + 0.1*(k - 1))"), Method::EventDriven);
        const RunResult base = simulate(moved);
        QVERIFY(moved.params.set("k", 1.5).ok());
        const RunResult other = simulate(moved);
        QVERIFY(base.switches.size() > 5 && other.switches.size() > 5);
        QVERIFY(std::abs(base.switches[3].t - other.switches[3].t) > 1e-3);
        // A value outside the law's range at the values a run is given stops it with the reason.
        QVERIFY(moved.params.set("r", 0.1).ok());
        QCOMPARE(QString::fromStdString(validate(moved).message()).contains("mu_s = 0.2 must be >= mu_k = 0.35"), true);
    }
};

QTEST_APPLESS_MAIN(TestCustomLaw)
#include "test_custom_law.moc"
