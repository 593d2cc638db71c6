// Changes of an orbit's mode sequence located by their defining conditions (analysis/sequence_change.h,
// docs/continuation.md "Where the sequence changes"): bisection on the sequence brackets the change,
// then the condition's zero is solved along the branch.
#include "analysis/orbit_problem.h"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace fl {
namespace {
/// A residual or a distance, to two digits.
std::string roughly(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2g", value);
    return text;
}
} // namespace

std::vector<ModePhase> OrbitProblem::phasesOf(const ContinuationPoint& p)
{
    Status status = Status::success();
    const Dynamics* dynamics = dynamicsAt(p.lambda(), status);
    if (!dynamics)
        return {};
    return modePhases(*dynamics, p.orbit.y, m_closure.forced ? m_closure.phase : 0.0, p.orbit.period);
}

std::optional<double> OrbitProblem::changeValue(const ContinuationPoint& p, const SequenceChangeTest& test)
{
    Status status = Status::success();
    const Dynamics* dynamics = dynamicsAt(p.lambda(), status);
    if (!dynamics)
        return std::nullopt;
    return sequenceChangeValue(*dynamics, p.orbit.y, m_closure.forced ? m_closure.phase : 0.0, p.orbit.period, test);
}

bool OrbitProblem::solveChange(const ContinuationPoint& a, const SequenceChangeTest& test, double s1, const ContinuationPoint& p1,
                               double delta, const ContinuationPoint* other, double sOther, ContinuationPoint& p, std::string& how)
{
    const std::optional<double> f1 = changeValue(p1, test);
    if (!f1)
        return false;
    auto at = [&](double s, ContinuationPoint& q) -> std::optional<double> {
        q = correct(a.z + s * a.tangent, a.tangent);
        return q.converged ? changeValue(q, test) : std::nullopt;
    };
    auto done = [&](const ContinuationPoint& q, double lambda, const std::string& accuracy) {
        p = q;
        p.z(p.z.size() - 1) = lambda;
        how = "solved " + test.description() + ", " + accuracy;
        return true;
    };
    auto close = [](double x, double y) { return std::abs(x - y) <= 1e-12 * (1.0 + std::abs(x)); };

    // Two-sided (an arrival at v_r = 0 is a switch on both sides): Illinois between the sides.
    if (other) {
        const std::optional<double> f2 = changeValue(*other, test);
        if (f2 && signDiffers(*f1, *f2)) {
            double xa = s1, fa = *f1, xb = sOther, fb = *f2;
            ContinuationPoint best = std::abs(fa) <= std::abs(fb) ? p1 : *other;
            double bestValue = std::min(std::abs(fa), std::abs(fb));
            for (int i = 0; i < 40 && !cancelled() && bestValue > 0.0; ++i) {
                const double x = (xa * fb - xb * fa) / (fb - fa);
                ContinuationPoint q;
                const std::optional<double> fx = at(x, q);
                if (!fx)
                    break;
                const bool settled = close(q.lambda(), best.lambda());
                if (std::abs(*fx) <= bestValue) {
                    best = q;
                    bestValue = std::abs(*fx);
                }
                if (signDiffers(*fx, fb)) {
                    xa = xb;
                    fa = fb;
                } else {
                    fa *= 0.5;
                }
                xb = x;
                fb = *fx;
                if (settled)
                    break;
            }
            return done(best, best.lambda(), "residual " + roughly(bestValue));
        }
    }

    // Secant steps from the side where the condition is defined (a split phase's minimum is defined
    // on its own side only, and there a little beyond the change: the event location takes a dip
    // within its graze band for a touch), the last one extrapolated when it lands beyond.
    const double towards = other && sOther < s1 ? -1.0 : 1.0;
    ContinuationPoint q0;
    const std::optional<double> f0 = at(s1 - towards * delta, q0);
    if (!f0 || *f0 == *f1)
        return false;
    double x0 = s1 - towards * delta, x1 = s1, g0 = *f0, g1 = *f1;
    ContinuationPoint last = p1, best = std::abs(*f0) < std::abs(*f1) ? q0 : p1;
    double l0 = q0.lambda(), bestValue = std::min(std::abs(*f0), std::abs(*f1));
    for (int i = 0; i < 12 && !cancelled() && g1 != g0; ++i) {
        const double root = last.lambda() - g1 * (last.lambda() - l0) / (g1 - g0);
        const double x2 = x1 - g1 * (x1 - x0) / (g1 - g0);
        ContinuationPoint q2;
        const std::optional<double> f2 = at(x2, q2);
        if (!f2)
            return done(last, root, "extrapolated over " + roughly(std::abs(root - last.lambda())) + " from where it is defined");
        if (std::abs(*f2) < bestValue) {
            best = q2;
            bestValue = std::abs(*f2);
        }
        // Near the zero the condition's value is the integration's noise (1e-10 at tol 1e-9): the
        // steps then wander by its size over the slope, and the least value found stands.
        if (close(q2.lambda(), last.lambda()) || *f2 == 0.0)
            break;
        x0 = x1, g0 = g1, l0 = last.lambda();
        x1 = x2, g1 = *f2, last = q2;
    }
    return done(best, best.lambda(), "residual " + roughly(bestValue));
}

bool OrbitProblem::solveSequenceChange(const ContinuationPoint& a, const ContinuationPoint& b, const Bracket& bracket,
                                       ContinuationPoint& p, std::string& how)
{
    // The condition from the branch's points on either side, away from the change: close to it, an
    // orbit's run may show a vanishing phase in another form (the chain's block arriving with its
    // holding force at the limit sticks for 2e-6 and breaks away, where further on it slips back).
    const std::vector<ModePhase> onA = phasesOf(a), onB = phasesOf(b);
    const bool aSimple = onA.size() <= onB.size();
    const SequenceChangeTest test = aSimple ? sequenceChangeTest(onA, onB) : sequenceChangeTest(onB, onA);
    if (test.kind == SequenceChangeTest::Kind::None)
        return false;
    // The second point on the simple side: as far from the change as the bracket is wide, at least
    // 1e-4 of the step and at most half of it (past a or b where the bracket ends on them).
    const double width = std::abs(bracket.sB - bracket.sA), span = std::abs(bracket.span);
    const double delta = std::min(std::max(4.0 * width, 1e-4 * span), 0.5 * span);
    ContinuationPoint solved;
    const bool ok = aSimple ? solveChange(a, test, bracket.sA, bracket.onA, delta, &bracket.onB, bracket.sB, solved, how)
                            : solveChange(a, test, bracket.sB, bracket.onB, delta, &bracket.onA, bracket.sA, solved, how);
    // The change lies between a and b: a zero outside is another switch's, not this change's.
    if (!ok || solved.lambda() < std::min(a.lambda(), b.lambda()) || solved.lambda() > std::max(a.lambda(), b.lambda()))
        return false;
    p = solved;
    return true;
}

bool OrbitProblem::solveSequenceChangeBeyond(const ContinuationPoint& a, const std::vector<ModePhase>& beyond, double h,
                                             ContinuationPoint& p, std::string& how)
{
    const SequenceChangeTest test = sequenceChangeTest(phasesOf(a), beyond);
    if (test.kind == SequenceChangeTest::Kind::None)
        return false;
    const double range = std::abs(m_setup.to - m_setup.from), delta = std::max(16.0 * h, 1e-7 * range);
    ContinuationPoint solved;
    // The branch ended within a step of the change: a zero further off is not this change's.
    if (!solveChange(a, test, 0.0, a, delta, nullptr, 0.0, solved, how) || std::abs(solved.lambda() - a.lambda()) > 1e-4 * range)
        return false;
    p = solved;
    return true;
}

} // namespace fl
