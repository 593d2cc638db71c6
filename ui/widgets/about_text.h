#pragma once
#include "scenario/scenario.h"

#include <QString>

namespace fl::ui {

/// Rich text for Help > About: the systems, friction laws, regularizations and methods by name,
/// read from the core's tables (the current scenario's in bold), and a pointer to the help (F1),
/// which carries the equations.
QString aboutHtml(const fl::Scenario& current);

} // namespace fl::ui
