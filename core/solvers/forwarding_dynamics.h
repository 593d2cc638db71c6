#pragma once
// A Dynamics that hands every call to another (solvers/dynamics.h): the base of the wrappers that
// change one thing about a system's dynamics (the state a run starts from, a model's extra outputs)
// and leave the rest to it.
#include "solvers/dynamics.h"

#include <memory>

namespace fl {

class ForwardingDynamics : public Dynamics {
public:
    explicit ForwardingDynamics(std::unique_ptr<Dynamics> inner) : m_inner(std::move(inner)) {}

    int dimension() const override { return m_inner->dimension(); }
    std::vector<std::string> stateNames() const override { return m_inner->stateNames(); }
    std::vector<std::string> outputNames() const override { return m_inner->outputNames(); }
    std::vector<double> initialState() const override { return m_inner->initialState(); }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer, IntegrationStats& stats) const override
    {
        return m_inner->integrate(y, t, tEnd, observer, stats);
    }
    void settleMode(double t, std::vector<double>& y, int mode) const override { m_inner->settleMode(t, y, mode); }
    void outputs(double t, const double* y, int mode, double* out) const override { m_inner->outputs(t, y, mode, out); }
    std::string warning() const override { return m_inner->warning(); }
    const SmoothOde* smoothOde() const override { return m_inner->smoothOde(); }
    bool slipField(double t, const double* y, double* dydt) const override { return m_inner->slipField(t, y, dydt); }
    std::vector<std::string> contactNames() const override { return m_inner->contactNames(); }
    void contactModes(double t, const double* y, signed char* modes) const override { m_inner->contactModes(t, y, modes); }
    bool switchConditions(double t, const double* y, double* vr, double* margin) const override
    {
        return m_inner->switchConditions(t, y, vr, margin);
    }
    bool hasSaltationVariational() const override { return m_inner->hasSaltationVariational(); }
    Status integrateVariational(std::vector<double>& y, double& t, double tEnd, std::vector<double>& phi, int k,
                                IntegrationStats& stats) const override
    {
        return m_inner->integrateVariational(y, t, tEnd, phi, k, stats);
    }

protected:
    const Dynamics& inner() const { return *m_inner; }

private:
    std::unique_ptr<Dynamics> m_inner;
};

} // namespace fl
