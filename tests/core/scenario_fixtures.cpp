#include "scenario_fixtures.h"

#include "simulation/simulate.h"
#include "systems/model_registry.h"
#include "systems/scenario_setup.h"
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

fl::Scenario modelScenario(const std::string& text, fl::Method method)
{
    const fl::ModelRegistration r = fl::registerModel(text);
    if (!r.ok())
        qFatal("model: %d:%d: %s", r.error.where.line, r.error.where.column, r.error.reason.c_str());
    fl::Scenario s;
    const fl::Status made = fl::makeScenario(r.system->id, r.system->laws.front(), method, fl::Regularization::Kudra, s);
    if (!made.ok())
        qFatal("%s", made.message().c_str());
    return s;
}

} // namespace fltest
