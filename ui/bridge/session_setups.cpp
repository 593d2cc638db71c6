#include "bridge/session_setups.h"
#include "bridge/setup_json.h"

#include "contract/sweep_analysis.h"

namespace fl::ui {

std::optional<fl::SetupRecord> storedSetup(const SessionState& state, const std::string& id)
{
    if (id == "bifurcation") {
        if (!state.view.sweep)
            return std::nullopt;
        return fl::SweepAnalysis::write(state.scenario, fl::SweepSetup{*state.view.sweep, state.view.sweepThreads});
    }
    const auto found = state.view.setups.find(QString::fromStdString(id));
    if (found == state.view.setups.end())
        return std::nullopt;
    return setupFromJson(found.value());
}

} // namespace fl::ui
