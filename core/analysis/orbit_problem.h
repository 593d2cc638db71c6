#pragma once
// Continuation of periodic orbits (analysis/orbit_continuation.cpp): G(u, lambda) = P(u; lambda) - u
// on the orbit's section, dG/du = DP - I from the monodromy matrix; the folds, period doublings,
// Neimark-Sacker points and changes of the mode sequence between two points.
#include "analysis/continuation_problem.h"
#include "analysis/sequence_change.h"

#include <optional>

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
    /// A change of the mode sequence between a and b (bracketed by bisection) located again by its defining
    /// condition (analysis/sequence_change.h): p gets the parameter where it holds, `how` what was
    /// solved and to what residual. False where no condition applies (p stays the bisection's).
    bool solveSequenceChange(const ContinuationPoint& a, const ContinuationPoint& b, const Bracket& bracket, ContinuationPoint& p,
                             std::string& how);
    /// The same at a branch end: a is the last orbit, `beyond` the phases a step past it (not an
    /// orbit), h the last step tried; extrapolated from a's side, where the condition is defined.
    bool solveSequenceChangeBeyond(const ContinuationPoint& a, const std::vector<ModePhase>& beyond, double h,
                                   ContinuationPoint& p, std::string& how);
    /// One-sided (secant from the simple side's points at steps s1 and s1 - delta along a's tangent,
    /// on towards the other side) or two-sided (Illinois between the sides' points).
    bool solveChange(const ContinuationPoint& a, const SequenceChangeTest& test, double s1, const ContinuationPoint& p1,
                     double delta, const ContinuationPoint* other, double sOther, ContinuationPoint& p, std::string& how);
    std::vector<ModePhase> phasesOf(const ContinuationPoint& p);
    std::optional<double> changeValue(const ContinuationPoint& p, const SequenceChangeTest& test);

    const Dynamics* dynamicsAt(double lambda, Status& status);
    /// A model's parameter as a state (systems/model_parameter_state.h): one return with
    /// its variational equations gives P, DP and dP/dlambda exactly; false where it does not apply
    /// (then G and DP as usual, dG/dlambda by a difference).
    bool evaluateWithParameterColumn(const Eigen::VectorXd& z, ContinuationEvaluation& e, Status& status);
    /// Sets m_parameterModel (or m_parameterDerivative's reason for a difference).
    void prepareParameterModel();
    /// d(level)/dlambda and d(normal)/dlambda of an autonomous orbit's section, into m_levelSlope and
    /// m_normalSlope.
    void sectionSlopes(double lambda);
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
    std::shared_ptr<const struct CompiledModel> m_parameterModel; ///< null: dG/dlambda by a difference
    double m_levelSlope = 0.0, m_levelLambda = 0.0; ///< sectionSlopes() at m_levelLambda
    Eigen::VectorXd m_normalSlope;                  ///< of a plane section (empty: a hyperplane's, 0)
    bool m_levelKnown = false;
};

} // namespace fl
