#pragma once
// The two methods for a system with one 1-D friction contact (ContactSystem + FrictionLaw).
#include "friction/friction_law.h"
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"
#include "solvers/regularized_contact_ode.h"
#include "solvers/state_law_contact_ode.h"
#include "solvers/smooth_friction.h"

#include <memory>

namespace fl {

/// Smooth law F = -g(|v_r|) s(v_r/eps), integrated by Dormand-Prince or Rosenbrock4.
class RegularizedContactDynamics final : public Dynamics {
public:
    RegularizedContactDynamics(std::unique_ptr<ContactSystem> system, std::unique_ptr<FrictionLaw> law,
                               Regularization regularization, double eps, Integrator integrator,
                               const IntegrationSettings& settings);

    int dimension() const override { return m_system->dimension(); }
    std::vector<std::string> stateNames() const override { return m_system->stateNames(); }
    std::vector<std::string> outputNames() const override { return {"v_r", "F"}; }
    std::vector<double> initialState() const override { return m_system->initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override;
    void outputs(double t, const double* y, int mode, double* out) const override;
    std::string warning() const override;
    const SmoothOde* smoothOde() const override { return &m_ode; }

private:
    std::unique_ptr<ContactSystem> m_system;
    std::unique_ptr<FrictionLaw> m_law;
    SmoothFriction m_friction;
    RegularizedContactOde m_ode;
    Regularization m_regularization;
    OdeIntegrationOptions m_options;
};

/// A law with memory (friction/state_law.h): the system's state followed by the law's internal
/// states, integrated by the stiff integrator with the analytic Jacobian (regularized method) or by
/// Dormand-Prince 8(5,3) (explicit method).
class StateLawContactDynamics final : public Dynamics {
public:
    StateLawContactDynamics(std::unique_ptr<ContactSystem> system, std::unique_ptr<StateFrictionLaw> law,
                            std::vector<std::string> lawStateNames, Integrator integrator, const IntegrationSettings& settings);

    int dimension() const override { return m_ode.dimension(); }
    std::vector<std::string> stateNames() const override;
    std::vector<std::string> outputNames() const override { return {"v_r", "F"}; }
    std::vector<double> initialState() const override { return m_ode.initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override;
    void outputs(double t, const double* y, int mode, double* out) const override;
    const SmoothOde* smoothOde() const override { return &m_ode; }

private:
    std::unique_ptr<ContactSystem> m_system;
    std::unique_ptr<StateFrictionLaw> m_law;
    std::vector<std::string> m_lawStateNames;
    StateLawContactOde m_ode;
    OdeIntegrationOptions m_options;
};

/// Any single-contact system closed with a law with memory (info.hasMemory()).
std::unique_ptr<Dynamics> makeStateLawDynamics(std::unique_ptr<ContactSystem> system, const FrictionLawInfo& info,
                                               const ParameterSet& params, Regularization regularization,
                                               Integrator integrator, const IntegrationSettings& settings);

/// Coulomb friction with Karnopp's stick window (friction/karnopp_law.cpp), integrated by the
/// explicit or the stiff integrator (solvers/karnopp_contact_dynamics.cpp).
std::unique_ptr<Dynamics> makeKarnoppDynamics(std::unique_ptr<ContactSystem> system, const ParameterSet& params,
                                              Integrator integrator, const IntegrationSettings& settings);

/// Set-valued law with exact stick/slip switching (docs/architecture.md idea 5, Siconos/Chrono style):
/// - slip in direction d = sgn(v_r): F = -d g(|v_r|), integrated by Dormand-Prince 5(4);
/// - slip -> stick when d v_r reaches 0 and the holding force F_h = -a/b (v_r' = a + b F) satisfies
///   |F_h| <= staticLimit; otherwise the slip reverses direction;
/// - stick (v_r = 0, F = F_h) -> slip when |F_h| reaches staticLimit, in direction -sgn(F_h).
/// Events are located by TOMS 748 root finding on the dense output, to ~1e-14 in time.
class EventDrivenContactDynamics final : public Dynamics {
public:
    EventDrivenContactDynamics(std::unique_ptr<ContactSystem> system, std::unique_ptr<FrictionLaw> law,
                               const IntegrationSettings& settings);

    int dimension() const override { return m_system->dimension(); }
    std::vector<std::string> stateNames() const override { return m_system->stateNames(); }
    std::vector<std::string> outputNames() const override { return {"v_r", "F"}; }
    std::vector<double> initialState() const override { return m_system->initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override;
    void outputs(double t, const double* y, int mode, double* out) const override;
    /// A stick state (mode == Stick) whose v_r is zero up to round-off is projected to v_r = 0
    /// exactly, so that integrate() applies the stick test (it takes stick only at v_r == 0).
    void settleMode(double t, std::vector<double>& y, int mode) const override;
    bool slipField(double t, const double* y, double* dydt) const override;
    bool switchConditions(double t, const double* y, double* vr, double* margin) const override;
    bool hasSaltationVariational() const override { return true; }
    /// Tangent vectors through stick and slip: J of the mode's right-hand side by central
    /// differences, RK4 on each step's dense output, saltation matrices at the switches.
    Status integrateVariational(std::vector<double>& y, double& t, double tEnd, std::vector<double>& phi, int k,
                                IntegrationStats& stats) const override;

private:
    std::unique_ptr<ContactSystem> m_system;
    std::unique_ptr<FrictionLaw> m_law;
    IntegrationSettings m_settings;
};

/// The dynamics of any single-contact system (S1, S6) closed with the scenario's 1-D law by its
/// method: event-driven, regularized (the stiff integrator) or explicit; Karnopp's law and the laws
/// with memory by their own dynamics above (solvers/contact_dynamics_factory.cpp).
std::unique_ptr<Dynamics> makeContactDynamics(std::unique_ptr<ContactSystem> system, const struct Scenario& scenario,
                                              const IntegrationSettings& settings);
/// The same with the law made by the caller (a law of the speed alone, with no memory and no stick
/// window: a custom law bound to the system's states).
std::unique_ptr<Dynamics> makeContactDynamics(std::unique_ptr<ContactSystem> system, const struct Scenario& scenario,
                                              const IntegrationSettings& settings, std::unique_ptr<FrictionLaw> law);

} // namespace fl
