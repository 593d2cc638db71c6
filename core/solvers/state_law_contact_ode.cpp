#include "solvers/state_law_contact_ode.h"

#include <vector>

namespace fl {

void StateLawContactOde::jacobian(double t, const double* y, double* dfdy, double* dfdt) const
{
    const int n = m_system.dimension();
    const int m = m_law.stateCount();
    const int N = n + m;
    const double vr = m_system.relativeVelocity(t, y);
    std::vector<double> work(static_cast<size_t>(m + m + m * m + n * n + n + n + n));
    double* dFdz = work.data();
    double* dRdv = dFdz + m;
    double* dRdz = dRdv + m;
    double* jSys = dRdz + m * m;
    double* dtSys = jSys + n * n;
    double* column = dtSys + n;
    double* dvdy = column + n;
    StateLawJacobian law{0.0, dFdz, dRdv, dRdz};
    m_law.jacobian(vr, y + n, law);
    m_system.jacobian(t, y, force(t, y), law.dFdv, jSys, dtSys);
    m_system.forceColumn(t, y, column);
    double dvdt = 0.0;
    m_system.relativeVelocityGradient(t, y, dvdy, dvdt);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j)
            dfdy[i * N + j] = jSys[i * n + j];
        for (int k = 0; k < m; ++k)
            dfdy[i * N + n + k] = column[i] * dFdz[k];
        dfdt[i] = dtSys[i];
    }
    for (int k = 0; k < m; ++k) {
        for (int j = 0; j < n; ++j)
            dfdy[(n + k) * N + j] = dRdv[k] * dvdy[j];
        for (int l = 0; l < m; ++l)
            dfdy[(n + k) * N + n + l] = dRdz[k * m + l];
        dfdt[n + k] = dRdv[k] * dvdt;
    }
}

double StateLawContactOde::force(double t, const double* y) const
{
    // Called for every output sample: the rates the force needs on the stack (laws have 1-2 states).
    constexpr int kOnStack = 8;
    double onStack[kOnStack];
    std::vector<double> onHeap(m_law.stateCount() > kOnStack ? static_cast<size_t>(m_law.stateCount()) : 0);
    return m_law.evaluate(m_system.relativeVelocity(t, y), y + m_system.dimension(), onHeap.empty() ? onStack : onHeap.data());
}

std::vector<double> StateLawContactOde::initialState() const
{
    std::vector<double> y = m_system.initialState();
    y.resize(static_cast<size_t>(dimension()));
    m_law.initialState(y.data() + m_system.dimension());
    return y;
}

} // namespace fl
