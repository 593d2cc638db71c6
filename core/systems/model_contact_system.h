#pragma once
// A model with one contact as a ContactSystem (solvers/contact_system.h): every method and law of the
// built-in single-contact systems runs it unchanged (event-driven with saltation matrices, the
// regularized and explicit methods, the laws with memory, Karnopp's window). The equations are
// those of systems/model_equations.h with the contact's force F at unit normal load.
#include "solvers/contact_system.h"
#include "systems/model_equations.h"

namespace fl {

class ModelContactSystem final : public ContactSystem {
public:
    /// failure: where the equations last stopped being finite (may be null).
    ModelContactSystem(std::shared_ptr<const CompiledModel> compiled, const ParameterSet& values, std::shared_ptr<ModelFailure> failure);

    int dimension() const override { return m_eq.dimension(); }
    std::vector<std::string> stateNames() const override { return modelStateNames(m_eq.compiled().model); }
    std::vector<double> initialState() const override { return m_eq.initialState(); }
    void rhs(double t, const double* y, double F, double* dydt) const override;
    double relativeVelocity(double t, const double* y) const override;
    void relativeAcceleration(double t, const double* y, double& a, double& b) const override;
    void projectToStick(double t, double* y) const override { m_eq.projectToStick(0, t, y); }
    void jacobian(double t, const double* y, double F, double dFdvr, double* dfdy, double* dfdt) const override;
    void relativeVelocityGradient(double t, const double* y, double* dvdy, double& dvdt) const override;
    /// The run's law, if it is a custom law that reads the model's states: it reads them from this
    /// system's equations, and the Jacobian takes its dF/dz (the law must outlive the system's use).
    void closeWith(FrictionLaw& law);

private:
    FrictionLaw* m_stateLaw = nullptr;
    mutable ModelEquations m_eq; ///< its tapes' registers: a run is on one thread
    mutable std::vector<double> m_acc;
};

} // namespace fl
