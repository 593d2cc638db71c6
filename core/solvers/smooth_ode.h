#pragma once
// A smooth first-order system y' = f(t, y) with its Jacobian: what the smooth integrators, the
// Lyapunov analysis and the Poincaré sections need (ARCHITECTURE.md idea 4: odeint's shapes).
#include <string>
#include <vector>

namespace fl {

class SmoothOde {
public:
    virtual ~SmoothOde() = default;
    virtual int dimension() const = 0;
    virtual void rhs(double t, const double* y, double* dydt) const = 0;
    /// df/dy (row-major n x n) and df/dt.
    virtual void jacobian(double t, const double* y, double* dfdy, double* dfdt) const = 0;
    /// Half-bandwidth b of df/dy (entries with |row - column| > b are zero), or -1 when dense.
    /// A long chain (masses coupled to their neighbours) declares it so that the BDF integrator
    /// factorizes a band matrix, O(n b^2) instead of O(n^3) (solvers/ode_cvode.cpp).
    virtual int halfBandwidth() const { return -1; }
};

} // namespace fl
