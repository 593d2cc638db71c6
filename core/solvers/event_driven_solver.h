#pragma once
#include "friction/friction_law.h"
#include "solvers/integration_settings.h"
#include "solvers/run_result.h"
#include "systems/contact_system.h"

namespace fl {

/// Event-driven run with the set-valued law (ARCHITECTURE.md idea 5, Siconos/Chrono style):
/// - slip in direction d = sgn(v_r): F = -d g(|v_r|), integrated by Dormand-Prince 5(4);
/// - slip -> stick when d v_r reaches 0 and the holding force F_h = -a/b (v_r' = a + b F) satisfies
///   |F_h| <= staticLimit; otherwise the slip reverses direction;
/// - stick (v_r = 0, F = F_h) -> slip when |F_h| reaches staticLimit, in direction -sgn(F_h).
/// Events are located by TOMS 748 root finding on the dense output, to ~1e-14 in time.
RunResult runEventDriven(const ContactSystem& system, const FrictionLaw& law, const IntegrationSettings& settings);

} // namespace fl
