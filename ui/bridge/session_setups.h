#pragma once
// The setups of the analysis contract (core/contract/) a session state holds, by the catalog's id
// (view.setups.<id>): what `frictionlab-cli session run` recomputes and `session show` lists, and
// what the window restores.
#include "bridge/session.h"
#include "common/setup_record.h"

#include "analysis/bifurcation_sweep.h"

#include <optional>
#include <string>

namespace fl::ui {

/// The setup as stored (not yet read over the scenario's default); nullopt when the state holds none.
std::optional<fl::SetupRecord> storedSetup(const SessionState& state, const std::string& id);

/// The bifurcation view's sweep the state keeps, read over the scenario's default (a field that
/// fails its check keeps the default); nullopt when the state holds no bifurcation setup.
std::optional<fl::SweepSpec> storedSweep(const SessionState& state);
/// Keeps `spec` as the state's bifurcation setup (threads: 0, every core).
void storeSweep(SessionState& state, const fl::SweepSpec& spec);

} // namespace fl::ui
