#include "systems/abs_wheel.h"
#include "params/parameter_set.h"
#include "solvers/event_loop.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace fl {

AbsParameters absParameters(const ParameterSet& p)
{
    AbsParameters a;
    a.m = p.value("m");
    a.J = p.value("J");
    a.r = p.value("r");
    a.g = p.value("g");
    a.v0 = p.value("v0");
    a.slip0 = p.value("slip0");
    a.brake0 = p.value("T_b0");
    a.brakeMax = p.value("T_max");
    a.brakeRate = p.value("U");
    a.control = p.value("abs") >= 0.5;
    a.slipLow = p.value("S_low");
    a.slipHigh = p.value("S_high");
    a.vOff = p.value("v_off");
    a.c1 = p.value("c1");
    a.c2 = p.value("c2");
    a.c3 = p.value("c3");
    return a;
}

double burckhardtMu(double S, double c1, double c2, double c3)
{
    const double s = std::abs(S);
    const double mu = c1 * (1.0 - std::exp(-c2 * s)) - c3 * s;
    return S < 0.0 ? -mu : mu;
}

double burckhardtPeakSlip(double c1, double c2, double c3)
{
    // d mu/dS = c1 c2 e^{-c2 S} - c3 = 0.
    if (c3 <= 0.0 || c1 * c2 <= c3)
        return c3 <= 0.0 ? 1.0 : 0.0;
    return std::min(1.0, std::log(c1 * c2 / c3) / c2);
}

namespace {

using detail::EventState;
constexpr int kX = 0, kV = 1, kTheta = 2, kOmega = 3, kBrake = 4, kCtrl = 5;
/// Below this speed (m/s) a rolling wheel counts as stopped (the slip S = 1 - r Omega / v has no limit).
constexpr double kStopSpeed = 1e-3;

enum class Mode { Rolling, Locked, Stopped };

/// The hooks of detail::runEventLoop: the mode, control state and the guards that end them.
struct AbsHooks {
    const AbsParameters& p;
    Mode current = Mode::Rolling;
    bool controlActive = false;
    bool armed = true;

    double normal() const { return p.m * p.g; }
    double lockedMu() const { return burckhardtMu(1.0, p.c1, p.c2, p.c3); }
    double slip(const double* y) const { return y[kV] <= 0.0 ? 1.0 : 1.0 - p.r * y[kOmega] / y[kV]; }

    /// The mode a state is in: stopped (v = 0), locked (Omega = 0 and the brake holds the
    /// friction torque of the locked wheel), else rolling.
    Mode modeOf(const double* y) const
    {
        if (y[kV] <= 0.0)
            return Mode::Stopped;
        if (y[kOmega] <= 0.0 && y[kBrake] >= p.r * lockedMu() * normal())
            return Mode::Locked;
        return Mode::Rolling;
    }

    /// Takes up the mode of y. A locked wheel under control is released at once (its slip, 1, is
    /// above the band); a stopped vehicle keeps its brake and its wheel still.
    void enter(double t, double* y)
    {
        current = modeOf(y);
        controlActive = p.control && y[kV] > p.vOff && current != Mode::Stopped;
        if (current == Mode::Locked && controlActive && y[kCtrl] >= 0.0)
            y[kCtrl] = -1.0;
        if (current == Mode::Stopped) {
            y[kCtrl] = 0.0;
            y[kOmega] = 0.0;
        }
        armed = event(t, y) > 0.0;
    }

    void rhs(const EventState& y, EventState& d, double) const
    {
        std::fill(d.begin(), d.end(), 0.0);
        if (current == Mode::Stopped)
            return;
        d[kX] = y[kV];
        d[kBrake] = y[kCtrl] * p.brakeRate;
        if (current == Mode::Locked) {
            d[kV] = -lockedMu() * p.g; // review (2) with S = 1
            return;
        }
        const double F = burckhardtMu(slip(y.data()), p.c1, p.c2, p.c3) * normal();
        d[kV] = -F / p.m;                               // m v' = -F          (review (2))
        d[kTheta] = y[kOmega];
        d[kOmega] = (p.r * F - y[kBrake]) / p.J;         // J Omega' = -(T_b - r F) (review (3))
    }

    /// The guards of the current mode, each positive while it holds; NaN for an inactive one.
    std::array<double, 7> guards(const double* y) const
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        std::array<double, 7> g;
        g.fill(nan);
        if (current == Mode::Stopped)
            return g;
        const double ctrl = y[kCtrl];
        if (ctrl > 0.0)
            g[0] = p.brakeMax - y[kBrake];            // the brake reaches T_max
        if (ctrl < 0.0)
            g[1] = y[kBrake];                         // the brake is fully released
        if (current == Mode::Rolling) {
            g[2] = y[kOmega];                         // the wheel locks
            g[3] = y[kV] - kStopSpeed;                // the vehicle stops
        } else {
            g[2] = y[kBrake] - p.r * lockedMu() * normal(); // the brake lets the wheel turn again
            g[3] = y[kV];                             // the vehicle stops
        }
        if (controlActive) {
            g[4] = y[kV] - p.vOff;                    // ABS switches off
            const double S = slip(y);
            const bool applying = ctrl > 0.0 || (ctrl == 0.0 && y[kBrake] > 0.5 * p.brakeMax);
            if (applying)
                g[5] = p.slipHigh - S;                // too much slip: release
            else
                g[6] = S - p.slipLow;                 // slip back in the band: apply
        }
        return g;
    }

    double event(double, const double* y) const
    {
        double e = std::numeric_limits<double>::infinity();
        for (double g : guards(y))
            if (!std::isnan(g))
                e = std::min(e, g);
        return e;
    }

    int mode() const { return -1; } // no stick/slip contact to report
    bool eventWhenUnarmed() const { return true; }

    void switchMode(double t, EventState& y, DynamicsObserver&)
    {
        const std::array<double, 7> g = guards(y.data());
        int fired = -1;
        for (int i = 0; i < 7; ++i)
            if (!std::isnan(g[i]) && (fired < 0 || g[i] < g[fired]))
                fired = i;
        switch (fired) {
        case 0: y[kBrake] = p.brakeMax; y[kCtrl] = 0.0; break;
        case 1: y[kBrake] = 0.0; y[kCtrl] = 0.0; break;
        case 2:
            if (current == Mode::Rolling)
                y[kOmega] = 0.0;                      // locked (or, if the brake cannot hold it, rolling on)
            break;
        case 3: y[kV] = 0.0; y[kOmega] = 0.0; break;
        case 4: y[kCtrl] = y[kBrake] < p.brakeMax ? 1.0 : 0.0; break; // below v_off: brake fully
        case 5: y[kCtrl] = -1.0; break;
        case 6: y[kCtrl] = 1.0; break;
        default: break;
        }
        enter(t, y.data());
    }
};

} // namespace

std::vector<double> AbsWheelDynamics::initialState() const
{
    const double omega = (1.0 - std::clamp(m_p.slip0, 0.0, 1.0)) * m_p.v0 / m_p.r;
    const double brake = std::clamp(m_p.brake0, 0.0, m_p.brakeMax);
    return {0.0, m_p.v0, 0.0, omega, brake, brake < m_p.brakeMax ? 1.0 : 0.0};
}

double AbsWheelDynamics::slip(const double* y) const { return AbsHooks{m_p}.slip(y); }

Status AbsWheelDynamics::integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                                   IntegrationStats& stats) const
{
    AbsHooks hooks{m_p};
    hooks.enter(t, y.data());
    return detail::runEventLoop(hooks, y, t, tEnd, m_settings, observer, stats);
}

void AbsWheelDynamics::outputs(double, const double* y, int, double* out) const
{
    const AbsHooks hooks{m_p};
    const Mode mode = hooks.modeOf(y);
    const double S = hooks.slip(y);
    const double mu = mode == Mode::Stopped ? 0.0 : burckhardtMu(S, m_p.c1, m_p.c2, m_p.c3);
    out[0] = m_p.r * y[kOmega];
    out[1] = S;
    out[2] = mu;
    out[3] = mu * m_p.m * m_p.g;
}

} // namespace fl
