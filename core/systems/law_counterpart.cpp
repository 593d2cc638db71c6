#include "systems/law_counterpart.h"
#include "friction/friction_law.h"
#include "scenario/scenario.h"
#include "systems/system_registry.h"

#include <algorithm>

namespace fl {
namespace {

int sharedParameters(const FrictionLawInfo& a, const FrictionLawInfo& b)
{
    return static_cast<int>(std::count_if(a.specs.begin(), a.specs.end(), [&b](const ParameterSpec& spec) {
        return std::any_of(b.specs.begin(), b.specs.end(), [&spec](const ParameterSpec& other) { return other.id == spec.id; });
    }));
}

} // namespace

std::vector<const FrictionLawInfo*> eventDrivenLaws(const SystemInfo& system)
{
    std::vector<const FrictionLawInfo*> laws;
    if (std::find(system.methods.begin(), system.methods.end(), Method::EventDriven) == system.methods.end())
        return laws;
    for (const FrictionLawInfo* law : lawsOf(system))
        if (law->eventDriven)
            laws.push_back(law);
    return laws;
}

std::string eventDrivenCounterpart(const Scenario& scenario)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    if (!system)
        return {};
    const std::vector<const FrictionLawInfo*> candidates = eventDrivenLaws(*system);
    const FrictionLawInfo* own = findLaw(system->lawFamily, scenario.lawId);
    const FrictionLawInfo* best = nullptr;
    int bestShared = -1;
    for (const FrictionLawInfo* law : candidates)
        if (law == own || (own && law->id == own->counterpart))
            return law->id;
    for (const FrictionLawInfo* law : candidates) {
        const int shared = own ? sharedParameters(*own, *law) : 0;
        if (shared > bestShared) {
            best = law;
            bestShared = shared;
        }
    }
    return best ? best->id : std::string();
}

} // namespace fl
