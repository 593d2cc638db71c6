#include "systems/phase_planes.h"
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
    if (law && !speed.empty())
        for (const LawStateSpec& state : law->states)
            planes.emplace_back(speed, state.id);
    return planes;
}

} // namespace fl
