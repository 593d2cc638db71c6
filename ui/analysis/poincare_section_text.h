#pragma once
// Names the Poincaré section a run recorded, from its points: the label is read off the data it
// produced (what is shown is what was recorded). A plane through several variables cannot be read
// off its points; the run names it itself (RunResult::sectionDefinition), and the view shows that.
#include "solvers/run_result.h"

#include <QString>

#include <string>
#include <vector>

namespace fl::ui {

/// What the section points of a run are: "stroboscopic, T = 6.283" when the section times are
/// whole multiples of one period, "dX_C = 0, downward" when one state variable takes the same
/// value at every point (the direction read off the output samples around each point), or an
/// empty string when fewer than two points do not tell.
QString describeSection(const fl::RunResult& run);
/// The same from section points (row-major, names.size() values per point) and, if given, the
/// output samples (times t, row-major states) that tell the crossing direction.
QString describeSection(const std::vector<std::string>& names, const std::vector<double>& times,
                        const std::vector<double>& states, const std::vector<double>& t = {},
                        const std::vector<double>& samples = {});

} // namespace fl::ui
