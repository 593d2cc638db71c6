// Compiled as C++17: Boost 1.74's uBLAS, which odeint's rosenbrock4 requires, still calls
// std::allocator::construct, removed in C++20 (see core/CMakeLists.txt).
#include "solvers/smooth_solver.h"
#include "solvers/smooth_integration.h"

#include <boost/numeric/odeint.hpp>

#include <vector>

namespace fl {
namespace odeint = boost::numeric::odeint;
namespace ublas = boost::numeric::ublas;

RunResult runImplicit(const ContactSystem& system, const SmoothFriction& friction, const IntegrationSettings& s)
{
    using State = ublas::vector<double>;
    using Matrix = ublas::matrix<double>;
    const int n = system.dimension();
    auto rhs = [&](const State& y, State& dydt, double t) {
        system.rhs(t, &y[0], friction.force(system.relativeVelocity(t, &y[0])), &dydt[0]);
    };
    std::vector<double> j(static_cast<size_t>(n * n));
    auto jacobian = [&, n](const State& y, Matrix& dfdy, double t, State& dfdt) {
        system.jacobian(t, &y[0], friction.slope(system.relativeVelocity(t, &y[0])), j.data(), &dfdt[0]);
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                dfdy(r, c) = j[static_cast<size_t>(r * n + c)];
    };
    const std::vector<double> y0 = system.initialState();
    State y(y0.size());
    std::copy(y0.begin(), y0.end(), y.begin());
    auto stepper = odeint::make_dense_output(s.tol, s.tol, s.maxStep, odeint::rosenbrock4<double>());
    return detail::integrateSmooth(stepper, std::make_pair(rhs, jacobian), y, system, friction, s);
}

} // namespace fl
