#include "contract/stepped_values.h"

#include <algorithm>

namespace fl {

SetupProblem checkSteppedValues(const ParameterSpec& spec, int steps, const std::function<double(int)>& value, const std::string& prefix)
{
    Status status = Status::success();
    const int k = firstValueNotOfKind(spec, steps, value, status);
    if (k < 0)
        return SetupProblem::none();
    const int last = std::max(steps, 1) - 1;
    if (k == 0)
        return SetupProblem::at(prefix + "from", status.message() + ": from is " + formatNumber(value(0)));
    if (k == last)
        return SetupProblem::at(prefix + "to", status.message() + ": to is " + formatNumber(value(last)));
    return SetupProblem::at(prefix + "steps", status.message() + ": " + std::to_string(steps) + " steps from " + formatNumber(value(0))
                                                  + " to " + formatNumber(value(last)) + " give " + formatNumber(value(k)));
}

} // namespace fl
