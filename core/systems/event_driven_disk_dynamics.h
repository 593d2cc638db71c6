#pragma once
// Event-driven S2 (Kudra & Awrejcewicz 2012a as recalled in JTAM 2016 sec. 5) with a set-valued
// plane-contact law of a circular contact: the integral model (JTAM (2.2)) or an approximant:
// - slip: (Γ, Ω) = −μ (T_s, M_s)(v_s, 0, ω_s) of the model;
// - stick (v_s = 0 and ω_s = 0 together): the holding load (Γ_h, Ω_h) follows from the equations of
//   motion; stick while u = (Γ_h, 0, Ω_h)/μ is inside η times the model's limit set, i.e. while ξ of
//   JTAM (2.5), u = −ξ (T_s, M_s)(θ′, φ′), is ≤ η. ξ comes from Newton's method (contact/stick_solver.h);
//   for I(0,0) with v_sy = 0 the limit set is the m-norm ball ‖(T, M/c)‖_m ≤ 1, so ξ = ‖u_T, u_M/c‖_m
//   and (v, b ω) ∝ −(u_T, u_M/c) in closed form (the fast path, same answer);
// - stick → slip when ξ reaches η; slip begins in the direction (θ′, φ′) of (2.5), with
//   |(v, ω)| = kSlipStart;
// - slip → stick when λ_s = |(v_s, ω_s)| falls below kStickThreshold (the paper's 1e-7) and the
//   holding load is inside η times the limit set; events located on the dense output.
#include "contact/contact_model.h"
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"
#include "systems/disk_on_belt.h"

#include <memory>

namespace fl {

class EventDrivenDiskDynamics final : public Dynamics {
public:
    static constexpr double kStickThreshold = 1e-7;
    static constexpr double kSlipStart = 1e-10;

    /// The set-valued law: a model of fully developed sliding and the static/kinetic ratio eta.
    /// closedFormI00 enables the I(0,0) fast path (b, m, c of the approximant).
    struct Law {
        std::shared_ptr<const contact::ContactModel> model;
        double eta = 1.0;
        bool closedFormI00 = false;
        double b = 1.0, m = 2.0, c = 2.0 / 3.0;
    };
    EventDrivenDiskDynamics(const DiskOnBeltMechanics& mechanics, Law law, const IntegrationSettings& settings)
        : m_m(mechanics), m_law(std::move(law)), m_settings(settings) {}

    int dimension() const override { return 4; }
    std::vector<std::string> stateNames() const override { return DiskOnBeltMechanics::stateNames(); }
    std::vector<std::string> outputNames() const override { return DiskOnBeltMechanics::outputNames(); }
    std::vector<double> initialState() const override { return m_m.initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override;
    void outputs(double t, const double* y, int mode, double* out) const override;

    /// ξ of JTAM (2.5) for the holding load at a stuck state; `direction`, if given, receives the
    /// unit (v_s, ω_s) in which slip would begin.
    double stickRatio(const double* y, double* direction = nullptr) const;

private:
    /// Friction (Γ, Ω) in slip with relative motion (v, ω); a vanishing motion uses `direction`.
    void slipFriction(double v, double w, const double* direction, double& gamma, double& omega) const;

    DiskOnBeltMechanics m_m;
    Law m_law;
    IntegrationSettings m_settings;
};

} // namespace fl
