#pragma once
// An exact reference for the forced Coulomb belt (S1 with Coulomb friction, 0 <= zeta < 1), written
// independently of the solver: it shares no code with core/solvers.
//
//   x'' + 2 zeta x' + x = A cos(w t) + F,   v_r = x' - v_b
//
// - Slip in direction d = sgn(v_r): F = -d mu_k, a damped linear oscillator with a harmonic force,
//   solved in closed form (particular solution plus the damped homogeneous one). The phase ends
//   where v_r returns to 0; the zeros of v_r are searched on a grid of kSlipGrid, each grid interval
//   split at the extremum of v_r (a zero of x'', located by bisection) into monotone pieces, so a
//   zero of v_r between two grid points is found as long as v_r has at most one extremum there.
// - Stick: x = x_s + v_b (t - t_s), x' = v_b, holding force F_h(t) = 2 zeta v_b + x(t) - A cos(w t).
//   Its extrema are known in closed form (sin(w t) = -v_b / (A w)), so |F_h| = mu_s is searched on
//   the monotone pieces between them: no excursion is missed, however short.
// - At v_r = 0 the block sticks if |F_h| <= mu_s, else slips against F_h (a reversal, not a switch).
// Every root is refined by bisection to the last bit.
#include <optional>
#include <vector>

namespace fltest {

struct CoulombBelt {
    double zeta = 0.0, A = 0.0, w = 1.0, muS = 1.0, muK = 1.0, vb = 0.5;
};

/// A state of the reference: mode 0 stick (v = v_b), +1 / -1 slip with that sign of v_r.
struct BeltRefState {
    double t = 0.0, x = 0.0, v = 0.0;
    int mode = 1;
};

/// A stick/slip switch (reversals of the slip direction are not switches).
struct BeltRefSwitch {
    double t;
    bool toStick;
    BeltRefState after; ///< the state right after it (stick: v = v_b; slip: v = v_b, the new direction)
};

class CoulombBeltReference {
public:
    explicit CoulombBeltReference(const CoulombBelt& p);

    /// The mode the solver takes for a state: v_r != 0 slips that way; v_r = 0 sticks when
    /// |F_h| <= mu_s, else slips against F_h.
    BeltRefState enter(double t, double x, double v) const;
    /// The first switch after `from` up to tEnd, or nothing.
    std::optional<BeltRefSwitch> nextSwitch(BeltRefState from, double tEnd) const;
    /// The state at tTarget (>= from.t), through every switch on the way.
    BeltRefState advance(BeltRefState from, double tTarget) const;
    /// lambda_1 by two trajectories 1e-8 apart, renormalised every `interval` (the last period
    /// shortened), averaged over [transient, transient + duration] from (0, x0, v0): the
    /// finite-difference form of Benettin's method, no saltation matrix, no variational equation.
    /// blocks (if given) receives the averages over `blockCount` equal parts of the window.
    double lambda1(double x0, double v0, double transient, double duration, double interval, std::vector<double>* blocks = nullptr,
                   int blockCount = 20) const;
    /// Every switch from (t0, x0, v0) up to tEnd.
    std::vector<BeltRefSwitch> switches(double t0, double x0, double v0, double tEnd) const;
    /// The state at t of the slip phase through `from` (its mode: the direction), forwards or back.
    BeltRefState slipState(const BeltRefState& from, double t) const;
    /// The holding force at (t, x) with x' = v_b.
    double holdingForce(double t, double x) const;

private:
    struct Slip; // closed form of one slip phase
    /// The end of a slip phase in direction d from (t0, x0, v0): the time and state where v_r = 0.
    std::optional<BeltRefState> slipEnd(const BeltRefState& from, double tEnd) const;
    /// The breakaway from a stick phase starting at (t0, x0): time and the slip direction.
    std::optional<BeltRefState> breakaway(const BeltRefState& from, double tEnd) const;

    CoulombBelt m_p;
    double m_P, m_Q; ///< the harmonic particular solution P cos(w t) + Q sin(w t)
};

} // namespace fltest
