#pragma once
// A parameter stepped from `from` to `to` (a sweep, a map's axis) takes the values of its kind only:
// a whole-number parameter (max_steps, the chain's n) is stepped through whole values. The check of
// the analyses on the contract (the views' fields, sessions, `session run`), over
// fl::firstValueNotOfKind, which the command line's options use too.
#include "contract/analysis_contract.h"
#include "params/parameter_spec.h"

#include <functional>
#include <string>

namespace fl {

/// The field ("<prefix>from", "<prefix>to" or "<prefix>steps") of the first value not of the
/// parameter's kind, e.g. "max_steps must be a whole number (100 to 1e+09): 4 steps from 100 to
/// 200 give 133.3"; none when every value is.
SetupProblem checkSteppedValues(const ParameterSpec& spec, int steps, const std::function<double(int)>& value,
                                const std::string& prefix = std::string());

} // namespace fl
