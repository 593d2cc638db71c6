#pragma once
// What a run produces: samples on the output grid, mode switches located exactly, statistics.
// A plain value type: it crosses thread boundaries by copy/move.
#include "common/status.h"

#include <string>
#include <vector>

namespace fl {

enum class ContactMode : signed char { Slip = 0, Stick = 1 };

const char* modeName(ContactMode mode); ///< "slip" / "stick"

struct ModeSwitch {
    double t;            ///< located on the dense output to the solver's accuracy
    ContactMode entered;
    int contact = -1;    ///< which contact (RunResult::contactNames), -1 for a system of one
};

/// A guard that touched its bound tangentially: a slip whose v_r touched 0 (it sticks
/// there if friction can hold it: a switch to stick follows at the same t), or a stick whose holding
/// force touched the static limit and turned back (it stays stuck).
struct Graze {
    double t;
    ContactMode mode; ///< the mode the contact was in when it grazed
};

struct TimeInterval {
    double begin;
    double end;
};

struct RunResult {
    Status status = Status::success();
    std::string warning;                 ///< non-fatal remark shown to the user (empty if none)
    std::vector<std::string> stateNames;
    std::vector<std::string> outputNames; ///< derived columns, e.g. "v_r", "F"
    std::vector<std::string> contactNames; ///< several contacts: their names (ModeSwitch::contact); empty for one
    std::vector<double> t;               ///< output grid
    std::vector<double> states;          ///< row-major: sample i, variable j at i * dimension() + j
    std::vector<double> outputs;         ///< row-major: sample i, output k at i * outputNames.size() + k
    std::vector<double> relativeVelocity; ///< the "v_r" output column (1-D contact systems)
    std::vector<double> force;           ///< the "F" output column: friction force on the body
    std::vector<ContactMode> mode;       ///< event-driven runs only (else empty)
    // The event lists. In memory at most RunOptions::maxEventRecords of each (then eventsCapped);
    // in a streamed run's block those located since the previous block (RunOptions::drain).
    std::vector<ModeSwitch> switches;    ///< event-driven runs only, in time order
    std::vector<Graze> grazes;           ///< event-driven runs only
    std::vector<TimeInterval> stickIntervals; ///< event-driven runs of one contact (mode non-empty) only
    std::vector<double> sectionTimes;    ///< Poincaré section points of the run (see RunOptions)
    std::vector<double> sectionStates;   ///< row-major, dimension() values per point
    /// A section plane through several variables or t, in words ("x1 - x2 = 0 upward",
    /// sectionDefinitionText), which its points cannot tell (none of the variables is constant on
    /// it); empty for a strobe or one variable's hyperplane.
    std::string sectionDefinition;
    long switchCount = 0;                ///< every switch the run located: kept, drained or dropped
    long grazeCount = 0;                 ///< every graze the run located: kept, drained or dropped
    bool eventsCapped = false;           ///< an in-memory run kept only the first events of a list
    long steps = 0;                      ///< accepted integrator steps
    double wallSeconds = 0.0;

    int dimension() const { return static_cast<int>(stateNames.size()); }
    size_t size() const { return t.size(); }
    double state(size_t sample, int variable) const { return states[sample * stateNames.size() + static_cast<size_t>(variable)]; }
    double output(size_t sample, int k) const { return outputs[sample * outputNames.size() + static_cast<size_t>(k)]; }
    /// The memory the event lists hold, in records of 16 bytes: a switch, a graze or a stick
    /// interval is one, a section point (dimension() + 1 values) is half as many as its values.
    size_t eventRecords() const
    {
        return switches.size() + grazes.size() + stickIntervals.size() + (sectionTimes.size() + sectionStates.size() + 1) / 2;
    }
    /// Index of a state variable or output column by name: states first, then outputs; -1 if none.
    int columnIndex(const std::string& name) const;
    /// Value of column c (as numbered by columnIndex) at a sample.
    double column(size_t sample, int c) const
    {
        return c < dimension() ? state(sample, c) : output(sample, c - dimension());
    }
};

} // namespace fl
