#pragma once
// S7: the ABS wheel (review (2)-(3), docs/physics.md S7), a quarter vehicle braking on one wheel, SI units:
//   x' = v,  m v' = -F,  theta' = Omega,  J Omega' = -(T_b - r F),  T_b' = u,
//   F = mu(S) N,  N = m g,  S = 1 - r Omega / v  (braking slip; 1 = locked wheel),
// with Burckhardt's mu(S) = c1 (1 - e^{-c2 S}) - c3 S. The brake torque rate u is switched by a
// relay controller with hysteresis on the slip: apply (u = +U) until S reaches S_high, release
// (u = -U) until S falls to S_low; T_b stays within [0, T_max]. Without control (or below the speed
// v_off, where ABS switches off) the brake is applied up to T_max. The controller's state is the
// state variable ctrl (+1 apply, 0 hold, -1 release), so a run can restart from any state.
// Modes, each an exact event of the loop (solvers/event_loop.h): rolling (Omega > 0), locked
// (Omega = 0 while T_b >= r F: v' = -mu(1) g), stopped (v = 0).
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"

#include <string>
#include <vector>

namespace fl {

class ParameterSet;

struct AbsParameters {
    double m = 350.0;       ///< quarter-vehicle mass, kg
    double J = 1.2;         ///< wheel's moment of inertia, kg m^2
    double r = 0.3;         ///< wheel radius, m
    double g = 9.81;        ///< m/s^2
    double v0 = 27.78;      ///< initial speed, m/s
    double slip0 = 0.0;     ///< initial slip (1: the wheel starts locked)
    double brake0 = 0.0;    ///< initial brake torque, N m
    double brakeMax = 2000.0;  ///< T_max, N m
    double brakeRate = 10000.0; ///< U, N m/s
    bool control = true;    ///< ABS on
    double slipLow = 0.08, slipHigh = 0.2; ///< the relay's band
    double vOff = 1.0;      ///< ABS switches off below this speed, m/s
    double c1 = 1.2801, c2 = 23.99, c3 = 0.52; ///< Burckhardt, dry asphalt
};

AbsParameters absParameters(const ParameterSet& p);

/// Burckhardt's mu(S), odd in S (a driven wheel, S < 0, pulls).
double burckhardtMu(double S, double c1, double c2, double c3);
/// The slip at which mu is largest: ln(c1 c2 / c3) / c2 (1 if mu rises all the way, c3 = 0).
double burckhardtPeakSlip(double c1, double c2, double c3);

class AbsWheelDynamics final : public Dynamics {
public:
    AbsWheelDynamics(const AbsParameters& p, const IntegrationSettings& settings) : m_p(p), m_settings(settings) {}

    int dimension() const override { return 6; }
    std::vector<std::string> stateNames() const override { return {"x", "v", "theta", "Omega", "T_b", "ctrl"}; }
    std::vector<std::string> outputNames() const override { return {"v_w", "S", "mu", "F"}; }
    std::vector<double> initialState() const override;
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override;
    void outputs(double t, const double* y, int mode, double* out) const override;

    /// The slip of a state (1 when the vehicle stands: a stopped wheel counts as locked).
    double slip(const double* y) const;
    const AbsParameters& parameters() const { return m_p; }

private:
    AbsParameters m_p;
    IntegrationSettings m_settings;
};

} // namespace fl
