#pragma once
// An exact reference for two stacked blocks on a belt with Coulomb friction in both contacts,
// written independently of the solver (it shares no code with core/):
//
//   x1'' = -x1 - 2 zeta1 x1' + A cos(w t) + R_A - R_B          (block 1, mass 1, on the belt)
//   m2 x2'' = -k2 x2 - 2 zeta2 sqrt(k2 m2) x2' + R_B           (block 2, on block 1)
//   contact A: v_A = x1' - v_b, N_A = 1 + m2;   contact B: v_B = x2' - x1', N_B = m2
//
// - In every mode (each contact stuck, or slipping one way with R = -d mu_k N) the equations are
//   linear in z = (x1, x1', x2, x2', cos w t, sin w t, 1): z' = L z, solved by the matrix exponential.
//   A stuck contact's force R_c is the one that keeps v_c' = 0 (both stuck: R_B = -F2, R_A = -F1 - F2).
// - The guards (d v_c of a slipping contact, mu_s N_c -+ R_c of a stuck one) are linear in z. Each is
//   sampled on a grid of kGrid, every grid interval split at the guard's extremum (a zero of its
//   derivative, by bisection), and each root refined by bisection to the last bit.
// - Switching rule: a contact whose v_c reaches 0 sticks if the stuck forces of it and of the other
//   stuck contact stay within mu_s N; where they cannot, the contact loaded furthest beyond its limit
//   (|R| / mu_s N) slips, against its holding force, and the rest is solved again (`in-order`: of
//   those beyond their limits, A before B). A stuck contact
//   whose force reaches mu_s N slips against it; the other stuck one is then checked the same way.
//   A contact that gave way at v = 0 in a direction its motion does not follow (d v_c' < 0) is tried
//   stuck again.
#include <array>
#include <vector>

namespace fltest {

struct StackedBlocks {
    double vb = 0.3, zeta1 = 0.02, m2 = 0.5, k2 = 0.8, zeta2 = 0.01, A = 0.0, w = 1.0;
    double muAs = 0.6, muAk = 0.4, muBs = 0.5, muBk = 0.3;
    bool inOrder = false; ///< the break-away rule `in-order` (A gives way first) instead of `most-loaded`
};

/// y = (x1, x1', x2, x2'); d[c] = 0 stuck, +1 / -1 slipping with that sign of v_c.
struct StackedState {
    double t = 0.0;
    std::array<double, 4> y{};
    std::array<int, 2> d{};
};

/// Contact c (0 = A, 1 = B) changed its mode at t (stick <-> slip; reversals are not listed).
struct StackedSwitch {
    double t;
    int contact;
    bool toStick;
};

class StackedBlocksReference {
public:
    explicit StackedBlocksReference(const StackedBlocks& p) : m_p(p) {}
    /// The modes at (t, y): v_c = 0 sticks if it can (the rule above), else slips by the sign of v_c.
    StackedState start(double t, const std::array<double, 4>& y) const;
    /// Runs s to tEnd; the switches on the way are appended to `switches` if given.
    StackedState run(StackedState s, double tEnd, std::vector<StackedSwitch>* switches = nullptr) const;
    /// ln |d y(T) / d y0 . e| / T by central differences of run() (eps on component `component`).
    double growthRate(const std::array<double, 4>& y0, int component, double T, double eps) const;

private:
    StackedBlocks m_p;
};

} // namespace fltest
