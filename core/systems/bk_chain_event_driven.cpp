// S5, the Burridge-Knopoff chain, event-driven: every block sticks and slips on its own, each
// switch located exactly (detail::runEventLoop). Made by makeBkChainDynamics (bk_chain.cpp).
#include "systems/bk_chain.h"

#include "friction/friction_law.h"
#include "solvers/event_loop.h"
#include "solvers/saltation.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl {
namespace {

using bkchain::vIndex;
using bkchain::xIndex;
using detail::EventState;

/// The hooks of detail::runEventLoop for n contacts that switch independently. Block i sticks
/// (direction 0: v_i = v_b, v_i' = 0, F_i = -a_i, the spring force a_i held) while |a_i| <= F_s,
/// and slips in direction d = sgn(v_r,i) (F_i = -d g(|v_r,i|)) until v_r,i returns to 0. Guards,
/// positive inside the mode: F_s - |a_i| in stick, d v_r,i in slip; the event function is their
/// minimum. A block that switched at the last event starts with its guard at 0: until the next
/// event its guard counts shifted up by 2 kTol, so that it does not fire at once but a switch
/// straight back is still located (the event function stays continuous for the root finder).
/// Every block whose (shifted) guard is below kTol at an event switches there, so that a
/// mirror-symmetric chain switches its mirrored blocks together.
struct ChainHooks {
    const BkChainParameters& p;
    const FrictionLaw& law;
    double Fs;
    std::vector<signed char> direction; ///< 0 stick, +1 / -1 slip with v_r > 0 / < 0
    std::vector<char> fresh;
    bool armed = true;
    double tol; ///< kTol (1 + F_s)
    static constexpr double kTol = 1e-12;

    ChainHooks(const BkChainParameters& params, const FrictionLaw& l)
        : p(params), law(l), Fs(l.staticLimit()), direction(static_cast<size_t>(params.n), 0), fresh(static_cast<size_t>(params.n), 0),
          tol(kTol * (1.0 + l.staticLimit()))
    {
    }

    /// The force block i needs from friction to stick: -a_i at v_i = v_b.
    double holding(const double* y, int i) const { return -bkChainSpringForce(p, y, i); }

    double friction(const double* y, int i) const
    {
        const int d = direction[static_cast<size_t>(i)];
        if (d == 0)
            return holding(y, i);
        return -d * law.slipMagnitude(std::abs(y[vIndex(i)] - p.vb));
    }

    void rhs(const EventState& y, EventState& d, double) const
    {
        for (int i = 0; i < p.n; ++i) {
            if (direction[static_cast<size_t>(i)] == 0) {
                d[xIndex(i)] = p.vb;
                d[vIndex(i)] = 0.0;
            } else {
                d[xIndex(i)] = y[vIndex(i)];
                d[vIndex(i)] = bkChainSpringForce(p, y.data(), i) + friction(y.data(), i); // (S5)
            }
        }
    }

    double guard(const double* y, int i) const
    {
        const int d = direction[static_cast<size_t>(i)];
        return d == 0 ? Fs - std::abs(holding(y, i)) : d * (y[vIndex(i)] - p.vb);
    }

    double shiftedGuard(const double* y, int i) const { return guard(y, i) + (fresh[static_cast<size_t>(i)] ? 2.0 * tol : 0.0); }

    double event(double, const double* y) const
    {
        double e = std::numeric_limits<double>::infinity();
        for (int i = 0; i < p.n; ++i)
            e = std::min(e, shiftedGuard(y, i));
        return e;
    }

    int mode() const { return -1; } // n contacts: the switches are reported one by one
    bool eventWhenUnarmed() const { return true; }

    /// Block i at v_r = 0: stick if friction can hold it, else slip the way the springs pull.
    void settle(double* y, int i, double t, DynamicsObserver* observer)
    {
        y[vIndex(i)] = p.vb;
        const double h = holding(y, i);
        const signed char next = std::abs(h) <= Fs ? 0 : (h < 0.0 ? 1 : -1); // friction -h opposes the slip
        if (observer && next != direction[static_cast<size_t>(i)] && (next == 0 || direction[static_cast<size_t>(i)] == 0))
            observer->onSwitch(t, next == 0 ? ContactMode::Stick : ContactMode::Slip, i);
        direction[static_cast<size_t>(i)] = next;
        fresh[static_cast<size_t>(i)] = 1;
    }

    /// The modes of a state: v_r != 0 slips that way, v_r = 0 sticks or starts to slip.
    void enter(double t, double* y)
    {
        for (int i = 0; i < p.n; ++i) {
            const double vr = y[vIndex(i)] - p.vb;
            if (vr != 0.0) {
                direction[static_cast<size_t>(i)] = vr > 0.0 ? 1 : -1;
                fresh[static_cast<size_t>(i)] = 0;
            } else {
                direction[static_cast<size_t>(i)] = 0;
                settle(y, i, t, nullptr);
            }
        }
        armed = event(t, y) > 0.0;
    }

    /// Grazes: the guard of the block nearest its bound touches it tangentially. A stuck
    /// block's holding force depends on its neighbours' integrated positions, so both bands are
    /// the integrator's accuracy.
    double grazeBand(double tolerance) const { return 100.0 * tolerance * (1.0 + Fs); }
    /// Stick: the holding force turns back below F_s, the block stays stuck. Slip: v_r touches 0,
    /// decided as at a crossing (stick if friction can hold the block, else slip on the way the
    /// springs pull). Returns whether a mode changed (y is then projected).
    bool graze(double t, EventState& y, DynamicsObserver& observer)
    {
        int i = 0;
        for (int j = 1; j < p.n; ++j)
            if (shiftedGuard(y.data(), j) < shiftedGuard(y.data(), i))
                i = j;
        // A block that switched at the last event starts at its bound (its guard shifted by 2 kTol):
        // a minimum there is the switch it just made, not a touch.
        if (fresh[static_cast<size_t>(i)])
            return false;
        const signed char d = direction[static_cast<size_t>(i)];
        observer.onGraze(t, d == 0 ? ContactMode::Stick : ContactMode::Slip);
        if (d == 0)
            return false;
        EventState held = y;
        held[vIndex(i)] = p.vb;
        const double h = holding(held.data(), i);
        const signed char next = std::abs(h) <= Fs ? 0 : (h < 0.0 ? 1 : -1);
        if (next == d)
            return false; // slips on the same way
        std::fill(fresh.begin(), fresh.end(), 0);
        settle(y.data(), i, t, &observer);
        grazed = i;
        armed = event(t, y.data()) > 0.0;
        return true;
    }

    /// An event in steps that the saltation matrices follow one by one (solvers/saltation.h): the
    /// blocks whose guards are at their bounds, stuck ones first (they change no velocity), then
    /// those at v_r = 0.
    std::vector<int> beginSwitch(double, const EventState& y)
    {
        std::vector<int> switching;
        for (int i = 0; i < p.n; ++i)
            if (shiftedGuard(y.data(), i) <= tol)
                switching.push_back(i);
        std::stable_partition(switching.begin(), switching.end(), [&](int i) { return direction[static_cast<size_t>(i)] == 0; });
        std::fill(fresh.begin(), fresh.end(), 0);
        return switching;
    }
    /// Block i's switch: stuck, it slips against its holding force (which its neighbours' switches
    /// do not change: they move no position); at v_r = 0 it settles.
    void switchContact(double t, EventState& y, int i, DynamicsObserver& observer)
    {
        if (direction[static_cast<size_t>(i)] == 0) {
            direction[static_cast<size_t>(i)] = holding(y.data(), i) < 0.0 ? 1 : -1;
            fresh[static_cast<size_t>(i)] = 1;
            observer.onSwitch(t, ContactMode::Slip, i);
        } else if (!fresh[static_cast<size_t>(i)]) {
            settle(y.data(), i, t, &observer);
        }
    }
    void finishSwitch(double t, EventState& y, DynamicsObserver&) { armed = event(t, y.data()) > 0.0; }
    /// Block i's guard in the current modes.
    double guardAt(int i, double, const double* y) const { return guard(y, i); }
    void switchMode(double t, EventState& y, DynamicsObserver& observer)
    {
        for (int i : beginSwitch(t, y))
            switchContact(t, y, i, observer);
        finishSwitch(t, y, observer);
    }
    int modeId() const { return -1; }
    /// A graze into stick (graze() put block grazed at v_r = 0) maps the tangent vectors by the
    /// projection's derivative, the limit of the saltation matrix at a tangential entry: the
    /// component along v_i is removed.
    template <class Tracker>
    void mapGraze(double, const EventState&, Tracker& tracker)
    {
        const int i = grazed;
        grazed = -1;
        if (i < 0 || direction[static_cast<size_t>(i)] != 0)
            return;
        EventState e(static_cast<size_t>(2 * p.n), 0.0);
        e[static_cast<size_t>(vIndex(i))] = 1.0;
        tracker.rankOne(e, e, -1.0);
    }
    /// A run that starts with blocks in stick: a tangent vector's v_i part of a stuck block is
    /// removed (a perturbed v_i slips back to v_b at once while friction can hold the block), as
    /// its entry into stick removed it.
    template <class Tracker>
    void projectStuckTangents(Tracker& tracker) const
    {
        for (int i = 0; i < p.n; ++i)
            if (direction[static_cast<size_t>(i)] == 0) {
                EventState e(static_cast<size_t>(2 * p.n), 0.0);
                e[static_cast<size_t>(vIndex(i))] = 1.0;
                tracker.rankOne(e, e, -1.0);
            }
    }
    int grazed = -1; ///< the block a graze just settled (mapGraze)
};

class EventDrivenBkChain final : public Dynamics {
public:
    EventDrivenBkChain(const BkChainParameters& p, std::unique_ptr<FrictionLaw> law, const IntegrationSettings& settings)
        : m_p(p), m_law(std::move(law)), m_settings(settings)
    {
    }

    int dimension() const override { return 2 * m_p.n; }
    std::vector<std::string> stateNames() const override { return bkChainStateNames(m_p.n); }
    std::vector<std::string> outputNames() const override { return bkChainOutputNames(); }
    std::vector<double> initialState() const override { return bkChainInitialState(m_p); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override
    {
        ChainHooks hooks(m_p, *m_law);
        hooks.enter(t, y.data());
        return detail::runEventLoop(hooks, y, t, tEnd, m_settings, observer, stats);
    }
    std::vector<std::string> contactNames() const override
    {
        std::vector<std::string> names;
        for (int i = 1; i <= m_p.n; ++i)
            names.push_back(std::to_string(i));
        return names;
    }
    /// A stick phase keeps v_i = v_b exactly (settleMode puts round-off there).
    void contactModes(double, const double* y, signed char* modes) const override
    {
        const double tiny = stuckBand();
        for (int i = 0; i < m_p.n; ++i) {
            const double vr = y[vIndex(i)] - m_p.vb;
            modes[i] = std::abs(vr) < tiny ? 0 : (vr > 0.0 ? 1 : -1);
        }
    }
    /// Block i's holding force depends on positions only (the springs): F_s - |k (neighbours) ...|.
    bool switchConditions(double, const double* y, double* vr, double* margin) const override
    {
        const double Fs = m_law->staticLimit();
        for (int i = 0; i < m_p.n; ++i) {
            vr[i] = y[vIndex(i)] - m_p.vb;
            margin[i] = Fs - std::abs(bkChainSpringForce(m_p, y, i));
        }
        return true;
    }
    bool hasSaltationVariational() const override { return true; }
    /// Tangent vectors through every block's stick and slip: detail::TangentTracker inside the
    /// modes, a saltation matrix per block that switches at an event (solvers/saltation.h).
    Status integrateVariational(std::vector<double>& y, double& t, double tEnd, std::vector<double>& phi, int k,
                                IntegrationStats& stats) const override
    {
        ChainHooks hooks(m_p, *m_law);
        hooks.enter(t, y.data());
        return detail::integrateWithSaltation(
            hooks, y, t, tEnd, phi, k, m_settings, stats, [&](auto& tracker) { hooks.projectStuckTangents(tracker); },
            [&](int mode) { settleMode(t, y, mode); });
    }
    void outputs(double, const double* y, int, double* out) const override
    {
        // The modes from the state, as enter() takes them: v_r = 0 exactly is stick (a stick phase
        // keeps v_i = v_b exactly), and the friction force of a sticking block is the one holding it.
        const double Fs = m_law->staticLimit();
        int slipping = 0;
        double power = 0.0, F1 = 0.0;
        for (int i = 0; i < m_p.n; ++i) {
            const double v = y[vIndex(i)], vr = v - m_p.vb;
            const double F = vr != 0.0 ? -(vr > 0.0 ? 1.0 : -1.0) * m_law->slipMagnitude(std::abs(vr))
                                       : std::clamp(-bkChainSpringForce(m_p, y, i), -Fs, Fs);
            slipping += vr != 0.0;
            power += (F - 2.0 * m_p.zeta * v) * v;
            if (i == 0)
                F1 = F;
        }
        out[0] = y[vIndex(0)] - m_p.vb;
        out[1] = F1;
        out[2] = bkChainEnergy(m_p, y);
        out[3] = power;
        out[4] = slipping;
    }
    /// Blocks reported at v_r = 0 up to round-off are put at v_r = 0 exactly (they stick).
    void settleMode(double, std::vector<double>& y, int) const override
    {
        const double tiny = stuckBand();
        for (int i = 0; i < m_p.n; ++i)
            if (std::abs(y[static_cast<size_t>(vIndex(i))] - m_p.vb) < tiny)
                y[static_cast<size_t>(vIndex(i))] = m_p.vb;
    }

private:
    /// |v_r| below which a block counts as stuck (round-off of v_i = v_b).
    double stuckBand() const { return 1e-12 * std::max(1.0, std::abs(m_p.vb)); }

    BkChainParameters m_p;
    std::unique_ptr<FrictionLaw> m_law;
    IntegrationSettings m_settings;
};

} // namespace

std::unique_ptr<Dynamics> makeEventDrivenBkChain(const BkChainParameters& p, std::unique_ptr<FrictionLaw> law,
                                                 const IntegrationSettings& settings)
{
    return std::make_unique<EventDrivenBkChain>(p, std::move(law), settings);
}

} // namespace fl
