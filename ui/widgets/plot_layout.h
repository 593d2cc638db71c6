#pragma once
// The plot layout shared by every FrictionLab plot: a bold title row and, under it, the legend in
// a row of its own, laid out horizontally and centred.
class QCustomPlot;
class QCPTextElement;
class QString;

namespace fl::ui {

/// Inserts the title (created from `title` when `element` is null) and the legend row at the top of
/// the plot's layout; returns the title element.
QCPTextElement* addTitleAndLegendRows(QCustomPlot* plot, const QString& title, QCPTextElement* element = nullptr);

} // namespace fl::ui
