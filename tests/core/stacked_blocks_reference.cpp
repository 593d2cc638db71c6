// The exact reference of two stacked blocks on a belt (stacked_blocks_reference.h).
#include "stacked_blocks_reference.h"

#include <Eigen/Dense>
#include <unsupported/Eigen/MatrixFunctions>

#include <cmath>
#include <limits>

namespace fltest {
namespace {

using Vec = Eigen::Matrix<double, 7, 1>;
using Mat = Eigen::Matrix<double, 7, 7>;
constexpr int kConst = 6;
constexpr double kGrid = 0.01;

Vec unit(int i)
{
    Vec v = Vec::Zero();
    v(i) = 1.0;
    return v;
}

/// One mode's equations: the generator L and the contact forces as rows (R_c = row . z).
struct Mode {
    Mat L = Mat::Zero();
    std::array<Vec, 2> R;
};

Mode modeOf(const StackedBlocks& p, const std::array<int, 2>& d)
{
    const double NA = 1.0 + p.m2, NB = p.m2, c2 = 2.0 * p.zeta2 * std::sqrt(p.k2 * p.m2);
    Vec F1 = Vec::Zero(), F2 = Vec::Zero();
    F1(0) = -1.0;
    F1(1) = -2.0 * p.zeta1;
    F1(4) = p.A;
    F2(2) = -p.k2;
    F2(3) = -c2;
    Mode m;
    Vec& RA = m.R[0];
    Vec& RB = m.R[1];
    if (d[0] != 0 && d[1] != 0) {
        RA = -d[0] * p.muAk * NA * unit(kConst);
        RB = -d[1] * p.muBk * NB * unit(kConst);
    } else if (d[0] != 0) { // B holds x2'' = x1''
        RA = -d[0] * p.muAk * NA * unit(kConst);
        RB = (p.m2 * (F1 + RA) - F2) / (p.m2 + 1.0);
    } else if (d[1] != 0) { // A holds x1'' = 0
        RB = -d[1] * p.muBk * NB * unit(kConst);
        RA = -F1 + RB;
    } else {
        RB = -F2;
        RA = -F1 - F2;
    }
    const Vec a1 = d[0] == 0 ? Vec::Zero() : Vec(F1 + RA - RB);
    const Vec a2 = d[1] == 0 ? a1 : Vec((F2 + RB) / p.m2);
    m.L.row(0) = unit(1).transpose();
    m.L.row(1) = a1.transpose();
    m.L.row(2) = unit(3).transpose();
    m.L.row(3) = a2.transpose();
    m.L(4, 5) = -p.w;
    m.L(5, 4) = p.w;
    return m;
}

Vec slipRow(const StackedBlocks& p, int c)
{
    return c == 0 ? Vec(unit(1) - p.vb * unit(kConst)) : Vec(unit(3) - unit(1));
}

double limitOf(const StackedBlocks& p, int c) { return c == 0 ? p.muAs * (1.0 + p.m2) : p.muBs * p.m2; }

Vec stateVector(const StackedState& s, double w)
{
    Vec z;
    z << s.y[0], s.y[1], s.y[2], s.y[3], std::cos(w * s.t), std::sin(w * s.t), 1.0;
    return z;
}

/// Puts the stuck contacts at v = 0 exactly and the forcing phase at t.
void tidy(const StackedBlocks& p, const std::array<int, 2>& d, double t, Vec& z)
{
    if (d[0] == 0)
        z(1) = p.vb;
    if (d[1] == 0)
        z(3) = z(1);
    z(4) = std::cos(p.w * t);
    z(5) = std::sin(p.w * t);
}

/// The switching rule at z (see the header): `arriving` just reached v = 0 and is tried stuck.
void resolve(const StackedBlocks& p, std::array<int, 2>& d, const Vec& z, int arriving)
{
    for (int pass = 0; pass < 2; ++pass) {
        const Mode m = modeOf(p, d);
        int worst = -1;
        double worstRatio = 0.0;
        for (int c = 0; c < 2; ++c) {
            if (d[c] != 0)
                continue;
            const double R = m.R[c].dot(z), ratio = std::abs(R) / limitOf(p, c);
            const double slack = c == arriving ? 0.0 : 1e-12;
            if (ratio > 1.0 + slack && ratio > worstRatio && !(p.inOrder && worst >= 0)) {
                worst = c;
                worstRatio = ratio;
            }
        }
        if (worst < 0)
            return;
        d[worst] = m.R[worst].dot(z) < 0.0 ? 1 : -1;
    }
}

/// The guards of mode d, positive inside it, as rows: contact and row.
struct Guard {
    int contact;
    Vec row;
};

std::vector<Guard> guardsOf(const StackedBlocks& p, const std::array<int, 2>& d, const Mode& m)
{
    std::vector<Guard> g;
    for (int c = 0; c < 2; ++c) {
        if (d[c] != 0) {
            g.push_back({c, Vec(d[c] * slipRow(p, c))});
        } else {
            g.push_back({c, Vec(limitOf(p, c) * unit(kConst) - m.R[c])});
            g.push_back({c, Vec(limitOf(p, c) * unit(kConst) + m.R[c])});
        }
    }
    return g;
}

/// The first root in (0, h] of guard . exp(L tau) z0 where it goes from > 0 to <= 0, or -1.
/// zh = exp(L h) z0.
double firstRoot(const Mode& m, const Vec& row, const Vec& z0, const Vec& zh, double h)
{
    auto value = [&](double tau) { return tau == 0.0 ? row.dot(z0) : tau == h ? row.dot(zh) : row.dot((m.L * tau).exp() * z0); };
    auto slope = [&](double tau) { return row.dot(m.L * ((m.L * tau).exp() * z0)); };
    std::vector<double> points{0.0};
    const double s0 = row.dot(m.L * z0), s1 = row.dot(m.L * zh);
    if ((s0 > 0.0) != (s1 > 0.0)) { // the extremum, by bisection on the slope
        double a = 0.0, b = h;
        for (int i = 0; i < 200 && b - a > 0.0; ++i) {
            const double mid = 0.5 * (a + b);
            if (mid <= a || mid >= b)
                break;
            ((slope(mid) > 0.0) == (s0 > 0.0) ? a : b) = mid;
        }
        points.push_back(0.5 * (a + b));
    }
    points.push_back(h);
    for (size_t i = 0; i + 1 < points.size(); ++i) {
        double a = points[i], b = points[i + 1];
        if (!(value(a) > 0.0) || value(b) > 0.0)
            continue;
        for (int k = 0; k < 200; ++k) {
            const double mid = 0.5 * (a + b);
            if (mid <= a || mid >= b)
                break;
            (value(mid) > 0.0 ? a : b) = mid;
        }
        return b;
    }
    return -1.0;
}

} // namespace

StackedState StackedBlocksReference::start(double t, const std::array<double, 4>& y) const
{
    StackedState s;
    s.t = t;
    s.y = y;
    const Vec z = stateVector(s, m_p.w);
    for (int c = 0; c < 2; ++c) {
        const double v = slipRow(m_p, c).dot(z);
        s.d[c] = v > 0.0 ? 1 : (v < 0.0 ? -1 : 0);
    }
    for (int c = 0; c < 2; ++c)
        if (s.d[c] == 0)
            resolve(m_p, s.d, z, c);
    return s;
}

StackedState StackedBlocksReference::run(StackedState s, double tEnd, std::vector<StackedSwitch>* switches) const
{
    Vec z = stateVector(s, m_p.w);
    while (s.t < tEnd) {
        const Mode m = modeOf(m_p, s.d);
        const double h = std::min(kGrid, tEnd - s.t);
        double first = std::numeric_limits<double>::infinity();
        int which = -1;
        const Vec zh = (m.L * h).exp() * z;
        for (const Guard& g : guardsOf(m_p, s.d, m)) {
            const double tau = firstRoot(m, g.row, z, zh, h);
            if (tau >= 0.0 && tau < first) {
                first = tau;
                which = g.contact;
            }
        }
        const double tau = which < 0 ? h : first;
        z = which < 0 ? zh : Vec((m.L * tau).exp() * z);
        s.t = which < 0 && tau == tEnd - s.t ? tEnd : s.t + tau;
        tidy(m_p, s.d, s.t, z);
        if (which >= 0) {
            const std::array<int, 2> before = s.d;
            if (s.d[which] != 0) { // v = 0: tried stuck, exactly on the surface
                s.d[which] = 0;
                tidy(m_p, s.d, s.t, z);
                resolve(m_p, s.d, z, which);
            } else {
                s.d[which] = m.R[which].dot(z) < 0.0 ? 1 : -1;
                resolve(m_p, s.d, z, -1);
            }
            tidy(m_p, s.d, s.t, z);
            // A contact that gave way at v = 0 in a direction its motion does not follow (d v' < 0:
            // its rule chose it, but the others' giving way left it able to hold) is tried stuck again.
            for (int pass = 0; pass < 4; ++pass) {
                const Mode now = modeOf(m_p, s.d);
                int back = -1;
                for (int c = 0; c < 2 && back < 0; ++c)
                    if (s.d[c] != 0 && std::abs(slipRow(m_p, c).dot(z)) < 1e-14 && s.d[c] * slipRow(m_p, c).dot(now.L * z) < 0.0)
                        back = c;
                if (back < 0)
                    break;
                s.d[back] = 0;
                tidy(m_p, s.d, s.t, z);
                resolve(m_p, s.d, z, back);
                tidy(m_p, s.d, s.t, z);
            }
            for (int c = 0; c < 2; ++c)
                if ((before[c] == 0) != (s.d[c] == 0) && switches)
                    switches->push_back({s.t, c, s.d[c] == 0});
        }
    }
    for (int i = 0; i < 4; ++i)
        s.y[static_cast<size_t>(i)] = z(i);
    return s;
}

double StackedBlocksReference::growthRate(const std::array<double, 4>& y0, int component, double T, double eps) const
{
    std::array<double, 4> up = y0, down = y0;
    up[static_cast<size_t>(component)] += eps;
    down[static_cast<size_t>(component)] -= eps;
    const StackedState a = run(start(0.0, up), T), b = run(start(0.0, down), T);
    double norm2 = 0.0;
    for (int i = 0; i < 4; ++i) {
        const double d = (a.y[static_cast<size_t>(i)] - b.y[static_cast<size_t>(i)]) / (2.0 * eps);
        norm2 += d * d;
    }
    return 0.5 * std::log(norm2) / T;
}

} // namespace fltest
