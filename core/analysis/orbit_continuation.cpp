// Pseudo-arclength continuation of periodic orbits (docs/continuation.md; Keller's method as in
// AUTO and MatCont, with the orbit's return map as the equation): z = (u, lambda), predictor along
// the tangent, Newton corrector on [P(u, lambda) - u; t . (z - z_pred)] = 0.
#include "analysis/orbit_continuation.h"
#include "analysis/multiple_shooting.h"
#include "analysis/equilibrium_problem.h"
#include "analysis/orbit_problem.h"
#include "common/number_text.h"
#include "params/parameter_spec.h"
#include "systems/run_variables.h"
#include "systems/scenario_setup.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace fl {

Status checkContinuation(const Scenario& scenario, const ContinuationSetup& s, std::string* field)
{
    auto at = [field](const char* name, Status status) {
        if (field)
            *field = name;
        return status;
    };
    const int index = scenario.params.index(s.parameter);
    if (index < 0)
        return at("parameter", Status::error("unknown parameter '" + s.parameter + "'"));
    const ParameterSpec& p = scenario.params.specs()[static_cast<size_t>(index)];
    if (p.kind != ParameterKind::Real)
        return at("parameter", Status::error(p.id + " takes whole values; continuation follows a real parameter"));
    if (isRunControlParameter(p.id))
        return at("parameter", Status::error(p.id + " sets how a run is computed, not the system; continue a parameter of the system or law"));
    const std::pair<const char*, double> values[] = {{"start", s.start}, {"from", s.from}, {"to", s.to}};
    for (const auto& [name, v] : values)
        if (const Status status = scenario.params.check(s.parameter, v); !status.ok())
            return at(name, status);
    if (!(s.from < s.to) || s.start < s.from || s.start > s.to)
        return at(!(s.from < s.to) ? "to" : "start",
                  Status::error("the range [" + formatNumber(s.from) + ", " + formatNumber(s.to) + "] of " + p.id
                                + " must be increasing and contain the start " + formatNumber(s.start)));
    if (s.equilibrium) {
        Scenario forcedAt = scenario;
        forcedAt.params.set(s.parameter, s.start);
        OrbitClosure closure;
        if (orbitClosure(forcedAt, 1, closure).ok() && closure.forced)
            return at("", Status::error("a forced system has no equilibria: set its forcing amplitude to 0"));
    }
    if (s.periods < 1 || s.periods > 64)
        return at("periods", Status::error("periods must be in [1, 64]"));
    if (s.transientPeriods < 0 || s.transientPeriods > 100000)
        return at("transient", Status::error("transient periods must be in [0, 100000]"));
    if (s.maxPoints < 2 || s.maxPoints > 100000)
        return at("maxPoints", Status::error("points per direction must be in [2, 100000]"));
    if (s.segments < 1 || s.segments > kMaxSegments)
        return at("segments", Status::error("shooting segments must be in [1, " + std::to_string(kMaxSegments) + "]"));
    Scenario start = scenario;
    start.params.set(s.parameter, s.start);
    if (!s.guess.empty()) {
        const size_t n = stateNames(start).size();
        if (s.guess.size() != n)
            return at("guess", Status::error("the starting state has " + std::to_string(s.guess.size()) + " values; the system has "
                                             + std::to_string(n) + " state variables"));
        for (double v : s.guess)
            if (!std::isfinite(v))
                return at("guess", Status::error("the starting state must be finite"));
    }
    return at("", validate(start));
}

namespace {
std::vector<std::string> split(const std::string& text, char separator)
{
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= text.size() && !text.empty()) {
        const size_t end = std::min(text.find(separator, start), text.size());
        parts.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}
std::vector<std::string> phasesOf(const std::string& sequence) { return split(sequence, ';'); }

/// The phases of one cycle: the period's first and last phase are one when they are the same mode.
std::vector<std::string> cycleOf(const std::string& sequence)
{
    std::vector<std::string> phases = phasesOf(sequence);
    if (phases.size() > 1 && phases.front() == phases.back())
        phases.pop_back();
    return phases;
}
} // namespace

bool sameCycle(const std::string& a, const std::string& b)
{
    const std::vector<std::string> x = cycleOf(a), y = cycleOf(b);
    if (x.size() != y.size())
        return false;
    for (size_t shift = 0; shift < std::max<size_t>(1, x.size()); ++shift) {
        bool equal = true;
        for (size_t i = 0; i < x.size() && equal; ++i)
            equal = x[i] == y[(i + shift) % y.size()];
        if (equal)
            return true;
    }
    return false;
}

std::string sequenceChangeType(const std::string& before, const std::string& after)
{
    // The longer sequence has the phases the shorter one lacks: find them between the common
    // beginning and end, and read what they are and what they sit in.
    std::vector<std::string> shorter = phasesOf(before), longer = phasesOf(after);
    if (shorter.size() > longer.size())
        std::swap(shorter, longer);
    size_t prefix = 0;
    while (prefix < shorter.size() && shorter[prefix] == longer[prefix])
        ++prefix;
    if (prefix == longer.size())
        return "grazing";
    // Several contacts: the phases are the contacts' modes joined by '/', compared contact by contact.
    // A slip phase next to a stick phase of its contact (before or after it) is the holding force
    // touching the limit there: "slip-;stick" -> "slip-;slip+;stick" is a contact that arrives at
    // v_r = 0 with its holding force just beyond the limit, slips back, and then sticks.
    const std::vector<std::string> inserted = split(longer[prefix], '/');
    const std::vector<std::string> host = split(prefix > 0 ? longer[prefix - 1] : longer.back(), '/');
    const std::vector<std::string> next = split(longer[(prefix + 1) % longer.size()], '/');
    bool stickAppears = false, slipAppears = false;
    for (size_t c = 0; c < inserted.size() && c < host.size() && c < next.size(); ++c) {
        stickAppears = stickAppears || (inserted[c] == "stick" && host[c] != "stick");
        slipAppears = slipAppears || (inserted[c] != "stick" && inserted[c] != host[c] && (host[c] == "stick" || next[c] == "stick"));
    }
    if (stickAppears)
        return "stick-onset";
    if (slipAppears)
        return "holding-tangency";
    return "grazing";
}

namespace {

/// Steps below 1e-6 of the range in a row that end a branch.
constexpr int kMaxTinySteps = 40;

/// Continues from the start point one way (direction +1: the parameter grows first).
void continueOneWay(ContinuationProblem& problem, const ContinuationPoint& first, int direction, Branch& branch, std::vector<BranchPoint>& out,
                    std::function<void()> onPoint)
{
    const ContinuationSetup& s = problem.setup();
    const double range = s.to - s.from;
    const double hMax = range / 20.0, hMin = 1e-10 * range;
    double h = range / 100.0;
    ContinuationPoint a = first;
    problem.adopt(first);
    Eigen::VectorXd t = problem.tangent(a, Eigen::VectorXd());
    if (t(t.size() - 1) * direction < 0.0)
        t = -t;
    a.tangent = t;
    int tinySteps = 0;
    for (int count = 0; count < s.maxPoints; ++count) {
        if (problem.cancelled()) {
            branch.cancelled = true;
            return;
        }
        // A predictor beyond the range's end: the last point exactly on the end.
        const Eigen::VectorXd predicted = a.z + h * a.tangent;
        const double predictedLambda = predicted(predicted.size() - 1);
        if (predictedLambda < s.from || predictedLambda > s.to) {
            const double bound = predictedLambda < s.from ? s.from : s.to;
            ContinuationPoint end = problem.atParameter(a, predicted, bound);
            if (end.converged) {
                end.tangent = problem.tangent(end, a.tangent);
                problem.detectBetween(a, end, branch.located);
                out.push_back(problem.branchPoint(end));
                onPoint();
                branch.located.push_back(problem.locatedAt(end, "branch-end", "parameter range: " + s.parameter + " = " + formatNumber(bound)));
                return;
            }
            if ((h /= 2.0) < hMin) {
                branch.located.push_back(problem.locatedAt(a, "branch-end", "nothing found on the range's end " + s.parameter + " = "
                                                                                + formatNumber(bound) + ": " + end.status.message()));
                return;
            }
            continue;
        }
        ContinuationPoint b = problem.correct(predicted, a.tangent);
        // A corrector that went far from the predictor, or a branch that turned sharply, may have
        // jumped to another orbit: a smaller step instead.
        bool accept = b.converged && b.iterations <= 6 && (b.z - predicted).norm() <= 0.5 * h;
        if (accept) {
            b.tangent = problem.tangent(b, a.tangent);
            accept = b.tangent.dot(a.tangent) >= 0.8;
        }
        if (!accept) {
            if (problem.cancelled()) {
                branch.cancelled = true;
                return;
            }
            if ((h /= 2.0) < hMin) {
                branch.located.push_back(problem.branchEnd(
                    a, h, "step too small (" + formatNumber(h) + "): " + (b.status.ok() ? std::string("no orbit near the predicted one") : b.status.message())));
                return;
            }
            --count;
            continue;
        }
        problem.detectBetween(a, b, branch.located);
        out.push_back(problem.branchPoint(b));
        onPoint();
        problem.keepInsideSlip(b);
        if (b.iterations <= 2)
            h = std::min(hMax, 1.5 * h);
        // Steps that stay tiny approach a point the branch cannot pass (the return map's
        // derivative grows without bound there, as at a grazing from the side of the shorter
        // sequence): end it there, as when the step falls below its least.
        tinySteps = h < 1e-6 * range ? tinySteps + 1 : 0;
        if (tinySteps > kMaxTinySteps) {
            const double largest = b.orbit.multipliers.empty() ? 0.0 : std::abs(b.orbit.multipliers.front());
            branch.located.push_back(problem.branchEnd(
                b, h, std::to_string(kMaxTinySteps) + " steps in a row below 1e-6 of the range: the branch approaches a point it cannot pass"
                          + (largest > 10.0 ? " (|mu1| = " + formatNumber(largest) + " grows without bound: the return map's derivative is singular there, as where a phase of the sequence vanishes)" : "")));
            return;
        }
        a = b;
    }
    branch.located.push_back(problem.locatedAt(a, "branch-end", "point limit: " + std::to_string(s.maxPoints) + " points each way"));
}

} // namespace

Branch continueBranch(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel,
                      const std::function<void(double)>& progress)
{
    return continueBranch(scenario, setup, cancel, progress, {});
}

Branch continueBranch(const Scenario& scenario, const ContinuationSetup& setup, const std::atomic<bool>* cancel,
                      const std::function<void(double)>& progress,
                      const std::function<void(const BranchPoint& point, int direction)>& pointFound)
{
    Branch branch;
    if (branch.status = checkContinuation(scenario, setup); !branch.status.ok())
        return branch;
    std::unique_ptr<ContinuationProblem> owned;
    if (setup.equilibrium) {
        owned = std::make_unique<EquilibriumProblem>(scenario, setup, cancel);
    } else {
        auto orbits = std::make_unique<OrbitProblem>(scenario, setup, cancel);
        branch.closure = orbits->closure();
        owned = std::move(orbits);
    }
    ContinuationProblem& problem = *owned;
    if (branch.status = problem.status(); !branch.status.ok())
        return branch;
    branch.parameterDerivative = problem.parameterDerivative();
    branch.equilibria = setup.equilibrium;
    branch.stateIds = stateNames(scenario);
    ContinuationPoint first;
    branch.status = problem.settle(first);
    if (problem.cancelled()) {
        branch.cancelled = true;
        branch.status = Status::error("continuation cancelled");
    }
    if (!branch.status.ok())
        return branch;
    std::vector<BranchPoint> up, down;
    double lowest = setup.start, highest = setup.start;
    if (pointFound)
        pointFound(problem.branchPoint(first), 0);
    auto report = [&](const std::vector<BranchPoint>& side, int direction) {
        if (pointFound)
            pointFound(side.back(), direction);
        lowest = std::min(lowest, side.back().parameter);
        highest = std::max(highest, side.back().parameter);
        if (progress)
            progress(std::min(1.0, (highest - lowest) / (setup.to - setup.from)));
    };
    continueOneWay(problem, first, +1, branch, up, [&] { report(up, +1); });
    if (!branch.cancelled)
        continueOneWay(problem, first, -1, branch, down, [&] { report(down, -1); });
    branch.points.assign(down.rbegin(), down.rend());
    branch.points.push_back(problem.branchPoint(first));
    branch.points.insert(branch.points.end(), up.begin(), up.end());
    std::sort(branch.located.begin(), branch.located.end(),
              [](const LocatedPoint& a, const LocatedPoint& b) { return a.parameter < b.parameter; });
    if (branch.cancelled)
        branch.status = Status::error("continuation cancelled");
    return branch;
}

} // namespace fl
