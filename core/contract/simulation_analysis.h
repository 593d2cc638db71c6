#pragma once
// The scenario's own run, as the Simulation tab shows it (mechanism, time histories, phase
// portrait, friction characteristic), as an analysis of the contract: `session run --view
// simulation` writes the files the tab's File > Export writes, the samples ("simulation-run.csv")
// and, for an event-driven run, its stick/slip switches ("simulation-events.csv"). The run is the
// window's: the system's Poincaré section recorded (simulation/simulate.h, defaultSection), so the
// integrator stops where the window's does and the samples agree to the last bit. Its setup has no
// fields: everything it needs is the scenario.
#include "contract/analysis_contract.h"
#include "solvers/run_result.h"

#include <string>
#include <vector>

namespace fl {

struct SimulationSetup {};

struct SimulationAnalysis {
    using Setup = SimulationSetup;
    using Result = RunResult;
    static Setup defaults(const Scenario&) { return {}; }
    static SetupRecord write(const Scenario&, const Setup&) { return {}; }
    static void read(SetupRecordReader&, const Scenario&, Setup&) {}
    static SetupProblem check(const Scenario&, const Setup&) { return SetupProblem::none(); }
    /// The window's run of the scenario; progress in simulated time.
    static Result run(const Scenario& scenario, const Setup& setup, const AnalysisContext& context);
    static Status status(const Result& result) { return result.status; }
    /// "run": fl::runCsvText; "events" (event-driven runs only): fl::writeEventsCsv.
    static std::vector<CsvFile> csvFiles(const Scenario& scenario, const Setup&, const Result& result);
};

} // namespace fl
