#pragma once
// Every parameter is described once, as data (docs/architecture.md idea 3): the GUI panel, the CLI,
// validation and CSV headers all read this table.
#include <string>
#include <vector>

namespace fl {

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
};

using ParameterSpecs = std::vector<ParameterSpec>;

/// Text "[min, max]" with compact number formatting, for error messages and tooltips.
std::string rangeText(const ParameterSpec& spec);
/// Shortest round-trip decimal text of a double ("%.17g" trimmed to what is needed).
std::string formatNumber(double value);

} // namespace fl
