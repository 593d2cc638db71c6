#pragma once
// The plot layout shared by every FrictionLab plot: a bold title row and, under it, the legend in
// a row of its own, laid out horizontally and centred.
class QCustomPlot;
class QCPTextElement;
class QString;
class QCPAbstractPlottable;

namespace fl::ui {

/// Inserts the title (created from `title` when `element` is null) and the legend row at the top of
/// the plot's layout; returns the title element.
QCPTextElement* addTitleAndLegendRows(QCustomPlot* plot, const QString& title, QCPTextElement* element = nullptr);

/// Dynamic property of plottables that never get a legend entry (e.g. playback cursors).
inline constexpr char kNoLegend[] = "flNoLegend";

/// Shows or hides a plottable and rebuilds the legend so that entries keep their creation order.
void setPlottableShown(QCustomPlot* plot, QCPAbstractPlottable* item, bool shown);

} // namespace fl::ui
