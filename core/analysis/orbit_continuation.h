#pragma once
// Continuation of periodic orbits in one parameter (docs/continuation.md): pseudo-arclength with
// step control on P(u, lambda) - u = 0, both ways from a settled orbit, with the bifurcations on the
// way detected, located to 1e-8 in the parameter and named: fold, period doubling,
// Neimark-Sacker, and where the sequence of modes changes (grazing, stick onset, holding
// tangency), which the continuation crosses by itself.
#include "analysis/periodic_orbit.h"
#include "common/status.h"
#include "scenario/scenario.h"

#include <atomic>
#include <complex>
#include <functional>
#include <string>
#include <vector>

namespace fl {

struct ContinuationSetup {
    std::string parameter;          ///< the continued parameter's id
    double start = 0.0;             ///< where the first orbit is found (a run that settles)
    double from = 0.0, to = 1.0;    ///< the range continued in
    int periods = 1;                ///< forcing periods (or section returns) per orbit
    int transientPeriods = 300;     ///< periods run first from the initial state
    int maxPoints = 500;            ///< per direction
    /// Orbits: shooting segments per period (1: single shooting; more: multiple shooting, each
    /// segment's start an unknown, for periods that hold many switches; analysis/multiple_shooting.h).
    int segments = 1;
    /// Equilibria (steady sliding) instead of periodic orbits: periods and transient are not used.
    bool equilibrium = false;
    /// A state to start from instead of a run from the initial state: an orbit's state at the
    /// section (t = 0 mod the forcing period, or on the hyperplane), an equilibrium's guess.
    std::vector<double> guess;
};

/// One orbit of the branch.
struct BranchPoint {
    double parameter = 0.0;
    PeriodicOrbit orbit;
};

/// A located point: `type` is one of fold, period-doubling, neimark-sacker, hopf, grazing, stick-onset,
/// holding-tangency, branch-end.
struct LocatedPoint {
    std::string type;
    double parameter = 0.0;
    std::vector<double> y;          ///< the state on the section
    std::string condition;          ///< the equation it solves (or why the branch ends)
    std::vector<std::complex<double>> multipliers;
};

struct Branch {
    Status status = Status::success();
    bool equilibria = false;         ///< points are equilibria: `multipliers` hold the Jacobian's eigenvalues
    std::vector<BranchPoint> points; ///< in the order of the branch (from the lower end)
    std::vector<LocatedPoint> located;
    OrbitClosure closure;
    std::vector<std::string> stateIds;
    /// How dG/d(parameter) was computed, exactly or by a difference and why.
    std::string parameterDerivative;
    bool cancelled = false;
};

/// Checks the setup against the scenario (the parameter exists and is real, the range is inside its
/// limits and contains the start, periods in [1, 64], a guess of the state's size); the problem's text
/// or success. `field`, when given, is set to the setup field at fault (parameter, start, from, to,
/// periods, transient, maxPoints, guess; empty for the scenario itself).
Status checkContinuation(const Scenario& scenario, const ContinuationSetup& setup, std::string* field = nullptr);

/// Continues the orbit that a run at parameter = start settles on (or, with setup.equilibrium, the
/// equilibrium Newton finds from the initial state). progress(fraction) after each point; cancel
/// stops between points and inside integrations.
Branch continueBranch(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel = nullptr,
                      const std::function<void(double)>& progress = {});
/// As above, and pointFound(point, direction) on the computing thread as each point is accepted: the
/// start (direction 0), then the points of the growing side (+1: the parameter grows first, -1).
Branch continueBranch(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel,
                      const std::function<void(double)>& progress,
                      const std::function<void(const BranchPoint& point, int direction)>& pointFound);

/// The type of a change of the mode sequence from `before` to `after` (phases joined by ';'):
/// a stick phase that appears or vanishes inside slip is a stick onset, a slip phase inside stick or
/// next to it (at a stick phase's start or end) a holding tangency, a slip phase of the other
/// direction inside slip a grazing. Several contacts'
/// phases ("slip+/stick") are compared contact by contact.
std::string sequenceChangeType(const std::string& before, const std::string& after);
/// Whether two sequences are the same cycle (one is a rotation of the other).
bool sameCycle(const std::string& a, const std::string& b);

} // namespace fl
