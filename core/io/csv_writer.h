#pragma once
// CSV output of a run (plain C++, used by the CLI and the GUI, which write the text atomically).
#include "scenario/scenario.h"
#include "solvers/run_result.h"

#include <ostream>
#include <string>

namespace fl {

/// '#' metadata lines (system, law, method, regularization, every parameter with its unit), then
/// a header row: t, the state variables by name, the derived outputs (v_r, F, ...) and, for
/// event-driven runs, mode.
void writeRunCsv(std::ostream& out, const Scenario& scenario, const RunResult& result);
/// The same text as a string (numbers by std::to_chars, shortest round trip). Faster for large
/// runs than an std::ostringstream, whose growing buffer costs more than the formatting: 100001
/// rows in 30 ms instead of 90 ms.
std::string runCsvText(const Scenario& scenario, const RunResult& result);
/// The same text in pieces, for a run written while it goes (RunOptions::drain, bounded memory):
/// the '#' lines and the header row (given the run's first block; no status line, it is known
/// only at the end), each block's rows, and a closing "# status: ..." line for a run that stopped
/// early ("" for a complete run). Concatenated they hold the rows of runCsvText.
std::string runCsvHead(const Scenario& scenario, const RunResult& firstBlock);
void appendRunCsvRows(std::string& text, const RunResult& block);
std::string runCsvStatusLine(const RunResult& result);
/// Header "t,event", one row per mode switch (event = the mode entered: stick / slip) and per
/// graze (event = graze: a tangential touch), in time order; with several contacts
/// (RunResult::contactNames) "t,event,contact", the contact that switched (empty for a graze).
void writeEventsCsv(std::ostream& out, const RunResult& result);
/// The same file written a block at a time (a streamed run): the header line, then each block's
/// switches and grazes in time order (a graze into stick before its switch). contacts: the run's
/// Dynamics::contactNames() (empty: one contact).
std::string eventsCsvHead(const std::vector<std::string>& contacts);
void appendEventsCsvRows(std::string& text, const RunResult& block, const std::vector<std::string>& contacts);

} // namespace fl
