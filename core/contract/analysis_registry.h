#pragma once
// Every analysis of the contract (contract/analysis_contract.h), one line each in
// analysis_registry.cpp: what `frictionlab-cli session run` recomputes and `session show` lists,
// by the catalog's id (analysis/analysis_catalog.h).
#include "contract/analysis_contract.h"

#include <string_view>
#include <vector>

namespace fl {

/// In the catalog's order.
const std::vector<const AnalysisDefinition*>& analysisDefinitions();
/// Null when the view has no analysis of its own in the contract (it follows the run).
const AnalysisDefinition* findAnalysisDefinition(std::string_view id);

} // namespace fl
