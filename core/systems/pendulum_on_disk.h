#pragma once
// S3: a pendulum elastically suspended at its joint A and driven by friction from a disk that
// rotates about S (Acta Mech 2016, (7)-(9)), SI units. State (X_C, Y_C, phi, X_C', Y_C', phi');
// the X axis points down (gravity along +X), phi = 0 is the hanging position, and O is the static
// equilibrium of A without friction, so the springs act on X_A = X_C - e cos phi, Y_A = Y_C - e sin phi.
#include "contact/regularized_models.h"
#include "solvers/smooth_system.h"

namespace fl {

class PendulumOnDisk final : public SmoothSystem {
public:
    struct Parameters {
        double M = 1.2, B = 0.01, e = 0.1;
        double kX = 1000.0, kY = 1000.0, cX = 0.1, cY = 0.1, cPhi = 0.1;
        double XS = 0.0, YS = 0.0, R = 0.02, N = 25.0, mu = 1.0, g = 9.81;
        double omega0 = 40.0;        ///< rad/s; omega0(t) = omega0 + omega0Amp cos(omega0Freq t)
        double omega0Amp = 0.0;
        double omega0Freq = 1.0;
        double phi0 = 0.0;           ///< initial angle; the run starts at rest with the springs relaxed
    };
    PendulumOnDisk(const Parameters& p, contact::RegularizedApproximant contact) : m_p(p), m_contact(std::move(contact)) {}

    int dimension() const override { return 6; }
    std::vector<std::string> stateNames() const override { return {"X_C", "Y_C", "phi", "dX_C", "dY_C", "dphi"}; }
    std::vector<std::string> outputNames() const override
    {
        return {"X_A", "Y_A", "v_sx", "v_sy", "omega_s", "T_sx", "T_sy", "M_s"};
    }
    std::vector<double> initialState() const override;
    void rhs(double t, const double* y, double* dydt) const override;
    void jacobian(double t, const double* y, double* dfdy, double* dfdt) const override;
    void outputs(double t, const double* y, double* out) const override;

    /// Relative motion of the contact, Acta Mech (8).
    contact::RelativeMotion relativeMotion(double t, const double* y) const;
    /// The same given s = sin phi, c = cos phi (the right-hand side computes them once).
    contact::RelativeMotion relativeMotion(double t, const double* y, double s, double c) const;
    double omega0(double t) const;

private:
    Parameters m_p;
    contact::RegularizedApproximant m_contact;
};

} // namespace fl
