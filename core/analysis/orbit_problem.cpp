#include "analysis/orbit_problem.h"
#include "analysis/multiple_shooting.h"
#include "analysis/orbit_phases.h"
#include "common/number_text.h"
#include "simulation/dynamics_factory.h"
#include "systems/scenario_setup.h"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

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


/// The defining condition of a change of the mode sequence.
std::string conditionOf(const std::string& type)
{
    if (type == "stick-onset")
        return "v_r = 0 reached inside a slip phase with the holding force within the static limit: a stick phase begins";
    if (type == "holding-tangency")
        return "the holding force touches the static limit in a stick phase (inside it, or where it begins or ends)";
    return "a slip phase grazes v_r = 0: min |v_r| = 0 over the phase";
}

} // namespace

OrbitProblem::OrbitProblem(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel)
    : ContinuationProblem(scenario, setup, cancel)
{
    // The smooth (regularized, explicit) flows integrate at a tolerance of at most 1e-11: their
    // return map magnifies the integration's error (stiff slip near v_r = 0), and Newton's 1e-9 on
    // P(y) - y needs it well below that (the chain of two blocks at the default 1e-9 stalls at
    // |P(y) - y| = 2.6e-7). Event-driven flows keep the scenario's tolerance.
    if (methodInfo(scenario.method).smooth && m_scenario.params.has("tol") && m_scenario.params.value("tol") > kOrbitTolerance)
        (void)m_scenario.params.set("tol", kOrbitTolerance);
    Scenario at = m_scenario;
    m_status = at.params.set(setup.parameter, setup.start);
    if (m_status.ok())
        m_status = orbitClosure(at, setup.periods, m_closure);
    m_closure.integration.cancel = cancel;
    m_eventDriven = !methodInfo(scenario.method).smooth;
    prepareParameterModel();
}

const Dynamics* OrbitProblem::dynamicsAt(double lambda, Status& status)
{
    if (m_cached && m_cachedLambda == lambda)
        return m_cached.get();
    Scenario at;
    if (status = scenarioAt(lambda, at); !status.ok())
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
    m_n = m_cached->dimension();
    return m_cached.get();
}

std::vector<double> OrbitProblem::startOf(const Eigen::VectorXd& u) const
{
    return multiple() ? segmentStart(m_closure, m_n, u) : sectionState(m_closure, u);
}

Status OrbitProblem::unknownsOf(const Dynamics& dynamics, const std::vector<double>& start, double period, Eigen::VectorXd& u) const
{
    if (!multiple()) {
        u = sectionCoordinates(m_closure, start);
        return Status::success();
    }
    return segmentsFromOrbit(dynamics, m_closure, m_fractions, start, period, u);
}

Status OrbitProblem::evaluate(const Eigen::VectorXd& z, bool withDu, ContinuationEvaluation& e)
{
    Status status = Status::success();
    const Eigen::Index m = z.size() - 1;
    const Dynamics* dynamics = dynamicsAt(z(m), status);
    if (!dynamics)
        return status;
    OrbitReturn& r = e.orbitReturn;
    if (multiple()) {
        SegmentsEvaluation s = evaluateSegments(*dynamics, m_closure, m_fractions, z.head(m), withDu);
        if (!s.status.ok())
            return s.status;
        e.g = std::move(s.g);
        e.du = std::move(s.du);
        r = std::move(s.whole);
        return Status::success();
    }
    if (withDu && evaluateWithParameterColumn(z, e, status))
        return status;
    r = orbitReturn(*dynamics, m_closure, sectionState(m_closure, z.head(m)), withDu);
    if (!r.status.ok())
        return r.status;
    e.g = sectionCoordinates(m_closure, r.y) - z.head(m);
    if (withDu)
        e.du = returnMapJacobian(m_closure, r) - Eigen::MatrixXd::Identity(m, m);
    return e.g.allFinite() ? Status::success() : Status::error("the return map is not finite here");
}

Status OrbitProblem::describe(ContinuationPoint& p, const ContinuationEvaluation& e)
{
    const Eigen::Index m = p.z.size() - 1;
    Status status = Status::success();
    const Dynamics* dynamics = dynamicsAt(p.lambda(), status);
    if (!dynamics)
        return status;
    const OrbitReturn& r = e.orbitReturn;
    // An autonomous orbit shrinking onto an equilibrium (the branch reaching a Hopf point): its
    // excursion is lost in the return's tolerance, and what Newton accepts there is the equilibrium
    // itself (below the Stribeck belt's subcritical Hopf point, "orbits" with periods pi and 6 pi).
    if (!m_closure.forced && r.field.size() > 0) {
        const double excursion = r.field.norm() * r.period, scale = 1.0 + p.z.head(m).lpNorm<Eigen::Infinity>();
        if (excursion < 1e-4 * scale)
            return Status::error("the orbit has shrunk onto an equilibrium (|f| T = " + formatNumber(excursion)
                                 + " on the section): the branch reaches a Hopf point");
    }
    p.orbit.start = startOf(p.z.head(m));
    if (status = stateOnSection(*dynamics, m_closure, p.orbit.start, p.orbit.y); !status.ok())
        return status;
    p.shiftFraction = m_shiftFraction;
    p.fractions = m_fractions;
    p.orbit.period = r.period;
    p.orbit.residual = e.g.lpNorm<Eigen::Infinity>();
    p.orbit.iterations = p.iterations;
    floquet(m_closure, r, p.orbit);
    p.orbit.sequence = modeSequence(*dynamics, p.orbit.y, m_closure.forced ? m_closure.phase : 0.0, r.period);
    p.nontrivial = eigenvaluesOf(returnMapJacobian(m_closure, r));
    p.doublingTest = doublingTest(p.nontrivial);
    p.torusTest = torusTest(p.nontrivial);
    return Status::success();
}

void OrbitProblem::detectBetween(const ContinuationPoint& a, const ContinuationPoint& b, std::vector<LocatedPoint>& located)
{
    locateFold(a, b, "multiplier +1: det(DP - I) = 0, d" + m_setup.parameter + "/ds = 0 along the branch", located);
    if (signDiffers(a.doublingTest, b.doublingTest)) {
        const ContinuationPoint p = locate(a, b, [&](const ContinuationPoint& q) { return !signDiffers(q.doublingTest, a.doublingTest); });
        located.push_back(locatedAt(p, "period-doubling", "multiplier -1: det(DP + I) = 0"));
    }
    if (signDiffers(a.torusTest, b.torusTest)) {
        const ContinuationPoint p = locate(a, b, [&](const ContinuationPoint& q) { return !signDiffers(q.torusTest, a.torusTest); });
        bool pairOnCircle = false;
        for (const auto& mu : p.nontrivial)
            pairOnCircle = pairOnCircle || (std::abs(mu.imag()) > 1e-6 && std::abs(std::abs(mu) - 1.0) < 1e-4);
        if (pairOnCircle)
            located.push_back(locatedAt(p, "neimark-sacker", "a complex pair on the unit circle: prod_{i<j} (mu_i mu_j - 1) = 0"));
    }
    if (m_eventDriven && !sameCycle(a.orbit.sequence, b.orbit.sequence)) {
        const std::string before = a.orbit.sequence, after = b.orbit.sequence;
        Bracket bracket;
        ContinuationPoint p = locate(a, b, [&](const ContinuationPoint& q) { return sameCycle(q.orbit.sequence, before); }, &bracket);
        std::string how;
        if (!solveSequenceChange(a, b, bracket, p, how))
            how = "located by bisection on the sequence";
        const std::string type = sequenceChangeType(before, after);
        located.push_back(locatedAt(p, type, conditionOf(type) + " (modes " + before + " -> " + after + "); " + how));
    }
}

void OrbitProblem::adopt(const ContinuationPoint& p)
{
    m_shiftFraction = p.shiftFraction;
    m_fractions = p.fractions;
    m_closure.shift = m_shiftFraction * m_closure.period;
    m_cached.reset(); // the closure is taken again with the dynamics
}

void OrbitProblem::keepInsideSlip(ContinuationPoint& p)
{
    if (!m_eventDriven || (!m_closure.forced && !multiple()))
        return;
    Status status = Status::success();
    const Dynamics* dynamics = dynamicsAt(p.lambda(), status);
    if (!dynamics)
        return;
    const double t0 = shootingTime(m_closure);
    const bool startInside = !m_closure.forced || slipMargin(modePhases(*dynamics, p.orbit.start, t0, m_closure.period), t0, m_closure.period) >= 0.15;
    const bool segmentsInside = segmentsMargin(*dynamics, m_closure, m_fractions, p.orbit.start, p.orbit.period) >= 0.15;
    if (startInside && segmentsInside)
        return;
    const OrbitClosure before = m_closure;
    const std::vector<double> fractionsBefore = m_fractions;
    std::vector<double> y = p.orbit.start;
    if (!startInside && (!shootInsideSlip(*dynamics, m_closure, y).ok() || m_closure.shift == before.shift)) {
        m_closure = before;
        if (segmentsInside)
            return;
        y = p.orbit.start;
    }
    const double oldShiftFraction = m_shiftFraction;
    m_shiftFraction = m_closure.forced ? m_closure.shift / m_closure.period : 0.0;
    if (multiple())
        m_fractions = placeSegments(*dynamics, m_closure, y, p.orbit.period, static_cast<int>(m_fractions.size()));
    const Eigen::Index m = p.z.size() - 1;
    Eigen::VectorXd z(m + 1), t = Eigen::VectorXd::Zero(m + 1), u;
    if (!unknownsOf(*dynamics, y, p.orbit.period, u).ok() || u.size() != m) {
        m_closure = before;
        m_shiftFraction = oldShiftFraction;
        m_fractions = fractionsBefore;
        return;
    }
    z << u, p.lambda();
    t(m) = 1.0;
    ContinuationPoint moved = correct(z, t);
    if (!moved.converged) { // stay where Newton converged
        m_closure = before;
        m_shiftFraction = oldShiftFraction;
        m_fractions = fractionsBefore;
        return;
    }
    // The same branch direction: the parameter moves the same way along it.
    Eigen::VectorXd orient = Eigen::VectorXd::Zero(m + 1);
    orient(m) = p.tangent(m) >= 0.0 ? 1.0 : -1.0;
    moved.tangent = tangent(moved, orient);
    p = moved;
}

LocatedPoint OrbitProblem::branchEnd(const ContinuationPoint& a, double h, const std::string& why)
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
    const std::vector<double> start = startOf(beyond.head(m));
    if (!stateOnSection(*dynamics, m_closure, start, y).ok())
        return locatedAt(a, "branch-end", why);
    const std::vector<ModePhase> phases = modePhases(*dynamics, y, m_closure.forced ? m_closure.phase : 0.0, a.orbit.period);
    std::string after;
    for (const ModePhase& phase : phases)
        after += (after.empty() ? "" : ";") + phase.label;
    if (after.empty() || sameCycle(after, a.orbit.sequence))
        return locatedAt(a, "branch-end", why);
    const std::string type = sequenceChangeType(a.orbit.sequence, after);
    ContinuationPoint p = a;
    std::string how;
    if (!solveSequenceChangeBeyond(a, phases, h, p, how))
        how = "the last orbit before it";
    return locatedAt(p, type, conditionOf(type) + " (modes " + a.orbit.sequence + " -> " + after
                                  + "); the branch ends here: the orbit beyond changes discontinuously (a stick phase of finite length); " + how);
}

Status OrbitProblem::settle(ContinuationPoint& first)
{
    Status status = Status::success();
    const Dynamics* dynamics = dynamicsAt(m_setup.start, status);
    if (!dynamics)
        return status;
    std::vector<double> y = m_setup.guess; // its size checked by checkContinuation
    if (y.empty() && !(status = settledSectionState(*dynamics, m_closure, m_setup.transientPeriods, y)).ok())
        return Status::error("the run at " + m_setup.parameter + " = " + formatNumber(m_setup.start) + " failed: " + status.message());
    if (status = shootInsideSlip(*dynamics, m_closure, y); !status.ok())
        return status;
    m_shiftFraction = m_closure.shift / m_closure.period;
    if (m_setup.segments > 1) {
        // Multiple shooting: the segments of the settled state's period (autonomous: up to its
        // next crossing) as the first guess, refined together.
        double period = m_closure.period;
        if (!m_closure.forced) {
            placeOnSection(m_closure, y);
            const OrbitReturn r = orbitReturn(*dynamics, m_closure, y, false);
            if (!r.status.ok())
                return r.status;
            period = r.period;
        }
        m_fractions = placeSegments(*dynamics, m_closure, y, period, m_setup.segments);
        Eigen::VectorXd u;
        if (status = unknownsOf(*dynamics, y, period, u); !status.ok())
            return status;
        return startFrom(u, first);
    }
    const PeriodicOrbit orbit = refineOrbit(*dynamics, m_closure, y);
    if (!orbit.status.ok())
        return Status::error("no periodic orbit found at " + m_setup.parameter + " = " + formatNumber(m_setup.start)
                             + " from the state a run settles on: " + orbit.status.message()
                             + " (try more transient periods, or --periods for a longer orbit)");
    return startFrom(sectionCoordinates(m_closure, orbit.start), first);
}

} // namespace fl
