// A model with several contacts (systems/model_dynamics.h), event-driven: every contact switching on
// its own and each switch located exactly (detail::runEventLoop, as the chain of S5). The smooth
// methods: model_multi_contact_smooth.cpp.
#include "systems/model_dynamics.h"
#include "systems/model_multi_contact_core.h"

#include "solvers/event_loop.h"
#include "solvers/saltation.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fl {
namespace {

using detail::EventState;
using detail::MultiContactCore;

/// The hooks of detail::runEventLoop for K contacts (the protocol of bk_chain_event_driven.cpp's,
/// whose rules it generalizes). Contact c sticks (direction 0) with the holding force that keeps
/// v_r,c' = 0, all stuck contacts' together: A lambda = -a over the stuck set S with
/// A_cd = sum_i g_ci g_di N_d / m_i and a_c = v_r,c' with the stuck forces at 0; it slips in direction
/// d = sgn(v_r,c) with F_c = -d g_d(|v_r,c|). Guards, positive inside the mode: F_s - |lambda_c| in
/// stick, d v_r,c in slip; the event function is their minimum, a contact that switched at the last
/// event counted shifted by 2 kTol until the next.
struct MultiHooks {
    MultiContactCore& core;
    std::vector<signed char> direction;
    std::vector<char> fresh;
    bool armed = true;
    std::vector<double> tol;
    int grazed = -1; ///< the contact a graze just put in stick or slip (mapGraze)
    static constexpr double kTol = 1e-12;

    explicit MultiHooks(MultiContactCore& c)
        : core(c), direction(static_cast<size_t>(c.eq.contacts()), 0), fresh(static_cast<size_t>(c.eq.contacts()), 0)
    {
        for (const auto& law : core.laws)
            tol.push_back(kTol * (1.0 + law->staticLimit()));
    }

    int contacts() const { return core.eq.contacts(); }
    double limit(int c, double hold) const { return core.laws[static_cast<size_t>(c)]->branchStaticLimit(hold > 0.0 ? -1.0 : 1.0); }

    /// Loads (t, y) and computes v_r and the friction force F of every contact in the current modes.
    void evaluate(double t, const double* y)
    {
        ModelEquations& eq = core.eq;
        eq.load(t, y);
        eq.evaluateMotion();
        eq.slips(core.vr.data());
        std::vector<int> stuck;
        for (int c = 0; c < contacts(); ++c) {
            const int d = direction[static_cast<size_t>(c)];
            core.F[static_cast<size_t>(c)] = d == 0 ? 0.0 : -d * core.laws[static_cast<size_t>(c)]->branchMagnitude(std::abs(core.vr[static_cast<size_t>(c)]), d);
            if (d == 0)
                stuck.push_back(c);
        }
        if (!stuck.empty())
            core.solveHolding(stuck);
    }

    void rhs(const EventState& y, EventState& d, double t)
    {
        evaluate(t, y.data());
        ModelEquations& eq = core.eq;
        eq.accelerations(core.F.data(), core.acc.data());
        // A stuck contact on one coordinate keeps v_r' = 0 exactly: q_i'' = -drift / g (the held
        // force gives it up to rounding), so a stick phase stays at v_r = 0 to the bit (as S5's).
        for (int c = 0; c < contacts(); ++c) {
            const auto& entries = core.contactEntries[static_cast<size_t>(c)];
            if (direction[static_cast<size_t>(c)] == 0 && entries.size() == 1 && !core.coupled)
                core.acc[static_cast<size_t>(eq.compiled().gradient[static_cast<size_t>(entries[0])].coordinate)] =
                    -core.drift[static_cast<size_t>(c)] / eq.gradient(entries[0]);
        }
        eq.derivative(y.data(), core.acc.data(), d.data());
    }

    double guard(int c) const
    {
        const int d = direction[static_cast<size_t>(c)];
        const double F = core.F[static_cast<size_t>(c)], v = core.vr[static_cast<size_t>(c)];
        const double g = d == 0 ? limit(c, F) - std::abs(F) : d * v;
        return g + (fresh[static_cast<size_t>(c)] ? 2.0 * tol[static_cast<size_t>(c)] : 0.0);
    }

    double event(double t, const double* y)
    {
        evaluate(t, y);
        double e = std::numeric_limits<double>::infinity();
        for (int c = 0; c < contacts(); ++c)
            e = std::min(e, guard(c));
        return e;
    }

    int mode() const { return -1; } // several contacts: the switches are reported one by one
    int modeId() const { return -1; }
    bool eventWhenUnarmed() const { return true; }

    /// Contact c at v_r = 0: stick if friction can hold it together with the other stuck ones, else
    /// slip the way the rest pulls. Where contacts share a coordinate, holding c may ask more of
    /// another stuck contact than its limit: that one breaks away (resolve()).
    void settle(double t, double* y, int c, DynamicsObserver* observer)
    {
        std::vector<int> stuck{c}; // c together with those already stuck: projecting c alone would move their velocities
        for (int d = 0; d < contacts(); ++d)
            if (d != c && direction[static_cast<size_t>(d)] == 0)
                stuck.push_back(d);
        core.projectStuck(stuck, t, y);
        const signed char before = direction[static_cast<size_t>(c)];
        direction[static_cast<size_t>(c)] = 0;
        fresh[static_cast<size_t>(c)] = 1;
        resolve(t, y, observer, c);
        const signed char next = direction[static_cast<size_t>(c)];
        if (observer && next != before && (next == 0 || before == 0))
            observer->onSwitch(t, next == 0 ? ContactMode::Stick : ContactMode::Slip, c);
    }

    /// Until the stuck contacts hold within their limits: the one the model's break-away rule names
    /// (most-loaded: furthest beyond, |F| / limit; in-order: the first in the file's order) slips
    /// the way the rest pulls (at most one per contact). Only a violation beyond the switching
    /// tolerance counts, so uncoupled contacts (the chain) switch exactly where their guards cross.
    void resolve(double t, const double* y, DynamicsObserver* observer, int arriving)
    {
        const bool inOrder = core.eq.compiled().model.breakaway == model::Breakaway::InOrder;
        for (int pass = 0; pass < contacts(); ++pass) {
            evaluate(t, y);
            int worst = -1;
            double worstRatio = 0.0;
            for (int d = 0; d < contacts(); ++d) {
                if (direction[static_cast<size_t>(d)] != 0)
                    continue;
                const double F = core.F[static_cast<size_t>(d)], limit = this->limit(d, F);
                // The arriving contact sticks only within its limit (as S5's blocks do); the others
                // break away only beyond the switching tolerance.
                const double slack = d == arriving ? 0.0 : tol[static_cast<size_t>(d)];
                if (limit - std::abs(F) < -slack && !(std::abs(F) / limit <= worstRatio) && !(inOrder && worst >= 0)) {
                    worst = d;
                    worstRatio = std::abs(F) / limit;
                }
            }
            if (worst < 0)
                return;
            direction[static_cast<size_t>(worst)] = core.F[static_cast<size_t>(worst)] < 0.0 ? 1 : -1; // friction -F opposes the slip
            fresh[static_cast<size_t>(worst)] = 1;
            if (observer && worst != arriving)
                observer->onSwitch(t, ContactMode::Slip, worst);
        }
    }

    void enter(double t, double* y)
    {
        core.eq.load(t, y);
        core.eq.slips(core.vr.data());
        const std::vector<double> v = core.vr;
        for (int c = 0; c < contacts(); ++c)
            direction[static_cast<size_t>(c)] = v[static_cast<size_t>(c)] > 0.0 ? 1 : (v[static_cast<size_t>(c)] < 0.0 ? -1 : 0);
        for (int c = 0; c < contacts(); ++c)
            if (v[static_cast<size_t>(c)] == 0.0)
                settle(t, y, c, nullptr);
        armed = event(t, y) > 0.0;
    }

    double grazeBand(double tolerance) const { return 100.0 * tolerance * (1.0 + core.laws.front()->staticLimit()); }

    /// The guard nearest its bound touched it: a stuck contact stays stuck; a slip whose v_r touched
    /// 0 is decided as at a crossing.
    bool graze(double t, EventState& y, DynamicsObserver& observer)
    {
        evaluate(t, y.data());
        int c = 0;
        for (int j = 1; j < contacts(); ++j)
            if (guard(j) < guard(c))
                c = j;
        if (fresh[static_cast<size_t>(c)])
            return false;
        const signed char d = direction[static_cast<size_t>(c)];
        observer.onGraze(t, d == 0 ? ContactMode::Stick : ContactMode::Slip);
        if (d == 0)
            return false;
        EventState trial = y;
        const std::vector<signed char> directions = direction;
        const std::vector<char> freshBefore = fresh;
        settle(t, trial.data(), c, nullptr);
        const signed char next = direction[static_cast<size_t>(c)];
        direction = directions;
        fresh = freshBefore;
        if (next == d)
            return false; // slips on the same way
        std::fill(fresh.begin(), fresh.end(), 0);
        settle(t, y.data(), c, &observer);
        grazed = c;
        armed = event(t, y.data()) > 0.0;
        return true;
    }

    /// A graze into stick maps the tangent vectors by the projection's derivative (the limit of the
    /// saltation matrix at a tangential entry): the part of v_r,c is removed along the velocity
    /// change that zeroes v_r,c and keeps every other stuck contact's v_r at 0 (stickDirection).
    template <class Tracker>
    void mapGraze(double t, const EventState& yBefore, Tracker& tracker)
    {
        const int c = grazed;
        grazed = -1;
        if (c < 0 || direction[static_cast<size_t>(c)] != 0)
            return;
        ModelEquations& eq = core.eq;
        eq.load(t, yBefore.data());
        eq.evaluateMotion();
        std::vector<int> stuck;
        for (int d = 0; d < contacts(); ++d)
            if (direction[static_cast<size_t>(d)] == 0)
                stuck.push_back(d);
        const EventState u = core.stickDirection(stuck, c);
        EventState grad(static_cast<size_t>(eq.dimension()), 0.0);
        double dvdt = 0.0;
        eq.slipGradient(c, grad.data(), dvdt);
        tracker.rankOne(u, grad, -1.0);
    }

    /// A run that starts with contacts in stick: each stuck contact's v_r part of a tangent vector
    /// is removed along its stickDirection (which keeps the others' at 0), the map of its entry.
    template <class Tracker>
    void projectStuckTangents(double t, const EventState& y, Tracker& tracker)
    {
        ModelEquations& eq = core.eq;
        eq.load(t, y.data());
        eq.evaluateMotion();
        std::vector<int> stuck;
        for (int d = 0; d < contacts(); ++d)
            if (direction[static_cast<size_t>(d)] == 0)
                stuck.push_back(d);
        for (int c : stuck) {
            const EventState u = core.stickDirection(stuck, c);
            EventState grad(static_cast<size_t>(eq.dimension()), 0.0);
            double dvdt = 0.0;
            eq.slipGradient(c, grad.data(), dvdt);
            tracker.rankOne(u, grad, -1.0);
        }
    }

    /// An event, in steps the saltation matrices follow one by one (solvers/saltation.h): the contacts
    /// whose guards are at their bounds, stuck ones first (slipping changes no velocity), then those
    /// at v_r = 0; the stuck ones' holding forces as they were before any switch.
    std::vector<int> beginSwitch(double t, const EventState& y)
    {
        evaluate(t, y.data());
        std::vector<int> switching;
        for (int c = 0; c < contacts(); ++c)
            if (guard(c) <= tol[static_cast<size_t>(c)])
                switching.push_back(c);
        std::stable_partition(switching.begin(), switching.end(), [&](int c) { return direction[static_cast<size_t>(c)] == 0; });
        heldAtEvent = core.F;
        std::fill(fresh.begin(), fresh.end(), 0);
        return switching;
    }
    /// Contact c's switch: stuck, it slips against its holding force; at v_r = 0 it settles (settle()).
    void switchContact(double t, EventState& y, int c, DynamicsObserver& observer)
    {
        if (direction[static_cast<size_t>(c)] == 0) {
            direction[static_cast<size_t>(c)] = heldAtEvent[static_cast<size_t>(c)] < 0.0 ? 1 : -1;
            fresh[static_cast<size_t>(c)] = 1;
            observer.onSwitch(t, ContactMode::Slip, c);
        } else if (!fresh[static_cast<size_t>(c)]) {
            settle(t, y.data(), c, &observer);
        }
    }
    /// After the switches: a breakaway may overload another stuck contact (resolve()).
    void finishSwitch(double t, EventState& y, DynamicsObserver& observer)
    {
        resolve(t, y.data(), &observer, -1);
        armed = event(t, y.data()) > 0.0;
    }
    /// Contact c's guard at (t, y) in the current modes.
    double guardAt(int c, double t, const double* y)
    {
        evaluate(t, y);
        return guard(c);
    }
    void switchMode(double t, EventState& y, DynamicsObserver& observer)
    {
        for (int c : beginSwitch(t, y))
            switchContact(t, y, c, observer);
        finishSwitch(t, y, observer);
    }

    std::vector<double> heldAtEvent; ///< the stuck contacts' holding forces at the event, before any switch (beginSwitch)
};

class MultiContactEventDriven final : public Dynamics {
public:
    MultiContactEventDriven(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values,
                            std::vector<std::unique_ptr<FrictionLaw>> laws, const IntegrationSettings& settings)
        : m_core(std::move(compiled), values, std::move(laws)), m_settings(settings)
    {
    }

    int dimension() const override { return m_core.eq.dimension(); }
    std::vector<std::string> stateNames() const override { return modelStateNames(m_core.eq.compiled().model); }
    std::vector<std::string> outputNames() const override { return m_core.outputNames(); }
    std::vector<double> initialState() const override { return m_core.eq.initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer, IntegrationStats& stats) const override
    {
        return m_core.run(observer, [&](DynamicsObserver& guarded) {
            MultiHooks hooks(m_core);
            hooks.enter(t, y.data());
            return detail::runEventLoop(hooks, y, t, tEnd, m_settings, guarded, stats);
        });
    }
    /// The modes from the state, as enter() takes them: v_r = 0 to round-off sticks, with the force
    /// holding it (at most the static limit); the others slip.
    void outputs(double t, const double* y, int, double* out) const override
    {
        MultiHooks hooks(m_core);
        m_core.eq.load(t, y);
        m_core.eq.slips(m_core.vr.data());
        for (int c = 0; c < m_core.eq.contacts(); ++c) {
            const double v = m_core.vr[static_cast<size_t>(c)];
            hooks.direction[static_cast<size_t>(c)] = std::abs(v) <= kStuck ? 0 : (v > 0.0 ? 1 : -1);
        }
        hooks.evaluate(t, y);
        for (int c = 0; c < m_core.eq.contacts(); ++c)
            if (hooks.direction[static_cast<size_t>(c)] == 0) {
                double& F = m_core.F[static_cast<size_t>(c)];
                F = std::clamp(F, -hooks.limit(c, F), hooks.limit(c, F));
            }
        const std::vector<double> F = m_core.F;
        m_core.writeOutputs(F.data(), hooks.direction.data(), out);
    }
    std::vector<std::string> contactNames() const override
    {
        std::vector<std::string> names;
        for (const model::Contact& c : m_core.eq.compiled().model.contacts)
            names.push_back(c.id);
        return names;
    }
    /// As outputs() reads them: v_r = 0 to round-off sticks.
    void contactModes(double t, const double* y, signed char* modes) const override
    {
        m_core.eq.load(t, y);
        m_core.eq.slips(m_core.vr.data());
        for (int c = 0; c < m_core.eq.contacts(); ++c) {
            const double v = m_core.vr[static_cast<size_t>(c)];
            modes[c] = std::abs(v) <= kStuck ? 0 : (v > 0.0 ? 1 : -1);
        }
    }
    /// Contact c held (with the contacts stuck at this state, as contactModes() reads them): the
    /// stuck set projected to v_r = 0 and its holding forces solved together (MultiHooks::evaluate).
    bool switchConditions(double t, const double* y, double* vr, double* margin) const override
    {
        const int n = m_core.eq.contacts();
        std::vector<signed char> modes(static_cast<size_t>(n));
        contactModes(t, y, modes.data());
        for (int c = 0; c < n; ++c)
            vr[c] = m_core.vr[static_cast<size_t>(c)];
        for (int c = 0; c < n; ++c) {
            MultiHooks hooks(m_core);
            std::vector<int> stuck;
            for (int d = 0; d < n; ++d) {
                hooks.direction[static_cast<size_t>(d)] = d == c ? 0 : modes[static_cast<size_t>(d)];
                if (hooks.direction[static_cast<size_t>(d)] == 0)
                    stuck.push_back(d);
            }
            std::vector<double> held(y, y + dimension());
            m_core.projectStuck(stuck, t, held.data());
            hooks.evaluate(t, held.data());
            const double F = m_core.F[static_cast<size_t>(c)];
            margin[c] = hooks.limit(c, F) - std::abs(F);
        }
        return true;
    }
    bool hasSaltationVariational() const override { return true; }
    /// Tangent vectors through stick and slip of every contact: detail::TangentTracker inside the
    /// modes, saltation matrices at the switches (solvers/saltation.h), as for one contact.
    Status integrateVariational(std::vector<double>& y, double& t, double tEnd, std::vector<double>& phi, int k,
                                IntegrationStats& stats) const override
    {
        return m_core.run([&] {
            MultiHooks hooks(m_core);
            hooks.enter(t, y.data());
            return detail::integrateWithSaltation(
                hooks, y, t, tEnd, phi, k, m_settings, stats, [&](auto& tracker) { hooks.projectStuckTangents(t, y, tracker); },
                [&](int) { settleMode(t, y, -1); });
        });
    }
    void settleMode(double t, std::vector<double>& y, int) const override
    {
        m_core.eq.load(t, y.data());
        m_core.eq.slips(m_core.vr.data());
        std::vector<int> stuck;
        for (int c = 0; c < m_core.eq.contacts(); ++c)
            if (std::abs(m_core.vr[static_cast<size_t>(c)]) <= kStuck)
                stuck.push_back(c);
        // All at once: the next interval's enter() reads the modes from v_r = 0 exactly, and a
        // contact projected alone would leave another stuck one at a round-off v_r that reads as slip.
        m_core.projectStuck(stuck, t, y.data());
    }

private:
    static constexpr double kStuck = 1e-12;
    mutable MultiContactCore m_core;
    IntegrationSettings m_settings;
};

} // namespace


std::unique_ptr<Dynamics> makeMultiContactEventDriven(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values,
                                                      std::vector<std::unique_ptr<FrictionLaw>> laws, const IntegrationSettings& settings)
{
    return std::make_unique<MultiContactEventDriven>(std::move(compiled), values, std::move(laws), settings);
}

} // namespace fl
