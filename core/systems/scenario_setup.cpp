#include "systems/scenario_setup.h"
#include "friction/friction_law.h"
#include "systems/model_registry.h"
#include "systems/run_variables.h"
#include "systems/system_registry.h"

#include <algorithm>
#include <cmath>

namespace fl {

namespace {
/// Laws without a set-valued stick branch (the laws with memory) take only the smooth methods.
bool lawTakes(const FrictionLawInfo& law, Method method) { return law.eventDriven || methodInfo(method).smooth; }

Status lawMethodError(const FrictionLawInfo& law, Method method)
{
    return Status::error("law '" + law.id + "' has no set-valued form for the method '" + methodInfo(method).id
                         + "'; use regularized or explicit");
}

/// A law with only its set-valued form (FrictionLawInfo::smoothForm false: the integral model) on a
/// smooth method, e.g. "the integral model has no regularized form: use the event-driven method, or
/// I00/I11" (the system's laws that have one).
Status noSmoothFormError(const SystemInfo& system, const FrictionLawInfo& law)
{
    std::string others;
    for (const FrictionLawInfo* other : lawsOf(system))
        if (other->smoothForm) {
            others += others.empty() ? ", or " : "/";
            others += other->id;
        }
    std::string message = "the ";
    message.append(law.id).append(" model has no regularized form: use the event-driven method").append(others);
    return Status::error(message);
}

ParameterSpecs combinedSpecs(const SystemInfo& system, const FrictionLawInfo& law)
{
    ParameterSpecs specs = system.specs;
    if (!system.ownLaws)
        specs.insert(specs.end(), law.specs.begin(), law.specs.end());
    const ParameterSpecs numerics = numericsSpecs();
    specs.insert(specs.end(), numerics.begin(), numerics.end());
    for (ParameterSpec& spec : specs)
        for (const auto& [id, value] : system.defaults)
            if (spec.id == id)
                spec.defaultValue = value;
    return specs;
}
} // namespace

Status makeScenario(std::string_view systemId, std::string_view lawId, Method method,
                    Regularization regularization, Scenario& out)
{
    const SystemInfo* system = findSystem(systemId);
    if (!system)
        return Status::error("unknown system '" + std::string(systemId) + "'");
    const FrictionLawInfo* law = findLaw(system->lawFamily, lawId);
    if (law && !system->laws.empty() && std::find(system->laws.begin(), system->laws.end(), law->id) == system->laws.end())
        return Status::error("law '" + std::string(lawId) + "' does not apply to system '" + system->id + "'");
    if (!law)
        return Status::error(findAnyLaw(lawId)
                                 ? "law '" + std::string(lawId) + "' does not apply to system '" + system->id + "'"
                                 : "unknown friction law '" + std::string(lawId) + "'");
    if (std::find(system->methods.begin(), system->methods.end(), method) == system->methods.end())
        return Status::error("method '" + methodInfo(method).id + "' is not available for system '" + system->id + "'");
    if (!lawTakes(*law, method))
        return lawMethodError(*law, method);
    out.systemId = system->id;
    out.lawId = law->id;
    out.method = method;
    out.regularization = regularization;
    out.params = ParameterSet(combinedSpecs(*system, *law));
    return Status::success();
}

Scenario defaultScenario()
{
    Scenario scenario;
    makeScenario("belt", "coulomb", Method::EventDriven, Regularization::Kudra, scenario);
    return scenario;
}

Status changeModel(Scenario& scenario, std::string_view systemId, std::string_view lawId)
{
    const SystemInfo* system = findSystem(systemId);
    if (!system)
        return Status::error("unknown system '" + std::string(systemId) + "'");
    // A law or method the new system does not take falls back to its first one.
    const std::vector<const FrictionLawInfo*> laws = lawsOf(*system);
    const bool known = findAnyLaw(lawId) != nullptr;
    if (known && std::none_of(laws.begin(), laws.end(), [&](const FrictionLawInfo* l) { return l->id == lawId; }))
        lawId = laws.front()->id;
    Method method = scenario.method;
    if (std::find(system->methods.begin(), system->methods.end(), method) == system->methods.end())
        method = system->methods.front();
    // A law with memory runs on the stiff integrator when the event-driven method was chosen.
    if (const FrictionLawInfo* law = findLaw(system->lawFamily, lawId); law && !lawTakes(*law, method))
        method = Method::Regularized;
    Scenario next;
    next.stiffIntegrator = scenario.stiffIntegrator;
    Status status = makeScenario(systemId, lawId, method, scenario.regularization, next);
    if (!status.ok())
        return status;
    for (size_t i = 0; i < next.params.specs().size(); ++i) {
        const std::string& id = next.params.specs()[i].id;
        if (scenario.params.has(id))
            next.params.set(id, scenario.params.value(id));
    }
    scenario = std::move(next);
    return Status::success();
}

Status validate(const Scenario& scenario, SampleStorage storage)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    const FrictionLawInfo* law = system ? findLaw(system->lawFamily, scenario.lawId) : nullptr;
    if (!law)
        return Status::error("unknown system or law");
    if (std::find(system->methods.begin(), system->methods.end(), scenario.method) == system->methods.end())
        return Status::error("method '" + methodInfo(scenario.method).id + "' is not available for system '" + system->id + "'");
    if (!lawTakes(*law, scenario.method))
        return lawMethodError(*law, scenario.method);
    Status status = system->ownLaws ? Status::success() : law->validate(scenario.params);
    if (status.ok())
        status = scenario.params.checkKinds(); // whole numbers (the chain's n, seeds, max_steps)
    if (status.ok() && methodInfo(scenario.method).smooth && !law->smoothForm)
        status = noSmoothFormError(*system, *law);
    if (status.ok() && system->validate)
        status = system->validate(scenario);
    if (!status.ok())
        return status;
    // Kudra's law keeps the static peak eta = F_s / g(0) (JTAM 4.2): finite and within its root find.
    if (!system->ownLaws && system->lawFamily == LawFamily::OneDimensional && law->create && scenario.regularization == Regularization::Kudra
        && usesRegularization(scenario)) {
        const std::unique_ptr<FrictionLaw> f = law->create(scenario.params);
        const double g0 = f->slipMagnitude(0.0), eta = g0 > 0.0 ? f->staticLimit() / g0 : 1.0;
        if (!(eta <= kMaxKudraEta))
            return Status::error("Kudra's regularization cannot keep a static peak F_s/g(0) = " + formatNumber(eta) + " (at most "
                                 + formatNumber(kMaxKudraEta) + "): raise the kinetic friction or choose another regularization");
    }
    if (!scenario.initialState.empty()) {
        const size_t n = stateNames(scenario).size();
        if (scenario.initialState.size() != n)
            return Status::error("the state to start from has " + std::to_string(scenario.initialState.size()) + " values; this system and method have "
                                 + std::to_string(n) + " state variables");
        for (double v : scenario.initialState)
            if (!std::isfinite(v) || std::abs(v) > 1e12)
                return Status::error("the state to start from must be finite numbers of at most 1e12 in size");
    }
    const double samples = scenario.params.value("t_end") / scenario.params.value("dt");
    const double maxSamples = storage == SampleStorage::Streamed ? kMaxStreamedOutputSamples : kMaxOutputSamples;
    if (samples > maxSamples) {
        std::string message = "t_end / dt = " + formatNumber(samples) + " output samples; at most " + formatNumber(maxSamples);
        if (storage == SampleStorage::InMemory)
            message += " in memory (raise dt or lower t_end; frictionlab-cli run streams up to " + formatNumber(kMaxStreamedOutputSamples)
                       + " to a file)";
        else
            message += " (raise dt or lower t_end)";
        return Status::error(message);
    }
    if (storage == SampleStorage::InMemory) {
        const double columns = static_cast<double>(stateNames(scenario).size() + system->outputs.size() + 1);
        if (samples * columns > kMaxOutputValues)
            return Status::error("t_end / dt = " + formatNumber(samples) + " output samples of " + formatNumber(columns)
                                 + " columns; at most " + formatNumber(kMaxOutputValues) + " values in memory (at most "
                                 + formatNumber(std::floor(kMaxOutputValues / columns)) + " samples: raise dt or lower t_end)");
    }
    return Status::success();
}

bool usesRegularization(const Scenario& scenario)
{
    if (!methodInfo(scenario.method).smooth)
        return false;
    const SystemInfo* system = findSystem(scenario.systemId);
    const FrictionLawInfo* law = system ? findLaw(system->lawFamily, scenario.lawId) : nullptr;
    return !law || law->regularized;
}

std::string describe(const Scenario& scenario)
{
    // A model by its name, then its id (the hash of its text, which finds it again).
    const model::Model* model = findModel(scenario.systemId);
    // A law written in the file as "custom", then its id (the hash of its content).
    const FrictionLawInfo* law = findFrictionLaw(scenario.lawId);
    const std::string lawText = law && law->custom ? "custom (" + scenario.lawId + ")" : scenario.lawId;
    std::string text = (model ? "\"" + model->name + "\" (" + scenario.systemId + ")" : scenario.systemId) + " / " + lawText + " / "
                       + methodInfo(scenario.method).id;
    if (usesRegularization(scenario))
        text += " (" + regularizationInfo(scenario.regularization).id + ", eps = "
                + formatNumber(scenario.params.value("eps")) + ")";
    if (scenario.method == Method::Regularized && scenario.stiffIntegrator != StiffIntegrator::Bdf)
        text += ", " + stiffIntegratorInfo(scenario.stiffIntegrator).id;
    return text;
}

} // namespace fl
