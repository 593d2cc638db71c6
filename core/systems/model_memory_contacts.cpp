// A model with several contacts of which some take laws with memory (friction/state_law.h), on the
// regularized and explicit methods: the mechanical state q_1, q_1', ... followed by each such
// contact's internal states, z_c' = R_c(v_r,c, z_c); the other contacts' laws regularized as usual.
// The Jacobian is exact: the model's partial derivatives, the laws' own (StateLawJacobian), and the
// chain rule through v_r,c.
#include "systems/model_dynamics.h"

#include "friction/state_law.h"
#include "solvers/smooth_friction.h"
#include "solvers/smooth_integration.h"
#include "solvers/smooth_ode.h"

#include <algorithm>

namespace fl {
namespace {

struct ContactLaw {
    std::unique_ptr<FrictionLaw> plain;       ///< a law of v_r alone (regularized), or
    std::unique_ptr<StateFrictionLaw> memory; ///< a law with memory
    std::unique_ptr<SmoothFriction> smooth;   ///< plain's regularized form
    int offset = 0;                           ///< memory: where its states start in y
    int states = 0;
};

class MemoryContactsOde final : public SmoothOde {
public:
    MemoryContactsOde(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values, std::vector<ContactLaw> laws)
        : m_eq(std::move(compiled), values), m_laws(std::move(laws)), m_n(m_eq.coordinates()), m_k(m_eq.contacts())
    {
        m_dimension = m_eq.dimension(); // the model's own states first, then each memory law's
        for (ContactLaw& law : m_laws)
            if (law.memory) {
                law.offset = m_dimension;
                law.states = law.memory->stateCount();
                m_dimension += law.states;
            }
        m_vr.resize(static_cast<size_t>(m_k));
        m_F.resize(static_cast<size_t>(m_k));
        m_dF.resize(static_cast<size_t>(m_k));
        m_acc.resize(static_cast<size_t>(m_n));
        m_scratch.resize(static_cast<size_t>(m_dimension));
        for (int c = 0; c < m_k; ++c) // custom laws that read the model's states read the run's
            if (m_laws[static_cast<size_t>(c)].plain)
                m_eq.bindLawToStates(c, *m_laws[static_cast<size_t>(c)].plain);
    }

    int dimension() const override { return m_dimension; }
    double stateScale(int i) const override
    {
        for (const ContactLaw& law : m_laws)
            if (law.memory && i >= law.offset && i < law.offset + law.states)
                return law.memory->stateScale(i - law.offset);
        return 1.0;
    }
    ModelEquations& equations() const { return m_eq; }

    /// Loads (t, y), sets v_r and F of every contact; dz receives the memory laws' rates (may be null).
    void forces(double t, const double* y, double* dz) const
    {
        m_eq.load(t, y);
        m_eq.evaluateMotion();
        m_eq.slips(m_vr.data());
        double* rates = dz ? dz : m_scratch.data();
        for (int c = 0; c < m_k; ++c) {
            const ContactLaw& law = m_laws[static_cast<size_t>(c)];
            const double vr = m_vr[static_cast<size_t>(c)];
            m_F[static_cast<size_t>(c)] = law.memory ? law.memory->evaluate(vr, y + law.offset, rates + law.offset) : law.smooth->force(vr);
        }
    }

    void rhs(double t, const double* y, double* d) const override
    {
        forces(t, y, d);
        m_eq.accelerations(m_F.data(), m_acc.data());
        m_eq.derivative(y, m_acc.data(), d);
    }

    void jacobian(double t, const double* y, double* J, double* dfdt) const override
    {
        const int dim = m_dimension, mech = m_eq.dimension();
        forces(t, y, nullptr);
        std::vector<std::vector<double>> dFdz(static_cast<size_t>(m_k)), dRdv(static_cast<size_t>(m_k)), dRdz(static_cast<size_t>(m_k));
        for (int c = 0; c < m_k; ++c) {
            const ContactLaw& law = m_laws[static_cast<size_t>(c)];
            const double vr = m_vr[static_cast<size_t>(c)];
            if (!law.memory) {
                m_dF[static_cast<size_t>(c)] = law.smooth->slope(vr);
                continue;
            }
            const size_t m = static_cast<size_t>(law.states);
            dFdz[static_cast<size_t>(c)].assign(m, 0.0);
            dRdv[static_cast<size_t>(c)].assign(m, 0.0);
            dRdz[static_cast<size_t>(c)].assign(m * m, 0.0);
            StateLawJacobian lj;
            lj.dFdz = dFdz[static_cast<size_t>(c)].data();
            lj.dRdv = dRdv[static_cast<size_t>(c)].data();
            lj.dRdz = dRdz[static_cast<size_t>(c)].data();
            law.memory->jacobian(vr, y + law.offset, lj);
            m_dF[static_cast<size_t>(c)] = lj.dFdv;
        }
        // The mechanical block: the model's exact partials with dF/dv_r of each law.
        std::vector<double> mechanical(static_cast<size_t>(mech * mech)), mechanicalDt(static_cast<size_t>(mech));
        m_eq.jacobian(m_F.data(), m_dF.data(), mechanical.data(), mechanicalDt.data());
        for (int c = 0; c < m_k; ++c)
            if (const ContactLaw& law = m_laws[static_cast<size_t>(c)]; law.plain)
                m_eq.addLawStateColumns(c, *law.plain, m_vr[static_cast<size_t>(c)], m_F[static_cast<size_t>(c)], mechanical.data());
        std::fill(J, J + static_cast<size_t>(dim) * static_cast<size_t>(dim), 0.0);
        std::fill(dfdt, dfdt + dim, 0.0);
        for (int r = 0; r < mech; ++r) {
            std::copy_n(mechanical.data() + static_cast<size_t>(r * mech), mech, J + static_cast<size_t>(r) * static_cast<size_t>(dim));
            dfdt[r] = mechanicalDt[static_cast<size_t>(r)];
        }
        const CompiledModel& cm = m_eq.compiled();
        std::vector<double> dvdy(static_cast<size_t>(mech));
        for (int c = 0; c < m_k; ++c) {
            const ContactLaw& law = m_laws[static_cast<size_t>(c)];
            if (!law.memory)
                continue;
            // q'' through F_c(z_c): (M^-1)_row,i g_ci N_c dF/dz.
            for (size_t e = 0; e < cm.gradient.size(); ++e)
                if (cm.gradient[e].contact == c)
                    for (int row = 0; row < m_n; ++row) {
                        const double factor = m_eq.overMass(m_eq.gradient(static_cast<int>(e)) * m_eq.normal(c), row, cm.gradient[e].coordinate);
                        for (int k = 0; k < law.states && factor != 0.0; ++k)
                            J[static_cast<size_t>(2 * row + 1) * static_cast<size_t>(dim) + static_cast<size_t>(law.offset + k)] +=
                                factor * dFdz[static_cast<size_t>(c)][static_cast<size_t>(k)];
                    }
            // z_c' = R(v_r, z): dR/dv_r times v_r's gradient, and dR/dz.
            double dvdt = 0.0;
            m_eq.slipGradient(c, dvdy.data(), dvdt);
            for (int k = 0; k < law.states; ++k) {
                const size_t row = static_cast<size_t>(law.offset + k) * static_cast<size_t>(dim);
                const double rv = dRdv[static_cast<size_t>(c)][static_cast<size_t>(k)];
                for (int j = 0; j < mech; ++j)
                    J[row + static_cast<size_t>(j)] = rv * dvdy[static_cast<size_t>(j)];
                for (int l = 0; l < law.states; ++l)
                    J[row + static_cast<size_t>(law.offset + l)] = dRdz[static_cast<size_t>(c)][static_cast<size_t>(k * law.states + l)];
                dfdt[law.offset + k] = rv * dvdt;
            }
        }
    }

    std::vector<double> initialState() const
    {
        std::vector<double> y = m_eq.initialState();
        y.resize(static_cast<size_t>(m_dimension), 0.0);
        for (const ContactLaw& law : m_laws)
            if (law.memory)
                law.memory->initialState(y.data() + law.offset);
        return y;
    }
    const std::vector<double>& slipVelocities() const { return m_vr; }
    const std::vector<double>& frictionForces() const { return m_F; }

private:
    mutable ModelEquations m_eq;
    std::vector<ContactLaw> m_laws;
    int m_n, m_k, m_dimension = 0;
    mutable std::vector<double> m_vr, m_F, m_dF, m_acc, m_scratch;
};

class MemoryContacts final : public Dynamics {
public:
    MemoryContacts(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values, std::vector<ContactLaw> laws,
                   std::vector<std::string> stateNames, Integrator integrator, const IntegrationSettings& settings)
        : m_ode(compiled, values, std::move(laws)), m_names(std::move(stateNames)), m_options(odeOptions(settings, integrator))
    {
        m_outputs = modelContactOutputNames(compiled->model);
        for (const model::Output& o : compiled->model.outputs)
            m_outputs.push_back(o.id);
        m_failure = std::make_shared<ModelFailure>();
        m_ode.equations().reportFailuresTo(m_failure);
    }

    int dimension() const override { return m_ode.dimension(); }
    std::vector<std::string> stateNames() const override { return m_names; }
    std::vector<std::string> outputNames() const override { return m_outputs; }
    std::vector<double> initialState() const override { return m_ode.initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer, IntegrationStats& stats) const override
    {
        FiniteModelObserver guarded(observer, m_ode.equations(), *m_failure);
        return explainFailure(integrateSmooth(m_ode, m_options, y, t, tEnd, guarded, stats), *m_failure);
    }
    void outputs(double t, const double* y, int, double* out) const override
    {
        m_ode.forces(t, y, nullptr);
        const int k = m_ode.equations().contacts();
        for (int c = 0; c < k; ++c) { // v_r, F, and the sign of v_r as the mode (a smooth method has no stick)
            const double v = m_ode.slipVelocities()[static_cast<size_t>(c)];
            out[3 * c] = v;
            out[3 * c + 1] = m_ode.frictionForces()[static_cast<size_t>(c)];
            out[3 * c + 2] = v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0);
        }
        m_ode.equations().outputs(out + 3 * k);
    }
    const SmoothOde* smoothOde() const override { return &m_ode; }

private:
    MemoryContactsOde m_ode;
    std::vector<std::string> m_names, m_outputs;
    OdeIntegrationOptions m_options;
    std::shared_ptr<ModelFailure> m_failure;
};

} // namespace

std::vector<std::string> modelStateNamesWithLaws(const model::Model& model)
{
    std::vector<std::string> names = modelStateNames(model);
    for (const model::Contact& contact : model.contacts)
        if (const FrictionLawInfo* law = findFrictionLaw(contact.lawId); law && law->hasMemory())
            for (const LawStateSpec& state : law->states)
                names.push_back(state.id + "." + contact.id);
    return names;
}

std::unique_ptr<Dynamics> makeMultiContactMemory(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values,
                                                 Regularization regularization, double eps, Integrator integrator,
                                                 const IntegrationSettings& settings)
{
    std::vector<ContactLaw> laws;
    for (const model::Contact& contact : compiled->model.contacts) {
        const FrictionLawInfo* info = findFrictionLaw(contact.lawId);
        const ParameterSet own = contactLawValues(contact, *info, values);
        ContactLaw law;
        if (info->hasMemory()) {
            law.memory = info->createWithState(own, regularization);
        } else {
            law.plain = info->create(own);
            law.smooth = std::make_unique<SmoothFriction>(*law.plain, regularization, eps);
        }
        laws.push_back(std::move(law));
    }
    std::vector<std::string> names = modelStateNamesWithLaws(compiled->model);
    return std::make_unique<MemoryContacts>(std::move(compiled), values, std::move(laws), std::move(names), integrator, settings);
}

} // namespace fl
