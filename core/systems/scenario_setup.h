#pragma once
// Building and checking a scenario against the catalog of systems and laws (systems/system_registry.h):
// which laws and methods a system takes, its defaults, the relations between values. The scenario
// itself (scenario/scenario.h) is plain data, so that the layers below the systems can use it.
#include "common/status.h"
#include "scenario/scenario.h"

#include <string>
#include <string_view>

namespace fl {

/// A scenario with every parameter at its default; an error for an unknown system or law id.
Status makeScenario(std::string_view systemId, std::string_view lawId, Method method,
                    Regularization regularization, Scenario& out);
/// The default scenario of the application: block on a belt, Coulomb mu_s = 2 > mu_k = 1,
/// event-driven: stick-slip.
Scenario defaultScenario();
/// Switches system or law, keeping the values of parameters whose ids both have.
Status changeModel(Scenario& scenario, std::string_view systemId, std::string_view lawId);
/// Checks relations between values (law constraints, output size); ranges are always valid.
Status validate(const Scenario& scenario, SampleStorage storage = SampleStorage::InMemory);
/// Does the run replace sgn(v_r) by s(v_r/eps): a smooth method with a law that carries a sign
/// (false for laws that are smooth as they stand, such as LuGre: eps and the regularization are unused).
bool usesRegularization(const Scenario& scenario);
/// One-line description, e.g. "belt / coulomb / event" ("..., bdf" when a regularized run uses BDF).
std::string describe(const Scenario& scenario);

} // namespace fl
