// A model with several contacts on the smooth methods (systems/model_dynamics.h): the regularized
// equations with the exact Jacobian of the model's expressions, on the stiff or explicit integrator.
#include "systems/model_dynamics.h"
#include "systems/model_multi_contact_core.h"

#include "solvers/smooth_friction.h"
#include "solvers/smooth_integration.h"
#include "solvers/smooth_ode.h"

#include <algorithm>

namespace fl {
namespace {

using detail::MultiContactCore;

/// The regularized equations, F_c = -g(|v_r,c|) s(v_r,c / eps), with their exact Jacobian.
class MultiContactOde final : public SmoothOde {
public:
    MultiContactOde(MultiContactCore& core, Regularization regularization, double eps) : m_core(core)
    {
        for (const auto& law : core.laws)
            m_friction.emplace_back(*law, regularization, eps);
        const int dim = 2 * core.eq.coordinates();
        m_dense.resize(static_cast<size_t>(dim * dim));
        m_dfdt.resize(static_cast<size_t>(dim));
        m_slope.resize(core.laws.size());
    }

    int dimension() const override { return 2 * m_core.eq.coordinates(); }
    int halfBandwidth() const override { return m_core.eq.compiled().halfBandwidth; }
    /// Loads (t, y) and sets v_r and F of every contact.
    void forces(double t, const double* y) const
    {
        m_core.eq.load(t, y);
        m_core.eq.evaluateMotion();
        m_core.eq.slips(m_core.vr.data());
        for (size_t c = 0; c < m_friction.size(); ++c)
            m_core.F[c] = m_friction[c].force(m_core.vr[c]);
    }
    void rhs(double t, const double* y, double* d) const override
    {
        forces(t, y);
        m_core.eq.accelerations(m_core.F.data(), m_core.acc.data());
        for (int i = 0; i < m_core.eq.coordinates(); ++i) {
            d[2 * i] = y[2 * i + 1];
            d[2 * i + 1] = m_core.acc[static_cast<size_t>(i)];
        }
    }
    void jacobian(double t, const double* y, double* J, double* dfdt) const override
    {
        forces(t, y);
        for (size_t c = 0; c < m_friction.size(); ++c)
            m_slope[c] = m_friction[c].slope(m_core.vr[c]);
        m_core.eq.jacobian(m_core.F.data(), m_slope.data(), J, dfdt);
    }
    bool bandJacobian(double t, const double* y, JacobianSink& sink) const override
    {
        const int b = halfBandwidth(), dim = dimension();
        if (b < 0)
            return false;
        jacobian(t, y, m_dense.data(), m_dfdt.data());
        for (int r = 0; r < dim; ++r)
            for (int c = std::max(0, r - b); c <= std::min(dim - 1, r + b); ++c)
                if (const double v = m_dense[static_cast<size_t>(r * dim + c)]; v != 0.0)
                    sink.set(r, c, v);
        return true;
    }
    const SmoothFriction& friction(int c) const { return m_friction[static_cast<size_t>(c)]; }

private:
    MultiContactCore& m_core;
    std::vector<SmoothFriction> m_friction;
    mutable std::vector<double> m_dense, m_dfdt, m_slope;
};

class MultiContactSmooth final : public Dynamics {
public:
    MultiContactSmooth(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values, std::vector<std::unique_ptr<FrictionLaw>> laws,
                       Regularization regularization, double eps, Integrator integrator, const IntegrationSettings& settings)
        : m_core(std::move(compiled), values, std::move(laws)), m_ode(m_core, regularization, eps), m_options(odeOptions(settings, integrator))
    {
    }

    int dimension() const override { return m_ode.dimension(); }
    std::vector<std::string> stateNames() const override { return modelStateNames(m_core.eq.compiled().model); }
    std::vector<std::string> outputNames() const override { return m_core.outputNames(); }
    std::vector<double> initialState() const override { return m_core.eq.initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer, IntegrationStats& stats) const override
    {
        return m_core.run([&] { return integrateSmooth(m_ode, m_options, y, t, tEnd, observer, stats); });
    }
    void outputs(double t, const double* y, int, double* out) const override
    {
        m_ode.forces(t, y);
        const std::vector<double> F = m_core.F;
        m_core.writeOutputs(F.data(), out);
    }
    const SmoothOde* smoothOde() const override { return &m_ode; }

private:
    mutable MultiContactCore m_core;
    MultiContactOde m_ode;
    OdeIntegrationOptions m_options;
};

} // namespace

std::unique_ptr<Dynamics> makeMultiContactSmooth(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values,
                                                 std::vector<std::unique_ptr<FrictionLaw>> laws, Regularization regularization,
                                                 double eps, Integrator integrator, const IntegrationSettings& settings)
{
    return std::make_unique<MultiContactSmooth>(std::move(compiled), values, std::move(laws), regularization, eps, integrator, settings);
}

} // namespace fl
