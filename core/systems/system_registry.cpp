#include "systems/system_registry.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <utility>

namespace fl {

const std::vector<SystemInfo>& systems()
{
    static const std::vector<SystemInfo> list = {beltSystemInfo(), diskSystemInfo(), pendulumSystemInfo(), absorberSystemInfo(), absSystemInfo(),
                                                  bkChainSystemInfo(), brakeSystemInfo()};
    return list;
}

const SystemInfo* findSystem(std::string_view id)
{
    for (const SystemInfo& info : systems())
        if (info.id == id)
            return &info;
    return findModelSystem(id);
}

MechanismScene drawMechanism(const Scenario& scenario, const MechanismFrame& frame)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    if (!system || !system->mechanism || !frame.y)
        return {};
    return system->mechanism(scenario, frame);
}

std::vector<const FrictionLawInfo*> lawsOf(const SystemInfo& system)
{
    std::vector<const FrictionLawInfo*> laws;
    for (const FrictionLawInfo& law : lawsOf(system.lawFamily))
        if (system.laws.empty() || std::find(system.laws.begin(), system.laws.end(), law.id) != system.laws.end())
            laws.push_back(&law);
    for (const std::string& id : system.laws) // a model file's own laws (law = custom) are in no family's list
        if (const FrictionLawInfo* law = findLaw(system.lawFamily, id); law && law->custom)
            laws.push_back(law);
    return laws;
}

const Preset* findPreset(std::string_view presetId, const SystemInfo** system)
{
    for (const SystemInfo& info : systems())
        for (const Preset& preset : info.presets)
            if (preset.id == presetId) {
                if (system)
                    *system = &info;
                return &preset;
            }
    return nullptr;
}

const VariableLabel* findVariableLabel(std::string_view systemId, std::string_view id)
{
    const SystemInfo* system = findSystem(systemId);
    if (!system)
        return nullptr;
    for (const VariableLabel& variable : system->variables)
        if (variable.id == id)
            return &variable;
    // The internal states of the laws with memory the system takes (z, mu, theta, ...).
    static const std::vector<VariableLabel> lawStates = [] {
        std::vector<VariableLabel> labels;
        for (const FrictionLawInfo& law : frictionLaws())
            for (const LawStateSpec& state : law.states)
                labels.push_back({state.id, state.label, state.unit});
        return labels;
    }();
    if (system->lawFamily == LawFamily::OneDimensional)
        for (const VariableLabel& variable : lawStates)
            if (variable.id == id)
                return &variable;
    return nullptr;
}

SweepSpec defaultSweep(const Scenario& scenario)
{
    SweepSpec spec;
    spec.variable = 0;
    const SystemInfo* system = findSystem(scenario.systemId);
    if (!system || !system->defaultSection)
        return spec;
    const PoincareSection section = system->defaultSection(scenario);
    if (section.isStroboscopic()) {
        spec.observable = SweepObservable::Stroboscopic;
        spec.period = section.period();
        spec.periodText = system->sectionText;
        return spec;
    }
    spec.observable = SweepObservable::Hyperplane;
    if (!system->sectionText.empty()) { // a model's plane (of several variables, or moving with the values)
        spec.sectionPlane = system->sectionText;
        spec.crossingDirection = system->sectionDirection;
        return spec;
    }
    spec.sectionVariable = section.variable();
    spec.level = section.level();
    spec.crossingDirection = section.direction();
    return spec;
}

Status applyPreset(std::string_view presetId, Scenario& scenario)
{
    const SystemInfo* system = nullptr;
    const Preset* preset = findPreset(presetId, &system);
    if (!preset)
        return Status::error("unknown preset '" + std::string(presetId) + "'");
    Scenario next;
    Status status = makeScenario(system->id, preset->lawId, preset->method,
                                 preset->regularization.value_or(scenario.regularization), next);
    for (const auto& [id, value] : preset->values)
        if (status.ok())
            status = next.params.set(id, value);
    if (status.ok())
        status = validate(next);
    if (status.ok())
        scenario = std::move(next);
    return status;
}

Preset teachingPreset(std::string id, std::string title, std::string lawId, std::vector<std::pair<std::string, double>> values,
                      std::string summary, std::string note)
{
    Preset p;
    p.id = std::move(id);
    p.title = std::move(title);
    p.group = "Teaching";
    p.lawId = std::move(lawId);
    p.method = Method::EventDriven;
    p.values = std::move(values);
    p.summary = std::move(summary);
    p.note = std::move(note);
    return p;
}

} // namespace fl
