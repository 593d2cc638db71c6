#include "solvers/contact_system.h"

#include <vector>

namespace fl {

void ContactSystem::forceColumn(double t, const double* y, double* dfdF) const
{
    const int n = dimension();
    std::vector<double> withForce(static_cast<size_t>(n));
    rhs(t, y, 1.0, withForce.data());
    rhs(t, y, 0.0, dfdF);
    for (int i = 0; i < n; ++i)
        dfdF[i] = withForce[static_cast<size_t>(i)] - dfdF[i];
}

} // namespace fl
