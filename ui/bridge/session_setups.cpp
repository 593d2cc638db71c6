#include "bridge/session_setups.h"
#include "bridge/setup_json.h"

#include "contract/sweep_analysis.h"

namespace fl::ui {

std::optional<fl::SetupRecord> storedSetup(const SessionState& state, const std::string& id)
{
    const auto found = state.view.setups.find(QString::fromStdString(id));
    if (found == state.view.setups.end())
        return std::nullopt;
    return setupFromJson(found.value());
}

std::optional<fl::SweepSpec> storedSweep(const SessionState& state)
{
    const std::optional<fl::SetupRecord> stored = storedSetup(state, "bifurcation");
    if (!stored)
        return std::nullopt;
    std::vector<std::string> warnings;
    return fl::TypedAnalysis<fl::SweepAnalysis>::readTyped(state.scenario, *stored, std::string(), warnings).spec;
}

void storeSweep(SessionState& state, const fl::SweepSpec& spec)
{
    state.view.setups.insert(QStringLiteral("bifurcation"),
                             setupToJson(fl::SweepAnalysis::write(state.scenario, fl::SweepSetup{spec, 0})));
}

} // namespace fl::ui
