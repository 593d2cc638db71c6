#include "analysis/orbit_problem.h"
#include "common/number_text.h"
#include "simulation/dynamics_factory.h"
#include "systems/scenario_setup.h"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

constexpr int kMaxNewton = 8;

std::vector<std::complex<double>> eigenvaluesOf(const Eigen::MatrixXd& m)
{
    std::vector<std::complex<double>> mu;
    if (m.size() == 0)
        return mu;
    Eigen::EigenSolver<Eigen::MatrixXd> solver(m, false);
    for (Eigen::Index i = 0; i < solver.eigenvalues().size(); ++i)
        mu.push_back(solver.eigenvalues()(i));
    return mu;
}

/// det(DP + I) = prod (1 + mu): changes sign where a multiplier crosses -1.
double doublingTest(const std::vector<std::complex<double>>& mu)
{
    std::complex<double> p = 1.0;
    for (const auto& m : mu)
        p *= 1.0 + m;
    return p.real();
}

/// prod_{i<j} (mu_i mu_j - 1): changes sign where a complex pair crosses the unit circle (and at a
/// neutral saddle, mu_i mu_j = 1 with both real, which the location then refuses).
double torusTest(const std::vector<std::complex<double>>& mu)
{
    std::complex<double> p = 1.0;
    for (size_t i = 0; i < mu.size(); ++i)
        for (size_t j = i + 1; j < mu.size(); ++j)
            p *= mu[i] * mu[j] - 1.0;
    return p.real();
}

bool signDiffers(double a, double b) { return (a < 0.0) != (b < 0.0); }

/// The defining condition of a change of the mode sequence.
std::string conditionOf(const std::string& type)
{
    if (type == "stick-onset")
        return "v_r = 0 reached inside a slip phase with the holding force within the static limit: a stick phase begins";
    if (type == "holding-tangency")
        return "the holding force touches the static limit inside a stick phase";
    return "a slip phase grazes v_r = 0: min |v_r| = 0 over the phase";
}

} // namespace

OrbitProblem::OrbitProblem(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel)
    : m_scenario(scenario), m_setup(setup), m_cancel(cancel)
{
    Scenario at = scenario;
    m_status = at.params.set(setup.parameter, setup.start);
    if (m_status.ok())
        m_status = orbitClosure(at, setup.periods, m_closure);
    m_closure.integration.cancel = cancel;
    m_eventDriven = !methodInfo(scenario.method).smooth;
}

OrbitProblem::~OrbitProblem() = default;

const Dynamics* OrbitProblem::dynamicsAt(double lambda, Status& status)
{
    if (m_cached && m_cachedLambda == lambda)
        return m_cached.get();
    Scenario at = m_scenario;
    status = at.params.set(m_setup.parameter, lambda);
    if (status.ok())
        status = validate(at);
    if (!status.ok())
        return nullptr;
    // The closure follows the parameter (the forcing period when it is the frequency), its kind not.
    OrbitClosure closure;
    if (status = orbitClosure(at, m_setup.periods, closure); !status.ok())
        return nullptr;
    if (closure.forced != m_closure.forced) {
        status = Status::error(std::string("the orbit's section changes from ") + (m_closure.forced ? "the forcing period" : "a crossing")
                               + " to " + (closure.forced ? "the forcing period" : "a crossing") + " at " + m_setup.parameter + " = "
                               + formatNumber(lambda) + " (the forcing starts or stops there)");
        return nullptr;
    }
    closure.integration.cancel = m_cancel;
    closure.shift = m_shiftFraction * closure.period;
    m_closure = closure;
    m_cached = makeDynamics(at, m_cancel);
    m_cachedLambda = lambda;
    if (m_unknowns == 0)
        m_unknowns = m_cached->dimension() - (m_closure.forced ? 0 : 1);
    return m_cached.get();
}

Status OrbitProblem::residual(const Eigen::VectorXd& z, bool withMonodromy, Eigen::VectorXd& g, OrbitReturn& r)
{
    Status status = Status::success();
    const Eigen::Index m = z.size() - 1;
    const Dynamics* dynamics = dynamicsAt(z(m), status);
    if (!dynamics)
        return status;
    r = orbitReturn(*dynamics, m_closure, sectionState(m_closure, z.head(m)), withMonodromy);
    if (!r.status.ok())
        return r.status;
    g = sectionCoordinates(m_closure, r.y) - z.head(m);
    return g.allFinite() ? Status::success() : Status::error("the return map is not finite here");
}

Status OrbitProblem::jacobianAt(const Eigen::VectorXd& z, const OrbitReturn& r, const Eigen::VectorXd& g, Eigen::MatrixXd& j,
                                double back)
{
    const Eigen::Index m = z.size() - 1;
    const double lambda = z(m);
    // dG/dlambda by a one-sided difference towards where the branch came from (`back`): a step
    // the other way can cross a grazing the branch has not reached, where G jumps. 1e-7 relative:
    // the integration's error (tol 1e-10) makes it good to ~1e-3, enough for Newton's matrix.
    double delta = (back < 0.0 ? -1e-7 : 1e-7) * std::max(1.0, std::abs(lambda));
    if (lambda + delta < m_setup.from || lambda + delta > m_setup.to)
        delta = -delta;
    Eigen::VectorXd zh = z;
    zh(m) = lambda + delta;
    Eigen::VectorXd gh;
    OrbitReturn rh;
    if (const Status status = residual(zh, false, gh, rh); !status.ok())
        return status;
    j.resize(m, m + 1);
    j.leftCols(m) = returnMapJacobian(m_closure, r) - Eigen::MatrixXd::Identity(m, m);
    j.col(m) = (gh - g) / (zh(m) - lambda);
    return Status::success();
}

void OrbitProblem::finish(OrbitPoint& p, const OrbitReturn& r, const Eigen::VectorXd& g, double back)
{
    const Eigen::Index m = p.z.size() - 1;
    const double lambda = p.z(m);
    if (p.status = jacobianAt(p.z, r, g, p.jacobian, back); !p.status.ok()) {
        p.converged = false;
        return;
    }
    Status ignored = Status::success();
    const Dynamics& dynamics = *dynamicsAt(lambda, ignored);
    p.orbit.start = sectionState(m_closure, p.z.head(m));
    if (p.status = stateOnSection(dynamics, m_closure, p.orbit.start, p.orbit.y); !p.status.ok()) {
        p.converged = false;
        return;
    }
    p.shiftFraction = m_shiftFraction;
    p.orbit.period = r.period;
    p.orbit.residual = g.lpNorm<Eigen::Infinity>();
    p.orbit.iterations = p.iterations;
    floquet(m_closure, r, p.orbit);
    p.orbit.sequence = modeSequence(dynamics, p.orbit.y, m_closure.forced ? m_closure.phase : 0.0, r.period);
    p.nontrivial = eigenvaluesOf(returnMapJacobian(m_closure, r));
    p.doublingTest = doublingTest(p.nontrivial);
    p.torusTest = torusTest(p.nontrivial);
    p.converged = true;
}

OrbitPoint OrbitProblem::correct(const Eigen::VectorXd& zPredicted, const Eigen::VectorXd& t, double back)
{
    OrbitPoint p;
    p.z = zPredicted;
    const Eigen::Index m = p.z.size() - 1;
    if (back == 0.0)
        back = t(m) > 0.0 ? -1.0 : 1.0;
    for (int it = 0; it <= kMaxNewton; ++it) {
        Eigen::VectorXd g;
        OrbitReturn r;
        p.iterations = it;
        if (p.status = residual(p.z, true, g, r); !p.status.ok())
            return p;
        const double arc = t.dot(p.z - zPredicted);
        const double scale = 1.0 + p.z.head(m).lpNorm<Eigen::Infinity>();
        if (g.lpNorm<Eigen::Infinity>() <= 1e-9 * scale && std::abs(arc) <= 1e-9 * scale) {
            finish(p, r, g, back);
            return p;
        }
        if (it == kMaxNewton)
            break;
        Eigen::MatrixXd top;
        if (p.status = jacobianAt(p.z, r, g, top, back); !p.status.ok())
            return p;
        Eigen::MatrixXd j(m + 1, m + 1);
        j.topRows(m) = top;
        j.row(m) = t.transpose();
        Eigen::VectorXd rhs(m + 1);
        rhs << -g, -arc;
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

OrbitPoint OrbitProblem::atParameter(const OrbitPoint& a, const Eigen::VectorXd& zB, double value)
{
    const Eigen::Index m = a.z.size() - 1;
    const double w = (value - a.lambda()) / (zB(m) - a.lambda());
    Eigen::VectorXd guess = a.z + w * (zB - a.z);
    guess(m) = value;
    Eigen::VectorXd t = Eigen::VectorXd::Zero(m + 1);
    t(m) = 1.0; // the arclength equation fixes lambda = value
    return correct(guess, t, value > a.lambda() ? -1.0 : 1.0);
}

Eigen::VectorXd OrbitProblem::tangent(const OrbitPoint& p, const Eigen::VectorXd& previous) const
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

OrbitPoint OrbitProblem::locate(const OrbitPoint& a, const OrbitPoint& b, const std::function<bool(const OrbitPoint&)>& sameSideAsA)
{
    double lo = 0.0, hi = a.tangent.dot(b.z - a.z);
    OrbitPoint pLo = a, pHi = b;
    for (int i = 0; i < 80 && !cancelled(); ++i) {
        const double close = 1e-9 * (1.0 + std::abs(pLo.lambda()));
        if (std::abs(pHi.lambda() - pLo.lambda()) <= close && hi - lo <= 1e-4 * std::abs(a.tangent.dot(b.z - a.z)))
            break;
        const double mid = 0.5 * (lo + hi);
        OrbitPoint p = correct(a.z + mid * a.tangent, a.tangent);
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
    OrbitPoint result = pLo;
    result.z(result.z.size() - 1) = 0.5 * (pLo.lambda() + pHi.lambda());
    return result;
}

void OrbitProblem::detectBetween(const OrbitPoint& a, const OrbitPoint& b, std::vector<LocatedPoint>& located)
{
    const Eigen::Index m = a.z.size() - 1;
    const double foldA = a.tangent(m), foldB = b.tangent(m);
    if (signDiffers(foldA, foldB)) {
        const OrbitPoint p = locate(a, b, [&](const OrbitPoint& q) { return !signDiffers(q.tangent(m), foldA); });
        located.push_back(locatedAt(p, "fold", "multiplier +1: det(DP - I) = 0, d" + m_setup.parameter + "/ds = 0 along the branch"));
    }
    if (signDiffers(a.doublingTest, b.doublingTest)) {
        const OrbitPoint p = locate(a, b, [&](const OrbitPoint& q) { return !signDiffers(q.doublingTest, a.doublingTest); });
        located.push_back(locatedAt(p, "period-doubling", "multiplier -1: det(DP + I) = 0"));
    }
    if (signDiffers(a.torusTest, b.torusTest)) {
        const OrbitPoint p = locate(a, b, [&](const OrbitPoint& q) { return !signDiffers(q.torusTest, a.torusTest); });
        bool pairOnCircle = false;
        for (const auto& mu : p.nontrivial)
            pairOnCircle = pairOnCircle || (std::abs(mu.imag()) > 1e-6 && std::abs(std::abs(mu) - 1.0) < 1e-4);
        if (pairOnCircle)
            located.push_back(locatedAt(p, "neimark-sacker", "a complex pair on the unit circle: prod_{i<j} (mu_i mu_j - 1) = 0"));
    }
    if (m_eventDriven && !sameCycle(a.orbit.sequence, b.orbit.sequence)) {
        const std::string before = a.orbit.sequence, after = b.orbit.sequence;
        const OrbitPoint p = locate(a, b, [&](const OrbitPoint& q) { return sameCycle(q.orbit.sequence, before); });
        const std::string type = sequenceChangeType(before, after);
        located.push_back(locatedAt(p, type, conditionOf(type) + " (modes " + before + " -> " + after + ")"));
    }
}

LocatedPoint OrbitProblem::locatedAt(const OrbitPoint& p, const std::string& type, const std::string& condition) const
{
    LocatedPoint l;
    l.type = type;
    l.parameter = p.lambda();
    l.y = p.orbit.y;
    l.condition = condition;
    l.multipliers = p.orbit.multipliers;
    return l;
}

void OrbitProblem::adopt(const OrbitPoint& p)
{
    m_shiftFraction = p.shiftFraction;
    m_closure.shift = m_shiftFraction * m_closure.period;
    m_cached.reset(); // the closure is taken again with the dynamics
}

void OrbitProblem::keepInsideSlip(OrbitPoint& p)
{
    if (!m_closure.forced || !m_eventDriven)
        return;
    Status status = Status::success();
    const Dynamics* dynamics = dynamicsAt(p.lambda(), status);
    if (!dynamics)
        return;
    const double t0 = shootingTime(m_closure);
    if (slipMargin(modePhases(*dynamics, p.orbit.start, t0, m_closure.period), t0, m_closure.period) >= 0.15)
        return;
    const OrbitClosure before = m_closure;
    std::vector<double> y = p.orbit.start;
    if (!shootInsideSlip(*dynamics, m_closure, y).ok() || m_closure.shift == before.shift) {
        m_closure = before;
        return;
    }
    const double oldShiftFraction = m_shiftFraction;
    m_shiftFraction = m_closure.shift / m_closure.period;
    const Eigen::Index m = p.z.size() - 1;
    Eigen::VectorXd z(m + 1), t = Eigen::VectorXd::Zero(m + 1);
    z << sectionCoordinates(m_closure, y), p.lambda();
    t(m) = 1.0;
    OrbitPoint moved = correct(z, t);
    if (!moved.converged) { // stay where Newton converged
        m_closure = before;
        m_shiftFraction = oldShiftFraction;
        return;
    }
    // The same branch direction: the parameter moves the same way along it.
    Eigen::VectorXd orient = Eigen::VectorXd::Zero(m + 1);
    orient(m) = p.tangent(m) >= 0.0 ? 1.0 : -1.0;
    moved.tangent = tangent(moved, orient);
    p = moved;
}

LocatedPoint OrbitProblem::branchEnd(const OrbitPoint& a, double h, const std::string& why)
{
    if (!m_eventDriven)
        return locatedAt(a, "branch-end", why);
    // The sequence a step beyond the last orbit (not an orbit: one return from the predicted start).
    Status status = Status::success();
    const Eigen::VectorXd beyond = a.z + 4.0 * h * a.tangent;
    const Eigen::Index m = beyond.size() - 1;
    const Dynamics* dynamics = dynamicsAt(beyond(m), status);
    if (!dynamics)
        return locatedAt(a, "branch-end", why);
    std::vector<double> y;
    const std::vector<double> start = sectionState(m_closure, beyond.head(m));
    if (!stateOnSection(*dynamics, m_closure, start, y).ok())
        return locatedAt(a, "branch-end", why);
    const std::string after = modeSequence(*dynamics, y, m_closure.forced ? m_closure.phase : 0.0, a.orbit.period);
    if (after.empty() || sameCycle(after, a.orbit.sequence))
        return locatedAt(a, "branch-end", why);
    const std::string type = sequenceChangeType(a.orbit.sequence, after);
    return locatedAt(a, type, conditionOf(type) + " (modes " + a.orbit.sequence + " -> " + after
                                  + "); the branch ends here: the orbit beyond changes discontinuously (a stick phase of finite length)");
}

BranchPoint OrbitProblem::branchPoint(const OrbitPoint& p) const
{
    BranchPoint b;
    b.parameter = p.lambda();
    b.orbit = p.orbit;
    return b;
}

Status OrbitProblem::settle(OrbitPoint& first)
{
    Status status = Status::success();
    const Dynamics* dynamics = dynamicsAt(m_setup.start, status);
    if (!dynamics)
        return status;
    std::vector<double> y;
    if (status = settledSectionState(*dynamics, m_closure, m_setup.transientPeriods, y); !status.ok())
        return Status::error("the run at " + m_setup.parameter + " = " + formatNumber(m_setup.start) + " failed: " + status.message());
    if (status = shootInsideSlip(*dynamics, m_closure, y); !status.ok())
        return status;
    m_shiftFraction = m_closure.shift / m_closure.period;
    const PeriodicOrbit orbit = refineOrbit(*dynamics, m_closure, y);
    if (!orbit.status.ok())
        return Status::error("no periodic orbit found at " + m_setup.parameter + " = " + formatNumber(m_setup.start)
                             + " from the state a run settles on: " + orbit.status.message()
                             + " (try more transient periods, or --periods for a longer orbit)");
    const Eigen::VectorXd u = sectionCoordinates(m_closure, orbit.start);
    Eigen::VectorXd z(u.size() + 1);
    z << u, m_setup.start;
    Eigen::VectorXd t = Eigen::VectorXd::Zero(z.size());
    t(z.size() - 1) = 1.0;
    first = correct(z, t);
    if (!first.converged)
        return Status::error("the orbit at the start does not converge: " + first.status.message());
    first.tangent = tangent(first, Eigen::VectorXd());
    return Status::success();
}

} // namespace fl
