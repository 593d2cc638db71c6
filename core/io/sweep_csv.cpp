#include "io/sweep_csv.h"
#include "params/parameter_spec.h"
#include "systems/scenario_setup.h"

#include <cstdio>

namespace fl {

std::string describeObservable(const SweepSpec& spec, const std::vector<std::string>& names)
{
    const std::string& value = names.at(static_cast<size_t>(spec.variable));
    switch (spec.observable) {
    case SweepObservable::Maxima:
        return "maxima of " + value;
    case SweepObservable::Stroboscopic:
        return "stroboscopic section (period " + (spec.periodText.empty() ? formatNumber(spec.period) : spec.periodText) + "): " + value;
    case SweepObservable::Hyperplane:
        return "section " + (spec.sectionPlane.empty() ? names.at(static_cast<size_t>(spec.sectionVariable)) : spec.sectionPlane) + " = " + formatNumber(spec.level)
               + (spec.crossingDirection > 0 ? " (up)" : spec.crossingDirection < 0 ? " (down)" : " (both)") + ": " + value;
    }
    return value;
}

void writeSweepCsv(std::ostream& out, const Scenario& scenario, const SweepSpec& spec,
                   const std::vector<std::string>& stateNames, const std::vector<SweepColumn>& columns)
{
    out << "# FrictionLab bifurcation sweep\n";
    out << "# scenario: " << describe(scenario) << "\n";
    out << "# param: " << spec.parameter << " from " << formatNumber(spec.from) << " to " << formatNumber(spec.to) << " in "
        << spec.steps << " steps\n";
    out << "# value: " << describeObservable(spec, stateNames) << "\n";
    out << "# transient: " << formatNumber(spec.transient) << ", samples: " << spec.samples
        << ", start: " << (spec.continuation ? "continuation" : "fixed initial state") << "\n";
    for (size_t i = 0; i < scenario.params.specs().size(); ++i)
        if (scenario.params.specs()[i].id != spec.parameter)
            out << "# " << scenario.params.specs()[i].id << " = " << formatNumber(scenario.params.values()[i]) << "\n";
    out << "param,sample,value,branch\n";
    char buffer[64];
    for (const SweepColumn& column : columns) {
        for (size_t k = 0; k < column.values.size(); ++k) {
            std::snprintf(buffer, sizeof buffer, "%.17g,%d,%.17g,", column.parameter, column.settled ? -1 : static_cast<int>(k),
                          column.values[k]);
            out << buffer << (column.branch == 0 ? "up" : "down") << "\n";
        }
    }
}

} // namespace fl
