#pragma once
// The machinery of continuation shared by periodic orbits (analysis/orbit_problem.h) and
// equilibria (analysis/equilibrium_problem.h), docs/continuation.md: G(u, lambda) = 0 with its
// Jacobian [dG/du, dG/dlambda], the pseudo-arclength corrector, the tangent, and the location of a
// bifurcation by bisection along the step.
#include "analysis/orbit_continuation.h"
#include "solvers/dynamics.h"

#include <Eigen/Core>

#include <functional>
#include <memory>

namespace fl {

/// A point of the branch, z = (u, lambda), with what the corrector learnt there.
struct ContinuationPoint {
    Eigen::VectorXd z;
    bool converged = false;
    int iterations = 0;
    Status status = Status::success();
    Eigen::MatrixXd jacobian;      ///< [dG/du, dG/dlambda], m x (m + 1)
    Eigen::VectorXd tangent;       ///< unit, in the branch's direction
    /// The orbit, or the equilibrium (period 0, `multipliers` then the Jacobian's eigenvalues).
    PeriodicOrbit orbit;
    std::vector<std::complex<double>> nontrivial; ///< eigenvalues of DP (orbits) or of J (equilibria)
    double doublingTest = 0.0, torusTest = 0.0;
    int hopfTest = 0; ///< equilibria: the complex eigenvalues with a positive real part
    double shiftFraction = 0.0;    ///< orbits: the shooting start its u is taken at (OrbitClosure::shift / period)
    std::vector<double> fractions; ///< orbits, multiple shooting: where its segments start (analysis/multiple_shooting.h)
    double lambda() const { return z(z.size() - 1); }
};

/// G at one z: the residual and, when asked, dG/du (the orbit's return is kept for its multipliers).
struct ContinuationEvaluation {
    Eigen::VectorXd g;
    Eigen::MatrixXd du;
    /// dG/dlambda where the problem computed it exactly with du (empty: by a difference).
    Eigen::VectorXd dlambda;
    OrbitReturn orbitReturn;
};

class ContinuationProblem {
public:
    ContinuationProblem(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel);
    virtual ~ContinuationProblem();
    Status status() const { return m_status; }
    const ContinuationSetup& setup() const { return m_setup; }
    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }

    /// The first point at the start value.
    virtual Status settle(ContinuationPoint& first) = 0;
    /// Newton on [G; t . (z - zPredicted)] = 0 from zPredicted. back: the side (sign) of lambda the
    /// branch came from, for dG/dlambda; 0: against t's lambda component.
    ContinuationPoint correct(const Eigen::VectorXd& zPredicted, const Eigen::VectorXd& t, double back = 0.0);
    /// The point at lambda = value, Newton in u from a guess between a and zB.
    ContinuationPoint atParameter(const ContinuationPoint& a, const Eigen::VectorXd& zB, double value);
    /// The unit null vector of the point's Jacobian, oriented along `previous` (or lambda rising).
    Eigen::VectorXd tangent(const ContinuationPoint& p, const Eigen::VectorXd& previous) const;
    /// The bifurcations between two consecutive points, located and appended to `located`.
    virtual void detectBetween(const ContinuationPoint& a, const ContinuationPoint& b, std::vector<LocatedPoint>& located) = 0;
    /// Takes the point's coordinates again (orbits: its shooting start), e.g. for the second direction.
    virtual void adopt(const ContinuationPoint& p) { (void)p; }
    /// Orbits: moves the coordinates after an accepted point where they work best (no change here).
    virtual void keepInsideSlip(ContinuationPoint& p) { (void)p; }
    /// Where the steps became too small after a: why, as a located point.
    virtual LocatedPoint branchEnd(const ContinuationPoint& a, double h, const std::string& why) { (void)h; return locatedAt(a, "branch-end", why); }
    LocatedPoint locatedAt(const ContinuationPoint& p, const std::string& type, const std::string& condition) const;
    /// How dG/dlambda is computed, for the branch's notes: exactly or by a difference, and why.
    const std::string& parameterDerivative() const { return m_parameterDerivative; }
    BranchPoint branchPoint(const ContinuationPoint& p) const;

protected:
    /// G(z) and, with withDu, dG/du.
    virtual Status evaluate(const Eigen::VectorXd& z, bool withDu, ContinuationEvaluation& e) = 0;
    /// Fills a converged point's state, stability and test functions from its evaluation.
    virtual Status describe(ContinuationPoint& p, const ContinuationEvaluation& e) = 0;
    /// The two points last bisected: on a's side and on b's, at steps sA and sB from a along a's tangent.
    struct Bracket {
        ContinuationPoint onA, onB;
        double sA = 0.0, sB = 0.0;
        double span = 0.0; ///< b's step from a
    };
    /// Bisection on the step length from a along a's tangent: where `sameSideAsA` turns false
    /// (the point on a's side with lambda halfway to b's side's); `bracket` gets both ends.
    ContinuationPoint locate(const ContinuationPoint& a, const ContinuationPoint& b,
                             const std::function<bool(const ContinuationPoint&)>& sameSideAsA, Bracket* bracket = nullptr);
    /// The scenario with the continued parameter at lambda, checked.
    Status scenarioAt(double lambda, Scenario& at) const;
    /// A fold between a and b (the tangent's lambda component changes sign), located and appended
    /// with its defining condition.
    void locateFold(const ContinuationPoint& a, const ContinuationPoint& b, const std::string& condition,
                    std::vector<LocatedPoint>& located);
    /// The first point from a guess u at the start value: Newton at fixed lambda, then the tangent.
    Status startFrom(const Eigen::VectorXd& u, ContinuationPoint& first);
    /// Where the continued parameter is a model's own: the model with it as its last first-order state,
    /// compiled (systems/model_parameter_state.h), for dG/dlambda exactly; else null, and
    /// `how` says how dG/dlambda is computed instead and why.
    std::shared_ptr<const struct CompiledModel> parameterModel(std::string& how) const;
    /// That model's dynamics at lambda (kept for the next call at the same lambda).
    const Dynamics* parameterDynamicsAt(const std::shared_ptr<const struct CompiledModel>& model, double lambda, Status& status);
    /// dG/dlambda by a difference: the text that says so, before its reason.
    static const char* differenceNote();

    Scenario m_scenario;
    ContinuationSetup m_setup;
    const std::atomic<bool>* m_cancel;
    Status m_status = Status::success();
    std::string m_parameterDerivative;

private:
    double m_parameterLambda = 0.0;
    std::unique_ptr<Dynamics> m_parameterDynamics;
    /// [dG/du, dG/dlambda] at z: dG/dlambda as the evaluation has it, else by a one-sided
    /// difference (one more evaluation).
    Status jacobianAt(const Eigen::VectorXd& z, const ContinuationEvaluation& e, double back, Eigen::MatrixXd& j);
};

/// Whether a and b have different signs (0 counts as positive).
inline bool signDiffers(double a, double b) { return (a < 0.0) != (b < 0.0); }

} // namespace fl
