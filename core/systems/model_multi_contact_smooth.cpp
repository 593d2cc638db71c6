// A model with several contacts on the smooth methods (systems/model_dynamics.h): the regularized
// equations with the exact Jacobian of the model's expressions, on the stiff or explicit integrator.
#include "systems/model_dynamics.h"
#include "systems/model_multi_contact_core.h"

#include "solvers/smooth_friction.h"
#include "solvers/smooth_integration.h"
#include "solvers/smooth_ode.h"

#include <algorithm>
#include <cmath>

namespace fl {
namespace {

using detail::MultiContactCore;

/// Each contact's stick window dv (Karnopp's law), 0 for the other laws.
std::vector<double> windowsOf(const CompiledModel& compiled, const ParameterSet& values)
{
    std::vector<double> windows;
    for (const model::Contact& contact : compiled.model.contacts) {
        const FrictionLawInfo* law = findFrictionLaw(contact.lawId);
        windows.push_back(law->stickWindow ? contactLawValues(contact, *law, values).value("dv") : 0.0);
    }
    return windows;
}

/// The regularized equations, F_c = -g(|v_r,c|) s(v_r,c / eps), with their exact Jacobian; and
/// contacts with Karnopp's stick window (windows[c] > 0): inside |v_r,c| < dv held by the force that
/// keeps v_r,c' = 0, the held contacts together (MultiContactCore::solveHolding), while within mu_s
/// (the furthest beyond breaks away first, as in the event-driven method); outside, -mu_k sgn(v_r).
/// A run with windows takes its Jacobian by central differences (the held forces are piecewise).
class MultiContactOde final : public SmoothOde {
public:
    MultiContactOde(MultiContactCore& core, Regularization regularization, double eps, std::vector<double> windows)
        : m_core(core), m_windows(std::move(windows))
    {
        m_hasWindow = std::any_of(m_windows.begin(), m_windows.end(), [](double w) { return w > 0.0; });
        for (const auto& law : core.laws)
            m_friction.emplace_back(*law, regularization, eps);
        const int dim = core.eq.dimension();
        m_dense.resize(static_cast<size_t>(dim * dim));
        m_dfdt.resize(static_cast<size_t>(dim));
        m_slope.resize(core.laws.size());
    }

    int dimension() const override { return m_core.eq.dimension(); }
    int halfBandwidth() const override { return m_hasWindow ? -1 : m_core.eq.compiled().halfBandwidth; }
    /// Loads (t, y) and sets v_r and F of every contact.
    void forces(double t, const double* y) const
    {
        m_core.eq.load(t, y);
        m_core.eq.evaluateMotion();
        m_core.eq.slips(m_core.vr.data());
        m_held.clear();
        for (size_t c = 0; c < m_friction.size(); ++c) {
            const double vr = m_core.vr[c], window = m_windows[c];
            if (window <= 0.0)
                m_core.F[c] = m_friction[c].force(vr);
            else if (std::abs(vr) >= window)
                m_core.F[c] = (vr > 0.0 ? -1.0 : 1.0) * m_core.laws[c]->slipMagnitude(std::abs(vr));
            else
                m_held.push_back(static_cast<int>(c));
        }
        while (!m_held.empty()) {
            for (const int c : m_held)
                m_core.F[static_cast<size_t>(c)] = 0.0;
            m_core.solveHolding(m_held);
            size_t worst = m_held.size();
            double worstRatio = 1.0;
            for (size_t k = 0; k < m_held.size(); ++k) {
                const size_t c = static_cast<size_t>(m_held[k]);
                const double ratio = std::abs(m_core.F[c]) / m_core.laws[c]->staticLimit();
                if (ratio > worstRatio) {
                    worst = k;
                    worstRatio = ratio;
                }
            }
            if (worst == m_held.size())
                break;
            // Breaks away the way the rest pulls: F = -mu_k sgn(a) (the held force was -a / A).
            const size_t c = static_cast<size_t>(m_held[worst]);
            m_core.F[c] = (m_core.F[c] < 0.0 ? -1.0 : 1.0) * m_core.laws[c]->slipMagnitude(0.0);
            m_held.erase(m_held.begin() + static_cast<std::ptrdiff_t>(worst));
        }
    }
    void rhs(double t, const double* y, double* d) const override
    {
        forces(t, y);
        m_core.eq.accelerations(m_core.F.data(), m_core.acc.data());
        m_core.eq.derivative(y, m_core.acc.data(), d);
    }
    void jacobian(double t, const double* y, double* J, double* dfdt) const override
    {
        if (m_hasWindow) {
            differenceJacobian(t, y, J, dfdt);
            return;
        }
        forces(t, y);
        for (size_t c = 0; c < m_friction.size(); ++c)
            m_slope[c] = m_friction[c].slope(m_core.vr[c]);
        m_core.eq.jacobian(m_core.F.data(), m_slope.data(), J, dfdt);
        for (int c = 0; c < m_core.eq.contacts(); ++c)
            m_core.eq.addLawStateColumns(c, *m_core.laws[static_cast<size_t>(c)], m_core.vr[static_cast<size_t>(c)],
                                         m_core.F[static_cast<size_t>(c)], J);
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
    void differenceJacobian(double t, const double* y, double* J, double* dfdt) const
    {
        const int n = dimension();
        std::vector<double> yp(y, y + n), plus(static_cast<size_t>(n)), minus(static_cast<size_t>(n));
        for (int c = 0; c < n; ++c) {
            const double h = 1e-7 * std::max(1.0, std::abs(y[c]));
            yp[static_cast<size_t>(c)] = y[c] + h;
            rhs(t, yp.data(), plus.data());
            yp[static_cast<size_t>(c)] = y[c] - h;
            rhs(t, yp.data(), minus.data());
            yp[static_cast<size_t>(c)] = y[c];
            for (int r = 0; r < n; ++r)
                J[static_cast<size_t>(r * n + c)] = (plus[static_cast<size_t>(r)] - minus[static_cast<size_t>(r)]) / (2.0 * h);
        }
        const double h = 1e-7 * std::max(1.0, std::abs(t));
        rhs(t + h, y, plus.data());
        rhs(t - h, y, minus.data());
        for (int r = 0; r < n; ++r)
            dfdt[r] = (plus[static_cast<size_t>(r)] - minus[static_cast<size_t>(r)]) / (2.0 * h);
    }

    MultiContactCore& m_core;
    std::vector<SmoothFriction> m_friction;
    std::vector<double> m_windows;
    bool m_hasWindow = false;
    mutable std::vector<double> m_dense, m_dfdt, m_slope;
    mutable std::vector<int> m_held;
};

class MultiContactSmooth final : public Dynamics {
public:
    MultiContactSmooth(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values, std::vector<std::unique_ptr<FrictionLaw>> laws,
                       Regularization regularization, double eps, Integrator integrator, const IntegrationSettings& settings)
        : m_core(compiled, values, std::move(laws)), m_ode(m_core, regularization, eps, windowsOf(*compiled, values)),
          m_options(odeOptions(settings, integrator))
    {
    }

    int dimension() const override { return m_ode.dimension(); }
    std::vector<std::string> stateNames() const override { return modelStateNames(m_core.eq.compiled().model); }
    std::vector<std::string> outputNames() const override { return m_core.outputNames(); }
    std::vector<double> initialState() const override { return m_core.eq.initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer, IntegrationStats& stats) const override
    {
        return m_core.run(observer, [&](DynamicsObserver& guarded) { return integrateSmooth(m_ode, m_options, y, t, tEnd, guarded, stats); });
    }
    void outputs(double t, const double* y, int, double* out) const override
    {
        m_ode.forces(t, y);
        const std::vector<double> F = m_core.F;
        m_core.writeOutputs(F.data(), nullptr, out);
    }
    const SmoothOde* smoothOde() const override { return &m_ode; }
    /// Each contact whose regularization loses its law's static peak, named.
    std::string warning() const override
    {
        std::string text;
        const model::Model& m = m_core.eq.compiled().model;
        for (int c = 0; c < m_core.eq.contacts(); ++c)
            if (const std::string w = m_ode.friction(c).lostPeakWarning(m.contacts[static_cast<size_t>(c)].id); !w.empty())
                text += (text.empty() ? "" : "; ") + w;
        return text;
    }

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
