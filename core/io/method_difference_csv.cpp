#include "io/method_difference_csv.h"
#include "io/csv_number.h"
#include "params/parameter_spec.h"

namespace fl {

std::string methodDifferenceCsv(const MethodDifference& difference)
{
    std::string out = "# FrictionLab method comparison: event-driven vs regularized\n";
    for (const ComparedRunInfo* run : {&difference.eventRun, &difference.regularizedRun}) {
        if (!run->succeeded())
            continue;
        out += "# ";
        out += run->description;
        out += ": ";
        out += std::to_string(run->steps);
        out += " steps\n"; // not the wall time: the file is the same for the same comparison, in the window and `session run`
    }
    out += "t";
    for (const VariableDifference& v : difference.variables) {
        out += ',';
        out += v.name;
        out += "_event,";
        out += v.name;
        out += "_regularized,abs_d";
        out += v.name;
    }
    out += '\n';
    out.reserve(out.size() + difference.t.size() * (1 + 3 * difference.variables.size()) * 24);
    for (size_t i = 0; i < difference.t.size(); ++i) {
        appendCsvNumber(out, difference.t[i]);
        for (const VariableDifference& v : difference.variables)
            for (double value : {v.eventValues[i], v.regularizedValues[i], v.difference[i]}) {
                out += ',';
                appendCsvNumber(out, value);
            }
        out += '\n';
    }
    return out;
}

} // namespace fl
