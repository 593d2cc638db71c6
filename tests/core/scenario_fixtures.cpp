#include "scenario_fixtures.h"

#include "simulation/simulate.h"
#include "systems/system_registry.h"

#include <QtGlobal>

namespace fltest {

fl::Scenario presetScenario(const char* presetId)
{
    fl::Scenario s;
    if (const fl::Status status = fl::applyPreset(presetId, s); !status.ok())
        qFatal("preset %s: %s", presetId, status.message().c_str());
    return s;
}

fl::RunResult simulateOk(const fl::Scenario& s)
{
    fl::RunResult r = fl::simulate(s);
    if (!r.status.ok())
        qFatal("run failed: %s", r.status.message().c_str());
    return r;
}

} // namespace fltest
