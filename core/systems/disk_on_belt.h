#pragma once
// S2: a disk on a moving belt, translation x and rotation phi coupled through the cords and the
// Coulomb-Contensou contact (JTAM 2016 (5.1)-(5.2), dimensionless):
//   [1 0; 0 J] [x″; φ″] + [c c12; c12 c] [x′; φ′] + [1 k12; k12 1] [x; φ] = [Γ; Ω],
//   v_s = x′ − v_b, ω_s = φ′, (Γ, Ω) = −μ (T_s, M_s)(v_s, 0, ω_s).
// State (x, phi, dx, dphi).
#include "contact/regularized_models.h"
#include "solvers/smooth_system.h"

namespace fl {

/// The mechanical part of S2 (everything but friction).
struct DiskOnBeltMechanics {
    double J = 90.0, k12 = 0.85, c = 1e-4, c12 = 0.0, vb = 0.15, mu = 5.0;
    double x0 = 0.0, phi0 = 0.0;

    /// Spring and damping forces on (x, phi) (right-hand side without friction).
    void elasticForces(const double* y, double& fx, double& fphi) const
    {
        fx = -c * y[2] - c12 * y[3] - y[0] - k12 * y[1];
        fphi = -c12 * y[2] - c * y[3] - k12 * y[0] - y[1];
    }
    std::vector<double> initialState() const { return {x0, phi0, 0.0, 0.0}; }
    static std::vector<std::string> stateNames() { return {"x", "phi", "dx", "dphi"}; }
    /// v_s, omega_s, lambda_s = |(v_s, omega_s)|, friction force Γ and moment Ω.
    static std::vector<std::string> outputNames() { return {"v_s", "omega_s", "lambda_s", "Gamma", "Omega"}; }
};

/// S2 with the regularized I(0,0) (JTAM (4.4)/(4.5)) or I(1,1) law: a smooth, stiff ODE.
class RegularizedDiskOnBelt final : public SmoothSystem {
public:
    RegularizedDiskOnBelt(const DiskOnBeltMechanics& mechanics, contact::RegularizedApproximant law)
        : m_m(mechanics), m_law(std::move(law)) {}

    int dimension() const override { return 4; }
    std::vector<std::string> stateNames() const override { return DiskOnBeltMechanics::stateNames(); }
    std::vector<std::string> outputNames() const override { return DiskOnBeltMechanics::outputNames(); }
    std::vector<double> initialState() const override { return m_m.initialState(); }
    void rhs(double t, const double* y, double* dydt) const override;
    void jacobian(double t, const double* y, double* dfdy, double* dfdt) const override;
    void outputs(double t, const double* y, double* out) const override;

private:
    DiskOnBeltMechanics m_m;
    contact::RegularizedApproximant m_law;
};

} // namespace fl
