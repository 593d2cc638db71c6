// The rate-and-state spring-slider shipped as a model (resources/models/rate-and-state-spring-
// slider.flmodel: a custom law that reads the model's first-order state theta) against Rice and
// Ruina's linear stability of steady sliding (1983), with the slider's inertia: the perturbations
// e^{st} of v = v0 (1 + u), theta = Dc/v0 (1 + phi) obey
//     m s^3 + (m L + sigma a/v0) s^2 + (k - sigma L (b - a)/v0) s + k L = 0,   L = v0/Dc,
// whose complex pair crosses the imaginary axis at k_c = sigma (b - a)/Dc (1 + m v0^2/(sigma a Dc)),
// at the frequency omega_c = sqrt(k_c / (m + sigma a Dc/v0^2)). Checked: the model's exact Jacobian
// at steady sliding has the cubic's roots; runs at 0.95, 1 and 1.05 k_c grow, hold and decay at the
// cubic's rates and oscillate at its frequencies.
#include "scenario_fixtures.h"

#include "simulation/dynamics_factory.h"
#include "solvers/dynamics.h"
#include "solvers/smooth_ode.h"

#include <Eigen/Eigenvalues>
#include <QFile>
#include <QTest>

#include <cmath>
#include <complex>
#include <string>
#include <vector>

using namespace fl;

namespace {

struct Values {
    double m, sigma, a, b, Dc, v0, mu0;
};

Values valuesOf(const Scenario& s)
{
    const ParameterSet& p = s.params;
    return {p.value("m"), p.value("sigma"), p.value("a"), p.value("b"), p.value("Dc"), p.value("v0"), p.value("mu0")};
}

double criticalStiffness(const Values& v)
{
    return v.sigma * (v.b - v.a) / v.Dc * (1.0 + v.m * v.v0 * v.v0 / (v.sigma * v.a * v.Dc));
}

/// The cubic's complex root with Im > 0 (its companion matrix's eigenvalues).
std::complex<double> oscillatoryRoot(const Values& v, double k)
{
    const double L = v.v0 / v.Dc;
    const double c2 = (v.m * L + v.sigma * v.a / v.v0) / v.m, c1 = (k - v.sigma * L * (v.b - v.a) / v.v0) / v.m, c0 = k * L / v.m;
    Eigen::Matrix3d companion;
    companion << -c2, -c1, -c0, 1, 0, 0, 0, 1, 0;
    const Eigen::Vector3cd roots = companion.eigenvalues();
    for (int i = 0; i < 3; ++i)
        if (roots(i).imag() > 0.0)
            return roots(i);
    qFatal("the cubic has no oscillatory root at k = %g", k);
}

/// Growth rate and angular frequency of u = x' - v0 from t > 2: least squares of ln|peak| over the
/// peaks' times, and the mean spacing of the rising zero crossings. Fails the test on too few.
struct Measured {
    double rate = 0.0, omega = 0.0;
    int peaks = 0;
};

Measured measure(const RunResult& r)
{
    const int v = r.columnIndex("dx");
    const double v0 = 1.0;
    std::vector<double> tp, lp, crossings;
    for (size_t i = 1; i + 1 < r.size(); ++i) {
        if (r.t[i] < 2.0)
            continue;
        const double a = r.column(i - 1, v) - v0, b = r.column(i, v) - v0, c = r.column(i + 1, v) - v0;
        if (b > a && b >= c && b > 0.0) { // a peak: the parabola through three samples
            const double d = 0.5 * (a - c) / (a - 2.0 * b + c);
            tp.push_back(r.t[i] + d * (r.t[i + 1] - r.t[i]));
            lp.push_back(std::log(b - 0.25 * (a - c) * d));
        }
        if (b <= 0.0 && c > 0.0)
            crossings.push_back(r.t[i] + (r.t[i + 1] - r.t[i]) * (-b) / (c - b));
    }
    Measured m;
    m.peaks = static_cast<int>(tp.size());
    if (tp.size() < 10 || crossings.size() < 10)
        return m; // the caller's check of peaks fails the test
    const double n = static_cast<double>(tp.size());
    double st = 0, sl = 0, stt = 0, stl = 0;
    for (size_t i = 0; i < tp.size(); ++i) {
        st += tp[i];
        sl += lp[i];
        stt += tp[i] * tp[i];
        stl += tp[i] * lp[i];
    }
    m.rate = (n * stl - st * sl) / (n * stt - st * st);
    m.omega = 2.0 * M_PI * static_cast<double>(crossings.size() - 1) / (crossings.back() - crossings.front());
    return m;
}

Scenario slider()
{
    QFile file(FRICTIONLAB_SOURCE_DIR "/resources/models/rate-and-state-spring-slider.flmodel");
    if (!file.open(QIODevice::ReadOnly))
        qFatal("the shipped rate-and-state model is missing");
    return fltest::modelScenario(file.readAll().toStdString(), Method::Regularized);
}

} // namespace

class TestRateStateSlider : public QObject {
    Q_OBJECT
private slots:
    /// The closed form's numbers at the file's values, and the model's own Jacobian at steady
    /// sliding (the state's column through the custom law's exact dg/dtheta): its eigenvalues are
    /// the cubic's roots, a pair at +-i omega_c where k = k_c.
    void jacobianAtSteadySlidingHasTheCubicsRoots()
    {
        Scenario s = slider();
        const Values v = valuesOf(s);
        const double kc = criticalStiffness(v), omegaC = std::sqrt(kc / (v.m + v.sigma * v.a * v.Dc / (v.v0 * v.v0)));
        QCOMPARE(kc, 2.0);
        QVERIFY(std::abs(omegaC - 10.0) < 1e-12);
        for (const double k : {0.95 * kc, kc, 1.05 * kc}) {
            QVERIFY(s.params.set("k", k).ok());
            const std::unique_ptr<Dynamics> dynamics = makeDynamics(s);
            const SmoothOde* ode = dynamics->smoothOde();
            QVERIFY(ode);
            QCOMPARE(ode->dimension(), 3);
            const double t = 1.3; // steady sliding: x = v0 t - sigma mu0/k, theta = Dc/v0
            const double y[3] = {v.v0 * t - v.sigma * v.mu0 / k, v.v0, v.Dc / v.v0};
            std::vector<double> J(9), dfdt(3);
            ode->jacobian(t, y, J.data(), dfdt.data());
            Eigen::Matrix3d A;
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 3; ++c)
                    A(r, c) = J[static_cast<size_t>(r * 3 + c)];
            const Eigen::Vector3cd eigen = A.eigenvalues();
            std::complex<double> pair;
            for (int i = 0; i < 3; ++i)
                if (eigen(i).imag() > 0.0)
                    pair = eigen(i);
            const std::complex<double> cubic = oscillatoryRoot(v, k);
            qInfo("k = %.3f: Jacobian %.9f %+.9fi, cubic %.9f %+.9fi", k, pair.real(), pair.imag(), cubic.real(), cubic.imag());
            QVERIFY(std::abs(pair - cubic) < 1e-6 * std::abs(cubic));
            if (k == kc) {
                QVERIFY(std::abs(cubic.real()) < 1e-9);
                QVERIFY(std::abs(cubic.imag() - omegaC) < 1e-9);
            }
        }
    }

    /// Runs: below k_c the kick grows, at k_c it holds, above it decays, at the cubic's rate
    /// (Re s = +0.100, 0, -0.0996 per second) and frequency.
    void runsGrowAndDecayAcrossTheCriticalStiffness()
    {
        Scenario s = slider();
        const Values v = valuesOf(s);
        const double kc = criticalStiffness(v);
        for (const double k : {0.95 * kc, kc, 1.05 * kc}) {
            QVERIFY(s.params.set("k", k).ok());
            const RunResult r = fltest::simulateOk(s);
            const Measured m = measure(r);
            const std::complex<double> cubic = oscillatoryRoot(v, k);
            qInfo("k = %.3f: %d peaks, growth %.5f /s (cubic %.5f), omega %.6f rad/s (cubic %.6f)", k, m.peaks, m.rate, cubic.real(), m.omega,
                  cubic.imag());
            QVERIFY(m.peaks > 30);
            QVERIFY(std::abs(m.rate - cubic.real()) < 2e-3);
            QVERIFY(std::abs(m.omega / cubic.imag() - 1.0) < 1e-4);
            if (k < kc)
                QVERIFY(m.rate > 0.09);
            else if (k > kc)
                QVERIFY(m.rate < -0.09);
        }
    }
};

QTEST_APPLESS_MAIN(TestRateStateSlider)
#include "test_rate_state_slider.moc"
