#include "io/csv_writer.h"
#include "io/csv_number.h"
#include "friction/friction_law.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace fl {
namespace {

/// The '#' metadata lines and the header row (with the status line of a failed run if asked).
void writeHead(std::ostream& out, const Scenario& scenario, const RunResult& result, bool withStatus)
{
    const MethodInfo& method = methodInfo(scenario.method);
    out << "# FrictionLab run\n";
    out << "# system: " << scenario.systemId << " (" << findSystem(scenario.systemId)->name << ")\n";
    const FrictionLawInfo* law = findLaw(findSystem(scenario.systemId)->lawFamily, scenario.lawId);
    out << "# law: " << scenario.lawId << " (" << law->name << (law->custom ? ": " + law->formula : std::string()) << ")\n";
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
    if (withStatus && !result.status.ok())
        out << "# status: " << result.status.message() << "\n";

    const bool withMode = !result.mode.empty();
    out << "t";
    for (const std::string& name : result.stateNames)
        out << "," << name;
    for (const std::string& name : result.outputNames)
        out << "," << name;
    out << (withMode ? ",mode" : "") << "\n";
}

/// Writes the shortest round-trip text of value at p (room for 24 characters), returns its end.
char* putNumber(char* p, double value) { return std::to_chars(p, p + 32, value).ptr; }

/// The rows, appended to text. Each row is formatted in place in a buffer sized for the widest
/// possible row (no call per number, one append per row); a row's numbers are ready in the
/// RunResult's row-major arrays.
void appendRows(std::string& block, const RunResult& result)
{
    const bool withMode = !result.mode.empty();
    const size_t dimension = static_cast<size_t>(result.dimension()), outputs = result.outputNames.size();
    block.reserve(block.size() + result.size() * (1 + dimension + outputs) * 20 + 64);
    std::vector<char> row((1 + dimension + outputs) * 33 + 16);
    for (size_t i = 0; i < result.size(); ++i) {
        char* p = putNumber(row.data(), result.t[i]);
        const double* states = result.states.data() + i * dimension;
        for (size_t j = 0; j < dimension; ++j) {
            *p++ = ',';
            p = putNumber(p, states[j]);
        }
        const double* out = result.outputs.data() + i * outputs;
        for (size_t k = 0; k < outputs; ++k) {
            *p++ = ',';
            p = putNumber(p, out[k]);
        }
        if (withMode) {
            const char* mode = result.mode[i] == ContactMode::Stick ? ",stick" : ",slip";
            for (; *mode; ++mode)
                *p++ = *mode;
        }
        *p++ = '\n';
        block.append(row.data(), p);
    }
}

} // namespace

std::string runCsvText(const Scenario& scenario, const RunResult& result)
{
    std::ostringstream head;
    writeHead(head, scenario, result, true);
    std::string text = head.str();
    appendRows(text, result);
    return text;
}

std::string runCsvHead(const Scenario& scenario, const RunResult& firstBlock)
{
    std::ostringstream head;
    writeHead(head, scenario, firstBlock, false);
    return head.str();
}

void appendRunCsvRows(std::string& text, const RunResult& block) { appendRows(text, block); }

std::string runCsvStatusLine(const RunResult& result)
{
    return result.status.ok() ? std::string() : "# status: " + result.status.message() + "\n";
}

void writeRunCsv(std::ostream& out, const Scenario& scenario, const RunResult& result)
{
    const std::string text = runCsvText(scenario, result);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

std::string eventsCsvHead(const std::vector<std::string>& contacts) { return contacts.empty() ? "t,event\n" : "t,event,contact\n"; }

void appendEventsCsvRows(std::string& text, const RunResult& block, const std::vector<std::string>& contacts)
{
    // Several contacts: which one switched (a graze's row leaves it empty).
    const bool named = !contacts.empty();
    // The switches and the grazes in time order; a graze into stick comes before its switch.
    size_t g = 0;
    auto grazesUpTo = [&](double t) {
        for (; g < block.grazes.size() && block.grazes[g].t <= t; ++g) {
            appendCsvNumber(text, block.grazes[g].t);
            text += named ? ",graze,\n" : ",graze\n";
        }
    };
    for (const ModeSwitch& s : block.switches) {
        grazesUpTo(s.t);
        appendCsvNumber(text, s.t);
        text += ',';
        text += modeName(s.entered);
        if (named) {
            text += ',';
            if (s.contact >= 0 && static_cast<size_t>(s.contact) < contacts.size())
                text += contacts[static_cast<size_t>(s.contact)];
        }
        text += '\n';
    }
    grazesUpTo(std::numeric_limits<double>::infinity());
}

void writeEventsCsv(std::ostream& out, const RunResult& result)
{
    std::string text = eventsCsvHead(result.contactNames);
    appendEventsCsvRows(text, result, result.contactNames);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

} // namespace fl
