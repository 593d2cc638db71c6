#pragma once
#include "solvers/integration_settings.h"
#include "solvers/run_result.h"
#include "solvers/smooth_friction.h"
#include "systems/contact_system.h"

namespace fl {

/// Regularized run with the explicit Dormand-Prince 5(4) dense-output stepper of odeint.
RunResult runExplicit(const ContactSystem& system, const SmoothFriction& friction, const IntegrationSettings& settings);
/// Regularized run with odeint's Rosenbrock4 (stiff, L-stable, order 4; analytic Jacobian from
/// ContactSystem::jacobian and SmoothFriction::slope) with dense output.
RunResult runImplicit(const ContactSystem& system, const SmoothFriction& friction, const IntegrationSettings& settings);

} // namespace fl
