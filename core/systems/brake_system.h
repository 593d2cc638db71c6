#pragma once
#include "solvers/contact_system.h"

namespace fl {

/// S4: the two-DOF brake model of the review (Awrejcewicz & Olejnik 2005, sec. 4.2, Fig. 16),
/// rebuilt from the figure's description and the review's dimensionless groups, because the printed
/// equations (20) are garbled: their stiffness coupling is circulatory (+y1 in the block's equation,
/// -x1 in the angle body's), eta1 multiplies x2 + y2, and F lacks the normal force.
/// Block m on a belt moving at v_b, tied to the frame by k1 and to the vertical leg of the angle body
/// by k2 (with the damper c1 beside it); the angle body (moment of inertia J about its pivot s, legs
/// of length r, small rotation: its legs move by y = r phi) presses on the block through k3 (with
/// c2 beside it) on its horizontal leg, so the normal force is N = N0 + k3 y + c2 y' (N0: the
/// actuation's preload, balanced at y = 0). Newton's law for the block and for the angle body:
///   m x'' = -k1 x - k2 (x - y) - c1 (x' - y') + T,   (J/r^2) y'' = k2 (x - y) - k3 y + c1 (x' - y') - c2 y'
/// with T = N mu(v_r) the friction force. Time tau = w t with w^2 = (k1 + k2)/m, lengths in units
/// of N0/k2, forces in units of N0 (derivation step by step: help page system-brake.html):
///   x1' = x2
///   x2' = -x1 + (1/alpha1) [ y1 - eta1 (x2 - y2) + N F ]
///   y1' = y2
///   y2' = (1/alpha2) [ x1 - beta3 y1 - (eta1 + eta_c2) y2 + eta1 x2 ]
///   N = 1 + (beta3 - 1) y1 + eta_c2 y2,  F = F(v_r) the law's force at unit normal load, v_r = x2 - v_d
/// with the review's groups alpha1 = w^2 m/k2 = (k1 + k2)/k2 (= its beta1, which (20) therefore
/// lacks), alpha2 = w^2 J/(k2 r^2), beta3 = (k2 + k3)/k2, eta1 = c1 w/k2, eta12 = eta1 + eta_c2
/// (eta_c2 = c2 w/k2), and, with the law's static coefficient mu0, beta2 = mu0 k3/k2 = mu0 (beta3 - 1)
/// and eta2 = mu0 c2 w/k2: the slopes of mu0 N over y1 and y2. Both figure captions obey
/// beta2 = mu0 (beta3 - 1) (Fig. 22: 0.7 x 0.825 = 0.5775, printed 0.577; Fig. 23: 1.2 x 1.441 = 1.729).
/// If N <= 0 the block is lifted off the belt: no friction. State (x1, x2, y1, y2).
class BrakeSystem final : public ContactSystem {
public:
    struct Parameters {
        double alpha1 = 3.0;   ///< w^2 m / k2 = (k1 + k2) / k2 >= 1
        double alpha2 = 1.159; ///< w^2 J / (k2 r^2)
        double beta3 = 1.825;  ///< (k2 + k3) / k2
        double eta1 = 0.0;     ///< c1 w / k2 (damper beside k2)
        double etaC2 = 0.0;    ///< c2 w / k2 (damper beside k3, in the normal force)
        double beltSpeed = 0.6; ///< v_d
        double x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0; ///< initial state
    };
    explicit BrakeSystem(const Parameters& p) : m_p(p) {}

    int dimension() const override { return 4; }
    std::vector<std::string> stateNames() const override { return {"x1", "x2", "y1", "y2"}; }
    std::vector<double> initialState() const override { return {m_p.x1, m_p.x2, m_p.y1, m_p.y2}; }
    void rhs(double t, const double* y, double F, double* dydt) const override;
    double relativeVelocity(double, const double* y) const override { return y[1] - m_p.beltSpeed; }
    void relativeAcceleration(double t, const double* y, double& a, double& b) const override;
    void projectToStick(double, double* y) const override { y[1] = m_p.beltSpeed; }
    void jacobian(double t, const double* y, double F, double dFdvr, double* dfdy, double* dfdt) const override;
    void relativeVelocityGradient(double, const double*, double* dvdy, double& dvdt) const override
    {
        dvdy[0] = dvdy[2] = dvdy[3] = 0.0;
        dvdy[1] = 1.0;
        dvdt = 0.0;
    }

    /// The normal force in units of N0: 1 + (beta3 - 1) y1 + eta_c2 y2, 0 once the block is lifted.
    double normalLoad(const double* y) const;
    const Parameters& parameters() const { return m_p; }

private:
    /// The pull of k2 and c1 on the block without its own spring, y1 - eta1 (x2 - y2).
    double pull(const double* y) const { return y[2] - m_p.eta1 * (y[1] - y[3]); }
    Parameters m_p;
};

/// The parameters of a brake scenario (its ids: alpha1, alpha2, beta3, eta1, eta_c2, v_d, x1_0, x2_0,
/// y1_0, y2_0).
BrakeSystem::Parameters brakeParameters(const class ParameterSet& p);

} // namespace fl
