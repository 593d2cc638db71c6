#pragma once
// Event-driven S2 (Kudra & Awrejcewicz 2012a as recalled in JTAM 2016 sec. 5) with the set-valued
// I(0,0) law of a circularly symmetric contact (JTAM (3.5)):
// - slip: (Γ, Ω) = −μ (T_s, M_s), T_s = v/D, M_s = b c ω/D, D = (|v|^m + b^m |ω|^m)^(1/m);
// - stick (v_s = 0 and ω_s = 0 together): the holding load (Γ_h, Ω_h) follows from the equations of
//   motion; with v_sy = 0 the limit set of (T, M) is the m-norm ball ‖(T, M/c)‖_m ≤ 1, so the stick
//   test JTAM (2.5) is closed-form: ξ = ‖(Γ_h, Ω_h/c)‖_m / μ, stick iff ξ ≤ η;
// - stick → slip when ξ reaches η; slip begins in the direction (θ′, φ′) of (2.5):
//   (v, b ω) ∝ −(Γ_h, Ω_h/c), with |(v, ω)| = kSlipStart;
// - slip → stick when λ_s = |(v_s, ω_s)| falls below kStickThreshold (the paper's 1e-7) and the
//   holding load is inside η times the limit set; events located on the dense output.
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"
#include "systems/disk_on_belt.h"

namespace fl {

class EventDrivenDiskDynamics final : public Dynamics {
public:
    static constexpr double kStickThreshold = 1e-7;
    static constexpr double kSlipStart = 1e-10;

    struct Law {
        double b = 1.0, m = 2.0, c = 2.0 / 3.0, eta = 1.0;
    };
    EventDrivenDiskDynamics(const DiskOnBeltMechanics& mechanics, const Law& law, const IntegrationSettings& settings)
        : m_m(mechanics), m_law(law), m_settings(settings) {}

    int dimension() const override { return 4; }
    std::vector<std::string> stateNames() const override { return DiskOnBeltMechanics::stateNames(); }
    std::vector<std::string> outputNames() const override { return DiskOnBeltMechanics::outputNames(); }
    std::vector<double> initialState() const override { return m_m.initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override;
    void outputs(double t, const double* y, int mode, double* out) const override;

    /// ξ of JTAM (2.5) for the holding load at a stuck state.
    double stickRatio(const double* y) const;

private:
    /// Friction (Γ, Ω) in slip with relative motion (v, ω); a vanishing motion uses `direction`.
    void slipFriction(double v, double w, const double* direction, double& gamma, double& omega) const;

    DiskOnBeltMechanics m_m;
    Law m_law;
    IntegrationSettings m_settings;
};

} // namespace fl
