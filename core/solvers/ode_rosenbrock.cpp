// Compiled as C++17: Boost 1.74's uBLAS, which odeint's rosenbrock4 requires, still calls
// std::allocator::construct, removed in C++20 (see core/CMakeLists.txt).
#include "solvers/ode_integrator_loop.h"

#include <boost/numeric/odeint.hpp>

namespace fl {
namespace odeint = boost::numeric::odeint;
namespace ublas = boost::numeric::ublas;

Status integrateRosenbrock(const SmoothOde& ode, std::vector<double>& y, double t0, double t1,
                           const OdeIntegrationOptions& o, const StepCallback& onStep, OdeIntegrationStats& stats,
                           double& tFinal)
{
    using State = ublas::vector<double>;
    const int n = ode.dimension();
    std::vector<double> jac(static_cast<size_t>(n * n));
    auto rhs = [&ode](const State& x, State& dxdt, double t) { ode.rhs(t, &x[0], &dxdt[0]); };
    auto jacobian = [&ode, &jac, n](const State& x, ublas::matrix<double>& dfdy, double t, State& dfdt) {
        ode.jacobian(t, &x[0], jac.data(), &dfdt[0]);
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                dfdy(r, c) = jac[static_cast<size_t>(r * n + c)];
    };
    auto stepper = odeint::make_dense_output(o.tol, o.tol, o.maxStep, odeint::rosenbrock4<double>());
    State x(y.size());
    std::copy(y.begin(), y.end(), x.begin());
    Status status = detail::stepLoop(stepper, std::make_pair(rhs, jacobian), x, t0, t1, o, onStep, stats, tFinal);
    std::copy(x.begin(), x.end(), y.begin());
    return status;
}

} // namespace fl
