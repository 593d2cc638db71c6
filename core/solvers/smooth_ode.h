#pragma once
// A smooth first-order system y' = f(t, y) with its Jacobian: what the smooth integrators, the
// Lyapunov analysis and the Poincaré sections need (docs/architecture.md idea 4: odeint's shapes).
#include <string>
#include <vector>

namespace fl {

/// Receives entries of df/dy (SmoothOde::bandJacobian).
class JacobianSink {
public:
    virtual void set(int row, int column, double value) = 0;

protected:
    ~JacobianSink() = default;
};

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
    /// The size below which state i is noise (its absolute error is weighed against it): 1 for the
    /// mechanical states, a law's own scale for its internal states (bristles: mu / sigma0).
    /// integrateOde integrates y_i / scale_i (solvers/scaled_ode.h).
    virtual double stateScale(int i) const
    {
        (void)i;
        return 1.0;
    }
    /// The entries of df/dy inside the band, each written once to sink (an entry not written is
    /// zero); false when the ODE gives only the dense jacobian(). A chain of n masses writes O(n b)
    /// numbers instead of the n^2 of the dense matrix (solvers/ode_cvode.cpp takes them).
    virtual bool bandJacobian(double t, const double* y, JacobianSink& sink) const
    {
        (void)t;
        (void)y;
        (void)sink;
        return false;
    }
};

} // namespace fl
