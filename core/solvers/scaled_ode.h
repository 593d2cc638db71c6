#pragma once
// A SmoothOde in scaled variables u_i = y_i / s_i, s_i = SmoothOde::stateScale(i): every integrator
// controls its error relative to max(|y_i|, s_i), one tolerance for states of very different sizes
// (a bristle deflection z ~ mu/sigma0 = 1e-5 beside positions of order 1). integrateOde uses it.
#include "solvers/smooth_ode.h"

#include <vector>

namespace fl {

class ScaledOde final : public SmoothOde {
public:
    ScaledOde(const SmoothOde& ode, std::vector<double> scales);
    int dimension() const override { return m_ode.dimension(); }
    void rhs(double t, const double* u, double* dudt) const override;
    void jacobian(double t, const double* u, double* dfdu, double* dfdt) const override;
    int halfBandwidth() const override { return m_ode.halfBandwidth(); }
    bool bandJacobian(double t, const double* u, JacobianSink& sink) const override;

    const std::vector<double>& scales() const { return m_s; }
    /// y = s u (in place from u).
    void toState(const double* u, double* y) const;

private:
    const double* stateOf(const double* u) const;

    const SmoothOde& m_ode;
    std::vector<double> m_s;
    mutable std::vector<double> m_y;
};

/// The scales of ode's states, or empty when all are 1 (no scaling needed).
std::vector<double> stateScales(const SmoothOde& ode);

} // namespace fl
