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

/// An observer between a model's run and its own observer that stops the run at the first accepted
/// step where a value of the model is not finite (a normal force 0/0, a slip coefficient NaN, an
/// output log(-1)): the equations record a non-finite value when they compute it (ModelFailure);
/// at the next accepted step it is checked at that step's state, and either confirmed (the run
/// stops there with the model's reason, explainFailure) or forgotten (a trial step the integrator
/// threw away went outside the model's domain). Costs nothing while every value is finite.
class FiniteModelObserver final : public DynamicsObserver {
public:
    FiniteModelObserver(DynamicsObserver& inner, ModelEquations& check, ModelFailure& failure)
        : m_inner(inner), m_check(check), m_failure(failure)
    {
        m_failure.what.clear();
        m_failure.confirmed = false;
    }
    bool onStep(const StepView& step, int mode) override
    {
        if (!m_failure.what.empty()) {
            ModelFailure first = m_failure; // where the trouble started (a trial state at or before t1)
            m_failure.what.clear();
            if (!m_check.finiteAt(step.t1, step.y1)) {
                m_failure = std::move(first);
                m_failure.confirmed = true;
                return false;
            }
            m_failure.what.clear();
        }
        return m_inner.onStep(step, mode);
    }
    void onSwitch(double t, ContactMode entered, int contact) override { m_inner.onSwitch(t, entered, contact); }
    void onGraze(double t, ContactMode mode) override { m_inner.onGraze(t, mode); }

private:
    DynamicsObserver& m_inner;
    ModelEquations& m_check;
    ModelFailure& m_failure;
};

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
