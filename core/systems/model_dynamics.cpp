#include "systems/model_dynamics.h"

#include "friction/custom_law.h"
#include "params/parameter_set.h"
#include "solvers/contact_dynamics.h"
#include "solvers/forwarding_dynamics.h"
#include "systems/model_contact_system.h"

#include <algorithm>
#include <numbers>

namespace fl {

namespace {

/// A single-contact model's dynamics (the generic contact dynamics, columns v_r and F) with the
/// model's outputs after its own, and the model's reason when a run fails on a non-finite value.
class WithModelOutputs final : public ForwardingDynamics {
public:
    WithModelOutputs(std::unique_ptr<Dynamics> inner, std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values,
                     std::shared_ptr<ModelFailure> failure)
        : ForwardingDynamics(std::move(inner)), m_eq(std::move(compiled), values), m_innerOutputs(static_cast<int>(this->inner().outputNames().size())),
          m_failure(std::move(failure))
    {
        m_eq.reportFailuresTo(m_failure);
    }

    std::vector<std::string> outputNames() const override
    {
        std::vector<std::string> names = inner().outputNames();
        for (const model::Output& o : m_eq.compiled().model.outputs)
            names.push_back(o.id);
        return names;
    }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer, IntegrationStats& stats) const override
    {
        FiniteModelObserver guarded(observer, m_eq, *m_failure);
        return explainFailure(inner().integrate(y, t, tEnd, guarded, stats), *m_failure);
    }
    void outputs(double t, const double* y, int mode, double* out) const override
    {
        inner().outputs(t, y, mode, out);
        m_eq.load(t, y);
        m_eq.outputs(out + m_innerOutputs);
    }
    Status integrateVariational(std::vector<double>& y, double& t, double tEnd, std::vector<double>& phi, int k,
                                IntegrationStats& stats) const override
    {
        m_failure->what.clear();
        m_failure->confirmed = false;
        return explainFailure(inner().integrateVariational(y, t, tEnd, phi, k, stats), *m_failure);
    }

private:
    mutable ModelEquations m_eq;
    int m_innerOutputs;
    std::shared_ptr<ModelFailure> m_failure;
};

} // namespace

ParameterSet contactLawValues(const model::Contact& contact, const FrictionLawInfo& law, const ParameterSet& values)
{
    ParameterSet own(law.specs);
    for (size_t i = 0; i < law.specs.size() && i < contact.lawParameterIds.size(); ++i)
        own.set(law.specs[i].id, values.value(contact.lawParameterIds[i]));
    return own;
}

std::unique_ptr<Dynamics> makeModelDynamics(std::shared_ptr<const CompiledModel> compiled, const Scenario& scenario,
                                            const IntegrationSettings& given)
{
    const ParameterSet& values = scenario.params;
    // At least 20 steps per period of the model's fastest explicit forcing, the rule of the built-in
    // systems' forcing (dynamics_factory.cpp): a multistep method (BDF) samples the right-hand side
    // only at its steps and can otherwise step over a feature the forcing drives between two of them.
    IntegrationSettings settings = given;
    if (const double w = modelForcingFrequency(*compiled, values); w > 0.0)
        settings.maxStep = std::min(settings.maxStep, 2.0 * std::numbers::pi / w / 20.0);
    if (compiled->contacts() == 1) {
        auto failure = std::make_shared<ModelFailure>();
        auto system = std::make_unique<ModelContactSystem>(compiled, values, failure);
        std::unique_ptr<Dynamics> inner;
        const model::Contact& contact = compiled->model.contacts.front();
        if (scenario.lawId == contact.lawId && !contact.lawStates.empty()) { // the file's law reads states: bound to the system's
            const FrictionLawInfo* info = findFrictionLaw(scenario.lawId);
            std::unique_ptr<FrictionLaw> law = info->create(contactLawValues(contact, *info, values));
            system->closeWith(*law);
            inner = makeContactDynamics(std::move(system), scenario, settings, std::move(law));
        } else {
            inner = makeContactDynamics(std::move(system), scenario, settings);
        }
        return std::make_unique<WithModelOutputs>(std::move(inner), compiled, values, std::move(failure));
    }
    const Integrator integrator =
        scenario.method == Method::Regularized ? settings.stiffIntegrator : IntegrationSettings::kExplicitIntegrator;
    bool memory = false;
    for (const model::Contact& contact : compiled->model.contacts)
        memory = memory || findFrictionLaw(contact.lawId)->hasMemory();
    if (memory)
        return makeMultiContactMemory(std::move(compiled), values, scenario.regularization, values.value("eps"), integrator, settings);
    std::vector<std::unique_ptr<FrictionLaw>> laws;
    for (const model::Contact& contact : compiled->model.contacts) {
        const FrictionLawInfo* law = findFrictionLaw(contact.lawId);
        laws.push_back(law->create(contactLawValues(contact, *law, values)));
    }
    if (scenario.method == Method::EventDriven)
        return makeMultiContactEventDriven(std::move(compiled), values, std::move(laws), settings);
    return makeMultiContactSmooth(std::move(compiled), values, std::move(laws), scenario.regularization, values.value("eps"), integrator,
                                  settings);
}

} // namespace fl
