#pragma once
// Continuation of periodic orbits (analysis/orbit_continuation.cpp): G(u, lambda) = P(u; lambda) - u
// on the orbit's section, dG/du = DP - I from the monodromy matrix; the folds, period doublings,
// Neimark-Sacker points and changes of the mode sequence between two points.
#include "analysis/continuation_problem.h"

namespace fl {

/// The integration tolerance the orbits of smooth methods are computed with at most.
inline constexpr double kOrbitTolerance = 1e-11;

class OrbitProblem final : public ContinuationProblem {
public:
    OrbitProblem(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel);
    const OrbitClosure& closure() const { return m_closure; }

    /// The orbit a run at the start value settles on, refined by Newton at that value.
    Status settle(ContinuationPoint& first) override;
    void detectBetween(const ContinuationPoint& a, const ContinuationPoint& b, std::vector<LocatedPoint>& located) override;
    void adopt(const ContinuationPoint& p) override;
    /// Forced event-driven orbits: moves the shooting's start back into the middle of a slip phase
    /// when it came within 15 % of a switch (the point is the same orbit in new coordinates).
    void keepInsideSlip(ContinuationPoint& p) override;
    /// A change of the mode sequence just beyond a (the orbit ends there: across it the sequence
    /// changes discontinuously), or why the steps shrank.
    LocatedPoint branchEnd(const ContinuationPoint& a, double h, const std::string& why) override;

protected:
    Status evaluate(const Eigen::VectorXd& z, bool withDu, ContinuationEvaluation& e) override;
    Status describe(ContinuationPoint& p, const ContinuationEvaluation& e) override;

private:
    const Dynamics* dynamicsAt(double lambda, Status& status);
    bool multiple() const { return m_fractions.size() > 1; }
    /// The state at the shooting's start from the unknowns u.
    std::vector<double> startOf(const Eigen::VectorXd& u) const;
    /// The unknowns of the orbit through `start` (at the shooting's start) with this period.
    Status unknownsOf(const Dynamics& dynamics, const std::vector<double>& start, double period, Eigen::VectorXd& u) const;

    OrbitClosure m_closure;
    bool m_eventDriven = false;
    double m_shiftFraction = 0.0; ///< the shooting's start after the section's phase, in periods
    int m_n = 0;                  ///< state variables
    std::vector<double> m_fractions; ///< multiple shooting: the segments' starts in periods (empty: single)
    double m_cachedLambda = 0.0;
    std::unique_ptr<Dynamics> m_cached;
};

} // namespace fl
