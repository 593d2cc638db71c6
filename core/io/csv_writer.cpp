#include "io/csv_writer.h"
#include "friction/friction_law.h"
#include "systems/system_registry.h"

#include <charconv>
#include <sstream>
#include <string>

namespace fl {
namespace {

/// The shortest text that reads back as the same double (std::to_chars, Ryu-like): about 10x
/// faster than printf's "%.17g" and shorter ("0.1", not "0.10000000000000001").
void appendNumber(std::string& out, double value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr);
}

/// The '#' metadata lines and the header row.
void writeHead(std::ostream& out, const Scenario& scenario, const RunResult& result)
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
}

/// The rows, appended to text.
void appendRows(std::string& block, const RunResult& result)
{
    const bool withMode = !result.mode.empty();
    block.reserve(block.size() + result.size() * (1 + result.dimension() + result.outputNames.size()) * 20 + 64);
    const int outputs = static_cast<int>(result.outputNames.size());
    for (size_t i = 0; i < result.size(); ++i) {
        appendNumber(block, result.t[i]);
        for (int j = 0; j < result.dimension(); ++j) {
            block += ',';
            appendNumber(block, result.state(i, j));
        }
        for (int k = 0; k < outputs; ++k) {
            block += ',';
            appendNumber(block, result.output(i, k));
        }
        if (withMode) {
            block += ',';
            block += modeName(result.mode[i]);
        }
        block += '\n';
    }
}

} // namespace

std::string runCsvText(const Scenario& scenario, const RunResult& result)
{
    std::ostringstream head;
    writeHead(head, scenario, result);
    std::string text = head.str();
    appendRows(text, result);
    return text;
}

void writeRunCsv(std::ostream& out, const Scenario& scenario, const RunResult& result)
{
    const std::string text = runCsvText(scenario, result);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

void writeEventsCsv(std::ostream& out, const RunResult& result)
{
    std::string text = "t,event\n";
    for (const ModeSwitch& s : result.switches) {
        appendNumber(text, s.t);
        text += ',';
        text += modeName(s.entered);
        text += '\n';
    }
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

} // namespace fl
