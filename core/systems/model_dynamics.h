#pragma once
// The dynamics of a model scenario (systems/model_equations.h) by its method. One contact: the
// model as a ContactSystem with the generic contact dynamics (every method and law). Several
// contacts: their own event-driven method, every contact switching on its own with the holding
// forces of the stuck ones solved together (systems/model_multi_contact.cpp), and the regularized
// and explicit methods with the exact Jacobian. Either way the model's outputs follow the contacts'.
#include "friction/friction_law.h"
#include "scenario/scenario.h"
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"
#include "systems/model_equations.h"

#include <memory>

namespace fl {

std::unique_ptr<Dynamics> makeModelDynamics(std::shared_ptr<const CompiledModel> compiled, const Scenario& scenario,
                                            const IntegrationSettings& settings);
/// The values of contact c's law (under the law's own ids) from a model scenario's values.
ParameterSet contactLawValues(const model::Contact& contact, const FrictionLawInfo& law, const ParameterSet& values);

/// Several contacts (model_multi_contact.cpp): event-driven with static set-valued laws.
std::unique_ptr<Dynamics> makeMultiContactEventDriven(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values,
                                                      std::vector<std::unique_ptr<FrictionLaw>> laws, const IntegrationSettings& settings);
/// Several contacts, regularized static laws on the stiff (Integrator::Bdf, Rosenbrock4) or explicit integrator.
std::unique_ptr<Dynamics> makeMultiContactSmooth(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values,
                                                 std::vector<std::unique_ptr<FrictionLaw>> laws, Regularization regularization,
                                                 double eps, Integrator integrator, const IntegrationSettings& settings);

/// Several contacts, some with laws with memory (model_memory_contacts.cpp): their states after the
/// mechanical ones, on the stiff or explicit integrator with the exact Jacobian.
std::unique_ptr<Dynamics> makeMultiContactMemory(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values,
                                                 Regularization regularization, double eps, Integrator integrator,
                                                 const IntegrationSettings& settings);
/// The state ids of a model with several contacts: q_1, dq_1, ..., then each memory law's states as
/// STATE.CONTACT ("z.left").
std::vector<std::string> modelStateNamesWithLaws(const model::Model& model);

} // namespace fl
