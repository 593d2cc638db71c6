#pragma once
#include "solvers/contact_system.h"

namespace fl {

/// S1: block on a moving belt, x'' + 2 zeta x' + x = A cos(w t) + F(v_r), v_r = x' - v_b
/// (docs/physics.md S1; time in units of 1/omega_n, length in units of N/k). State (x, v).
class BeltSystem final : public ContactSystem {
public:
    struct Parameters {
        double zeta = 0.0;  ///< damping ratio
        double beltSpeed = 0.5;
        double amplitude = 0.0;
        double frequency = 1.0;
        double x0 = 0.0;
        double v0 = 0.0;
    };
    explicit BeltSystem(const Parameters& p) : m_p(p) {}

    int dimension() const override { return 2; }
    std::vector<std::string> stateNames() const override { return {"x", "v"}; }
    std::vector<double> initialState() const override { return {m_p.x0, m_p.v0}; }
    void rhs(double t, const double* y, double F, double* dydt) const override;
    double relativeVelocity(double, const double* y) const override { return y[1] - m_p.beltSpeed; }
    void relativeAcceleration(double t, const double* y, double& a, double& b) const override;
    void projectToStick(double, double* y) const override { y[1] = m_p.beltSpeed; }
    void jacobian(double t, const double* y, double F, double dFdvr, double* dfdy, double* dfdt) const override;
    void relativeVelocityGradient(double, const double*, double* dvdy, double& dvdt) const override
    {
        dvdy[0] = 0.0;
        dvdy[1] = 1.0;
        dvdt = 0.0;
    }

private:
    double forcing(double t) const;
    Parameters m_p;
};

} // namespace fl
