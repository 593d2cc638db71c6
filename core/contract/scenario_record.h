#pragma once
// A whole scenario as a setup record (common/setup_record.h), for setups that keep cases of their
// own beside the session's: the branches a continuation drew (contract/continuation_analysis.h).
// {system, law, method, regularization, integrator, values = {id: number, ...}} with every
// parameter in the system's order; a start state is not kept (a branch starts from its own orbit).
#include "common/setup_record.h"
#include "scenario/scenario.h"

namespace fl {

SetupRecord scenarioRecord(const Scenario& scenario);

/// Reads a scenario record into `out`: a known system (a built-in one, or the model the session
/// registered), its law and method; each value through ParameterSet::set (a refused one is a warning
/// and keeps the system's default), then fl::validate. False (with a warning) when the record
/// names no system, law or method that exists, or the values do not make a valid scenario.
bool readScenarioRecord(SetupRecordReader& reader, Scenario& out);

} // namespace fl
