#pragma once
// Continuation of equilibria (steady sliding; docs/continuation.md): G(y, lambda) = f(y; lambda),
// the vector field of slip (event-driven) or of the smooth method, dG/du its Jacobian; folds and
// Hopf points (a complex pair of eigenvalues crossing the imaginary axis: where stick-slip or
// self-excited oscillation begins) between two points.
#include "analysis/continuation_problem.h"

namespace fl {

class EquilibriumProblem final : public ContinuationProblem {
public:
    EquilibriumProblem(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel);

    /// Newton from the initial state, else from where a run of t_end ends.
    Status settle(ContinuationPoint& first) override;
    void detectBetween(const ContinuationPoint& a, const ContinuationPoint& b, std::vector<LocatedPoint>& located) override;

protected:
    Status evaluate(const Eigen::VectorXd& z, bool withDu, ContinuationEvaluation& e) override;
    Status describe(ContinuationPoint& p, const ContinuationEvaluation& e) override;

private:
    const Dynamics* dynamicsAt(double lambda, Status& status);
    /// Remembers the side of v_r = 0 the sliding at the start is on.
    Status finishSettle(const ContinuationPoint& first);
    /// f(y) and, with du, df/dy (exact for smooth methods, central differences of slip's field else).
    Status field(const Dynamics& dynamics, const Eigen::VectorXd& y, Eigen::VectorXd& f, Eigen::MatrixXd* du) const;

    double m_sign = 0.0; ///< event-driven: the sign of v_r of the sliding followed (0 until settled)
    int m_vr = -1;       ///< the index of v_r among the outputs, or -1
    /// A model's own parameter as a state (ContinuationProblem::parameterModel): f, df/dy and
    /// df/dlambda from its field at (y, lambda, 0).
    Status evaluateWithParameterColumn(const Eigen::VectorXd& z, ContinuationEvaluation& e);

    double m_cachedLambda = 0.0;
    std::unique_ptr<Dynamics> m_cached;
    std::shared_ptr<const struct CompiledModel> m_parameterModel; ///< null: dG/dlambda by a difference
};

} // namespace fl
