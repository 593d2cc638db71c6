#include "simulation/start_state_dynamics.h"

namespace fl {
namespace {

class StartStateDynamics final : public Dynamics {
public:
    StartStateDynamics(std::unique_ptr<Dynamics> inner, std::vector<double> start) : m_inner(std::move(inner)), m_start(std::move(start)) {}

    int dimension() const override { return m_inner->dimension(); }
    std::vector<std::string> stateNames() const override { return m_inner->stateNames(); }
    std::vector<std::string> outputNames() const override { return m_inner->outputNames(); }
    std::vector<double> initialState() const override { return m_start; }
    Status integrate(std::vector<double>& y, double& t, double tEnd, DynamicsObserver& observer, IntegrationStats& stats) const override
    {
        return m_inner->integrate(y, t, tEnd, observer, stats);
    }
    void settleMode(double t, std::vector<double>& y, int mode) const override { m_inner->settleMode(t, y, mode); }
    void outputs(double t, const double* y, int mode, double* out) const override { m_inner->outputs(t, y, mode, out); }
    std::string warning() const override { return m_inner->warning(); }
    const SmoothOde* smoothOde() const override { return m_inner->smoothOde(); }
    bool slipField(double t, const double* y, double* dydt) const override { return m_inner->slipField(t, y, dydt); }
    bool hasSaltationVariational() const override { return m_inner->hasSaltationVariational(); }
    Status integrateVariational(std::vector<double>& y, double& t, double tEnd, std::vector<double>& phi, int k,
                                IntegrationStats& stats) const override
    {
        return m_inner->integrateVariational(y, t, tEnd, phi, k, stats);
    }

private:
    std::unique_ptr<Dynamics> m_inner;
    std::vector<double> m_start;
};

} // namespace

std::unique_ptr<Dynamics> startingFrom(std::unique_ptr<Dynamics> inner, std::vector<double> start)
{
    return std::make_unique<StartStateDynamics>(std::move(inner), std::move(start));
}

} // namespace fl
