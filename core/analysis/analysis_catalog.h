#pragma once
// Every view of a scenario the application offers, as data: the simulation itself, the analyses in
// tabs and the plots beside the characteristic. One list read by the window (which views it builds,
// where, which apply to the scenario), sessions (the ids of the open tab and of each view's saved
// setup), the help (each view's page) and `frictionlab-cli list` (each with the command computing it).
#include "scenario/scenario.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace fl {

enum class AnalysisPlace {
    Tab,  ///< a main tab
    Side, ///< a tab beside the friction characteristic, under the simulation plots
    Part, ///< a part of another view (`host`), with a setup of its own: the Bifurcation view's continuation
};

struct AnalysisInfo {
    std::string id;        ///< stable: the session's tab id and setup key, e.g. "map"
    std::string title;     ///< the tab's title, e.g. "Map"
    std::string summary;   ///< one line: what it computes
    AnalysisPlace place = AnalysisPlace::Tab;
    std::string helpPage;  ///< the help page (with #anchor), e.g. "map.html"
    std::string command;   ///< the frictionlab-cli command computing it; empty: the GUI only
    /// Whether the view applies to a scenario (its tab is hidden otherwise); empty: every scenario.
    std::function<bool(const Scenario&)> appliesTo;
    std::string host;      ///< AnalysisPlace::Part: the id of the view it is drawn in
};

/// In the window's order: the main tabs (each part after its host), then the side tabs.
const std::vector<AnalysisInfo>& analyses();
const AnalysisInfo* findAnalysis(std::string_view id);
/// Whether the analysis applies to the scenario (true when it names no condition).
bool analysisApplies(const AnalysisInfo& analysis, const Scenario& scenario);

} // namespace fl
