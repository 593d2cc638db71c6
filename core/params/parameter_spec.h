#pragma once
// Every parameter is described once, as data (docs/architecture.md idea 3): the GUI panel, the CLI,
// validation and CSV headers all read this table.
#include "common/number_text.h"
#include "common/status.h"

#include <functional>
#include <string>
#include <vector>

namespace fl {

/// Which values a parameter takes within its range: any real number, only whole numbers (a count
/// such as the chain's blocks n, a seed, a step limit), or 0 and 1 (a switch). Validation
/// (ParameterSet::checkKinds) and the sliders (whole steps) read it, so no site tests ids.
enum class ParameterKind { Real, Integer, Boolean };

/// Metadata of one scalar model parameter.
struct ParameterSpec {
    std::string id;      ///< machine name used by the CLI (--set id=value) and CSV headers
    std::string label;   ///< human name, e.g. "Static friction coefficient"
    std::string symbol;  ///< symbol as in docs/physics.md, e.g. "μ_s"
    std::string unit;    ///< unit; "–" for dimensionless quantities
    std::string help;    ///< one or two sentences: meaning and where it enters the equations
    double defaultValue = 0.0;
    double min = 0.0;    ///< inclusive lower bound
    double max = 1.0;    ///< inclusive upper bound
    bool logScale = false; ///< sliders move on a log scale (tolerances, eps)
    ParameterKind kind = ParameterKind::Real;
};

using ParameterSpecs = std::vector<ParameterSpec>;

/// Text "[min, max]" with compact number formatting, for error messages and tooltips.
std::string rangeText(const ParameterSpec& spec);
/// The kind as the CLI's JSON writes it: "real", "integer", "boolean".
const char* parameterKindId(ParameterKind kind);
/// Error unless value is of the spec's kind (a whole number for Integer, 0 or 1 for Boolean), e.g.
/// "n must be a whole number (1 to 1000)"; the range is checked by ParameterSet::check.
Status checkKind(const ParameterSpec& spec, double value);
/// A parameter stepped through value(0) .. value(steps - 1) (a sweep, a map's axis, a Lyapunov
/// curve): the index of the first value not of its kind (the ends first, then the inner steps),
/// with checkKind's message in `status`; -1 when every value is (always for a Real parameter).
/// The one check of it: the analyses' (contract/) and the command line's wording come from it.
int firstValueNotOfKind(const ParameterSpec& spec, int steps, const std::function<double(int)>& value, Status& status);
// formatNumber (common/number_text.h): shortest round-trip decimal text of a double.

} // namespace fl
