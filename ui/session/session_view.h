#pragma once
// Reads the whole state of the window (scenario, every system's remembered scenario, preset,
// views and their settings, every analysis view's setup, appearance) into a fl::ui::SessionState, and shows such a state
// again: the part of sessions (ui/bridge/session.h) that knows the widgets.
#include "bridge/session.h"

namespace fl::ui {

class MainWindow;
class Workbench;

/// The state on screen.
SessionState captureState(const MainWindow& window);
/// Shows a state: the scenario is loaded as one undoable step named undoText and simulated;
/// the views take their settings (zoom and the playback's start time once the run is on screen).
/// The look (scale, theme, full screen, panel) is applied only with withLook: it belongs to the
/// room, so a lecture's scenes leave it alone unless saved with "keep this look".
/// Returns what a view could not take of its saved setup ("view.setups.map.x.steps: ..."), one line each.
QStringList applyState(MainWindow& window, Workbench& workbench, const SessionState& state, const QString& undoText,
                       bool withLook);
/// Applies the look a state was saved with (scale, theme, full screen, panel).
void applyLook(MainWindow& window, const ViewState& view);

/// Stable ids of the plot layouts in session files ("all", "mechanism-time", ...).
QString plotLayoutId(int layout);
/// The layout of an id; -1 if unknown.
int plotLayoutFromId(const QString& id);

} // namespace fl::ui
