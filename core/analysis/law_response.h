#pragma once
// A friction law with memory driven by a prescribed relative motion x(t) (v_r = x'): the
// tribometer experiment behind pre-sliding curves (force against displacement for small
// reversals), frictional lag (the loop opens as the frequency rises, Hess & Soom) and the
// steady-state and passivity checks. The law's states are integrated together with the work
// W(t) = integral of F_res v_r dt done against friction (F_res = -F, the resisting force), so that
// the energy dissipated over a closed loop is exact to the tolerance.
#include "common/status.h"
#include "friction/state_law.h"
#include "solvers/ode_integrator.h"

#include <atomic>
#include <functional>
#include <vector>

namespace fl {

/// x(t), x'(t) = v_r(t) and x''(t).
struct PrescribedMotion {
    std::function<void(double t, double& x, double& v, double& a)> at;

    /// x = v t.
    static PrescribedMotion constantVelocity(double v);
    /// x = X sin(omega t).
    static PrescribedMotion sinusoid(double amplitude, double omega);
    /// v_r = v0 + dv sin(omega t) (x = v0 t + dv (1 - cos(omega t)) / omega).
    static PrescribedMotion oscillatingVelocity(double v0, double dv, double omega);
};

struct LawResponse {
    std::vector<double> t, x, v, force; ///< force: the resisting force F_res = -F
    std::vector<double> work;           ///< integral of F_res v_r dt from t = 0
    std::vector<std::vector<double>> z; ///< z[k][i]: state k at sample i
    long steps = 0;
    Status status = Status::success();
};

struct LawResponseOptions {
    double tEnd = 10.0;
    double dt = 0.01;   ///< output interval
    double tol = 1e-10; ///< relative and absolute, on z and W
    Integrator integrator = Integrator::Bdf;
    double maxStep = 0.05;
    /// Times where the motion changes sharply (a velocity pulse): the integration restarts there,
    /// with steps of at most 1/50 of each piece, so that no feature is stepped over.
    std::vector<double> breakpoints;
    const std::atomic<bool>* cancel = nullptr;
};

/// Integrates the law's states from its initial state (or from z0 when given) under the motion.
LawResponse lawResponse(const StateFrictionLaw& law, const PrescribedMotion& motion, const LawResponseOptions& options,
                        const std::vector<double>& z0 = {});

} // namespace fl
