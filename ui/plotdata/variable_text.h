#pragma once
// How the application names a column of a run: the system's display label and unit
// (SystemInfo::variables), never the column id that the CSV files and the command line use.
#include <QString>

#include <string>
#include <vector>

namespace fl::ui {

/// "label [unit]" of a column id of a system, e.g. "φ′ [rad/s]" for the pendulum's "dphi" and
/// "x′" for the belt's "v" (no unit: nondimensional); the id itself if the system does not name it.
QString variableText(const std::string& systemId, const std::string& id);
/// The label alone, e.g. "φ′", for inline text that states no unit (e.g. "X_C′ = 0, downward").
QString variableLabel(const std::string& systemId, const std::string& id);
/// variableLabel of each id, in order (UTF-8).
std::vector<std::string> variableLabels(const std::string& systemId, const std::vector<std::string>& ids);

} // namespace fl::ui
