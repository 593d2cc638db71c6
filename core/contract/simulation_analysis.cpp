#include "contract/simulation_analysis.h"
#include "contract/poincare_analysis.h"
#include "io/csv_writer.h"

#include <sstream>

namespace fl {

RunResult SimulationAnalysis::run(const Scenario& scenario, const Setup&, const AnalysisContext& context)
{
    return PoincareAnalysis::run(scenario, PoincareSetup{}, context); // the same run, section and all
}

std::vector<CsvFile> SimulationAnalysis::csvFiles(const Scenario& scenario, const Setup&, const Result& result)
{
    std::vector<CsvFile> files{{"run", runCsvText(scenario, result)}};
    if (!result.mode.empty()) {
        std::ostringstream events;
        writeEventsCsv(events, result);
        files.push_back({"events", events.str()});
    }
    return files;
}

} // namespace fl
