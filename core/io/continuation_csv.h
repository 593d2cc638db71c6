#pragma once
// The files of a continuation (frictionlab-cli continue --out/--points, docs/continuation.md): a
// row per orbit of the branch, a row per located point. Column names are a contract with scripts.
#include "analysis/located_curves.h"
#include "analysis/orbit_continuation.h"

#include <string>

namespace fl {

/// "# ..." lines, then: <parameter id>, the state ids (on the section), period, stable (1/0),
/// sequence, mu1_re, mu1_im, ... (multipliers by modulus, largest first).
std::string branchCsv(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch);
/// "# ..." lines, then: type, <parameter id>, the state ids, condition (quoted).
std::string locatedPointsCsv(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch);
/// With a second parameter: type, <parameter id>, <second id>, the state ids, condition; a row per
/// point of each located point's curve (the branch's ends at the second parameter's value), and a
/// '#' line for each curve that stops short of the range, with why.
std::string locatedCurvesCsv(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch, const CurveSetup& curves,
                             const std::vector<LocatedCurve>& followed);

} // namespace fl
