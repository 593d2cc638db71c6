#pragma once
// The setups of the analysis contract (core/contract/) a session state holds, by the catalog's id:
// what `frictionlab-cli session run` recomputes and `session show` lists, and what the window
// restores. The bifurcation sweep is the state's view.sweep (with view.sweepThreads); every other
// analysis's is view.setups.<id>.
#include "bridge/session.h"
#include "common/setup_record.h"

#include <optional>
#include <string>

namespace fl::ui {

/// The setup as stored (not yet read over the scenario's default); nullopt when the state holds none.
std::optional<fl::SetupRecord> storedSetup(const SessionState& state, const std::string& id);

} // namespace fl::ui
