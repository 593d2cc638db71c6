#include "analysis/analysis_views.h"
#include "analysis/analysis_view.h"
#include "analysis/bifurcation_view.h"
#include "analysis/contact_explorer.h"
#include "analysis/eps_study_view.h"
#include "analysis/law_lab.h"
#include "analysis/lyapunov_panel.h"
#include "analysis/map_view.h"
#include "analysis/method_comparison.h"
#include "analysis/poincare_view.h"
#include "analysis/slip_event_view.h"

#include <functional>
#include <utility>

namespace fl::ui {

QWidget* createAnalysisView(std::string_view id)
{
    static const std::pair<std::string_view, std::function<QWidget*()>> views[] = {
        {"bifurcation", [] { return new BifurcationView; }},
        {"map", [] { return new MapView; }},
        {"compare", [] { return new MethodComparison; }},
        {"contact", [] { return new ContactExplorer; }},
        {"eps-study", [] { return new EpsStudyView; }},
        {"law-lab", [] { return new LawLab; }},
        {"slip-events", [] { return new SlipEventView; }},
        {"poincare", [] { return new PoincareView; }},
        {"lyapunov", [] { return new LyapunovPanel; }},
    };
    for (const auto& [viewId, create] : views)
        if (viewId == id)
            return create();
    return nullptr;
}

AnalysisView* analysisOf(QWidget* widget)
{
    return dynamic_cast<AnalysisView*>(widget);
}

} // namespace fl::ui
