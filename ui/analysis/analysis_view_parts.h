#pragma once
// Pieces the analysis views (eps study, method comparison, law lab, slip events) share: the toolbar's
// "Log scale" box, the red message line, and the log/linear value axis of a difference plot. Their
// exports are declared (AnalysisView::exportItems) and done by widgets/view_exporter.h.
#include <QString>

#include <functional>

class QCheckBox;
class QCPAxis;
class QLabel;
class QScrollArea;
class QWidget;

namespace fl::ui {

/// "Log scale" box for the difference plot, set to checked before onToggled is connected (so it
/// is not called for the initial state).
QCheckBox* makeLogScaleBox(QWidget* parent, bool checked, std::function<void(bool on)> onToggled);

/// A view's message line: word-wrapped, red, hidden until there is a message.
QLabel* makeMessageLabel(QWidget* parent, const QString& objectName);

/// A setup column beside a view's plots: `panel` in a vertical scroll area (a child of `view`) as
/// wide as the panel asks, at most 40 % of the window (the plots keep the rest at 300 %), measured
/// again whenever the type size or the view's width changes (measured once, a column sized at 100 %
/// cut its fields off at 200 %).
QScrollArea* makeSetupColumn(QWidget* view, QWidget* panel);

/// Switches a value axis between logarithmic (ticks at decades, numbers as 1e-3) and linear
/// (numbers as %g with 6 digits).
void setLogValueAxis(QCPAxis* axis, bool log);

} // namespace fl::ui
