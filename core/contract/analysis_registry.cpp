#include "contract/analysis_registry.h"
#include "contract/compare_analysis.h"
#include "contract/contact_analysis.h"
#include "contract/continuation_analysis.h"
#include "contract/eps_study_analysis.h"
#include "contract/law_lab_analysis.h"
#include "contract/lyapunov_analysis.h"
#include "contract/map_analysis.h"
#include "contract/poincare_analysis.h"
#include "contract/simulation_analysis.h"
#include "contract/slip_events_analysis.h"
#include "contract/sweep_analysis.h"

namespace fl {

const std::vector<const AnalysisDefinition*>& analysisDefinitions()
{
    // One line per analysis: its catalog id and its traits (docs/architecture.md, "Adding an analysis").
    static const TypedAnalysis<SimulationAnalysis> simulation("simulation");
    static const TypedAnalysis<SweepAnalysis> bifurcation("bifurcation");
    static const TypedAnalysis<ContinuationAnalysis> continuation("continuation");
    static const TypedAnalysis<MapAnalysis> map("map");
    static const TypedAnalysis<CompareAnalysis> compare("compare");
    static const TypedAnalysis<EpsStudyAnalysis> epsStudy("eps-study");
    static const TypedAnalysis<LawLabAnalysis> lawLab("law-lab");
    static const TypedAnalysis<LyapunovAnalysis> lyapunov("lyapunov");
    static const TypedAnalysis<PoincareAnalysis> poincare("poincare");
    static const TypedAnalysis<SlipEventsAnalysis> slipEvents("slip-events");
    static const TypedAnalysis<ContactAnalysis> contact("contact");
    static const std::vector<const AnalysisDefinition*> list = {&simulation, &bifurcation, &continuation, &map,      &compare, &epsStudy,
                                                                &lawLab,     &lyapunov,    &poincare, &contact, &slipEvents};
    return list;
}

const AnalysisDefinition* findAnalysisDefinition(std::string_view id)
{
    for (const AnalysisDefinition* definition : analysisDefinitions())
        if (definition->id() == id)
            return definition;
    return nullptr;
}

} // namespace fl
