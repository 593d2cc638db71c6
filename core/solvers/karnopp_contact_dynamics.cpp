// Karnopp's stick window, review (6) (docs/physics.md sec. 2), as a smooth-method integration: inside
// |v_r| < dv the body is held (F = F_h = -a/b, so v_r' = 0) while the holding force stays within
// mu_s; beyond it the body breaks away in the direction of the applied force (F = -mu_k sgn(a): the
// review's sgn(x') is undefined inside the window); outside the window Coulomb slip, F = -mu_k sgn(v_r).
// As dv -> 0 the cycle tends to the exact event-driven one (tests/core/test_memory_laws.cpp).
#include "solvers/contact_dynamics.h"
#include "solvers/smooth_integration.h"

#include <cmath>
#include <vector>

namespace fl {
namespace {

class KarnoppOde final : public SmoothOde {
public:
    KarnoppOde(const ContactSystem& system, double muS, double muK, double window)
        : m_system(system), m_muS(muS), m_muK(muK), m_window(window) {}
    int dimension() const override { return m_system.dimension(); }
    /// The force, and whether the body is held (F = F_h).
    double force(double t, const double* y, bool* held = nullptr) const
    {
        const double vr = m_system.relativeVelocity(t, y);
        if (held)
            *held = false;
        if (std::abs(vr) >= m_window)
            return vr > 0.0 ? -m_muK : m_muK;
        double a = 0.0, b = 1.0;
        m_system.relativeAcceleration(t, y, a, b);
        const double hold = -a / b;
        if (std::abs(hold) <= m_muS) {
            if (held)
                *held = true;
            return hold;
        }
        return a > 0.0 ? -m_muK : m_muK;
    }
    void rhs(double t, const double* y, double* dydt) const override { m_system.rhs(t, y, force(t, y), dydt); }
    void jacobian(double t, const double* y, double* dfdy, double* dfdt) const override
    {
        const int n = dimension();
        bool held = false;
        m_system.jacobian(t, y, force(t, y, &held), 0.0, dfdy, dfdt);
        if (!held)
            return; // F is piecewise constant
        // F = -a/b with a = dv_r/dy . f(F = 0) (v_r affine in y): dF/dy = -(dv_r/dy)^T J0 / b.
        std::vector<double> dvdy(static_cast<size_t>(n)), column(static_cast<size_t>(n)), dFdy(static_cast<size_t>(n), 0.0);
        double dvdt = 0.0, a = 0.0, b = 1.0;
        m_system.relativeVelocityGradient(t, y, dvdy.data(), dvdt);
        m_system.relativeAcceleration(t, y, a, b);
        m_system.forceColumn(t, y, column.data());
        double dFdt = 0.0;
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j)
                dFdy[static_cast<size_t>(j)] -= dvdy[static_cast<size_t>(i)] * dfdy[i * n + j] / b;
            dFdt -= dvdy[static_cast<size_t>(i)] * dfdt[i] / b;
        }
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j)
                dfdy[i * n + j] += column[static_cast<size_t>(i)] * dFdy[static_cast<size_t>(j)];
            dfdt[i] += column[static_cast<size_t>(i)] * dFdt;
        }
    }

private:
    const ContactSystem& m_system;
    double m_muS, m_muK, m_window;
};

class KarnoppContactDynamics final : public Dynamics {
public:
    KarnoppContactDynamics(std::unique_ptr<ContactSystem> system, double muS, double muK, double window, Integrator integrator,
                           const IntegrationSettings& settings)
        : m_system(std::move(system)), m_ode(*m_system, muS, muK, window), m_options(odeOptions(settings, integrator))
    {
    }
    int dimension() const override { return m_system->dimension(); }
    std::vector<std::string> stateNames() const override { return m_system->stateNames(); }
    std::vector<std::string> outputNames() const override { return {"v_r", "F"}; }
    std::vector<double> initialState() const override { return m_system->initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer, IntegrationStats& stats) const override
    {
        return integrateSmooth(m_ode, m_options, y, t, tEnd, observer, stats);
    }
    void outputs(double t, const double* y, int, double* out) const override
    {
        out[0] = m_system->relativeVelocity(t, y);
        out[1] = m_ode.force(t, y);
    }
    const SmoothOde* smoothOde() const override { return &m_ode; }

private:
    std::unique_ptr<ContactSystem> m_system;
    KarnoppOde m_ode;
    OdeIntegrationOptions m_options;
};

} // namespace

std::unique_ptr<Dynamics> makeKarnoppDynamics(std::unique_ptr<ContactSystem> system, const ParameterSet& params,
                                              Integrator integrator, const IntegrationSettings& settings)
{
    return std::make_unique<KarnoppContactDynamics>(std::move(system), params.value("mu_s"), params.value("mu_k"),
                                                    params.value("dv"), integrator, settings);
}

} // namespace fl
