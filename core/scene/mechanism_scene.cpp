#include "scene/mechanism_scene.h"
#include "systems/system_registry.h"

namespace fl {

MechanismScene drawMechanism(const Scenario& scenario, const MechanismFrame& frame)
{
    const SystemInfo* system = findSystem(scenario.systemId);
    if (!system || !system->mechanism || !frame.y)
        return {};
    return system->mechanism(scenario, frame);
}

} // namespace fl
