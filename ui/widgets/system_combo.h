#pragma once
// The System box of the panels that choose a mechanical system (the Simulation tab's parameter
// panel, the Bifurcation tab's case): the built-in systems, then the models the user opened.
#include "systems/system_registry.h"

class QComboBox;

namespace fl::ui {

/// The built-in systems, by name with their id as the item data.
void fillSystemCombo(QComboBox* combo);
/// A model opened by the user joins the list after the built-in systems (behind a separator), once,
/// for the session; a built-in system is there already.
void addSystemEntry(QComboBox* combo, const fl::SystemInfo& system);

} // namespace fl::ui
