#pragma once
// The equations of orbit continuation (analysis/orbit_continuation.cpp): G(u, lambda) =
// P(u; lambda) - u on the orbit's section, its Jacobian [DP - I, dG/dlambda], the corrector, the
// tangent, the test functions of the bifurcations and their location by bisection along the step.
#include "analysis/orbit_continuation.h"
#include "solvers/dynamics.h"

#include <Eigen/Core>

#include <memory>

namespace fl {

/// A point of the branch, z = (u, lambda), with what the corrector learnt there.
struct OrbitPoint {
    Eigen::VectorXd z;
    bool converged = false;
    int iterations = 0;
    Status status = Status::success();
    Eigen::MatrixXd jacobian;      ///< [DP - I, dG/dlambda], m x (m + 1)
    Eigen::VectorXd tangent;       ///< unit, in the branch's direction
    PeriodicOrbit orbit;
    std::vector<std::complex<double>> nontrivial; ///< eigenvalues of DP
    double doublingTest = 0.0, torusTest = 0.0;
    double shiftFraction = 0.0;    ///< the shooting start its u is taken at (OrbitClosure::shift / period)
    double lambda() const { return z(z.size() - 1); }
};

class OrbitProblem {
public:
    OrbitProblem(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel);
    ~OrbitProblem();
    Status status() const { return m_status; }
    const OrbitClosure& closure() const { return m_closure; }
    const ContinuationSetup& setup() const { return m_setup; }
    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    /// The orbit a run at the start value settles on, refined by Newton at that value.
    Status settle(OrbitPoint& first);
    /// Newton on [G; t . (z - zPredicted)] = 0 from zPredicted. back: the side (sign) of lambda the
    /// branch came from, for dG/dlambda; 0: against t's lambda component.
    OrbitPoint correct(const Eigen::VectorXd& zPredicted, const Eigen::VectorXd& t, double back = 0.0);
    /// The orbit at lambda = value, Newton in u from a guess between a and b.
    OrbitPoint atParameter(const OrbitPoint& a, const Eigen::VectorXd& zB, double value);
    /// The unit null vector of the point's Jacobian, oriented along `previous` (or lambda rising).
    Eigen::VectorXd tangent(const OrbitPoint& p, const Eigen::VectorXd& previous) const;
    /// The bifurcations between two consecutive points, located and appended to `located`.
    void detectBetween(const OrbitPoint& a, const OrbitPoint& b, std::vector<LocatedPoint>& located);
    /// Takes the point's coordinates again (its shooting start), e.g. for the second direction.
    void adopt(const OrbitPoint& p);
    /// Forced event-driven orbits: moves the shooting's start back into the middle of a slip phase
    /// when it came within 15 % of a switch (the point is the same orbit in new coordinates).
    void keepInsideSlip(OrbitPoint& p);
    /// Where the steps became too small after a: a change of the mode sequence just beyond a (the
    /// orbit ends there: across it the sequence changes discontinuously), or no convergence.
    LocatedPoint branchEnd(const OrbitPoint& a, double h, const std::string& why);
    LocatedPoint locatedAt(const OrbitPoint& p, const std::string& type, const std::string& condition) const;
    BranchPoint branchPoint(const OrbitPoint& p) const;

private:
    const Dynamics* dynamicsAt(double lambda, Status& status);
    /// G(u, lambda) and the return (monodromy when asked).
    Status residual(const Eigen::VectorXd& z, bool withMonodromy, Eigen::VectorXd& g, OrbitReturn& r);
    /// [DP - I, dG/dlambda] at z from its return r and residual g (one more integration for the latter).
    Status jacobianAt(const Eigen::VectorXd& z, const OrbitReturn& r, const Eigen::VectorXd& g, Eigen::MatrixXd& j, double back);
    /// Fills the point's orbit, Jacobian and test functions at a converged z.
    void finish(OrbitPoint& p, const OrbitReturn& r, const Eigen::VectorXd& g, double back);
    /// Bisection on the step length from a along a's tangent: the first s where `side` differs from a's.
    OrbitPoint locate(const OrbitPoint& a, const OrbitPoint& b, const std::function<bool(const OrbitPoint&)>& sameSideAsA);

    Scenario m_scenario;
    ContinuationSetup m_setup;
    const std::atomic<bool>* m_cancel;
    Status m_status = Status::success();
    OrbitClosure m_closure;
    int m_unknowns = 0;
    bool m_eventDriven = false;
    double m_shiftFraction = 0.0; ///< the shooting's start after the section's phase, in periods
    double m_cachedLambda = 0.0;
    std::unique_ptr<Dynamics> m_cached;
};

} // namespace fl
