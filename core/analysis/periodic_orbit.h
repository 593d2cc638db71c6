#pragma once
// Periodic orbits by shooting (docs/continuation.md): the orbit's state on its section is a fixed
// point of the return map P, found by Newton with the monodromy matrix from the variational
// equations (event-driven flows: with the saltation matrix at every switch, Müller 1995; smooth
// flows: Phi' = J Phi). Forced systems close after a whole number of forcing periods; autonomous
// ones at a hyperplane section (the phase condition), their period unknown.
#include "common/status.h"
#include "solvers/ode_integrator.h"

#include <Eigen/Core>

#include <complex>
#include <string>
#include <vector>

namespace fl {

class Dynamics;
class DynamicsObserver;
struct Scenario;

/// Where an orbit closes.
struct OrbitClosure {
    bool forced = true;
    double period = 0.0;   ///< forced: periods x the forcing period
    double phase = 0.0;    ///< forced: the section's time origin
    /// Forced: the shooting starts at phase + shift, inside a slip phase: the return map is not
    /// differentiable at a state in stick (a perturbed v_r slips away or back, depending on its sign).
    double shift = 0.0;
    /// Autonomous: the hyperplane y[variable] = level, or with a normal the plane normal . y = level,
    /// variable then its largest coefficient (the one the section's points eliminate).
    int variable = 0;
    std::vector<double> normal; ///< empty: the hyperplane; entries beyond its size are 0
    double level = 0.0;
    int direction = 1;     ///< crossings counted (+1 upward, -1 downward)
    int returns = 1;       ///< autonomous: the orbit closes at this crossing
    /// Smooth (regularized, explicit) methods: the integrator of the variational equations.
    OdeIntegrationOptions integration;
};

/// The closure of a scenario's orbits from its system's Poincaré section: stroboscopic (forced) at
/// `periods` forcing periods, a hyperplane (autonomous) at the `periods`-th crossing.
Status orbitClosure(const Scenario& scenario, int periods, OrbitClosure& closure);

/// The time the shooting starts at (forced: phase + shift; autonomous: 0).
double shootingTime(const OrbitClosure& closure);

/// One return from the shooting's start state.
struct OrbitReturn {
    Status status = Status::success();
    std::vector<double> y;        ///< the state at the return
    double period = 0.0;          ///< the time it took
    Eigen::MatrixXd monodromy;    ///< d y(period) / d y(0) at a fixed time (n x n), when asked for
    Eigen::VectorXd field;        ///< autonomous: the vector field at the return
};

/// The state at t0 + span and the monodromy matrix over [t0, t0 + span] by the method's
/// variational equations (saltation matrices at the switches, or Phi' = J Phi).
Status monodromyOver(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& y0, double t0, double span,
                     std::vector<double>& yEnd, Eigen::MatrixXd& m);

/// The vector field at time t inside a step, from its dense output by a central difference over
/// 1e-5 of the step (the event-driven dynamics has no right-hand side to call).
Eigen::VectorXd denseField(const StepView& step, double t, size_t n);

/// P(y0): integrates one return; withMonodromy also integrates the variational equations.
OrbitReturn orbitReturn(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& y0, bool withMonodromy);

/// An autonomous closure's section function normal . y (y[variable] without a normal).
double sectionValue(const OrbitClosure& closure, const std::vector<double>& y);
/// Moves y onto the section along its variable: y[variable] so that sectionValue(y) = level.
void placeOnSection(const OrbitClosure& closure, std::vector<double>& y);
/// The section's normal as a vector of n entries (e_variable without a normal).
Eigen::VectorXd sectionNormal(const OrbitClosure& closure, Eigen::Index n);
/// A M E, where E = dy/du (n x (n - 1)) maps the section coordinates u to the state on the section:
/// the columns but the variable's, each plus the variable's column times -normal_j / normal_variable.
Eigen::MatrixXd onSectionColumns(const OrbitClosure& closure, const Eigen::MatrixXd& a);

/// The unknowns of the shooting problem: the state (forced) or the state without the section's
/// variable (autonomous), and back.
Eigen::VectorXd sectionCoordinates(const OrbitClosure& closure, const std::vector<double>& y);
std::vector<double> sectionState(const OrbitClosure& closure, const Eigen::VectorXd& u);

/// DP, the Jacobian of the return map in section coordinates: M itself (forced) or the
/// projection (I - f n^T / n.f) M E without row v (autonomous; n the section's normal, E as
/// onSectionColumns).
Eigen::MatrixXd returnMapJacobian(const OrbitClosure& closure, const OrbitReturn& r);

/// A periodic orbit and its Floquet multipliers.
struct PeriodicOrbit {
    Status status = Status::success();
    std::vector<double> y;        ///< the state on the section (forced: at the section's phase)
    std::vector<double> start;    ///< the state the shooting starts from (forced: at phase + shift)
    double period = 0.0;
    Eigen::MatrixXd monodromy;    ///< n x n
    /// Eigenvalues of the monodromy matrix, by modulus, largest first; a multiplier below 1e-10 of
    /// the largest is a stick phase's exact zero (the saltation matrix into stick has rank n - 1).
    std::vector<std::complex<double>> multipliers;
    /// Autonomous: the multiplier nearest 1 (the trivial one along the flow), checked against 1.
    double trivialMultiplierError = 0.0;
    bool stable = false;          ///< the nontrivial multipliers inside the unit circle
    std::string sequence;         ///< the modes in order over one period, e.g. "stick;slip-"
    int iterations = 0;
    double residual = 0.0;        ///< |P(y) - y| at the end
};

/// The eigenvalues of a square matrix (Eigen's EigenSolver), unsorted.
std::vector<std::complex<double>> eigenvaluesOf(const Eigen::MatrixXd& m);

/// The multipliers and stability of an orbit from its return (sorted as PeriodicOrbit says).
void floquet(const OrbitClosure& closure, const OrbitReturn& r, PeriodicOrbit& orbit);

/// Newton on P(y) - y = 0 from a guess at the shooting's start, to |P(y) - y| <= tolerance.
PeriodicOrbit refineOrbit(const Dynamics& dynamics, const OrbitClosure& closure, std::vector<double> guess,
                          double tolerance = 1e-9, int maxIterations = 12);

/// The state at the section's phase from the state at the shooting's start (forced), or y itself.
Status stateOnSection(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& start, std::vector<double>& y);

/// Integrates y from t0 to exactly t1 (Dynamics::integrate ends at the end of the step that reaches
/// t1, which can lie beyond it); the steps also go to `inner`.
Status integrateExactly(const Dynamics& dynamics, std::vector<double>& y, double t0, double t1, DynamicsObserver* inner = nullptr);

/// The orbit a run settles on: from the initial state, `transientPeriods` returns, then the
/// state at the shooting's start (forced: at phase + shift).
Status settledSectionState(const Dynamics& dynamics, const OrbitClosure& closure, int transientPeriods, std::vector<double>& y);

} // namespace fl
