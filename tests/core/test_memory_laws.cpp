// Friction laws with memory (docs/physics.md sec. 2): each test asserts a number from the law's
// closed form, from its limit (the exact event-driven Coulomb cycle) or from an independent
// evaluation (finite differences of the right-hand side).
#include "analysis/law_experiments.h"
#include "analysis/law_response.h"
#include "cycle_metrics.h"
#include "friction/memory_laws.h"
#include "friction/state_law.h"
#include "scenario/scenario.h"
#include "solvers/contact_dynamics.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "stiff_integrator_rows.h"
#include "systems/belt_system.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>
#include <map>
#include <memory>

namespace {

fl::Scenario beltWith(const char* law, std::initializer_list<std::pair<const char*, double>> values = {})
{
    fl::Scenario s;
    const fl::Status status = fl::makeScenario("belt", law, fl::Method::Regularized, fl::Regularization::Tanh, s);
    if (!status.ok())
        qFatal("%s", status.message().c_str());
    for (const auto& [id, value] : values)
        if (const fl::Status set = s.params.set(id, value); !set.ok())
            qFatal("%s", set.message().c_str());
    return s;
}

std::unique_ptr<fl::StateFrictionLaw> lawOf(const fl::Scenario& s)
{
    return fl::findFrictionLaw(s.lawId)->createWithState(s.params, s.regularization);
}

double lugreG(const fl::ParameterSet& p, double v)
{
    const double r = v / p.value("v_s");
    return p.value("mu_k") + (p.value("mu_s") - p.value("mu_k")) * std::exp(-r * r);
}

/// Energy dissipated over the last of `periods` periods: the work against friction minus the
/// change of the bristle energy sigma0 z^2 / 2.
double dissipation(const fl::StateFrictionLaw& law, double sigma0, const fl::PrescribedMotion& motion, double period,
                   int periods, std::vector<double> breakpoints)
{
    fl::LawResponseOptions o;
    o.tEnd = periods * period;
    o.dt = period / 400.0;
    o.maxStep = period / 50.0;
    o.tol = 1e-12;
    o.breakpoints = std::move(breakpoints);
    const fl::LawResponse r = fl::lawResponse(law, motion, o);
    if (!r.status.ok())
        qFatal("%s", r.status.message().c_str());
    const size_t last = r.work.size() - 1, first = last - 400;
    return r.work[last] - r.work[first] - 0.5 * sigma0 * (r.z[0][last] * r.z[0][last] - r.z[0][first] * r.z[0][first]);
}

} // namespace

class TestMemoryLaws : public QObject {
    Q_OBJECT
private slots:
    /// Every law with memory: the analytic Jacobian of the belt closed with it equals central
    /// differences of its right-hand side (the stiff integrators rely on it).
    void jacobianMatchesFiniteDifferences_data()
    {
        QTest::addColumn<QString>("law");
        for (const char* id : {"dahl", "lugre", "elasto-plastic", "bliman-sorine", "ostermeyer", "karnopp"})
            QTest::newRow(id) << QString(id);
    }
    void jacobianMatchesFiniteDifferences()
    {
        QFETCH(QString, law);
        fl::Scenario s = beltWith(law.toUtf8().constData(), {{"A", 0.7}, {"zeta", 0.1}});
        s.params.set("eps", 1e-2);
        const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(s);
        const fl::SmoothOde& ode = *dynamics->smoothOde();
        const int n = ode.dimension();
        QCOMPARE(n, 2 + static_cast<int>(fl::findFrictionLaw(s.lawId)->states.size()));
        for (const std::vector<double>& y0 : {std::vector<double>{0.3, 0.2, 1e-5, -0.4}, std::vector<double>{-0.1, 0.7, -2e-5, 0.3},
                                              std::vector<double>{1.0, 0.5003, 3e-6, 0.9},
                                              // elasto-plastic: z between z_ba = 1.4e-5 and z_ss = 2e-5 (alpha rising)
                                              std::vector<double>{0.2, 0.9, 1.8e-5, 0.1}}) {
            std::vector<double> y(y0.begin(), y0.begin() + n);
            if (law == "ostermeyer") // (mu, theta) near their working range
                y[2] = 1.1, y[3] = 0.3;
            const double t = 0.37;
            std::vector<double> J(static_cast<size_t>(n * n)), dfdt(static_cast<size_t>(n)), fp(static_cast<size_t>(n)),
                fm(static_cast<size_t>(n));
            ode.jacobian(t, y.data(), J.data(), dfdt.data());
            for (int j = 0; j < n; ++j) {
                const double h = 1e-7 * std::max(1e-3, std::abs(y[static_cast<size_t>(j)]));
                std::vector<double> yp = y, ym = y;
                yp[static_cast<size_t>(j)] += h;
                ym[static_cast<size_t>(j)] -= h;
                ode.rhs(t, yp.data(), fp.data());
                ode.rhs(t, ym.data(), fm.data());
                for (int i = 0; i < n; ++i) {
                    const double fd = (fp[static_cast<size_t>(i)] - fm[static_cast<size_t>(i)]) / (2.0 * h);
                    const double an = J[static_cast<size_t>(i * n + j)];
                    if (std::abs(fd - an) > 1e-5 * std::max(1.0, std::abs(fd)))
                        QFAIL(qPrintable(QStringLiteral("%1: df%2/dy%3 analytic %4, finite differences %5")
                                             .arg(law).arg(i).arg(j).arg(an, 0, 'g', 10).arg(fd, 0, 'g', 10)));
                }
            }
        }
    }

    /// LuGre at constant sliding settles to sigma0 z = g(v) sgn(v): the force g(v) + sigma2 v to 1e-8
    /// for v from 1e-4 to 10, both directions.
    void lugreSteadyState()
    {
        const fl::Scenario s = beltWith("lugre");
        const std::unique_ptr<fl::StateFrictionLaw> law = lawOf(s);
        const double sigma0 = s.params.value("sigma0");
        const double sigma2 = s.params.value("sigma2");
        for (double speed : {1e-4, 1e-3, 1e-2, 0.1, 1.0, 10.0})
            for (double sign : {1.0, -1.0}) {
                const double v = sign * speed;
                fl::LawResponseOptions o;
                o.tEnd = 60.0 * lugreG(s.params, v) / (sigma0 * speed); // 60 relaxation times
                o.dt = o.tEnd;
                o.maxStep = o.tEnd / 20.0;
                o.tol = 1e-12;
                const fl::LawResponse r = fl::lawResponse(*law, fl::PrescribedMotion::constantVelocity(v), o);
                QVERIFY2(r.status.ok(), r.status.message().c_str());
                const double expected = sign * lugreG(s.params, speed) + sigma2 * v;
                if (std::abs(r.force.back() - expected) > 1e-8)
                    QFAIL(qPrintable(QStringLiteral("v = %1: F = %2, g(v) sgn(v) + sigma2 v = %3")
                                         .arg(v).arg(r.force.back(), 0, 'g', 15).arg(expected, 0, 'g', 15)));
            }
    }

    /// Pre-sliding: from z = 0, a displacement of 1e-9 (far below g/sigma0 = 3e-5) gives the force
    /// sigma0 x: the initial slope of force against displacement is sigma0 (to 1e-3).
    void lugrePreSlidingStiffness()
    {
        for (double sigma0 : {1e3, 5e4, 1e6}) {
            const fl::Scenario s = beltWith("lugre", {{"sigma0", sigma0}});
            const std::unique_ptr<fl::StateFrictionLaw> law = lawOf(s);
            fl::LawResponseOptions o;
            const double omega = 1e-3;
            o.tEnd = M_PI / (2.0 * omega); // a quarter period: x rises from 0 to X
            o.dt = o.tEnd / 4.0;
            o.maxStep = o.tEnd / 20.0;
            o.tol = 1e-14;
            const fl::LawResponse r = fl::lawResponse(*law, fl::PrescribedMotion::sinusoid(1e-9, omega), o);
            QVERIFY2(r.status.ok(), r.status.message().c_str());
            for (size_t i = 1; i < r.t.size(); ++i) {
                const double slope = r.force[i] / r.x[i];
                QVERIFY2(std::abs(slope / sigma0 - 1.0) < 1e-3,
                         qPrintable(QStringLiteral("sigma0 = %1: F/x = %2 at x = %3").arg(sigma0).arg(slope).arg(r.x[i])));
            }
        }
    }

    /// Dahl's force depends on the path, not its rate: under x = X sin(w t) the force at each
    /// phase of the third cycle is the same at w = 0.05 and w = 20 (to 1e-7), while LuGre's
    /// (whose sigma1 z' and sigma2 v terms are rate-dependent) differs by more than 1e-2: the
    /// comparison can fail.
    void dahlLoopIsRateIndependent()
    {
        auto forcesAtPhases = [](const fl::StateFrictionLaw& law, double amplitude, double omega) {
            fl::LawResponseOptions o;
            const double period = 2.0 * M_PI / omega;
            o.tEnd = 3.0 * period;
            o.dt = period / 64.0;
            o.maxStep = period / 200.0;
            o.tol = 1e-12;
            const fl::LawResponse r = fl::lawResponse(law, fl::PrescribedMotion::sinusoid(amplitude, omega), o);
            if (!r.status.ok())
                qFatal("%s", r.status.message().c_str());
            return std::vector<double>(r.force.end() - 65, r.force.end());
        };
        const fl::Scenario dahl = beltWith("dahl", {{"sigma0", 1e3}});
        const double amplitude = 3.0 * dahl.params.value("mu_k") / 1e3; // slides: 3x the bristle reach
        const std::unique_ptr<fl::StateFrictionLaw> dahlLaw = lawOf(dahl);
        const std::vector<double> slow = forcesAtPhases(*dahlLaw, amplitude, 0.05);
        const std::vector<double> fast = forcesAtPhases(*dahlLaw, amplitude, 20.0);
        double dahlDiff = 0.0, range = 0.0;
        for (size_t i = 0; i < slow.size(); ++i) {
            dahlDiff = std::max(dahlDiff, std::abs(slow[i] - fast[i]));
            range = std::max(range, std::abs(slow[i]));
        }
        QVERIFY2(range > 0.9, qPrintable(QString::number(range))); // the loop reaches the sliding level mu_k = 1
        QVERIFY2(dahlDiff < 1e-7, qPrintable(QString::number(dahlDiff)));

        const fl::Scenario lugre = beltWith("lugre", {{"sigma0", 1e3}, {"sigma1", 20.0}, {"sigma2", 0.3}, {"v_s", 0.01}});
        const std::unique_ptr<fl::StateFrictionLaw> lugreLaw = lawOf(lugre);
        const std::vector<double> lugreSlow = forcesAtPhases(*lugreLaw, amplitude, 0.05);
        const std::vector<double> lugreFast = forcesAtPhases(*lugreLaw, amplitude, 20.0);
        double lugreDiff = 0.0;
        for (size_t i = 0; i < lugreSlow.size(); ++i)
            lugreDiff = std::max(lugreDiff, std::abs(lugreSlow[i] - lugreFast[i]));
        QVERIFY2(lugreDiff > 1e-2, qPrintable(QString::number(lugreDiff)));
    }

    /// The elasto-plastic law's true stiction: displacement oscillations below the breakaway
    /// deflection z_ba = beta mu_k / sigma0 are purely elastic, z = x to integration accuracy (1e-9; no creep), while LuGre's
    /// bristle creeps (z - x ~ sigma0 x^2 / g).
    void elastoPlasticTrueStiction()
    {
        auto creep = [](const char* law) {
            const fl::Scenario s = beltWith(law, {{"sigma0", 1e3}, {"sigma1", 30.0}});
            const std::unique_ptr<fl::StateFrictionLaw> l = lawOf(s);
            fl::LawResponseOptions o;
            o.tEnd = 3.0 * 2.0 * M_PI;
            o.dt = 0.01;
            o.tol = 1e-12;
            const fl::LawResponse r = fl::lawResponse(*l, fl::PrescribedMotion::sinusoid(0.5 * 0.7 * 1.0 / 1e3, 1.0), o);
            if (!r.status.ok())
                qFatal("%s", r.status.message().c_str());
            double worst = 0.0;
            for (size_t i = 0; i < r.t.size(); ++i)
                worst = std::max(worst, std::abs(r.z[0][i] - r.x[i]));
            return worst;
        };
        const double elastoPlastic = creep("elasto-plastic");
        const double lugre = creep("lugre");
        qInfo("max |z - x|: elasto-plastic %.3g, LuGre %.3g", elastoPlastic, lugre);
        QVERIFY2(elastoPlastic < 1e-9, qPrintable(QString::number(elastoPlastic)));
        QVERIFY2(lugre > 1e-5, qPrintable(QString::number(lugre)));
    }

    /// Ostermeyer at constant sliding power nv: mu -> theta0/nv + alpha (gamma = 0, to 1e-9); with
    /// gamma > 0, mu -> theta/nv with theta the root of the quartic (checked by its residual).
    void ostermeyerStationary()
    {
        for (double gamma : {0.0, 0.5}) {
            const fl::Scenario s = beltWith("ostermeyer", {{"gamma", gamma}, {"theta0", 0.2}, {"alpha", 0.6}});
            const std::unique_ptr<fl::StateFrictionLaw> law = lawOf(s);
            for (double v : {0.1, 0.5, 2.0}) {
                fl::LawResponseOptions o;
                o.tEnd = 500.0; // > 40 / min(a v, c)
                o.dt = o.tEnd;
                o.tol = 1e-12;
                const fl::LawResponse r = fl::lawResponse(*law, fl::PrescribedMotion::constantVelocity(v), o);
                QVERIFY2(r.status.ok(), r.status.message().c_str());
                const double mu = r.z[0].back();
                const double theta = r.z[1].back();
                if (gamma == 0.0) {
                    QVERIFY2(std::abs(mu - (0.2 / v + 0.6)) < 1e-9, qPrintable(QStringLiteral("v = %1: mu = %2").arg(v).arg(mu, 0, 'g', 15)));
                } else {
                    const double residual = s.params.value("c_theta") * (theta - 0.2 - 0.6 * v) + gamma * (std::pow(theta, 4) - std::pow(0.2, 4));
                    QVERIFY2(std::abs(residual) < 1e-9, qPrintable(QString::number(residual)));
                    QVERIFY(theta < 0.2 + 0.6 * v); // radiation cools it below the gamma = 0 level
                }
                QVERIFY2(std::abs(mu - theta / v) < 1e-9, qPrintable(QStringLiteral("v = %1").arg(v)));
                QVERIFY(std::abs(law->slipMagnitude(v) - theta / v) < 1e-9); // the steady curve the view draws
            }
        }
    }

    /// Barabanov & Ortega's bound sigma1 <= sigma2 mu_k/(mu_s - mu_k) (memory_laws.h): below it LuGre
    /// dissipates energy over every closed loop tried (sinusoidal sliding velocities through and
    /// around v_r = 0 at frequencies 0.1 .. 100, and creep-then-jump pulses); above it the pulse
    /// loop returns energy at 0.9x the factor-4 form quoted elsewhere. Dissipation is the work minus the change of the bristle energy
    /// sigma0 z^2/2 over the last period (pulse case: sigma0 = 1e3, v_s = 0.01, creep at 1e-3, a jump to
    /// v = 100 of half-width 1.5e-6 every 1.5; found by an independent SciPy search).
    void lugrePassivity()
    {
        const double sigma0 = 1e3, sigma2 = 0.3;
        const double bound = fl::lugrePassivityBound(1.5, 1.0, sigma2);
        QCOMPARE(bound, 0.6);
        auto lugre = [&](double sigma1) {
            return lawOf(beltWith("lugre", {{"sigma0", sigma0}, {"v_s", 0.01}, {"sigma2", sigma2}, {"sigma1", sigma1}, {"mu_s", 1.5}}));
        };
        const std::unique_ptr<fl::StateFrictionLaw> inside = lugre(0.95 * bound);
        double worstSine = INFINITY;
        for (double omega : {0.1, 3.0, 100.0})
            for (double v0 : {0.0, 0.005, 0.02})
                for (double dv : {0.002, 0.01, 0.05})
                    worstSine = std::min(worstSine, dissipation(*inside, sigma0, fl::PrescribedMotion::oscillatingVelocity(v0, dv, omega),
                                                                2.0 * M_PI / omega, 4, {}));
        QVERIFY2(worstSine >= -1e-12, qPrintable(QString::number(worstSine)));
        // The pulse loop, below and above the bound.
        const double period = 1.5, half = 1.5e-6, edge = half / 20.0, creep = 1e-3, jump = 100.0;
        const fl::PrescribedMotion pulses{[=](double t, double& x, double& v, double& a) {
            const double tau = t - period * (std::floor(t / period) + 0.5);
            const double up = std::tanh((tau + half) / edge), down = std::tanh((tau - half) / edge);
            x = 0.0; // not used: the law sees v_r only
            v = creep + 0.5 * jump * (up - down);
            a = 0.5 * jump / edge * ((1.0 - up * up) - (1.0 - down * down));
        }};
        std::vector<double> breaks;
        for (int k = 0; k < 12; ++k)
            for (double d : {-half - 20.0 * edge, half + 20.0 * edge})
                breaks.push_back(period * (k + 0.5) + d);
        const double below = dissipation(*lugre(0.95 * bound), sigma0, pulses, period, 12, breaks);
        // At 0.9x the factor-4 form 4 sigma2 mu_k/(mu_s - mu_k) that is also quoted: SciPy gives -1.223e-2.
        const double above = dissipation(*lugre(0.9 * 4.0 * bound), sigma0, pulses, period, 12, breaks);
        qInfo("pulse loop: dissipated %.4g at 0.95x the bound, %.4g at 3.6x", below, above);
        QVERIFY2(below > 0.0, qPrintable(QString::number(below)));
        QVERIFY2(above < 0.0 && std::abs(above / -1.223e-2 - 1.0) < 0.01, qPrintable(QString::number(above)));
    }

    /// The LuGre cycle on the belt tends to the exact Coulomb cycle (mu_s = 2, mu_k = 1, v_b = 0.5:
    /// x_max = 1 + sqrt(1.25) = 2.118034) as sigma0 grows along sigma0 v_s^2 = 0.1 (docs/physics.md sec. 2:
    /// both the bristle compliance and the Stribeck width must vanish), sigma1 = 2 sqrt(sigma0)
    /// (critical bristle damping), sigma2 = 0: the error falls at each step.
    void lugreTendsToCoulombCycle_data() { fltest::addStiffIntegratorRows(); }
    void lugreTendsToCoulombCycle()
    {
        QFETCH(int, integrator);
        const fltest::ClosedFormCycle exact = fltest::closedFormCycle(2.0, 1.0, 0.5);
        QVERIFY(std::abs(exact.xMax - 2.118034) < 1e-6);
        double previous = INFINITY;
        // x_max of the same cycles by SciPy (Radau and LSODA, rtol 1e-10, t in [100, 200], agreeing to 3e-6).
        const std::map<double, double> scipy = {{1e4, 2.009224}, {1e5, 2.067633}, {1e6, 2.095003}};
        for (double sigma0 : {1e4, 1e5, 1e6}) {
            fl::Scenario s = beltWith("lugre", {{"mu_s", 2.0}, {"mu_k", 1.0}, {"sigma0", sigma0}, {"v_s", std::sqrt(0.1 / sigma0)},
                                                {"sigma1", 2.0 * std::sqrt(sigma0)}, {"sigma2", 0.0}, {"t_end", 60.0}, {"dt", 1e-3}, {"tol", 1e-10}});
            s.stiffIntegrator = static_cast<fl::StiffIntegrator>(integrator);
            const fl::RunResult run = fl::simulate(s);
            QVERIFY2(run.status.ok(), run.status.message().c_str());
            const fltest::CycleMetrics m = fltest::cycleMetrics(run, 25.0);
            QVERIFY(m.cycles >= 3);
            const double error = std::abs(m.xMax - exact.xMax);
            qInfo("sigma0 = %g, v_s = %.3g: x_max = %.6f (error %.2e), period %.4f (exact %.4f), %ld steps", sigma0,
                  std::sqrt(0.1 / sigma0), m.xMax, error, m.period, exact.period, run.steps);
            QVERIFY2(std::abs(m.xMax - scipy.at(sigma0)) < 2e-4, qPrintable(QString::number(m.xMax - scipy.at(sigma0))));
            QVERIFY2(error < previous, qPrintable(QStringLiteral("sigma0 = %1: error %2 after %3").arg(sigma0).arg(error).arg(previous)));
            previous = error;
        }
        QVERIFY2(previous < 0.03, qPrintable(QString::number(previous)));
    }

    /// Two independent methods: at a fixed Stribeck width v_s = 0.1 the LuGre cycle (stiff ODE with
    /// the bristle state) tends to the event-driven cycle of its steady-state law stribeck-gauss (exact
    /// switching, no state) as sigma0 grows with sigma1 = 2 sqrt(sigma0); the error of x_max falls
    /// about sqrt(10)x per decade (measured 2.2e-2, 6.6e-3, 1.9e-3).
    void lugreTendsToEventDrivenStribeckCycle()
    {
        fl::Scenario event;
        QVERIFY(fl::makeScenario("belt", "stribeck-gauss", fl::Method::EventDriven, fl::Regularization::Kudra, event).ok());
        for (const auto& [id, value] : {std::pair{"mu_s", 2.0}, {"mu_k", 1.0}, {"v_s", 0.1}, {"sigma2", 0.0}, {"t_end", 60.0},
                                        {"dt", 1e-3}, {"tol", 1e-10}})
            QVERIFY(event.params.set(id, value).ok());
        const fl::RunResult exact = fl::simulate(event);
        QVERIFY2(exact.status.ok(), exact.status.message().c_str());
        QVERIFY(!exact.switches.empty());
        const fltest::CycleMetrics e = fltest::cycleMetrics(exact, 20.0);
        QVERIFY(e.cycles >= 3);
        double previous = INFINITY;
        for (double sigma0 : {1e4, 1e5, 1e6}) {
            fl::Scenario s = beltWith("lugre", {{"mu_s", 2.0}, {"mu_k", 1.0}, {"sigma0", sigma0}, {"v_s", 0.1},
                                                {"sigma1", 2.0 * std::sqrt(sigma0)}, {"sigma2", 0.0}, {"t_end", 60.0}, {"dt", 1e-3}, {"tol", 1e-10}});
            const fl::RunResult run = fl::simulate(s);
            QVERIFY2(run.status.ok(), run.status.message().c_str());
            const fltest::CycleMetrics m = fltest::cycleMetrics(run, 20.0);
            const double error = std::abs(m.xMax - e.xMax);
            qInfo("sigma0 = %g: LuGre x_max = %.6f, period %.4f; event-driven stribeck-gauss %.6f, %.4f: error %.2e", sigma0,
                  m.xMax, m.period, e.xMax, e.period, error);
            QVERIFY2(error < 0.6 * previous, qPrintable(QStringLiteral("sigma0 = %1: error %2 after %3").arg(sigma0).arg(error).arg(previous)));
            QVERIFY(std::abs(m.period - e.period) < 0.02 * e.period);
            previous = error;
        }
        QVERIFY2(previous < 3e-3, qPrintable(QString::number(previous)));
    }

    /// Frictional lag (Hess & Soom): under v_r = v0 + dv sin(w t) through the Stribeck region, LuGre's
    /// (v_r, F) loop is the steady curve at w = 0.001x the relaxation rate sigma0 v0 / mu_k (within
    /// 1 %) and opens as w rises: its area grows more than 3x per decade up to 0.1x the rate.
    void frictionalLagOpensWithFrequency()
    {
        const fl::Scenario s = beltWith("lugre");
        const std::unique_ptr<fl::StateFrictionLaw> law = lawOf(s);
        const fl::LawExperimentSpec spec = fl::defaultExperiment(fl::LawExperimentKind::FrictionalLag, "lugre", s.params);
        QCOMPARE(spec.values.size(), size_t(4));
        const fl::LawExperimentResult r = fl::runLawExperiment(*law, spec);
        QVERIFY2(r.status.ok(), r.status.message().c_str());
        std::vector<double> areas;
        QCOMPARE(r.curves.size(), size_t(5)); // four loops and the steady curve
        QCOMPARE(QString::fromStdString(r.curves.back().label), QStringLiteral("steady-state F"));
        for (size_t k = 0; k < 4; ++k) {
            const fl::LawCurve& c = r.curves[k];
            double area = 0.0; // shoelace: the energy-like area enclosed by the loop in the (v_r, F) plane
            for (size_t i = 1; i < c.x.size(); ++i)
                area += 0.5 * (c.x[i - 1] * c.y[i] - c.x[i] * c.y[i - 1]);
            areas.push_back(std::abs(area));
        }
        qInfo("loop areas at w = %s: %.3g %.3g %.3g %.3g (%ld steps)", "0.001, 0.01, 0.1, 1 x rate", areas[0], areas[1], areas[2], areas[3], r.steps);
        double steadyError = 0.0;
        for (size_t i = 0; i < r.curves[0].x.size(); ++i)
            steadyError = std::max(steadyError, std::abs(r.curves[0].y[i] - law->slipMagnitude(r.curves[0].x[i])));
        QVERIFY2(steadyError < 0.01 * s.params.value("mu_s"), qPrintable(QString::number(steadyError)));
        QVERIFY(areas[1] > 3.0 * areas[0] && areas[2] > 3.0 * areas[1]);
    }

    /// The teaching preset belt-lugre-stick-slip reproduces the figures its note quotes.
    void lugreStickSlipPreset()
    {
        fl::Scenario s;
        QVERIFY(fl::applyPreset("belt-lugre-stick-slip", s).ok());
        QCOMPARE(s.method, fl::Method::Regularized);
        const fl::RunResult run = fl::simulate(s);
        QVERIFY2(run.status.ok(), run.status.message().c_str());
        const fltest::CycleMetrics m = fltest::cycleMetrics(run, 50.0);
        double xLo = INFINITY, fHi = -INFINITY, zLo = INFINITY, zHi = -INFINITY;
        int nearStick = 0, samples = 0;
        const int cx = run.columnIndex("x"), cf = run.columnIndex("F"), cz = run.columnIndex("z"), cv = run.columnIndex("v_r");
        QVERIFY(cz >= 0);
        for (size_t i = 0; i < run.size(); ++i) {
            if (run.t[i] <= 50.0)
                continue;
            xLo = std::min(xLo, run.column(i, cx));
            fHi = std::max(fHi, run.column(i, cf));
            zLo = std::min(zLo, run.column(i, cz));
            zHi = std::max(zHi, run.column(i, cz));
            nearStick += std::abs(run.column(i, cv)) < 5e-4;
            ++samples;
        }
        qInfo("period %.4f, x in [%.4f, %.4f], F <= %.4f, z in [%.3g, %.3g], near-stick %.3f, %ld steps", m.period, xLo, m.xMax, fHi,
              zLo, zHi, double(nearStick) / samples, run.steps);
        QVERIFY(std::abs(m.period - 18.94) < 0.01);
        QVERIFY(std::abs(m.xMax - 1.982) < 1e-3 && std::abs(xLo - 0.419) < 1e-3);
        QVERIFY(fHi < 2.0 && std::abs(fHi - 1.969) < 1e-3); // breaks away below mu_s
        QVERIFY(std::abs(double(nearStick) / samples - 0.79) < 0.01);
        QVERIFY(zHi < 0.0 && std::abs(zLo + 3.94e-5) < 1e-7);
    }

    /// Karnopp's stick window: the cycle tends to the exact Coulomb cycle (x_max = 2.118034, period
    /// 8.068888) as the window shrinks, with the explicit integrator and with BDF.
    void karnoppTendsToExactCycle()
    {
        const fltest::ClosedFormCycle exact = fltest::closedFormCycle(2.0, 1.0, 0.5);
        for (fl::Method method : {fl::Method::Explicit, fl::Method::Regularized}) {
            double previous = INFINITY;
            for (double window : {1e-2, 1e-3, 1e-4}) {
                fl::Scenario s = beltWith("karnopp", {{"dv", window}, {"t_end", 80.0}, {"dt", 1e-3}, {"tol", 1e-10}});
                s.method = method;
                const fl::RunResult run = fl::simulate(s);
                QVERIFY2(run.status.ok(), run.status.message().c_str());
                const fltest::CycleMetrics m = fltest::cycleMetrics(run, 30.0);
                const double error = std::max(std::abs(m.xMax - exact.xMax), std::abs(m.period - exact.period));
                qInfo("karnopp %s dv = %g: x_max %.6f, period %.5f (error %.2e), %ld steps", fl::methodInfo(method).id.c_str(), window,
                      m.xMax, m.period, error, run.steps);
                QVERIFY(m.cycles >= 5);
                QVERIFY2(error < previous, qPrintable(QString::number(error)));
                previous = error;
            }
            QVERIFY2(previous < 2e-3, qPrintable(QString::number(previous)));
        }
    }

    /// A law with memory has no set-valued form: the event-driven method refuses it, switching to
    /// it from an event-driven scenario picks the stiff method, and eps does not enter its runs.
    void scenarioRules()
    {
        fl::Scenario s;
        const fl::Status refused = fl::makeScenario("belt", "lugre", fl::Method::EventDriven, fl::Regularization::Kudra, s);
        QVERIFY(!refused.ok());
        QVERIFY2(QString::fromStdString(refused.message()).contains("use regularized or explicit"), refused.message().c_str());
        fl::Scenario coulomb = fl::defaultScenario();
        QVERIFY(fl::changeModel(coulomb, "belt", "lugre").ok());
        QCOMPARE(coulomb.method, fl::Method::Regularized);
        QCOMPARE(coulomb.params.value("mu_s"), 2.0); // kept from Coulomb
        QVERIFY(fl::validate(coulomb).ok());
        QVERIFY(!fl::usesRegularization(coulomb));
        QCOMPARE(QString::fromStdString(fl::describe(coulomb)), QStringLiteral("belt / lugre / regularized"));
        const std::unique_ptr<fl::Dynamics> dynamics = fl::makeDynamics(coulomb);
        QCOMPARE(dynamics->stateNames(), (std::vector<std::string>{"x", "v", "z"}));
        fl::Scenario bs = beltWith("bliman-sorine");
        QCOMPARE(fl::makeDynamics(bs)->stateNames(), (std::vector<std::string>{"x", "v", "z1", "z2"}));
        QVERIFY(fl::usesRegularization(beltWith("ostermeyer"))); // its force still carries sgn(v_r)
        bs.params.set("f2", 3.0);
        QVERIFY(!fl::validate(bs).ok()); // sliding level f1 - f2 < 0
    }
};

QTEST_APPLESS_MAIN(TestMemoryLaws)
#include "test_memory_laws.moc"
