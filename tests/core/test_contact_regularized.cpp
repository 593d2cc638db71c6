// Regularized approximants with a static peak: JTAM (4.3)-(4.5) (I(0,0)) and Acta Mech (6) (I(1,1)),
// and their analytic Jacobians.
#include "contact/approximant_fit.h"
#include "contact/regularized_models.h"
#include "friction/regularization.h"

#include <QTest>

#include <cmath>
#include <random>
#include <vector>

using namespace fl::contact;

namespace {

double maxDiff(const FrictionLoad& a, const FrictionLoad& b)
{
    return std::max({std::abs(a.tx - b.tx), std::abs(a.ty - b.ty), std::abs(a.m - b.m)});
}

Eigen::Vector3d vec(const FrictionLoad& f) { return {f.tx, f.ty, f.m}; }

/// The models under test: name and factory for (eps, eta).
struct Variant {
    const char* name;
    RegularizedApproximant (*make)(double eps, double eta);
};

const Variant kVariants[] = {
    {"I00 m=2 b=1 (JTAM Fig. 4)", [](double e, double h) { return RegularizedApproximant(I00Coefficients::circular(2.0 / 3.0), {1.0, 2.0}, {e, h}); }},
    {"I00 fitted uniform", [](double e, double h) { return RegularizedApproximant(I00Coefficients::circular(2.0 / 3.0), kFittedI00Uniform, {e, h}); }},
    {"I00 rectangle", [](double e, double h) {
         return RegularizedApproximant(I00Coefficients::fromMoments(computeMoments(ContactShape::rectangle(2.0, 1.0, 0.3, 0.1))), {0.8, 1.5}, {e, h});
     }},
    {"I11 fitted uniform", [](double e, double h) { return RegularizedApproximant(I11Coefficients{}, kFittedI11Uniform, {e, h}); }},
    {"I11 fitted Hertz", [](double e, double h) {
         return RegularizedApproximant(I11Coefficients::fromMoments(circleMoments(PressureKind::Hertz)), kFittedI11Hertz, {e, h});
     }},
    {"I11 Acta sec. 4 (b=0.452, m=0.765)", [](double e, double h) { return RegularizedApproximant(I11Coefficients{}, {0.452, 0.765}, {e, h}); }},
};

/// max over t > 0 of component k of f(t q) (golden section after a logarithmic scan).
double rayPeak(const RegularizedApproximant& f, const Eigen::Vector3d& q, int k)
{
    auto g = [&](double lt) {
        const double t = std::exp(lt);
        return std::abs(vec(f.load(t * q[0], t * q[1], t * q[2]))[k]);
    };
    double best = -1.0, bestLt = 0.0;
    for (double lt = std::log(1e-9); lt < std::log(1e2); lt += 0.01)
        if (g(lt) > best) {
            best = g(lt);
            bestLt = lt;
        }
    double a = bestLt - 0.01, b = bestLt + 0.01;
    const double r = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int i = 0; i < 80; ++i) {
        const double c = b - r * (b - a), d = a + r * (b - a);
        (g(c) > g(d) ? b : a) = (g(c) > g(d) ? d : c);
    }
    return g(0.5 * (a + b));
}

} // namespace

class TestContactRegularized : public QObject {
    Q_OBJECT
private slots:
    /// JTAM (4.5) (circular, m = 2) and Acta (6) written out term by term.
    void matchPrintedFormulas()
    {
        const double eps = 1e-3, eta = 2.0, ep = fl::kudraEtaPrime(eta), b = 0.8, c = 2.0 / 3.0;
        const RegularizedApproximant i00(I00Coefficients::circular(c), {b, 2.0}, {eps, eta});
        const RegularizedApproximant i11(I11Coefficients{}, {0.452, 0.765}, {eps, eta});
        for (auto q : {std::array{3e-4, -2e-4, 5e-4}, std::array{0.2, 0.0, -1e-3}, std::array{0.0, 0.0, 2e-3}}) {
            const double vx = q[0], vy = q[1], w = q[2], v2 = vx * vx + vy * vy;
            const double s = v2 + b * b * w * w + eps * eps;
            const double l45 = 1.0 / std::sqrt(s) + ep * eps * eps * eps / (s * s);
            QVERIFY(maxDiff(i00.load(vx, vy, w), {vx * l45, vy * l45, b * c * w * l45}) < 1e-12 * l45);
            const double bm = 0.452, m = 0.765;
            const double d2 = std::pow(std::pow(v2, 1.5 * m) + std::pow(bm, m) * std::pow(std::abs(w), 3 * m), 2 / m);
            const double e6 = std::pow(eps, 6), e9 = std::pow(eps, 9);
            const double l6 = 1.0 / std::sqrt(d2 + e6) + ep * e9 / ((d2 + e6) * (d2 + e6));
            const FrictionLoad acta{(v2 + bm * w * w) * vx * l6, (v2 + bm * w * w) * vy * l6, (2.0 / 3.0 * bm * w * w * w + 0.25 * w * v2) * l6};
            const FrictionLoad f = i11.load(vx, vy, w);
            QVERIFY2(maxDiff(f, acta) < 1e-12 * std::max(1.0, vec(acta).norm()), qPrintable(QString::number(maxDiff(f, acta))));
        }
    }

    /// Away from zero f_eps -> f (the approximant) with error O(eps^(2n) / D^(2n)): for eps from
    /// 1e-3 to 1e-6, dividing eps by 10 divides the error by >= 90 (n = 1) or >= 1e5 (n = 3, until
    /// rounding); at eps = 1e-5 it is < 1e-8.
    void convergeToApproximant()
    {
        for (const Variant& v : kVariants) {
            for (auto q : {std::array{0.3, -0.1, 0.2}, std::array{0.05, 0.0, -0.6}, std::array{-0.4, 0.4, 0.0}}) {
                std::vector<double> errors;
                for (double eps : {1e-3, 1e-4, 1e-5, 1e-6}) {
                    const RegularizedApproximant f = v.make(eps, 2.5);
                    errors.push_back(maxDiff(f.load(q[0], q[1], q[2]), f.limit(q[0], q[1], q[2])));
                }
                const bool cubic = f_is_i11(v);
                for (std::size_t k = 0; k + 2 < errors.size(); ++k)
                    QVERIFY2(errors[k] > (cubic ? 1e5 : 90.0) * errors[k + 1] || errors[k + 1] < 1e-15, v.name);
                QVERIFY2(errors[2] < 1e-8, qPrintable(QString("%1 %2").arg(v.name).arg(errors[2])));
            }
        }
    }

    /// Near zero relative motion, along any fixed direction q_hat, every component of f_eps(t q_hat)
    /// peaks at exactly eta times the approximant's value f(q_hat): f_eps = f(q_hat) s(u) with
    /// Kudra's 1-D law s (JTAM (4.2), max eta), u = t^n D(q_hat) / eps^n. So |T| peaks at eta for pure
    /// translation (exactly the static-to-kinetic ratio), M at eta c for pure spin, and in general
    /// (|T|, M) at eta times the kinetic limit surface. Verified to 1e-9 (the scan's accuracy).
    void peakIsEtaTimesKinetic()
    {
        for (const Variant& v : kVariants) {
            for (double eta : {1.5, 2.7, 4.98}) {
                const RegularizedApproximant f = v.make(1e-4, eta);
                for (Eigen::Vector3d q : {Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0, 0, 1), Eigen::Vector3d(0.6, -0.3, 0.5),
                                          Eigen::Vector3d(-0.2, 0.1, -0.9)}) {
                    const Eigen::Vector3d kinetic = vec(f.limit(q[0], q[1], q[2]));
                    for (int k = 0; k < 3; ++k) {
                        if (std::abs(kinetic[k]) < 1e-3)
                            continue;
                        const double ratio = rayPeak(f, q, k) / std::abs(kinetic[k]);
                        QVERIFY2(std::abs(ratio - eta) < 1e-9 * eta, qPrintable(QString("%1 eta=%2 k=%3 ratio=%4").arg(v.name).arg(eta).arg(k).arg(ratio, 0, 'g', 15)));
                    }
                }
                // Pure translation: the force magnitude itself peaks at eta.
                QVERIFY(std::abs(rayPeak(f, Eigen::Vector3d(0.6, 0.8, 0.0), 0) / 0.6 - eta) < 1e-9 * eta);
            }
        }
    }

    /// Finite everywhere (tested down to 1e-300 and up to 1e40: D^2 of I(1,1) is of order |q|^6),
    /// zero at rest; at rest the Jacobian is lambda(0) dN(0) =
    /// (1 + eta') / eps^n dN: the numerator matrix for I(0,0), zero for I(1,1).
    void finiteAtRest()
    {
        for (const Variant& v : kVariants) {
            const double eps = 1e-5;
            const RegularizedApproximant f = v.make(eps, 2.0);
            Eigen::Matrix3d j;
            QVERIFY(maxDiff(f.loadAndJacobian(0.0, 0.0, 0.0, j), {}) == 0.0);
            QVERIFY(j.allFinite());
            if (f.kind() == ApproximantKind::I00) {
                const double scale = (1.0 + f.etaPrime()) / eps;
                QVERIFY(std::abs(j(0, 0) - scale) < 1e-9 * scale && std::abs(j(1, 1) - scale) < 1e-9 * scale);
            } else {
                QVERIFY(j.isZero(0.0));
            }
            for (auto q : {std::array{0.0, 0.0, 1e-300}, std::array{1e-300, 0.0, 0.0}, std::array{0.0, 3e-6, 0.0}, std::array{0.0, 0.0, -2e-5},
                           std::array{1e-6, -1e-6, 0.0}, std::array{1e40, 0.0, 1e40}}) {
                const FrictionLoad l = f.loadAndJacobian(q[0], q[1], q[2], j);
                QVERIFY2(vec(l).allFinite() && j.allFinite(), v.name);
            }
        }
    }

    /// The analytic Jacobian against central differences at random motions on the scales
    /// 0.1 eps .. 1e3 eps and O(1), including points with v_s = 0 or omega_s = 0 (where the
    /// Jacobian is continuous for n m > 1, which all variants here satisfy). Relative error < 1e-6.
    void jacobianMatchesFiniteDifferences()
    {
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> U(-1.0, 1.0);
        const double eps = 1e-3;
        for (const Variant& v : kVariants) {
            const RegularizedApproximant f = v.make(eps, 2.7);
            double worst = 0.0;
            for (double scale : {0.1 * eps, eps, 10.0 * eps, 1e3 * eps, 1.0}) {
                for (int i = 0; i < 40; ++i) {
                    Eigen::Vector3d q(U(rng), U(rng), U(rng));
                    if (i % 8 == 1)
                        q[2] = 0.0;
                    if (i % 8 == 2)
                        q[0] = q[1] = 0.0;
                    q *= scale;
                    Eigen::Matrix3d j;
                    const FrictionLoad value = f.loadAndJacobian(q[0], q[1], q[2], j);
                    QVERIFY(maxDiff(value, f.load(q[0], q[1], q[2])) < 1e-15 * (1.0 + vec(value).norm()));
                    Eigen::Matrix3d fd;
                    const double h = 1e-6 * scale;
                    for (int k = 0; k < 3; ++k) {
                        Eigen::Vector3d qp = q, qm = q;
                        qp[k] += h;
                        qm[k] -= h;
                        fd.col(k) = (vec(f.load(qp[0], qp[1], qp[2])) - vec(f.load(qm[0], qm[1], qm[2]))) / (2.0 * h);
                    }
                    const double rel = (fd - j).cwiseAbs().maxCoeff() / std::max(j.cwiseAbs().maxCoeff(), 1e-300);
                    worst = std::max(worst, rel);
                    QVERIFY2(rel < 1e-6, qPrintable(QString("%1 scale %2: %3").arg(v.name).arg(scale).arg(rel)));
                }
            }
            qInfo("%s: max relative |J - FD| = %.1e", v.name, worst);
        }
    }

private:
    static bool f_is_i11(const Variant& v) { return v.make(1e-3, 1.0).kind() == ApproximantKind::I11; }
};

QTEST_APPLESS_MAIN(TestContactRegularized)
#include "test_contact_regularized.moc"
