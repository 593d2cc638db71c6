#include "analysis/multiple_shooting.h"
#include "analysis/orbit_phases.h"
#include "solvers/dynamics.h"
#include "solvers/smooth_ode.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

/// The vector field at a segment's end state yEnd (at t1): the smooth ODE's right-hand side, or
/// (event-driven) the dense output's central difference from an integration to exactly t1.
Status fieldAtEnd(const Dynamics& dynamics, const std::vector<double>& y0, double t0, double t1, const std::vector<double>& yEnd,
                  Eigen::VectorXd& f)
{
    if (const SmoothOde* ode = dynamics.smoothOde()) {
        std::vector<double> rhs(yEnd.size());
        ode->rhs(t1, yEnd.data(), rhs.data());
        f = Eigen::Map<const Eigen::VectorXd>(rhs.data(), static_cast<Eigen::Index>(rhs.size()));
        return Status::success();
    }
    class EndField final : public DynamicsObserver {
    public:
        EndField(double tEnd, size_t n) : m_tEnd(tEnd), m_n(n) {}
        bool onStep(const StepView& step, int) override
        {
            if (step.t1 < m_tEnd)
                return true;
            field = denseField(step, m_tEnd, m_n);
            return false;
        }
        Eigen::VectorXd field;

    private:
        double m_tEnd;
        size_t m_n;
    } end(t1, y0.size());
    std::vector<double> y = y0;
    double t = t0;
    IntegrationStats stats;
    if (const Status status = dynamics.integrate(y, t, t1, end, stats); !status.ok())
        return status;
    if (end.field.size() == 0)
        return Status::error("a segment's integration stopped before its end");
    f = end.field;
    return Status::success();
}

/// Where segment k starts (absolute time) and how long it lasts.
void segmentTimes(const OrbitClosure& closure, const std::vector<double>& fractions, double period, size_t k, double& start, double& span)
{
    const double a = fractions[k], b = k + 1 < fractions.size() ? fractions[k + 1] : 1.0;
    start = closure.forced ? shootingTime(closure) + a * period : 0.0;
    span = (b - a) * period;
}

} // namespace

Eigen::Index segmentUnknowns(const OrbitClosure&, int n, size_t segments) { return static_cast<Eigen::Index>(segments) * n; }

std::vector<double> segmentStart(const OrbitClosure& closure, int n, const Eigen::VectorXd& u)
{
    return closure.forced ? std::vector<double>(u.data(), u.data() + n) : sectionState(closure, u.head(n - 1));
}

SegmentsEvaluation evaluateSegments(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& fractions,
                                    const Eigen::VectorXd& u, bool withDu)
{
    SegmentsEvaluation e;
    const int n = dynamics.dimension();
    const size_t K = fractions.size();
    const Eigen::Index m = segmentUnknowns(closure, n, K);
    const double period = closure.forced ? closure.period : u(m - 1);
    if (!(period > 0.0) || !std::isfinite(period)) {
        e.status = Status::error("the period has become " + std::to_string(period));
        return e;
    }
    // y_k's place in u: forced k n; autonomous y_0 reduced at 0, y_k (k >= 1) at n - 1 + (k - 1) n.
    auto offset = [&](size_t k) { return closure.forced ? static_cast<Eigen::Index>(k) * n : n - 1 + static_cast<Eigen::Index>(k - 1) * n; };
    auto stateOf = [&](size_t k) {
        if (k == 0)
            return segmentStart(closure, n, u);
        return std::vector<double>(u.data() + offset(k), u.data() + offset(k) + n);
    };
    e.g.resize(m);
    if (withDu)
        e.du = Eigen::MatrixXd::Zero(m, m);
    Eigen::MatrixXd product = Eigen::MatrixXd::Identity(n, n);
    for (size_t k = 0; k < K; ++k) {
        double t0 = 0.0, span = 0.0;
        segmentTimes(closure, fractions, period, k, t0, span);
        std::vector<double> y = stateOf(k), yEnd;
        Eigen::MatrixXd mk;
        if (withDu) {
            e.status = monodromyOver(dynamics, closure, y, t0, span, yEnd, mk);
        } else {
            yEnd = y;
            e.status = integrateExactly(dynamics, yEnd, t0, t0 + span);
        }
        if (!e.status.ok())
            return e;
        const std::vector<double> next = stateOf((k + 1) % K);
        for (int i = 0; i < n; ++i)
            e.g(static_cast<Eigen::Index>(k) * n + i) = yEnd[static_cast<size_t>(i)] - next[static_cast<size_t>(i)];
        if (k + 1 == K)
            e.whole.y = yEnd;
        if (!withDu)
            continue;
        product = mk * product;
        const Eigen::Index row = static_cast<Eigen::Index>(k) * n;
        // d(end of k) / d(y_k): M_k (y_0 without its section variable when autonomous).
        if (!closure.forced && k == 0) {
            e.du.block(row, 0, n, n - 1) = onSectionColumns(closure, mk);
        } else {
            e.du.block(row, offset(k), n, n) = mk;
        }
        // - d(y_{k+1}) / du: the next start (y_0 again after the last segment).
        const size_t after = (k + 1) % K;
        if (after == 0 && !closure.forced) // y_0 on the section: E
            e.du.block(row, 0, n, n - 1) -= onSectionColumns(closure, Eigen::MatrixXd::Identity(n, n));
        else
            e.du.block(row, offset(after), n, n) -= Eigen::MatrixXd::Identity(n, n);
        if (!closure.forced) { // d(end of k) / dT = f(end) (s_{k+1} - s_k)
            Eigen::VectorXd f;
            if (e.status = fieldAtEnd(dynamics, y, t0, t0 + span, yEnd, f); !e.status.ok())
                return e;
            e.du.block(row, m - 1, n, 1) = f * (span / period);
            if (k + 1 == K)
                e.whole.field = f;
        }
    }
    e.whole.period = period;
    if (withDu)
        e.whole.monodromy = product;
    if (!e.g.allFinite())
        e.status = Status::error("the segments' ends are not finite here");
    return e;
}

Status segmentsFromOrbit(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& fractions,
                         const std::vector<double>& start, double period, Eigen::VectorXd& u)
{
    const int n = dynamics.dimension();
    const Eigen::Index m = segmentUnknowns(closure, n, fractions.size());
    u.resize(m);
    if (closure.forced) {
        u.head(n) = Eigen::Map<const Eigen::VectorXd>(start.data(), n);
    } else {
        u.head(n - 1) = sectionCoordinates(closure, start);
        u(m - 1) = period;
    }
    std::vector<double> y = start;
    for (size_t k = 1; k < fractions.size(); ++k) {
        double t0 = 0.0, span = 0.0;
        segmentTimes(closure, fractions, period, k - 1, t0, span);
        if (const Status status = integrateExactly(dynamics, y, t0, t0 + span); !status.ok())
            return status;
        const Eigen::Index at = closure.forced ? static_cast<Eigen::Index>(k) * n : n - 1 + static_cast<Eigen::Index>(k - 1) * n;
        u.segment(at, n) = Eigen::Map<const Eigen::VectorXd>(y.data(), n);
    }
    return Status::success();
}

namespace {

/// The slip margin of time tau in the phases (as slipMargin: 0.5 mid-phase, 0 at a switch or in stick).
double marginAt(const std::vector<ModePhase>& phases, double tau)
{
    for (const ModePhase& p : phases)
        if (tau >= p.t0 && tau <= p.t1)
            return isSlipPhase(p.label) && p.t1 > p.t0 ? std::min(tau - p.t0, p.t1 - tau) / (p.t1 - p.t0) : 0.0;
    return 0.0;
}

} // namespace

std::vector<double> placeSegments(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& start, double period,
                                  int segments)
{
    std::vector<double> fractions(static_cast<size_t>(std::max(1, segments)));
    for (size_t k = 0; k < fractions.size(); ++k)
        fractions[k] = static_cast<double>(k) / static_cast<double>(fractions.size());
    if (dynamics.smoothOde() || fractions.size() == 1)
        return fractions;
    const double t0 = closure.forced ? shootingTime(closure) : 0.0;
    const std::vector<ModePhase> phases = modePhases(dynamics, start, t0, period);
    const double gap = 1e-3;
    for (size_t k = 1; k < fractions.size(); ++k) {
        const double target = t0 + fractions[k] * period;
        if (marginAt(phases, target) >= 0.15)
            continue;
        // The middle of the slip phase nearest to the target, after the boundary before it.
        double best = -1.0, distance = INFINITY;
        for (const ModePhase& p : phases) {
            const double middle = (0.5 * (p.t0 + p.t1) - t0) / period;
            if (!isSlipPhase(p.label) || middle <= fractions[k - 1] + gap || middle >= 1.0 - gap)
                continue;
            if (std::abs(t0 + middle * period - target) < distance) {
                distance = std::abs(t0 + middle * period - target);
                best = middle;
            }
        }
        if (best > 0.0)
            fractions[k] = best;
    }
    // In order and apart; a boundary that could not move stays at k / K.
    for (size_t k = 1; k < fractions.size(); ++k)
        if (fractions[k] <= fractions[k - 1] + gap)
            fractions[k] = std::min(1.0 - gap * static_cast<double>(fractions.size() - k), fractions[k - 1] + gap);
    return fractions;
}

double segmentsMargin(const Dynamics& dynamics, const OrbitClosure& closure, const std::vector<double>& fractions,
                      const std::vector<double>& start, double period)
{
    if (dynamics.smoothOde() || fractions.size() < 2)
        return 1.0;
    const double t0 = closure.forced ? shootingTime(closure) : 0.0;
    const std::vector<ModePhase> phases = modePhases(dynamics, start, t0, period);
    double least = 1.0;
    for (size_t k = 1; k < fractions.size(); ++k)
        least = std::min(least, marginAt(phases, t0 + fractions[k] * period));
    return least;
}

} // namespace fl
