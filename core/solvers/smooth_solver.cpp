#include "solvers/smooth_solver.h"
#include "solvers/smooth_integration.h"

#include <boost/numeric/odeint.hpp>

#include <vector>

namespace fl {
namespace odeint = boost::numeric::odeint;

RunResult runExplicit(const ContactSystem& system, const SmoothFriction& friction, const IntegrationSettings& s)
{
    using State = std::vector<double>;
    auto rhs = [&](const State& y, State& dydt, double t) {
        system.rhs(t, y.data(), friction.force(system.relativeVelocity(t, y.data())), dydt.data());
    };
    auto stepper = odeint::make_dense_output(s.tol, s.tol, s.maxStep, odeint::runge_kutta_dopri5<State>());
    return detail::integrateSmooth(stepper, rhs, system.initialState(), system, friction, s);
}

} // namespace fl
