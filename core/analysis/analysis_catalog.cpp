#include "analysis/analysis_catalog.h"
#include "analysis/slip_events.h"

namespace fl {

const std::vector<AnalysisInfo>& analyses()
{
    static const std::vector<AnalysisInfo> list = {
        {"simulation", "Simulation", "The run: mechanism, time histories, phase portrait and friction characteristic.",
         AnalysisPlace::Tab, "plots.html", "run", {}, ""},
        {"bifurcation", "Bifurcation", "One parameter swept: section points or maxima after a transient, with continuation.",
         AnalysisPlace::Tab, "bifurcation.html", "sweep", {}, ""},
        {"continuation", "Continuation",
         "Periodic orbits or equilibria continued in one parameter, stable and unstable, with their bifurcations located and named.",
         AnalysisPlace::Part, "continuation.html", "continue", {}, "bifurcation"},
        {"map", "Map", "Two parameters on a grid: amplitude, period, largest Lyapunov exponent, stick fraction or stick phases.",
         AnalysisPlace::Tab, "map.html", "map", {}, ""},
        {"compare", "Compare methods", "The scenario event-driven and regularized, overlaid, with their difference.",
         AnalysisPlace::Tab, "compare-methods.html", "compare", {}, ""},
        {"contact", "Contact explorer", "A plane contact's friction force and moment: integral model and approximants.",
         AnalysisPlace::Tab, "contact-explorer.html", "contact", {}, ""},
        {"eps-study", "ε study", "The regularized run at several widths ε, overlaid, with their differences.",
         AnalysisPlace::Tab, "regularizations.html#epsilon", "", {}, ""},
        {"law-lab", "Law lab", "A law with memory under a prescribed motion: pre-sliding, frictional lag, speed steps.",
         AnalysisPlace::Tab, "laws-memory.html#law-lab", "", {}, ""},
        {"slip-events", "Slip events", "A chain's slip events: space-time map, sizes and their distribution.",
         AnalysisPlace::Tab, "system-bk-chain.html#slip-events", "slip-events", hasSlipEvents, ""},
        {"characteristic", "Friction characteristic", "The friction force against the relative velocity, with the run's path.",
         AnalysisPlace::Side, "plots.html", "", {}, ""},
        {"poincare", "Poincaré section", "The run's section points, filling while it runs.",
         AnalysisPlace::Side, "poincare.html", "", {}, ""},
        {"lyapunov", "Lyapunov", "Lyapunov exponents of the scenario: the largest or the spectrum, converging in time.",
         AnalysisPlace::Side, "lyapunov.html", "lyapunov", {}, ""},
    };
    return list;
}

const AnalysisInfo* findAnalysis(std::string_view id)
{
    for (const AnalysisInfo& analysis : analyses())
        if (analysis.id == id)
            return &analysis;
    return nullptr;
}

bool analysisApplies(const AnalysisInfo& analysis, const Scenario& scenario)
{
    return !analysis.appliesTo || analysis.appliesTo(scenario);
}

} // namespace fl
