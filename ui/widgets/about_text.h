#pragma once
#include "scenario/scenario.h"

#include <QString>

namespace fl::ui {

/// Rich text for Help > About: the model equations, every friction law, regularization and
/// method, read from the core's tables; the current scenario's entries are marked.
QString aboutHtml(const fl::Scenario& current);

} // namespace fl::ui
