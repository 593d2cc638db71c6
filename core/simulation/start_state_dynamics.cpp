#include "simulation/start_state_dynamics.h"
#include "solvers/forwarding_dynamics.h"

namespace fl {
namespace {

/// The system's dynamics with another state to start from.
class StartStateDynamics final : public ForwardingDynamics {
public:
    StartStateDynamics(std::unique_ptr<Dynamics> inner, std::vector<double> start) : ForwardingDynamics(std::move(inner)), m_start(std::move(start)) {}
    std::vector<double> initialState() const override { return m_start; }

private:
    std::vector<double> m_start;
};

} // namespace

std::unique_ptr<Dynamics> startingFrom(std::unique_ptr<Dynamics> inner, std::vector<double> start)
{
    return std::make_unique<StartStateDynamics>(std::move(inner), std::move(start));
}

} // namespace fl
