// The stuck contacts of a model with several contacts (model_multi_contact_core.h): their holding
// forces, solved together where they share a coordinate, and the projection of a state onto the
// set where all of them stick.
#include "systems/model_multi_contact_core.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>

namespace fl::detail {

void MultiContactCore::solveHolding(const std::vector<int>& stuck)
{
    MultiContactCore& core = *this;
    ModelEquations& eq = core.eq;
    const CompiledModel& cm = eq.compiled();
    eq.drifts(core.drift.data());
    eq.accelerations(core.F.data(), core.acc.data()); // the stuck contacts' F are 0 here
    const int s = static_cast<int>(stuck.size());
    Eigen::VectorXd a(s);
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(s, core.coupled ? s : 1);
    for (int r = 0; r < s; ++r) {
        const int c = stuck[static_cast<size_t>(r)];
        a(r) = core.drift[static_cast<size_t>(c)];
        for (int e : core.contactEntries[static_cast<size_t>(c)])
            a(r) += eq.gradient(e) * core.acc[static_cast<size_t>(cm.gradient[static_cast<size_t>(e)].coordinate)];
    }
    if (!core.coupled) { // each stuck contact alone on its coordinates: lambda_c = -a_c / A_cc
        for (int r = 0; r < s; ++r) {
            const int c = stuck[static_cast<size_t>(r)];
            double diagonal = 0.0;
            for (int e : core.contactEntries[static_cast<size_t>(c)]) {
                const double g = eq.gradient(e);
                diagonal += g * g / eq.mass(cm.gradient[static_cast<size_t>(e)].coordinate);
            }
            diagonal *= eq.normal(c);
            core.F[static_cast<size_t>(c)] = held(a(r), diagonal);
        }
        return;
    }
    for (int r = 0; r < s; ++r)
        for (int q = 0; q < s; ++q) {
            const int c = stuck[static_cast<size_t>(r)], d = stuck[static_cast<size_t>(q)];
            for (int e : core.contactEntries[static_cast<size_t>(c)])
                for (int f : core.contactEntries[static_cast<size_t>(d)])
                    A(r, q) += eq.overMass(eq.gradient(e) * eq.gradient(f) * eq.normal(d), cm.gradient[static_cast<size_t>(e)].coordinate,
                                           cm.gradient[static_cast<size_t>(f)].coordinate);
        }
    // Redundant contacts (two stuck on one motion) share their load: the least-norm solution.
    const Eigen::VectorXd lambda = A.completeOrthogonalDecomposition().solve(-a);
    for (int r = 0; r < s; ++r)
        core.F[static_cast<size_t>(stuck[static_cast<size_t>(r)])] = std::isfinite(lambda(r)) ? lambda(r) : held(a(r), 0.0);
}


double MultiContactCore::held(double a, double diagonal)
{
    if (diagonal > 0.0)
        return -a / diagonal;
    return a == 0.0 ? 0.0 : (a > 0.0 ? -1e300 : 1e300);
}

void MultiContactCore::stuckGradients(const std::vector<int>& stuck, Eigen::MatrixXd& G, Eigen::MatrixXd& overMassGt) const
{
    const CompiledModel& cm = eq.compiled();
    const int s = static_cast<int>(stuck.size()), n = eq.coordinates();
    G = Eigen::MatrixXd::Zero(s, n);
    for (int r = 0; r < s; ++r)
        for (int e : contactEntries[static_cast<size_t>(stuck[static_cast<size_t>(r)])])
            G(r, cm.gradient[static_cast<size_t>(e)].coordinate) += eq.gradient(e);
    overMassGt.resize(n, s);
    for (int k = 0; k < n; ++k)
        for (int r = 0; r < s; ++r) {
            double sum = 0.0;
            for (int i = 0; i < n; ++i)
                sum += eq.overMass(G(r, i), k, i);
            overMassGt(k, r) = sum;
        }
}

std::vector<double> MultiContactCore::stickDirection(const std::vector<int>& stuck, int c) const
{
    const int n = eq.coordinates();
    std::vector<double> u(static_cast<size_t>(eq.dimension()), 0.0); // the states do not jump
    const auto at = std::find(stuck.begin(), stuck.end(), c);
    if (at == stuck.end())
        return u;
    Eigen::MatrixXd G, overMassGt;
    stuckGradients(stuck, G, overMassGt);
    Eigen::VectorXd unitC = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(stuck.size()));
    unitC(at - stuck.begin()) = 1.0;
    const Eigen::VectorXd du = overMassGt * (G * overMassGt).completeOrthogonalDecomposition().solve(unitC);
    for (int k = 0; k < n; ++k)
        u[static_cast<size_t>(2 * k + 1)] = std::isfinite(du(k)) ? du(k) : 0.0;
    return u;
}

void MultiContactCore::projectStuck(const std::vector<int>& stuck, double t, double* y)
{
    if (stuck.empty())
        return;
    if (stuck.size() == 1) {
        eq.projectToStick(stuck.front(), t, y);
        return;
    }
    const CompiledModel& cm = eq.compiled();
    const int s = static_cast<int>(stuck.size()), n = eq.coordinates();
    eq.load(t, y);
    eq.evaluateMotion();
    eq.slips(vr.data());
    // v_r,S = c0 + G q' (affine in the velocities): the smallest change in the mass metric that
    // zeroes all of them at once, dq' = -M^-1 G^T (G M^-1 G^T)^+ v_r,S. Projecting one contact
    // after another would move the velocities the others hold (two stacked blocks share x1').
    Eigen::VectorXd v(s);
    for (int r = 0; r < s; ++r)
        v(r) = vr[static_cast<size_t>(stuck[static_cast<size_t>(r)])];
    Eigen::MatrixXd G, overMassGt;
    stuckGradients(stuck, G, overMassGt);
    const Eigen::VectorXd impulse = (G * overMassGt).completeOrthogonalDecomposition().solve(v);
    const Eigen::VectorXd du = overMassGt * impulse;
    for (int k = 0; k < n; ++k)
        if (std::isfinite(du(k)))
            y[2 * k + 1] -= du(k);
    // Round-off left by the impulse: each contact, fewest entries first, solves v_r = 0 for one
    // velocity that no contact fixed before it reads (x1' = v_b exactly, then x2' = x1'), so a
    // stick phase starts, and restarts at an interval's end, at v_r = 0 to the bit.
    std::vector<int> order = stuck;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return contactEntries[static_cast<size_t>(a)].size() < contactEntries[static_cast<size_t>(b)].size();
    });
    std::vector<char> read(static_cast<size_t>(n), 0);
    for (int c : order) {
        int chosen = -1;
        for (int e : contactEntries[static_cast<size_t>(c)])
            if (!read[static_cast<size_t>(cm.gradient[static_cast<size_t>(e)].coordinate)] && eq.gradient(e) != 0.0)
                chosen = e;
        for (int e : contactEntries[static_cast<size_t>(c)])
            read[static_cast<size_t>(cm.gradient[static_cast<size_t>(e)].coordinate)] = 1;
        if (chosen < 0)
            continue;
        const int i = cm.gradient[static_cast<size_t>(chosen)].coordinate;
        y[2 * i + 1] = 0.0;
        eq.load(t, y);
        eq.evaluateMotion();
        eq.slips(vr.data());
        y[2 * i + 1] = -vr[static_cast<size_t>(c)] / eq.gradient(chosen);
    }
    eq.load(t, y);
}

} // namespace fl::detail
