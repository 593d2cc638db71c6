#pragma once
// A smooth system with named states and derived outputs, and its Dynamics (explicit or stiff).
#include "solvers/dynamics.h"
#include "solvers/integration_settings.h"
#include "solvers/smooth_ode.h"

#include <memory>

namespace fl {

class SmoothSystem : public SmoothOde {
public:
    virtual std::vector<std::string> stateNames() const = 0;
    virtual std::vector<std::string> outputNames() const = 0;
    virtual std::vector<double> initialState() const = 0;
    virtual void outputs(double t, const double* y, double* out) const = 0;
};

class SmoothSystemDynamics final : public Dynamics {
public:
    SmoothSystemDynamics(std::unique_ptr<SmoothSystem> system, Integrator integrator, const IntegrationSettings& settings);

    int dimension() const override { return m_system->dimension(); }
    std::vector<std::string> stateNames() const override { return m_system->stateNames(); }
    std::vector<std::string> outputNames() const override { return m_system->outputNames(); }
    std::vector<double> initialState() const override { return m_system->initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override;
    void outputs(double t, const double* y, int, double* out) const override { m_system->outputs(t, y, out); }
    const SmoothOde* smoothOde() const override { return m_system.get(); }
    const OdeIntegrationOptions& options() const { return m_options; }

private:
    std::unique_ptr<SmoothSystem> m_system;
    OdeIntegrationOptions m_options;
};

} // namespace fl
