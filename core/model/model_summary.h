#pragma once
// What `frictionlab-cli model check` prints of a model that parsed: its coordinates, contacts and
// parameters, one per line, with the expressions as the parser read them (expr/print.h).
#include "model/model_spec.h"

#include <string>

namespace fl::model {

std::string summarize(const Model& model);

} // namespace fl::model
