#include "contract/poincare_analysis.h"
#include "common/number_text.h"
#include "simulation/simulate.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"
#include "systems/system_registry.h"

#include <algorithm>

namespace fl {

namespace {

int indexOf(const std::vector<std::string>& names, const std::string& name)
{
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

} // namespace

PoincareSetup PoincareAnalysis::defaults(const Scenario& scenario)
{
    PoincareSetup setup;
    if (!validate(scenario).ok())
        return setup;
    const std::vector<std::string> names = stateNames(scenario);
    if (names.empty())
        return setup;
    setup.horizontal = names[0];
    setup.vertical = names[names.size() > 1 ? 1 : 0];
    if (const SystemInfo* system = findSystem(scenario.systemId))
        for (const auto& [first, second] : system->plots.phasePortraits)
            if (indexOf(names, first) >= 0 && indexOf(names, second) >= 0) {
                setup.horizontal = first;
                setup.vertical = second;
                break;
            }
    return setup;
}

SetupRecord PoincareAnalysis::write(const Scenario&, const Setup& setup)
{
    SetupRecord record;
    record.text("horizontal", setup.horizontal)
        .text("vertical", setup.vertical)
        .flag("wrapHorizontal", setup.wrapHorizontal)
        .flag("wrapVertical", setup.wrapVertical);
    return record;
}

void PoincareAnalysis::read(SetupRecordReader& reader, const Scenario&, Setup& setup)
{
    reader.text("horizontal", setup.horizontal);
    reader.text("vertical", setup.vertical);
    reader.flag("wrapHorizontal", setup.wrapHorizontal);
    reader.flag("wrapVertical", setup.wrapVertical);
}

SetupProblem PoincareAnalysis::check(const Scenario& scenario, const Setup& setup)
{
    if (!validate(scenario).ok())
        return SetupProblem::none(); // the scenario's own message comes from run()
    const std::vector<std::string> names = stateNames(scenario);
    for (const auto& [field, name] : {std::pair<const char*, const std::string&>{"horizontal", setup.horizontal},
                                      std::pair<const char*, const std::string&>{"vertical", setup.vertical}})
        if (indexOf(names, name) < 0)
            return SetupProblem::at(field, "'" + name + "' is not a state variable (" + joinWords(names) + ")");
    return SetupProblem::none();
}

RunResult PoincareAnalysis::run(const Scenario& scenario, const Setup&, const AnalysisContext& context)
{
    RunOptions options;
    options.cancel = context.cancel;
    options.section = defaultSection(scenario);
    const double tEnd = scenario.params.value("t_end");
    options.progress = [&context, tEnd](const RunResult& partial, size_t, size_t) {
        if (!partial.t.empty() && tEnd > 0.0)
            context.report(std::min(1.0, partial.t.back() / tEnd));
    };
    RunResult result = simulate(scenario, options);
    if (result.status.ok())
        context.report(1.0);
    return result;
}

std::string PoincareAnalysis::poincarePointsCsv(const std::vector<std::string>& names, const std::vector<double>& times,
                                                const std::vector<double>& states)
{
    std::string csv = "t";
    for (const std::string& name : names) {
        csv += ',';
        csv += name;
    }
    csv += '\n';
    const size_t n = names.size();
    for (size_t i = 0; i < times.size() && (i + 1) * n <= states.size(); ++i) {
        csv += formatNumber(times[i]);
        for (size_t k = 0; k < n; ++k) {
            csv += ',';
            csv += formatNumber(states[i * n + k]);
        }
        csv += '\n';
    }
    return csv;
}

} // namespace fl
