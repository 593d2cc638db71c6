#include "coulomb_belt_reference.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace fltest {

namespace {

/// Grid of the slip phases' zero search (time units). The reference's frequencies are w <= 3 and
/// w_d < 1, so v_r has far fewer than one extremum per 0.01 time units.
constexpr double kSlipGrid = 0.01;

/// The last point of [lo, hi] where f <= 0, f(lo) > 0 >= f(hi): bisection to adjacent doubles.
template <class F>
double bisect(F f, double lo, double hi)
{
    for (int i = 0; i < 200; ++i) {
        const double mid = lo + 0.5 * (hi - lo);
        if (mid <= lo || mid >= hi)
            break;
        (f(mid) > 0.0 ? lo : hi) = mid;
    }
    return hi;
}

/// The sign change of f' on [lo, hi] (f'(lo) f'(hi) < 0) by bisection.
template <class F>
double bisectSignChange(F f, double lo, double hi)
{
    const bool loPositive = f(lo) > 0.0;
    for (int i = 0; i < 200; ++i) {
        const double mid = lo + 0.5 * (hi - lo);
        if (mid <= lo || mid >= hi)
            break;
        ((f(mid) > 0.0) == loPositive ? lo : hi) = mid;
    }
    return hi;
}

} // namespace

/// One slip phase in closed form: x = xp + u, xp = c + P cos(w t) + Q sin(w t) the forced response
/// with the constant friction force c = -d mu_k, u = e^{-zeta tau} (c1 cos(w_d tau) + c2 sin(w_d tau)).
struct CoulombBeltReference::Slip {
    const CoulombBelt& p;
    double P, Q, c, t0, wd, c1, c2;

    Slip(const CoulombBelt& params, double P_, double Q_, const BeltRefState& s)
        : p(params), P(P_), Q(Q_), c(-s.mode * params.muK), t0(s.t), wd(std::sqrt(1.0 - params.zeta * params.zeta))
    {
        const double u0 = s.x - (c + P * std::cos(p.w * s.t) + Q * std::sin(p.w * s.t));
        const double du0 = s.v - p.w * (-P * std::sin(p.w * s.t) + Q * std::cos(p.w * s.t));
        c1 = u0;
        c2 = (du0 + p.zeta * u0) / wd;
    }
    /// x, x', x'' at t.
    void at(double t, double& x, double& v, double& a) const
    {
        const double cw = std::cos(p.w * t), sw = std::sin(p.w * t);
        const double tau = t - t0, e = std::exp(-p.zeta * tau), cd = std::cos(wd * tau), sd = std::sin(wd * tau);
        const double u = e * (c1 * cd + c2 * sd);
        const double du = e * ((wd * c2 - p.zeta * c1) * cd + (-wd * c1 - p.zeta * c2) * sd);
        x = c + P * cw + Q * sw + u;
        v = p.w * (-P * sw + Q * cw) + du;
        a = -p.w * p.w * (P * cw + Q * sw) + (-2.0 * p.zeta * du - u);
    }
};

CoulombBeltReference::CoulombBeltReference(const CoulombBelt& p) : m_p(p)
{
    const double r = 1.0 - p.w * p.w, s = 2.0 * p.zeta * p.w, D = r * r + s * s;
    m_P = p.A * r / D;
    m_Q = p.A * s / D;
}

double CoulombBeltReference::holdingForce(double t, double x) const
{
    return 2.0 * m_p.zeta * m_p.vb + x - m_p.A * std::cos(m_p.w * t);
}

BeltRefState CoulombBeltReference::enter(double t, double x, double v) const
{
    const double vr = v - m_p.vb;
    if (vr != 0.0)
        return {t, x, v, vr > 0.0 ? 1 : -1};
    const double h = holdingForce(t, x);
    return {t, x, m_p.vb, std::abs(h) <= m_p.muS ? 0 : (h > 0.0 ? -1 : 1)};
}

BeltRefState CoulombBeltReference::slipState(const BeltRefState& from, double t) const
{
    const Slip s(m_p, m_P, m_Q, from);
    BeltRefState out{t, 0.0, 0.0, from.mode};
    double a;
    s.at(t, out.x, out.v, a);
    return out;
}

std::optional<BeltRefState> CoulombBeltReference::slipEnd(const BeltRefState& from, double tEnd) const
{
    const Slip s(m_p, m_P, m_Q, from);
    const double d = from.mode;
    auto g = [&](double t) {
        double x, v, a;
        s.at(t, x, v, a);
        return d * (v - m_p.vb);
    };
    auto dg = [&](double t) {
        double x, v, a;
        s.at(t, x, v, a);
        return d * a;
    };
    // The zero of g on a monotone piece [lo, hi] where g(lo) > 0 >= g(hi).
    auto zeroOn = [&](double lo, double hi) -> std::optional<double> {
        if (g(lo) > 0.0 && g(hi) <= 0.0)
            return bisect(g, lo, hi);
        return std::nullopt;
    };
    for (long j = 0;; ++j) {
        const double a = from.t + static_cast<double>(j) * kSlipGrid;
        if (a >= tEnd)
            return std::nullopt;
        const double b = std::min(tEnd, a + kSlipGrid);
        std::optional<double> zero;
        if (dg(a) * dg(b) < 0.0) {
            const double te = bisectSignChange(dg, a, b); // the extremum of v_r splits [a, b]
            zero = zeroOn(a, te);
            if (!zero)
                zero = zeroOn(te, b);
        } else {
            zero = zeroOn(a, b);
        }
        if (zero) {
            double x, v, acc;
            s.at(*zero, x, v, acc);
            return BeltRefState{*zero, x, m_p.vb, 0};
        }
    }
}

std::optional<BeltRefState> CoulombBeltReference::breakaway(const BeltRefState& from, double tEnd) const
{
    const double x0 = from.x, t0 = from.t;
    auto Fh = [&](double t) { return holdingForce(t, x0 + m_p.vb * (t - t0)); };
    // F_h' = v_b + A w sin(w t): extrema where sin(w t) = -v_b / (A w).
    std::vector<double> cuts;
    if (m_p.A > 0.0 && m_p.A * m_p.w > std::abs(m_p.vb)) {
        const double th1 = std::asin(-m_p.vb / (m_p.A * m_p.w)), th2 = std::numbers::pi - th1;
        const double period = 2.0 * std::numbers::pi / m_p.w;
        for (double th : {th1, th2}) {
            double t = th / m_p.w + std::floor((t0 - th / m_p.w) / period) * period;
            for (; t < tEnd; t += period)
                if (t > t0)
                    cuts.push_back(t);
        }
        std::sort(cuts.begin(), cuts.end());
    }
    cuts.push_back(tEnd);
    double lo = t0;
    for (double hi : cuts) {
        // F_h is monotone on [lo, hi]: it leaves [-mu_s, mu_s] there iff it is outside at hi.
        const double up = Fh(hi);
        if (up >= m_p.muS || up <= -m_p.muS) {
            const bool top = up >= m_p.muS;
            auto inside = [&](double t) { return top ? m_p.muS - Fh(t) : m_p.muS + Fh(t); };
            const double tc = bisect(inside, lo, hi);
            return BeltRefState{tc, x0 + m_p.vb * (tc - t0), m_p.vb, top ? -1 : 1};
        }
        lo = hi;
    }
    return std::nullopt;
}

std::optional<BeltRefSwitch> CoulombBeltReference::nextSwitch(BeltRefState from, double tEnd) const
{
    if (from.mode == 0) {
        const std::optional<BeltRefState> b = breakaway(from, tEnd);
        if (!b)
            return std::nullopt;
        return BeltRefSwitch{b->t, false, *b};
    }
    for (int reversals = 0; reversals < 10000; ++reversals) {
        const std::optional<BeltRefState> end = slipEnd(from, tEnd);
        if (!end)
            return std::nullopt;
        const BeltRefState next = enter(end->t, end->x, m_p.vb);
        if (next.mode == 0)
            return BeltRefSwitch{next.t, true, next};
        from = next; // a reversal: slip on the other way
    }
    return std::nullopt;
}

BeltRefState CoulombBeltReference::advance(BeltRefState from, double tTarget) const
{
    while (const std::optional<BeltRefSwitch> next = nextSwitch(from, tTarget))
        from = next->after;
    // Reversals inside the last slip phase: nextSwitch passes them, so follow them here.
    while (from.mode != 0) {
        const std::optional<BeltRefState> end = slipEnd(from, tTarget);
        if (!end)
            return slipState(from, tTarget);
        from = enter(end->t, end->x, m_p.vb);
    }
    return {tTarget, from.x + m_p.vb * (tTarget - from.t), m_p.vb, 0};
}

double CoulombBeltReference::lambda1(double x0, double v0, double transient, double duration, double interval,
                                     std::vector<double>* blocks, int blockCount) const
{
    constexpr double d0 = 1e-8;
    BeltRefState a = advance(enter(0.0, x0, v0), transient);
    double dx = d0, dv = 0.0, sum = 0.0;
    std::vector<double> blockSums(static_cast<size_t>(blockCount), 0.0);
    const long periods = std::max(1L, static_cast<long>(std::ceil(duration / interval - 1e-9)));
    for (long m = 1; m <= periods; ++m) {
        const double target = transient + (m == periods ? duration : static_cast<double>(m) * interval);
        const BeltRefState b0 = enter(a.t, a.x + dx, a.v + dv);
        a = advance(a, target);
        const BeltRefState b = advance(b0, target);
        const double d = std::hypot(b.x - a.x, b.v - a.v), growth = std::log(d / d0);
        sum += growth;
        blockSums[static_cast<size_t>(std::min<long>(blockCount - 1, (m - 1) * blockCount / periods))] += growth;
        dx = (b.x - a.x) * d0 / d;
        dv = (b.v - a.v) * d0 / d;
    }
    if (blocks) {
        blocks->clear();
        for (double s : blockSums)
            blocks->push_back(s / (duration / blockCount));
    }
    return sum / duration;
}

std::vector<BeltRefSwitch> CoulombBeltReference::switches(double t0, double x0, double v0, double tEnd) const
{
    std::vector<BeltRefSwitch> out;
    BeltRefState s = enter(t0, x0, v0);
    while (const std::optional<BeltRefSwitch> next = nextSwitch(s, tEnd)) {
        out.push_back(*next);
        s = next->after;
    }
    return out;
}

} // namespace fltest
