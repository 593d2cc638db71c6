#pragma once
// A built-in system written as a model file (docs/model-files.md): `frictionlab-cli model export`.
// The file declares the system's parameters under their built-in ids (so --set works alike), at the
// scenario's values as defaults, its equations as forces, and its contact with the scenario's law
// and law values; run with --model it reproduces the built-in run (tests/core/test_model_export.cpp).
#include "common/status.h"
#include "scenario/scenario.h"

#include <string>

namespace fl {

/// The ids of the systems that export: belt, absorber, bk-chain (at the scenario's n), brake.
bool exportsAsModel(const std::string& systemId);
/// The scenario's system, law and values as a model file's text.
Status exportModel(const Scenario& scenario, std::string& text);

} // namespace fl
