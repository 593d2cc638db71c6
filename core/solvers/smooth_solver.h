#pragma once
#include "solvers/integration_settings.h"
#include "solvers/ode_integrator.h"
#include "solvers/run_result.h"
#include "solvers/smooth_friction.h"
#include "systems/contact_system.h"

namespace fl {

/// Regularized run of a single-contact system: Dormand-Prince 5(4) (explicit) or Rosenbrock4
/// (stiff; analytic Jacobian from ContactSystem::jacobian and SmoothFriction::slope), sampled on
/// the output grid from the dense output.
RunResult runRegularized(const ContactSystem& system, const SmoothFriction& friction, Integrator integrator,
                         const IntegrationSettings& settings);

} // namespace fl
