#include "analysis/located_curves.h"
#include "common/number_text.h"
#include "params/parameter_spec.h"
#include "systems/run_variables.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

/// The "(modes A -> B)" of a change of the mode sequence, as its two sequences; empty if none.
std::pair<std::string, std::string> modesOf(const std::string& condition)
{
    const size_t open = condition.find("(modes ");
    const size_t arrow = condition.find(" -> ", open);
    const size_t close = condition.find(')', arrow);
    if (open == std::string::npos || arrow == std::string::npos || close == std::string::npos)
        return {};
    return {condition.substr(open + 7, arrow - open - 7), condition.substr(arrow + 4, close - arrow - 4)};
}

/// The same point as `point`: its type, and for a change of the mode sequence the same two sequences.
bool samePoint(const LocatedPoint& point, const LocatedPoint& candidate)
{
    if (candidate.type != point.type)
        return false;
    const auto [a1, b1] = modesOf(point.condition);
    const auto [a2, b2] = modesOf(candidate.condition);
    if (a1.empty() || a2.empty())
        return a1.empty() && a2.empty();
    return (sameCycle(a1, a2) && sameCycle(b1, b2)) || (sameCycle(a1, b2) && sameCycle(b1, a2));
}

/// The point like `point` nearest `near` in a branch, or nullptr.
const LocatedPoint* nearestLike(const Branch& branch, const LocatedPoint& point, double near)
{
    const LocatedPoint* best = nullptr;
    for (const LocatedPoint& p : branch.located)
        if (samePoint(point, p) && (!best || std::abs(p.parameter - near) < std::abs(best->parameter - near)))
            best = &p;
    return best;
}

/// The orbit of a branch nearest the parameter value `target`.
const BranchPoint* nearestOrbit(const Branch& branch, double target)
{
    const BranchPoint* best = nullptr;
    for (const BranchPoint& p : branch.points)
        if (!best || std::abs(p.parameter - target) < std::abs(best->parameter - target))
            best = &p;
    return best;
}

/// The side of a point the branch lies on: -1 (it ends there from below, as at a discontinuous stick
/// onset), +1 (from above), 0 (on both sides).
int branchSide(const Branch& branch, double at)
{
    const double tiny = 1e-9 * (1.0 + std::abs(at));
    bool below = false, above = false;
    for (const BranchPoint& p : branch.points) {
        below = below || p.parameter < at - tiny;
        above = above || p.parameter > at + tiny;
    }
    return below && !above ? -1 : (above && !below ? 1 : 0);
}

/// The point located again at the second parameter's `value`: the branch continued over a window
/// around `at` from an orbit of the last branch on either side of it (on its branch's side only
/// when the branch ends there: an orbit beyond it belongs to another branch).
const LocatedPoint* locateAgain(const Scenario& scenario, const ContinuationSetup& setup, const CurveSetup& curves, const LocatedPoint& point,
                                const Branch& last, double at, double offset, double value, Branch& here, const std::atomic<bool>* cancel)
{
    const int branchEnds = branchSide(last, at);
    Scenario next = scenario;
    if (!next.params.set(curves.parameter, value).ok())
        return nullptr;
    const double window = 3.0 * offset;
    const BranchPoint* tried = nullptr;
    for (double side : {-1.0, 1.0}) {
        if (branchEnds != 0 && side != branchEnds)
            continue;
        const BranchPoint* start = nearestOrbit(last, at + side * offset);
        if (!start || start == tried)
            continue;
        tried = start;
        ContinuationSetup local = setup;
        local.from = std::max(setup.from, std::min(at, start->parameter) - window);
        local.to = std::min(setup.to, std::max(at, start->parameter) + window);
        local.start = start->parameter;
        local.guess = start->orbit.y;
        local.maxPoints = 200;
        here = continueBranch(next, local, cancel);
        const LocatedPoint* found = here.status.ok() ? nearestLike(here, point, at) : nullptr;
        // Where the branch ends at the point, the start must still lie on its side of it.
        if (found && (branchEnds == 0 || (start->parameter - found->parameter) * branchEnds > 0.0))
            return found;
    }
    return nullptr;
}

/// Follows one point from the second parameter's current value over the grid's values towards
/// `direction` (+1 up, -1 down), appending to curve; a step that loses the point is halved (to
/// 1/64 of the grid's step).
void march(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch, const LocatedPoint& point,
           const CurveSetup& curves, int direction, LocatedCurve& curve, const std::atomic<bool>* cancel)
{
    const double grid = (curves.to - curves.from) / curves.steps;
    const double end = direction > 0 ? curves.to : curves.from;
    double value = scenario.params.value(curves.parameter), at = point.parameter;
    double lastMove = 0.0, step = grid;
    Branch last = branch;
    LocatedPoint followed = point;
    while (direction > 0 ? value < end : value > end) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return;
        // The next grid value, or a part of the way there after a lost point.
        const double k = std::floor((value - curves.from) / grid + (direction > 0 ? 1.0 + 1e-9 : -1e-9));
        const double f = std::clamp(k / curves.steps, 0.0, 1.0);
        double target = curves.from * (1.0 - f) + curves.to * f; // 0.05 + 2 x 0.05 is 0.15000000000000002, this 0.15
        if (direction * (target - value) > step)
            target = value + direction * step;
        Branch here;
        const double offset = std::max(0.02 * (setup.to - setup.from), 2.0 * lastMove);
        const LocatedPoint* found = locateAgain(scenario, setup, curves, followed, last, at, offset, target, here, cancel);
        if (!found) {
            if ((step /= 2.0) < grid / 64.0) {
                curve.ends = "is lost at " + curves.parameter + " = " + formatNumber(target) + " (no " + point.type + " near "
                             + setup.parameter + " = " + formatNumber(at) + (here.status.ok() ? "" : ": " + here.status.message()) + ")";
                return;
            }
            continue;
        }
        curve.points.push_back({target, found->parameter, found->y, found->condition});
        lastMove = std::abs(found->parameter - at);
        at = found->parameter;
        followed = *found;
        value = target;
        last = std::move(here);
        step = std::min(grid, 2.0 * step);
    }
}

} // namespace

Status checkCurves(const Scenario& scenario, const ContinuationSetup& setup, const CurveSetup& c, std::string* field)
{
    auto at = [field](const char* name, Status status) {
        if (field)
            *field = name;
        return status;
    };
    const int index = scenario.params.index(c.parameter);
    if (index < 0)
        return at("parameter2", Status::error("unknown second parameter '" + c.parameter + "'"));
    const ParameterSpec& p = scenario.params.specs()[static_cast<size_t>(index)];
    if (p.kind != ParameterKind::Real || isRunControlParameter(p.id) || p.id == setup.parameter)
        return at("parameter2", Status::error(p.id + " cannot be the second parameter: it must be a real parameter of the system or law, not the first"));
    const std::pair<const char*, double> ends[] = {{"from2", c.from}, {"to2", c.to}};
    for (const auto& [name, v] : ends)
        if (const Status status = scenario.params.check(c.parameter, v); !status.ok())
            return at(name, status);
    const double now = scenario.params.value(c.parameter);
    if (!(c.from < c.to) || now < c.from || now > c.to)
        return at(!(c.from < c.to) || now > c.to ? "to2" : "from2",
                  Status::error("the range [" + formatNumber(c.from) + ", " + formatNumber(c.to) + "] of " + p.id
                                + " must be increasing and contain its value " + formatNumber(now)));
    if (c.steps < 2 || c.steps > 2000)
        return at("steps2", Status::error("the second parameter's steps must be in [2, 2000]"));
    return Status::success();
}

std::vector<LocatedCurve> followLocatedPoints(const Scenario& scenario, const ContinuationSetup& setup, const Branch& branch,
                                              const CurveSetup& curves, const std::atomic<bool>* cancel)
{
    std::vector<LocatedCurve> result;
    for (const LocatedPoint& point : branch.located) {
        if (point.type == "branch-end")
            continue;
        LocatedCurve down, up;
        down.type = up.type = point.type;
        march(scenario, setup, branch, point, curves, -1, down, cancel);
        march(scenario, setup, branch, point, curves, +1, up, cancel);
        LocatedCurve curve;
        curve.type = point.type;
        curve.points.assign(down.points.rbegin(), down.points.rend());
        curve.points.push_back({scenario.params.value(curves.parameter), point.parameter, point.y, point.condition});
        curve.points.insert(curve.points.end(), up.points.begin(), up.points.end());
        curve.ends = down.ends.empty() ? up.ends : (up.ends.empty() ? down.ends : down.ends + "; " + up.ends);
        result.push_back(std::move(curve));
    }
    return result;
}

} // namespace fl
