#pragma once
// The files of a continuation (frictionlab-cli continue --out/--points, docs/continuation.md): a
// row per orbit of the branch, a row per located point. Column names are a contract with scripts.
#include "analysis/orbit_continuation.h"

#include <string>

namespace fl {

/// "# ..." lines, then: <parameter id>, the state ids (on the section), period, stable (1/0),
/// sequence, mu1_re, mu1_im, ... (multipliers by modulus, largest first).
std::string branchCsv(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch);
/// "# ..." lines, then: type, <parameter id>, the state ids, condition (quoted).
std::string locatedPointsCsv(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch);

} // namespace fl
