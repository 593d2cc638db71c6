#include "io/csv_writer.h"
#include "friction/friction_law.h"
#include "systems/system_registry.h"

#include <cstdio>

namespace fl {
namespace {

/// Fixed 17 significant digits: round-trips every double.
void writeNumber(std::ostream& out, double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    out << buffer;
}

} // namespace

void writeRunCsv(std::ostream& out, const Scenario& scenario, const RunResult& result)
{
    const MethodInfo& method = methodInfo(scenario.method);
    out << "# FrictionLab run\n";
    out << "# system: " << scenario.systemId << " (" << findSystem(scenario.systemId)->name << ")\n";
    out << "# law: " << scenario.lawId << " (" << findLaw(findSystem(scenario.systemId)->lawFamily, scenario.lawId)->name << ")\n";
    out << "# method: " << method.id << " (" << method.name << ")\n";
    if (usesRegularization(scenario))
        out << "# regularization: " << regularizationInfo(scenario.regularization).id << "\n";
    if (scenario.method == Method::Regularized) {
        const StiffIntegratorInfo& integrator = stiffIntegratorInfo(scenario.stiffIntegrator);
        out << "# integrator: " << integrator.id << " (" << integrator.name << ")\n";
    }
    const ParameterSpecs& specs = scenario.params.specs();
    for (size_t i = 0; i < specs.size(); ++i) {
        out << "# " << specs[i].id << " = " << formatNumber(scenario.params.values()[i]);
        if (specs[i].unit != "–")
            out << " " << specs[i].unit;
        out << "\n";
    }
    if (!result.status.ok())
        out << "# status: " << result.status.message() << "\n";

    const bool withMode = !result.mode.empty();
    out << "t";
    for (const std::string& name : result.stateNames)
        out << "," << name;
    for (const std::string& name : result.outputNames)
        out << "," << name;
    out << (withMode ? ",mode" : "") << "\n";
    for (size_t i = 0; i < result.size(); ++i) {
        writeNumber(out, result.t[i]);
        for (int j = 0; j < result.dimension(); ++j) {
            out << ",";
            writeNumber(out, result.state(i, j));
        }
        for (size_t k = 0; k < result.outputNames.size(); ++k) {
            out << ",";
            writeNumber(out, result.output(i, static_cast<int>(k)));
        }
        if (withMode)
            out << "," << modeName(result.mode[i]);
        out << "\n";
    }
}

void writeEventsCsv(std::ostream& out, const RunResult& result)
{
    out << "t,event\n";
    for (const ModeSwitch& s : result.switches) {
        writeNumber(out, s.t);
        out << "," << modeName(s.entered) << "\n";
    }
}

} // namespace fl
