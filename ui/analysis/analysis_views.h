#pragma once
// The widget of each analysis in the core's catalog (analysis/analysis_catalog.h): one line per view
// in analysis_views.cpp. The simulation tab and the friction characteristic belong to the main
// window and have no entry here.
#include <string_view>

class QWidget;

namespace fl::ui {

class AnalysisView;

/// A new view for the catalog id; nullptr for the window's own views (simulation, characteristic).
QWidget* createAnalysisView(std::string_view id);
/// The analysis interface of a widget made by createAnalysisView; nullptr for any other widget.
AnalysisView* analysisOf(QWidget* widget);

} // namespace fl::ui
