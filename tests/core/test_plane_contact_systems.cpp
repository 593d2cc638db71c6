// S2 (disk on a belt, JTAM 2016) and S3 (pendulum on a rotating disk, Acta Mech 2016).
#include "analysis/bifurcation_sweep.h"
#include "stiff_integrator_rows.h"
#include "contact/approximants.h"
#include "contact/integral_model.h"
#include "contact/stick_solver.h"
#include "systems/event_driven_disk_dynamics.h"
#include "simulation/dynamics_factory.h"
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <QTest>

#include <cmath>

namespace {

fl::Scenario preset(const char* id)
{
    fl::Scenario s = fl::defaultScenario();
    const fl::Status status = fl::applyPreset(id, s);
    if (!status.ok())
        qFatal("%s", status.message().c_str());
    return s;
}

/// Worst relative difference between the analytic Jacobian (and df/dt) and central differences.
double jacobianError(const fl::SmoothOde& ode, double t, const std::vector<double>& y)
{
    const int n = ode.dimension();
    std::vector<double> J(static_cast<size_t>(n * n)), dt(static_cast<size_t>(n)), f1(dt), f2(dt);
    ode.jacobian(t, y.data(), J.data(), dt.data());
    double worst = 0.0;
    for (int c = 0; c <= n; ++c) {
        std::vector<double> yp = y, ym = y;
        double tp = t, tm = t;
        const double h = 1e-7 * std::max(1e-3, c < n ? std::abs(y[static_cast<size_t>(c)]) : 1.0);
        if (c < n) {
            yp[static_cast<size_t>(c)] += h;
            ym[static_cast<size_t>(c)] -= h;
        } else {
            tp += h;
            tm -= h;
        }
        ode.rhs(tp, yp.data(), f1.data());
        ode.rhs(tm, ym.data(), f2.data());
        for (int r = 0; r < n; ++r) {
            const double fd = (f1[static_cast<size_t>(r)] - f2[static_cast<size_t>(r)]) / (2.0 * h);
            const double exact = c < n ? J[static_cast<size_t>(r * n + c)] : dt[static_cast<size_t>(r)];
            worst = std::max(worst, std::abs(fd - exact) / std::max(1.0, std::abs(fd)));
        }
    }
    return worst;
}

double maxDifference(const fl::RunResult& a, const fl::RunResult& b, int column)
{
    double worst = 0.0;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        worst = std::max(worst, std::abs(a.state(i, column) - b.state(i, column)));
    return worst;
}

} // namespace

class TestPlaneContactSystems : public QObject {
    Q_OBJECT
private slots:
    /// The stiff solver's analytic Jacobians (S2 regularized, S3 with omega0(t) = cos t) against finite differences.
    void jacobians()
    {
        fl::Scenario disk = preset("jtam2016-fig4a");
        disk.method = fl::Method::Regularized;
        disk.params.set("eps", 1e-2);
        const auto diskDynamics = fl::makeDynamics(disk);
        for (const std::vector<double>& y : {std::vector<double>{1.0, -0.5, 0.3, 0.02}, {2.0, 0.1, 0.15, 0.0}, {0.0, 0.0, 0.151, 0.004}})
            QVERIFY(jacobianError(*diskDynamics->smoothOde(), 0.0, y) < 1e-5);
        const auto pendulum = fl::makeDynamics(preset("acta2016-fig9"));
        for (const std::vector<double>& y : {std::vector<double>{0.1, 0.01, 0.3, 0.02, -0.01, 0.5}, {0.09, 0.003, 0.2, 1e-5, 2e-5, 0.6}})
            for (double t : {0.3, 1.5})
                QVERIFY(jacobianError(*pendulum->smoothOde(), t, y) < 1e-5);
    }

    /// JTAM Fig. 4a: the regularized run converges to the event-driven one as eps falls
    /// (max |dx| over t in [0, 300]: 7.1, 1.1, 0.19, 0.036 for eps = 1e-3 .. 1e-6).
    void diskMethodsAgreeAsEpsFalls_data()
    {
        fltest::addStiffIntegratorRows();
    }
    /// Regularized -> event-driven on JTAM Fig. 4a as eps falls, with either stiff integrator.
    void diskMethodsAgreeAsEpsFalls()
    {
        QFETCH(int, integrator);
        fl::Scenario event = preset("jtam2016-fig4a");
        event.params.set("t_end", 300.0);
        event.params.set("dt", 0.1);
        const fl::RunResult reference = fl::simulate(event);
        QVERIFY(reference.status.ok());
        QVERIFY(reference.switches.size() >= 4);
        double previousX = 1e9, previousPhi = 1e9;
        for (double eps : {1e-3, 1e-4, 1e-5, 1e-6}) {
            fl::Scenario smooth = event;
            smooth.method = fl::Method::Regularized;
            smooth.stiffIntegrator = static_cast<fl::StiffIntegrator>(integrator);
            smooth.params.set("eps", eps);
            const fl::RunResult run = fl::simulate(smooth);
            QVERIFY(run.status.ok());
            const double dx = maxDifference(run, reference, 0), dphi = maxDifference(run, reference, 1);
            qInfo("eps = %g: max|dx| = %.3g, max|dphi| = %.3g", eps, dx, dphi);
            QVERIFY(dx < previousX / 3.0 && dphi < previousPhi / 3.0);
            previousX = dx;
            previousPhi = dphi;
        }
        QVERIFY(previousX < 0.05 && previousPhi < 1e-3);
    }

    /// Event-driven S2: in stick both relative velocities are exactly zero and the holding load is
    /// inside eta times the limit set ‖(Γ, Ω/c)‖_2 <= eta mu (m = 2).
    void diskStickIsExact()
    {
        fl::Scenario s = preset("jtam2016-fig4a");
        s.params.set("t_end", 600.0);
        const fl::RunResult run = fl::simulate(s);
        QVERIFY(run.status.ok());
        const int gamma = run.columnIndex("Gamma"), omega = run.columnIndex("Omega");
        int stuck = 0;
        for (size_t i = 0; i < run.size(); ++i) {
            if (run.mode[i] != fl::ContactMode::Stick)
                continue;
            ++stuck;
            QCOMPARE(run.state(i, 2), 0.15);
            QCOMPARE(run.state(i, 3), 0.0);
            QVERIFY(std::hypot(run.column(i, gamma), run.column(i, omega) / (2.0 / 3.0)) <= 4.98 * 5.0 * (1 + 1e-9));
        }
        QVERIFY(stuck > 100);
    }

    /// The event-driven disk's stick test by Newton's method on JTAM (2.5) (any contact model) gives
    /// the same switches as the I(0,0) closed form (m-norm ball) it must reduce to.
    void diskNewtonStickTestMatchesClosedForm()
    {
        fl::DiskOnBeltMechanics mechanics;
        mechanics.mu = 5.0;
        fl::IntegrationSettings settings;
        settings.tol = 1e-10;
        bool allOk = true;
        auto run = [&](bool closedForm) -> std::vector<double> {
            fl::EventDrivenDiskDynamics::Law law;
            law.model = std::make_shared<fl::contact::ApproximantI00>(fl::contact::I00Coefficients::circular(2.0 / 3.0),
                                                                       fl::contact::ApproximantParams{1.0, 2.0});
            law.eta = 4.98;
            law.closedFormI00 = closedForm;
            fl::EventDrivenDiskDynamics dynamics(mechanics, law, settings);
            struct Switches final : fl::DynamicsObserver {
                bool onStep(const fl::StepView&, int) override { return true; }
                void onSwitch(double t, fl::ContactMode, int) override { times.push_back(t); }
                std::vector<double> times;
            } observer;
            std::vector<double> y = dynamics.initialState();
            double t = 0.0;
            fl::IntegrationStats stats;
            allOk = allOk && dynamics.integrate(y, t, 600.0, observer, stats).ok();
            return observer.times;
        };
        const std::vector<double> closed = run(true), newton = run(false);
        QVERIFY(allOk);
        QVERIFY(closed.size() >= 6);
        QCOMPARE(newton.size(), closed.size());
        for (size_t i = 0; i < closed.size(); ++i)
            QVERIFY2(std::abs(newton[i] - closed[i]) < 1e-6, qPrintable(QString("%1 vs %2").arg(newton[i]).arg(closed[i])));
    }

    /// With the integral model (set-valued, JTAM (2.2)) the disk sticks and slips, and every stuck
    /// sample's holding load lies within eta times the integral model's limit set.
    void diskWithIntegralModel()
    {
        fl::Scenario s = preset("jtam2016-fig4a");
        QVERIFY(fl::changeModel(s, "disk", "integral").ok());
        s.params.set("t_end", 400.0);
        s.params.set("dt", 0.5);
        const fl::RunResult run = fl::simulate(s);
        QVERIFY2(run.status.ok(), run.status.message().c_str());
        QVERIFY(run.switches.size() >= 4);
        const fl::contact::IntegralModel model(fl::contact::ContactShape::uniformCircle());
        const int gamma = run.columnIndex("Gamma"), omega = run.columnIndex("Omega");
        for (size_t i = 0; i < run.size(); ++i)
            if (run.mode[i] == fl::ContactMode::Stick) {
                const fl::contact::StickResult r = fl::contact::solveStick(model, {run.column(i, gamma) / 5.0, 0.0, run.column(i, omega) / 5.0});
                QVERIFY(r.converged && r.xi <= 4.98 * (1.0 + 1e-9));
            }
        s.method = fl::Method::Regularized;
        QVERIFY(!fl::validate(s).ok()); // no regularized form of the integral model
    }

    /// Acta Fig. 6a: equilibrium at omega0 = 30 rad/s (the sweep column collapses to one value);
    /// Fig. 6b: periodic at 40 rad/s (a small finite set of maxima); Fig. 7: at 61.5 rad/s the
    /// pendulum makes full rotations.
    void pendulumPublishedBehaviour()
    {
        fl::Scenario s = preset("acta2016-fig5a");
        fl::SweepSpec spec = *fl::findPreset("acta2016-fig5a")->sweep;
        spec.from = 30.0;
        spec.to = 40.0;
        spec.steps = 2;
        spec.continuation = false;
        spec.samples = 20;
        const auto columns = fl::runSweep(s, spec, 2, nullptr);
        QVERIFY(columns[0].status.ok() && columns[1].status.ok());
        QVERIFY(columns[0].settled);
        QCOMPARE(columns[0].values.size(), size_t(1));
        QCOMPARE(columns[1].values.size(), size_t(20));
        const auto [lo, hi] = std::minmax_element(columns[1].values.begin(), columns[1].values.end());
        QVERIFY2(*hi - *lo < 1e-4, qPrintable(QString::number(*hi - *lo))); // one maximum per period
        QVERIFY(!columns[1].settled);
        // ... and the orbit is a real oscillation, far above the equilibrium's value.
        QVERIFY(*lo - columns[0].values[0] > 1e-3);

        const fl::RunResult chaotic = fl::simulate(preset("acta2016-fig7"));
        QVERIFY(chaotic.status.ok());
        double phiMin = 1e9, phiMax = -1e9;
        for (size_t i = 0; i < chaotic.size(); ++i) {
            phiMin = std::min(phiMin, chaotic.state(i, 2));
            phiMax = std::max(phiMax, chaotic.state(i, 2));
        }
        QVERIFY2(phiMax - phiMin > 10.0 * 2.0 * M_PI, qPrintable(QString::number(phiMax - phiMin)));
    }

    /// Acta Fig. 8: periodic stick-slip (the contact is nearly at rest for about 2/3 of the time).
    void pendulumStickSlip()
    {
        for (const char* id : {"acta2016-fig8a", "acta2016-fig8c", "acta2016-fig8e"}) {
            const fl::RunResult run = fl::simulate(preset(id));
            QVERIFY(run.status.ok());
            const int vx = run.columnIndex("v_sx"), vy = run.columnIndex("v_sy"), w = run.columnIndex("omega_s");
            size_t late = 0, stuck = 0;
            for (size_t i = 0; i < run.size(); ++i) {
                if (run.t[i] < 30.0)
                    continue;
                ++late;
                if (std::sqrt(std::pow(run.column(i, vx), 2) + std::pow(run.column(i, vy), 2) + std::pow(run.column(i, w), 2)) < 1e-2)
                    ++stuck;
            }
            const double fraction = static_cast<double>(stuck) / static_cast<double>(late);
            QVERIFY2(fraction > 0.4 && fraction < 0.9, qPrintable(QString("%1: %2").arg(id).arg(fraction)));
        }
    }

    /// Presets: every one is valid and named paper-figure.
    void presets()
    {
        int count = 0;
        for (const fl::SystemInfo& system : fl::systems())
            for (const fl::Preset& p : system.presets) {
                fl::Scenario s = fl::defaultScenario();
                QVERIFY2(fl::applyPreset(p.id, s).ok(), p.id.c_str());
                QCOMPARE(QString::fromStdString(s.systemId), QString::fromStdString(system.id));
                // Plain names: teaching cases (tested with their views), FrictionLab's own chaotic belt and studies of a system the papers
                // give no numbers for (S6's frequency responses).
                if (p.group == "Teaching" || p.group == "Friction with memory" || p.group == "Frequency response"
                    || p.group == "Braking (Burckhardt's roads)" || p.group == "Burridge–Knopoff"
                    || p.group == "Nonlinear dynamics")
                    continue;
                QVERIFY2(QString::fromStdString(p.id).contains(QRegularExpression("^[a-z]+20[0-9][0-9]-fig[0-9]+[a-f]?(-[a-z]+)?$")),
                         p.id.c_str());
                ++count;
            }
        QVERIFY(count >= 11);
        fl::Scenario s = fl::defaultScenario();
        QVERIFY(!fl::applyPreset("nature2031-fig1", s).ok());
    }
};

QTEST_APPLESS_MAIN(TestPlaneContactSystems)
#include "test_plane_contact_systems.moc"
