#include "analysis/continuation_problem.h"
#include "systems/scenario_setup.h"

#include <Eigen/LU>

#include <algorithm>
#include <cmath>

namespace fl {
namespace {
constexpr int kMaxNewton = 8;
} // namespace

ContinuationProblem::ContinuationProblem(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel)
    : m_scenario(scenario), m_setup(setup), m_cancel(cancel)
{
}

ContinuationProblem::~ContinuationProblem() = default;

Status ContinuationProblem::scenarioAt(double lambda, Scenario& at) const
{
    at = m_scenario;
    const Status status = at.params.set(m_setup.parameter, lambda);
    return status.ok() ? validate(at) : status;
}

Status ContinuationProblem::jacobianAt(const Eigen::VectorXd& z, const ContinuationEvaluation& e, double back, Eigen::MatrixXd& j)
{
    const Eigen::Index m = z.size() - 1;
    if (e.dlambda.size() == m) {
        j.resize(m, m + 1);
        j.leftCols(m) = e.du;
        j.col(m) = e.dlambda;
        return Status::success();
    }
    const double lambda = z(m);
    // dG/dlambda by a one-sided difference towards where the branch came from (`back`): a step
    // the other way can cross a grazing the branch has not reached, where G jumps. 1e-7 relative:
    // on the forced belt it is 1.4e-7 (tol 1e-9) from the exact column of the same case written as
    // a model (test_parameter_column), enough for Newton's matrix and the tangent.
    double delta = (back < 0.0 ? -1e-7 : 1e-7) * std::max(1.0, std::abs(lambda));
    if (lambda + delta < m_setup.from || lambda + delta > m_setup.to)
        delta = -delta;
    Eigen::VectorXd zh = z;
    zh(m) = lambda + delta;
    ContinuationEvaluation eh;
    if (const Status status = evaluate(zh, false, eh); !status.ok())
        return status;
    j.resize(m, m + 1);
    j.leftCols(m) = e.du;
    j.col(m) = (eh.g - e.g) / (zh(m) - lambda);
    return Status::success();
}

ContinuationPoint ContinuationProblem::correct(const Eigen::VectorXd& zPredicted, const Eigen::VectorXd& t, double back)
{
    ContinuationPoint p;
    p.z = zPredicted;
    const Eigen::Index m = p.z.size() - 1;
    if (back == 0.0)
        back = t(m) > 0.0 ? -1.0 : 1.0;
    for (int it = 0; it <= kMaxNewton; ++it) {
        ContinuationEvaluation e;
        p.iterations = it;
        if (p.status = evaluate(p.z, true, e); !p.status.ok())
            return p;
        const double arc = t.dot(p.z - zPredicted);
        const double scale = 1.0 + p.z.head(m).lpNorm<Eigen::Infinity>();
        Eigen::MatrixXd top;
        if (e.g.lpNorm<Eigen::Infinity>() <= 1e-9 * scale && std::abs(arc) <= 1e-9 * scale) {
            if (p.status = jacobianAt(p.z, e, back, p.jacobian); !p.status.ok())
                return p;
            p.status = describe(p, e);
            p.converged = p.status.ok();
            return p;
        }
        if (it == kMaxNewton)
            break;
        if (p.status = jacobianAt(p.z, e, back, top); !p.status.ok())
            return p;
        Eigen::MatrixXd j(m + 1, m + 1);
        j.topRows(m) = top;
        j.row(m) = t.transpose();
        Eigen::VectorXd rhs(m + 1);
        rhs << -e.g, -arc;
        const Eigen::VectorXd dz = j.fullPivLu().solve(rhs);
        if (!dz.allFinite()) {
            p.status = Status::error("the corrector's matrix is singular");
            return p;
        }
        p.z += dz;
    }
    p.status = Status::error("Newton did not converge in " + std::to_string(kMaxNewton) + " iterations");
    return p;
}

ContinuationPoint ContinuationProblem::atParameter(const ContinuationPoint& a, const Eigen::VectorXd& zB, double value)
{
    const Eigen::Index m = a.z.size() - 1;
    const double w = (value - a.lambda()) / (zB(m) - a.lambda());
    Eigen::VectorXd guess = a.z + w * (zB - a.z);
    guess(m) = value;
    Eigen::VectorXd t = Eigen::VectorXd::Zero(m + 1);
    t(m) = 1.0; // the arclength equation fixes lambda = value
    return correct(guess, t, value > a.lambda() ? -1.0 : 1.0);
}

Eigen::VectorXd ContinuationProblem::tangent(const ContinuationPoint& p, const Eigen::VectorXd& previous) const
{
    const Eigen::Index m = p.jacobian.rows();
    Eigen::MatrixXd j(m + 1, m + 1);
    j.topRows(m) = p.jacobian;
    Eigen::VectorXd orient = previous;
    if (orient.size() != m + 1) {
        orient = Eigen::VectorXd::Zero(m + 1);
        orient(m) = 1.0;
    }
    j.row(m) = orient.transpose();
    Eigen::VectorXd rhs = Eigen::VectorXd::Zero(m + 1);
    rhs(m) = 1.0;
    Eigen::VectorXd t = j.fullPivLu().solve(rhs);
    t.normalize();
    if (t.dot(orient) < 0.0)
        t = -t;
    return t;
}

ContinuationPoint ContinuationProblem::locate(const ContinuationPoint& a, const ContinuationPoint& b,
                                              const std::function<bool(const ContinuationPoint&)>& sameSideAsA, Bracket* bracket)
{
    double lo = 0.0, hi = a.tangent.dot(b.z - a.z);
    ContinuationPoint pLo = a, pHi = b;
    for (int i = 0; i < 80 && !cancelled(); ++i) {
        const double close = 1e-9 * (1.0 + std::abs(pLo.lambda()));
        if (std::abs(pHi.lambda() - pLo.lambda()) <= close && hi - lo <= 1e-4 * std::abs(a.tangent.dot(b.z - a.z)))
            break;
        const double mid = 0.5 * (lo + hi);
        ContinuationPoint p = correct(a.z + mid * a.tangent, a.tangent);
        if (!p.converged)
            break;
        p.tangent = tangent(p, a.tangent);
        if (sameSideAsA(p)) {
            lo = mid;
            pLo = p;
        } else {
            hi = mid;
            pHi = p;
        }
    }
    if (bracket)
        *bracket = Bracket{pLo, pHi, lo, hi, a.tangent.dot(b.z - a.z)};
    ContinuationPoint result = pLo;
    result.z(result.z.size() - 1) = 0.5 * (pLo.lambda() + pHi.lambda());
    return result;
}

void ContinuationProblem::locateFold(const ContinuationPoint& a, const ContinuationPoint& b, const std::string& condition,
                                     std::vector<LocatedPoint>& located)
{
    const Eigen::Index m = a.z.size() - 1;
    const double foldA = a.tangent(m);
    if (!signDiffers(foldA, b.tangent(m)))
        return;
    const ContinuationPoint p = locate(a, b, [&](const ContinuationPoint& q) { return !signDiffers(q.tangent(m), foldA); });
    located.push_back(locatedAt(p, "fold", condition));
}

Status ContinuationProblem::startFrom(const Eigen::VectorXd& u, ContinuationPoint& first)
{
    Eigen::VectorXd z(u.size() + 1);
    z << u, m_setup.start;
    Eigen::VectorXd t = Eigen::VectorXd::Zero(z.size());
    t(z.size() - 1) = 1.0;
    first = correct(z, t);
    if (!first.converged)
        return Status::error("the point at the start does not converge: " + first.status.message());
    first.tangent = tangent(first, Eigen::VectorXd());
    return Status::success();
}

LocatedPoint ContinuationProblem::locatedAt(const ContinuationPoint& p, const std::string& type, const std::string& condition) const
{
    LocatedPoint l;
    l.type = type;
    l.parameter = p.lambda();
    l.y = p.orbit.y;
    l.condition = condition;
    l.multipliers = p.orbit.multipliers;
    return l;
}

BranchPoint ContinuationProblem::branchPoint(const ContinuationPoint& p) const
{
    BranchPoint b;
    b.parameter = p.lambda();
    b.orbit = p.orbit;
    return b;
}

} // namespace fl
