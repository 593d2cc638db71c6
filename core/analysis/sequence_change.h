#pragma once
// The defining condition of a change of a periodic orbit's mode sequence (docs/continuation.md,
// "Where the sequence changes"), as a function of the orbit whose zero continuation locates:
// - a switch where a contact arrives at v_r = 0 and either sticks or slips on (a stick onset, or a
//   holding tangency where its stick phase begins): the contact's holding margin F_s - |F_h| at that
//   switch, defined on both sides of the change and of opposite signs there;
// - a phase that a new one splits (a slip phase grazing v_r = 0, a stick phase whose holding force
//   touches the limit inside it): the minimum over that phase of the contact's guard (|v_r| in slip,
//   the margin in stick), positive on the side without the new phase and zero at the change.
// Both come from Dynamics::switchConditions; bisection on the sequence alone places the change only
// as well as the event location sees a vanishing phase (to 1e-6 for the chain's holding tangency).
#include "analysis/orbit_phases.h"

#include <optional>
#include <string>
#include <vector>

namespace fl {

struct SequenceChangeTest {
    enum class Kind { None, Arrival, Minimum };
    Kind kind = Kind::None;
    /// Arrival: the switch that starts phase k (from 0); Minimum: the minimum over phase k.
    size_t phase = 0;
    int contact = 0;
    /// The phase labels of the side with fewer phases (the "simple" side).
    std::vector<std::string> simple;
    /// Minimum: where phase k ends on the simple side and on the other (split early), which tells
    /// an orbit's side.
    double simpleEnd = 0.0, otherEnd = 0.0;
    std::string description() const; ///< the condition solved, for a located point's text
};

/// Contact c's part of a phase label ("stick", "slip+", ... or the c-th of "a/b/c").
std::string contactPart(const std::string& label, int contact);

/// The condition a change between these two sides solves (simple: the side with fewer phases, or
/// as many), from the first phase they differ in: a phase that the other side splits (Minimum),
/// else the first label that differs (Arrival); Kind::None where neither applies.
SequenceChangeTest sequenceChangeTest(const std::vector<ModePhase>& simple, const std::vector<ModePhase>& other);

/// The test on an orbit (its state y0 at t0, one period): nothing where the orbit's phases are
/// neither side's, or a Minimum test's on the other side, or the dynamics gives no switch conditions.
std::optional<double> sequenceChangeValue(const Dynamics& dynamics, const std::vector<double>& y0, double t0, double period,
                                          const SequenceChangeTest& test);

} // namespace fl
