#include "systems/model_contact_system.h"

#include "friction/custom_law.h"

#include <algorithm>
#include <cmath>

namespace fl {

ModelContactSystem::ModelContactSystem(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values,
                                       std::shared_ptr<ModelFailure> failure)
    : m_eq(std::move(compiled), values), m_acc(static_cast<size_t>(m_eq.coordinates()))
{
    m_eq.reportFailuresTo(std::move(failure));
}

void ModelContactSystem::rhs(double t, const double* y, double F, double* dydt) const
{
    m_eq.load(t, y);
    m_eq.evaluateMotion();
    m_eq.accelerations(&F, m_acc.data());
    m_eq.derivative(y, m_acc.data(), dydt);
}

double ModelContactSystem::relativeVelocity(double t, const double* y) const
{
    m_eq.load(t, y);
    double vr = 0.0;
    m_eq.slips(&vr);
    return vr;
}

void ModelContactSystem::relativeAcceleration(double t, const double* y, double& a, double& b) const
{
    // v_r' = drift + sum_i g_i q_i'' with m_i q_i'' = f_i + g_i N F: a = drift + sum g_i f_i / m_i,
    // b = N sum g_i^2 / m_i (> 0 while pressed; a lifted contact holds nothing: b tiny, as S4's).
    m_eq.load(t, y);
    m_eq.evaluateMotion();
    m_eq.drifts(&a);
    b = 0.0;
    const CompiledModel& c = m_eq.compiled();
    if (m_eq.coupledMass()) { // M q'' = f + g N F: a = drift + g . M^-1 f, b = N g . M^-1 g
        const double zero = 0.0;
        m_eq.accelerations(&zero, m_acc.data());
        for (size_t e = 0; e < c.gradient.size(); ++e) {
            a += m_eq.gradient(static_cast<int>(e)) * m_acc[static_cast<size_t>(c.gradient[e].coordinate)];
            for (size_t f = 0; f < c.gradient.size(); ++f)
                b += m_eq.overMass(m_eq.gradient(static_cast<int>(e)) * m_eq.gradient(static_cast<int>(f)), c.gradient[e].coordinate,
                                   c.gradient[f].coordinate);
        }
        b = std::max(b * m_eq.normal(0), 1e-300);
        return;
    }
    for (size_t e = 0; e < c.gradient.size(); ++e) {
        const double g = m_eq.gradient(static_cast<int>(e));
        const int i = c.gradient[e].coordinate;
        a += g * m_eq.force(i) / m_eq.mass(i);
        b += g * g / m_eq.mass(i);
    }
    b = std::max(b * m_eq.normal(0), 1e-300);
}

void ModelContactSystem::jacobian(double t, const double* y, double F, double dFdvr, double* dfdy, double* dfdt) const
{
    m_eq.load(t, y);
    m_eq.evaluateMotion();
    m_eq.jacobian(&F, &dFdvr, dfdy, dfdt);
    if (m_stateLaw) {
        double vr = 0.0;
        m_eq.slips(&vr);
        m_eq.addLawStateColumns(0, *m_stateLaw, vr, F, dfdy);
    }
}

void ModelContactSystem::closeWith(FrictionLaw& law)
{
    if (!stateReading(law))
        return;
    m_eq.bindLawToStates(0, law);
    m_stateLaw = &law;
}

void ModelContactSystem::relativeVelocityGradient(double t, const double* y, double* dvdy, double& dvdt) const
{
    m_eq.load(t, y);
    m_eq.slipGradient(0, dvdy, dvdt);
}

} // namespace fl
