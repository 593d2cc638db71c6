// Kudra's law with static peak (JTAM (4.2)) and the other regularizations of sgn.
#include "common/guarded.h"
#include "friction/regularization.h"
#include "scenario/scenario.h"
#include "simulation/simulate.h"
#include "systems/scenario_setup.h"

#include <QTest>

#include <cmath>
#include <stdexcept>

namespace {

/// Maximum of Kudra's law found independently of the library's root find: a dense scan in
/// u = v/eps, then golden-section refinement to ~1e-15 in u.
double scannedPeak(double etaPrime)
{
    auto s = [etaPrime](double u) { return fl::regularizedSign(fl::Regularization::Kudra, u, etaPrime); };
    double best = 0.0, bestU = 0.0;
    for (double u = 0.0; u < 50.0; u += 1e-3)
        if (s(u) > best) {
            best = s(u);
            bestU = u;
        }
    double a = std::max(0.0, bestU - 2e-3), b = bestU + 2e-3;
    const double r = (std::sqrt(5.0) - 1.0) / 2.0;
    for (int i = 0; i < 100; ++i) {
        const double c = b - r * (b - a), d = a + r * (b - a);
        (s(c) > s(d) ? b : a) = (s(c) > s(d) ? d : c);
    }
    return s(0.5 * (a + b));
}

} // namespace

class TestRegularization : public QObject {
    Q_OBJECT
private slots:
    void peakEqualsEta_data()
    {
        QTest::addColumn<double>("eta");
        for (double eta : {1.01, 1.1, 1.3, 2.0, 2.7, 4.98, 10.0, 50.0})
            QTest::newRow(qPrintable(QString::number(eta))) << eta;
    }
    /// The maximum of Kudra's law with eta' = kudraEtaPrime(eta) is eta to 1e-10.
    void peakEqualsEta()
    {
        QFETCH(double, eta);
        const double etaPrime = fl::kudraEtaPrime(eta);
        QVERIFY(etaPrime > 1.0);
        QVERIFY2(std::abs(scannedPeak(etaPrime) - eta) < 1e-10, qPrintable(QString::number(scannedPeak(etaPrime) - eta)));
        QVERIFY(std::abs(fl::kudraPeak(etaPrime) - eta) < 1e-12);
    }

    /// A crash found by fuzzing: kudraEtaPrime threw "toms748_solve: Parameters a and b do not bracket the
    /// root" from eta ~ 1e154 on (TOMS 748's products of unscaled values overflowed). Now for 2001
    /// values of eta - 1 from 1e-15 to 1e12 (the last one just beyond kMaxKudraEta: NaN) the round trip kudraPeak(kudraEtaPrime(eta)) = eta holds to
    /// 1e-12 relative without an exception; beyond kMaxKudraEta, NaN and infinity give NaN (and the
    /// scenario refuses them), never an exception.
    void etaPrimeNeverThrows()
    {
        int checked = 0;
        for (int k = 0; k <= 2000; ++k) {
            const double eta = 1.0 + std::pow(10.0, -15.0 + 27.0 * k / 2000.0);
            double etaPrime = 0.0;
            try {
                etaPrime = fl::kudraEtaPrime(eta);
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString("eta = %1: %2").arg(eta, 0, 'g', 17).arg(e.what())));
            }
            if (eta > fl::kMaxKudraEta) {
                QVERIFY(std::isnan(etaPrime));
            } else if (eta > 1.0 + 1e-12) { // below, the peak is 1 to rounding
                QVERIFY2(std::abs(fl::kudraPeak(etaPrime) / eta - 1.0) < 1e-12, qPrintable(QString::number(eta, 'g', 17)));
                ++checked;
            }
        }
        QVERIFY(checked > 1700); // eta - 1 above 1e-12: 1777 values
        for (double eta : {2e12, 1e154, 1e300, double(INFINITY), double(NAN)}) {
            double etaPrime = 0.0;
            try {
                etaPrime = fl::kudraEtaPrime(eta);
            } catch (const std::exception& e) {
                QFAIL(e.what());
            }
            QVERIFY(std::isnan(etaPrime) || (std::isnan(eta) && etaPrime == 0.0));
        }
        QVERIFY(std::isnan(fl::kudraPeakLocation(INFINITY)) && std::isnan(fl::kudraPeakLocation(NAN)));
    }

    /// A scenario whose static peak mu_s / g(0) Kudra's law cannot keep is refused with a message
    /// (mu_k = 1e-13 with mu_s = 2: eta = 2e13), and simulate() returns that status.
    void scenarioRefusesAnUnreachablePeak()
    {
        fl::Scenario s;
        QVERIFY(fl::makeScenario("belt", "coulomb", fl::Method::Regularized, fl::Regularization::Kudra, s).ok());
        QVERIFY(s.params.set("mu_k", 1e-13).ok());
        const fl::Status status = fl::validate(s);
        QVERIFY(!status.ok());
        QVERIFY2(QString::fromStdString(status.message()).contains("Kudra"), status.message().c_str());
        const fl::RunResult r = fl::simulate(s);
        QCOMPARE(r.status.message(), status.message());
        s.regularization = fl::Regularization::Tanh; // no peak to keep
        QVERIFY(fl::validate(s).ok());
        QVERIFY(s.params.set("mu_k", 1e-11).ok());
        s.regularization = fl::Regularization::Kudra; // eta = 2e11 is within reach
        QVERIFY(fl::validate(s).ok());
    }

    /// guarded() turns an exception into an error status with its message.
    void guardedTurnsExceptionsIntoStatus()
    {
        const fl::Status thrown = fl::guarded("root find", []() -> fl::Status { throw std::domain_error("no bracket"); });
        QCOMPARE(thrown.message(), std::string("root find: no bracket"));
        const fl::Status memory = fl::guarded("run", []() -> fl::Status { throw std::bad_alloc(); });
        QCOMPARE(memory.message(), std::string("run: out of memory"));
        QVERIFY(fl::guarded("fine", [] { return fl::Status::success(); }).ok());
    }

    /// eta = 1 is the pure sqrt law (eta' = 0); every eta' <= 1.1499 keeps the supremum at 1.
    void etaOneIsSqrtLaw()
    {
        QCOMPARE(fl::kudraEtaPrime(1.0), 0.0);
        QCOMPARE(fl::kudraPeak(0.5), 1.0);
        QCOMPARE(fl::kudraPeak(1.1), 1.0);
        QVERIFY(fl::kudraPeak(1.16) > 1.0);
        QVERIFY(std::abs(fl::kudraEtaPrime(1.0 + 1e-12) - 1.1499288835) < 1e-6);
    }

    /// Published values (docs/physics.md sec. 1): JTAM's (4.98, 13.7627) agrees with the exact root; JTAM's
    /// (2.7, 6.7627) and Acta Mech's eta'(2) = 4.479 do not (their peaks are 2.7174 and 1.9865).
    /// FrictionLab uses the exact values 6.70852 and 4.52155, which JTAM's cubic fit also gives.
    void publishedValues()
    {
        QVERIFY(std::abs(fl::kudraEtaPrime(4.98) - 13.7627) < 5e-5);
        QVERIFY(std::abs(fl::kudraEtaPrime(2.7) - 6.708519) < 1e-6);
        QVERIFY(std::abs(fl::kudraPeak(6.7627) - 2.71743) < 1e-5);
        QVERIFY(std::abs(fl::kudraEtaPrime(2.0) - 4.521554) < 1e-6);
        QVERIFY(std::abs(fl::kudraPeak(4.479) - 1.98648) < 1e-5);
        // JTAM's cubic fit on [1.3, 2.7] is within its stated |d eta| < 0.001 of the exact law.
        for (double eta : {1.3, 1.7, 2.0, 2.4, 2.7}) {
            const double fit = -2.41 + 3.985 * eta - 0.3581 * eta * eta + 0.0493 * eta * eta * eta;
            QVERIFY(std::abs(fl::kudraPeak(fit) - eta) < 1e-3);
        }
    }

    void slopesMatchFiniteDifferences_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("tanh") << int(fl::Regularization::Tanh);
        QTest::newRow("atan") << int(fl::Regularization::Atan);
        QTest::newRow("sqrt") << int(fl::Regularization::Sqrt);
        QTest::newRow("kudra") << int(fl::Regularization::Kudra);
    }
    /// ds/du (used in the stiff method's analytic Jacobian) against central differences; s is odd,
    /// bounded by its peak and tends to 1.
    void slopesMatchFiniteDifferences()
    {
        QFETCH(int, kind);
        const auto k = static_cast<fl::Regularization>(kind);
        const double etaPrime = fl::kudraEtaPrime(2.0);
        for (double u : {-30.0, -2.0, -0.3, 0.0, 0.1, 0.7, 1.5, 4.0, 100.0}) {
            const double h = 1e-6 * std::max(1.0, std::abs(u));
            const double fd = (fl::regularizedSign(k, u + h, etaPrime) - fl::regularizedSign(k, u - h, etaPrime)) / (2 * h);
            QVERIFY2(std::abs(fd - fl::regularizedSignSlope(k, u, etaPrime)) < 1e-7, qPrintable(QString("u=%1").arg(u)));
            QCOMPARE(fl::regularizedSign(k, -u, etaPrime), -fl::regularizedSign(k, u, etaPrime));
        }
        QVERIFY(std::abs(fl::regularizedSign(k, 1e7, etaPrime) - 1.0) < 1e-6);
    }
};

QTEST_APPLESS_MAIN(TestRegularization)
#include "test_regularization.moc"
