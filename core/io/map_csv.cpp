#include "io/map_csv.h"
#include "params/parameter_spec.h"
#include "simulation/simulate.h"
#include "solvers/poincare_section.h"
#include "systems/scenario_setup.h"

#include <charconv>
#include <cmath>

namespace fl {
namespace {

void appendNumber(std::string& line, double value)
{
    if (std::isnan(value)) {
        line += "nan";
        return;
    }
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    line.append(buffer, result.ptr);
}

} // namespace

std::string describeMapValue(const MapSpec& spec, const std::vector<std::string>& stateNames, const std::string& section)
{
    const std::string points = section.empty() ? "Poincare-section points" : "points of the section " + section + " (at each point's values)";
    switch (spec.observable) {
    case MapObservable::Amplitude:
        return "amplitude of " + stateNames.at(static_cast<size_t>(spec.variable)) + " (half the peak-to-peak range)";
    case MapObservable::Period:
        return "period in " + points + " (0 = at rest, -1 = not periodic up to " + std::to_string(spec.maxPeriod)
               + ", -2 = too few section points to decide; tolerance " + formatNumber(spec.periodTolerance) + ")";
    case MapObservable::Lyapunov:
        return "largest Lyapunov exponent (1/time unit; re-orthonormalised every " + formatNumber(spec.lyapunovInterval) + ")";
    case MapObservable::StickFraction:
        return "fraction of the recording time in stick (event-driven) or near-stick (smooth methods)";
    case MapObservable::StickPhases:
        return "stick phases per period of the attractor, periods in " + points + " (0 = at rest, -1 = not periodic up to " + std::to_string(spec.maxPeriod)
               + ", -2 = too few section points to decide)";
    }
    return {};
}

void writeMapCsv(std::ostream& out, const Scenario& scenario, const MapSpec& spec, const std::vector<std::string>& stateNames,
                 const std::vector<double>& values)
{
    out << "# FrictionLab two-parameter map\n";
    out << "# scenario: " << describe(scenario) << "\n";
    for (const auto& [name, axis] : {std::pair{"x", &spec.x}, std::pair{"y", &spec.y}})
        out << "# " << name << ": " << axis->parameter << " from " << formatNumber(axis->from) << " to " << formatNumber(axis->to)
            << " in " << axis->steps << " steps\n";
    out << "# value: " << mapObservableId(spec.observable) << ": " << describeMapValue(spec, stateNames, sectionDefinitionText(defaultSection(scenario), stateNames)) << "\n";
    out << "# transient: " << formatNumber(spec.transient) << ", record: " << formatNumber(spec.record)
        << ", every point from the initial state; nan = the point's run failed\n";
    for (size_t k = 0; k < scenario.params.specs().size(); ++k) {
        const std::string& id = scenario.params.specs()[k].id;
        if (id != spec.x.parameter && id != spec.y.parameter)
            out << "# " << id << " = " << formatNumber(scenario.params.values()[k]) << "\n";
    }
    out << "x,y,value\n";
    std::string line;
    for (int j = 0; j < spec.y.steps; ++j) {
        for (int i = 0; i < spec.x.steps; ++i) {
            line.clear();
            appendNumber(line, spec.x.value(i));
            line += ',';
            appendNumber(line, spec.y.value(j));
            line += ',';
            appendNumber(line, values[static_cast<size_t>(j) * static_cast<size_t>(spec.x.steps) + static_cast<size_t>(i)]);
            line += '\n';
            out << line;
        }
    }
}

} // namespace fl
