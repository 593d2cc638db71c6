#pragma once
// The stick and slip phases of one period of an orbit (docs/continuation.md): its mode sequence,
// and where the forced orbit's shooting starts (inside a slip phase, where the return map is
// differentiable).
#include "analysis/periodic_orbit.h"

#include <string>
#include <vector>

namespace fl {

/// A phase of constant mode over one period: "stick", "slip+", "slip-" (by the sign of v_r),
/// "slip" without a v_r output, "mode<k>" for a multi-contact mode.
struct ModePhase {
    std::string label;
    double t0 = 0.0, t1 = 0.0;
};
/// Whether every contact slips in a phase of this label (a stuck one makes a return map that
/// starts there not differentiable).
bool isSlipPhase(const std::string& label);
/// The phases over [t0, t0 + period] from y0 (empty for a smooth method or a failed run).
std::vector<ModePhase> modePhases(const Dynamics& dynamics, const std::vector<double>& y0, double t0, double period);
/// The sequence of modes over one period from y0 at time t0, joined by ';' ("smooth" for a smooth
/// method): the first phase is the one the period starts in.
std::string modeSequence(const Dynamics& dynamics, const std::vector<double>& y0, double t0, double period);

/// Forced event-driven orbits: how far (in time) the shooting's start lies inside its slip phase,
/// relative to that phase's length (0 in stick or at a switch, 0.5 in the middle).
double slipMargin(const std::vector<ModePhase>& phases, double t0, double period);
/// Moves the shooting's start of a forced event-driven orbit to the middle of its longest slip
/// phase: sets closure.shift and y (the state there); no change when it has no slip phase or the
/// method is smooth. y: the state at the current shooting start.
Status shootInsideSlip(const Dynamics& dynamics, OrbitClosure& closure, std::vector<double>& y);

} // namespace fl
