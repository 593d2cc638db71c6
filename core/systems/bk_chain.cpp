#include "systems/bk_chain.h"

#include "friction/friction_law.h"
#include "friction/state_law.h"
#include "params/parameter_set.h"
#include "scenario/scenario.h"
#include "scene/scene_builder.h"
#include "solvers/smooth_friction.h"
#include "solvers/smooth_integration.h"
#include "solvers/smooth_ode.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace fl {
namespace {

using bkchain::vIndex;
using bkchain::xIndex;

/// SplitMix64 (Steele, Lea, Flood 2014): the same numbers on every platform and standard library.
double nextUnit(std::uint64_t& s)
{
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return 2.0 * (static_cast<double>(z >> 11) * 0x1.0p-53) - 1.0;
}

/// The regularized chain (S5 with F = -g(|v_r|) s(v_r/eps)). Its Jacobian is banded, half-width 3
/// in the interleaved order (x_i' reads v_i; v_i' reads x_{i-1}, x_i, v_i, x_{i+1}).
/// The outputs of a smooth chain run (bk_chain.h): v_r and F of block 1, E, P = sum (F_i - 2 zeta v_i) v_i
/// and the blocks slipping faster than `stick`; force(i) is block i's friction force.
template <class Force>
void smoothChainOutputs(const BkChainParameters& p, const double* y, double stick, Force force, double* out)
{
    int slipping = 0;
    double power = 0.0;
    for (int i = 0; i < p.n; ++i) {
        const double v = y[p.stride * i + 1];
        slipping += std::abs(v - p.vb) >= stick;
        power += (force(i) - 2.0 * p.zeta * v) * v;
    }
    out[0] = y[1] - p.vb;
    out[1] = force(0);
    out[2] = bkChainEnergy(p, y);
    out[3] = power;
    out[4] = slipping;
}

/// The chain's Jacobian, dense or straight into the band, from the one list of non-zero entries a
/// chain ODE gives (Derived::entries(y, emit(row, column, value))); df/dt = 0 (autonomous).
template <class Derived>
class ChainJacobianOde : public SmoothOde {
public:
    void jacobian(double, const double* y, double* J, double* dfdt) const override
    {
        const size_t dim = static_cast<size_t>(dimension());
        std::fill(J, J + dim * dim, 0.0);
        std::fill(dfdt, dfdt + dim, 0.0);
        self().entries(y, [J, dim](int r, int c, double v) { J[static_cast<size_t>(r) * dim + static_cast<size_t>(c)] = v; });
    }

    bool bandJacobian(double, const double* y, JacobianSink& sink) const override
    {
        self().entries(y, [&sink](int r, int c, double v) { sink.set(r, c, v); });
        return true;
    }

private:
    const Derived& self() const { return static_cast<const Derived&>(*this); }
};

class BkChainOde final : public ChainJacobianOde<BkChainOde> {
public:
    BkChainOde(const BkChainParameters& p, const SmoothFriction& friction) : m_p(p), m_friction(friction) {}

    int dimension() const override { return 2 * m_p.n; }
    int halfBandwidth() const override { return 3; }

    void rhs(double, const double* y, double* d) const override
    {
        for (int i = 0; i < m_p.n; ++i) {
            d[xIndex(i)] = y[vIndex(i)];
            d[vIndex(i)] = bkChainSpringForce(m_p, y, i) + m_friction.force(y[vIndex(i)] - m_p.vb); // (S5)
        }
    }

private:
    friend class ChainJacobianOde<BkChainOde>;
    /// The nonzero entries of df/dy, each once: x_i' = v_i; v_i' = a_i + F(v_i - v_b).
    template <class Emit>
    void entries(const double* y, Emit emit) const
    {
        const int n = m_p.n;
        for (int i = 0; i < n; ++i) {
            const double dF = m_friction.slope(y[vIndex(i)] - m_p.vb);
            emit(xIndex(i), vIndex(i), 1.0);
            const int neighbours = (i > 0) + (i + 1 < n);
            if (i > 0)
                emit(vIndex(i), xIndex(i - 1), m_p.kc);
            emit(vIndex(i), xIndex(i), -m_p.kp - neighbours * m_p.kc);
            emit(vIndex(i), vIndex(i), -2.0 * m_p.zeta + dF);
            if (i + 1 < n)
                emit(vIndex(i), xIndex(i + 1), m_p.kc);
        }
    }

    const BkChainParameters& m_p;
    const SmoothFriction& m_friction;
};

class RegularizedBkChain final : public Dynamics {
public:
    RegularizedBkChain(const BkChainParameters& p, std::unique_ptr<FrictionLaw> law, Regularization regularization, double eps,
                       Integrator integrator, const IntegrationSettings& settings)
        : m_p(p), m_law(std::move(law)), m_friction(*m_law, regularization, eps), m_ode(m_p, m_friction),
          m_options(odeOptions(settings, integrator)), m_stick(scene::stickThreshold(p.vb, eps))
    {
    }

    int dimension() const override { return m_ode.dimension(); }
    std::vector<std::string> stateNames() const override { return bkChainStateNames(m_p.n); }
    std::vector<std::string> outputNames() const override { return bkChainOutputNames(); }
    std::vector<double> initialState() const override { return bkChainInitialState(m_p); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override
    {
        return integrateSmooth(m_ode, m_options, y, t, tEnd, observer, stats);
    }
    void outputs(double, const double* y, int, double* out) const override
    {
        smoothChainOutputs(m_p, y, m_stick, [&](int i) { return m_friction.force(y[vIndex(i)] - m_p.vb); }, out);
    }
    const SmoothOde* smoothOde() const override { return &m_ode; }

private:
    BkChainParameters m_p;
    std::unique_ptr<FrictionLaw> m_law;
    SmoothFriction m_friction;
    BkChainOde m_ode;
    OdeIntegrationOptions m_options;
    double m_stick;
};

/// The chain closed with a law with memory (friction/state_law.h): each block carries the law's m
/// states z_i after its velocity (stride p = 2 + m), z_i' = R(v_r,i, z_i), F_i = F(v_r,i, z_i).
/// The Jacobian is banded with half-width p + 1 (v_i' reads x_{i-1} and x_{i+1}).
class MemoryBkChainOde final : public ChainJacobianOde<MemoryBkChainOde> {
public:
    MemoryBkChainOde(const BkChainParameters& p, const StateFrictionLaw& law) : m_p(p), m_law(law), m_m(law.stateCount()) {}

    int dimension() const override { return m_p.stride * m_p.n; }
    int halfBandwidth() const override { return m_p.stride + 1; }
    double stateScale(int i) const override { return i % m_p.stride < 2 ? 1.0 : m_law.stateScale(i % m_p.stride - 2); }

    void rhs(double, const double* y, double* d) const override
    {
        const int s = m_p.stride;
        for (int i = 0; i < m_p.n; ++i) {
            const int x = s * i;
            d[x] = y[x + 1];
            const double F = m_law.evaluate(y[x + 1] - m_p.vb, y + x + 2, d + x + 2);
            d[x + 1] = bkChainSpringForce(m_p, y, i) + F; // (S5) with the law's force
        }
    }

    /// The friction force on block i.
    double force(const double* y, int i) const
    {
        std::vector<double> dz(static_cast<size_t>(m_m));
        return m_law.evaluate(y[m_p.stride * i + 1] - m_p.vb, y + m_p.stride * i + 2, dz.data());
    }

private:
    friend class ChainJacobianOde<MemoryBkChainOde>;
    template <class Emit>
    void entries(const double* y, Emit emit) const
    {
        const int n = m_p.n, s = m_p.stride, m = m_m;
        std::vector<double> dFdz(static_cast<size_t>(m)), dRdv(static_cast<size_t>(m)), dRdz(static_cast<size_t>(m * m));
        for (int i = 0; i < n; ++i) {
            const int x = s * i, v = x + 1, z = x + 2;
            StateLawJacobian lj;
            lj.dFdz = dFdz.data();
            lj.dRdv = dRdv.data();
            lj.dRdz = dRdz.data();
            m_law.jacobian(y[v] - m_p.vb, y + z, lj);
            emit(x, v, 1.0);
            const int neighbours = (i > 0) + (i + 1 < n);
            if (i > 0)
                emit(v, x - s, m_p.kc);
            emit(v, x, -m_p.kp - neighbours * m_p.kc);
            emit(v, v, -2.0 * m_p.zeta + lj.dFdv);
            for (int k = 0; k < m; ++k)
                emit(v, z + k, dFdz[static_cast<size_t>(k)]);
            if (i + 1 < n)
                emit(v, x + s, m_p.kc);
            for (int k = 0; k < m; ++k) {
                emit(z + k, v, dRdv[static_cast<size_t>(k)]);
                for (int l = 0; l < m; ++l)
                    emit(z + k, z + l, dRdz[static_cast<size_t>(k * m + l)]);
            }
        }
    }

    const BkChainParameters& m_p;
    const StateFrictionLaw& m_law;
    int m_m;
};

class MemoryBkChain final : public Dynamics {
public:
    MemoryBkChain(const BkChainParameters& p, std::unique_ptr<StateFrictionLaw> law, std::vector<std::string> names, double eps,
                  Integrator integrator, const IntegrationSettings& settings)
        : m_p(p), m_law(std::move(law)), m_ode(m_p, *m_law), m_options(odeOptions(settings, integrator)),
          m_stick(scene::stickThreshold(p.vb, eps)), m_names(std::move(names))
    {
    }

    int dimension() const override { return m_ode.dimension(); }
    std::vector<std::string> stateNames() const override { return m_names; }
    std::vector<std::string> outputNames() const override { return bkChainOutputNames(); }
    std::vector<double> initialState() const override
    {
        std::vector<double> y = bkChainInitialState(m_p);
        for (int i = 0; i < m_p.n; ++i)
            m_law->initialState(y.data() + m_p.stride * i + 2);
        return y;
    }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer,
                     IntegrationStats& stats) const override
    {
        return integrateSmooth(m_ode, m_options, y, t, tEnd, observer, stats);
    }
    void outputs(double, const double* y, int, double* out) const override
    {
        smoothChainOutputs(m_p, y, m_stick, [&](int i) { return m_ode.force(y, i); }, out);
    }
    const SmoothOde* smoothOde() const override { return &m_ode; }

private:
    BkChainParameters m_p;
    std::unique_ptr<StateFrictionLaw> m_law;
    MemoryBkChainOde m_ode;
    OdeIntegrationOptions m_options;
    double m_stick;
    std::vector<std::string> m_names;
};

} // namespace

BkChainParameters bkChainParameters(const ParameterSet& p)
{
    BkChainParameters c;
    c.n = static_cast<int>(std::lround(p.value("n")));
    c.kc = p.value("k_c");
    c.kp = p.value("k_p");
    c.vb = p.value("v_b");
    c.zeta = p.value("zeta");
    c.x0 = p.value("x0");
    c.dx0 = p.value("dx0");
    c.v0 = p.value("v0");
    c.seed = static_cast<unsigned>(std::lround(p.value("seed")));
    return c;
}

std::vector<std::string> bkChainStateNames(int n, const std::vector<std::string>& lawStates)
{
    std::vector<std::string> names;
    names.reserve(static_cast<size_t>((2 + lawStates.size()) * static_cast<size_t>(n)));
    for (int i = 1; i <= n; ++i) {
        names.push_back("x_" + std::to_string(i));
        names.push_back("v_" + std::to_string(i));
        for (const std::string& z : lawStates)
            names.push_back(z + "_" + std::to_string(i));
    }
    return names;
}

std::vector<std::string> bkChainOutputNames() { return {"v_r", "F", "E", "P", "slipping"}; }

std::vector<double> bkChainInitialState(const BkChainParameters& p)
{
    std::vector<double> y(static_cast<size_t>(p.stride * p.n), 0.0);
    std::uint64_t state = p.seed;
    for (int i = 0; i < p.n; ++i) {
        const double u = nextUnit(state);
        y[static_cast<size_t>(p.stride * i)] = p.x0 + p.dx0 * u;
        y[static_cast<size_t>(p.stride * i + 1)] = p.v0;
    }
    return y;
}

double bkChainSpringForce(const BkChainParameters& p, const double* y, int i)
{
    const int s = p.stride;
    const double x = y[s * i];
    double coupling = 0.0;
    if (i > 0 && i + 1 < p.n)
        coupling = (y[s * (i - 1)] + y[s * (i + 1)]) - 2.0 * x;
    else if (i > 0)
        coupling = y[s * (i - 1)] - x;
    else if (i + 1 < p.n)
        coupling = y[s * (i + 1)] - x;
    return -2.0 * p.zeta * y[s * i + 1] - p.kp * x + p.kc * coupling;
}

double bkChainEnergy(const BkChainParameters& p, const double* y)
{
    const int s = p.stride;
    double e = 0.0;
    for (int i = 0; i < p.n; ++i) {
        const double x = y[s * i], v = y[s * i + 1];
        e += 0.5 * (v * v + p.kp * x * x);
        if (i + 1 < p.n) {
            const double stretch = y[s * (i + 1)] - x;
            e += 0.5 * p.kc * stretch * stretch;
        }
    }
    return e;
}

int bkChainStride(const Scenario& scenario)
{
    const FrictionLawInfo* law = findFrictionLaw(scenario.lawId);
    return 2 + (law ? static_cast<int>(law->states.size()) : 0);
}

std::unique_ptr<Dynamics> makeBkChainDynamics(const Scenario& scenario, const IntegrationSettings& settings)
{
    BkChainParameters p = bkChainParameters(scenario.params);
    const FrictionLawInfo* info = findFrictionLaw(scenario.lawId);
    if (info->hasMemory()) {
        p.stride = bkChainStride(scenario);
        const Integrator integrator =
            scenario.method == Method::Regularized ? settings.stiffIntegrator : IntegrationSettings::kExplicitIntegrator;
        std::vector<std::string> lawStates;
        for (const LawStateSpec& state : info->states)
            lawStates.push_back(state.id);
        return std::make_unique<MemoryBkChain>(p, info->createWithState(scenario.params, scenario.regularization),
                                               bkChainStateNames(p.n, lawStates), scenario.params.value("eps"), integrator, settings);
    }
    std::unique_ptr<FrictionLaw> law = info->create(scenario.params);
    if (scenario.method == Method::EventDriven)
        return makeEventDrivenBkChain(p, std::move(law), settings);
    const Integrator integrator =
        scenario.method == Method::Regularized ? settings.stiffIntegrator : IntegrationSettings::kExplicitIntegrator;
    return std::make_unique<RegularizedBkChain>(p, std::move(law), scenario.regularization, scenario.params.value("eps"),
                                                integrator, settings);
}

} // namespace fl
