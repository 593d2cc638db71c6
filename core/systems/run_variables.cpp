#include "systems/run_variables.h"
#include "friction/friction_law.h"
#include "scenario/scenario.h"
#include "systems/system_registry.h"

namespace fl {

std::vector<std::pair<std::string, std::string>> phasePlanes(const Scenario& scenario)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    if (!system)
        return {};
    std::vector<std::pair<std::string, std::string>> planes = system->plots.phasePortraits;
    const FrictionLawInfo* law = findLaw(system->lawFamily, scenario.lawId);
    const std::string& speed = system->plots.characteristic.first; // v_r of a 1-D contact
    if (law && !speed.empty() && !system->ownLaws) // (several contacts: each law's states are named by its contact)
        for (const LawStateSpec& state : law->states) // per-body states (S5): block 1's, as v_r is
            planes.emplace_back(speed, system->statesWithLaw ? state.id + "_1" : state.id);
    return planes;
}

std::vector<std::string> stateNames(const Scenario& scenario)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    const FrictionLawInfo* law = system ? findLaw(system->lawFamily, scenario.lawId) : nullptr;
    if (!law)
        return {};
    if (system->statesWithLaw && law->hasMemory()) {
        std::vector<std::string> lawStates;
        for (const LawStateSpec& state : law->states)
            lawStates.push_back(state.id);
        return system->statesWithLaw(scenario.params, lawStates);
    }
    std::vector<std::string> names = system->statesOf ? system->statesOf(scenario.params) : system->states;
    if (!system->ownLaws) // a model with several contacts lists its laws' states itself
        for (const LawStateSpec& state : law->states)
            names.push_back(state.id);
    return names;
}

std::vector<std::string> outputNames(const Scenario& scenario)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    return system ? system->outputs : std::vector<std::string>{};
}

} // namespace fl
