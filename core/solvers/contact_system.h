#pragma once
// A mechanical system with one one-dimensional friction contact (S1 of docs/physics.md, and any other
// single-contact system). The friction force F enters the equations as an input, so the same
// description serves the regularized method (F = F(v_r) smooth) and the event-driven one
// (F from the set-valued law, or the holding force in stick): docs/architecture.md idea 5.
#include <string>
#include <vector>

namespace fl {

class ContactSystem {
public:
    virtual ~ContactSystem() = default;

    virtual int dimension() const = 0;
    /// Names of the state variables, as used in CSV headers (e.g. "x", "v").
    virtual std::vector<std::string> stateNames() const = 0;
    /// State at t = 0 from the parameters.
    virtual std::vector<double> initialState() const = 0;
    /// y' = f(t, y; F), F the friction force acting on the body.
    virtual void rhs(double t, const double* y, double F, double* dydt) const = 0;
    /// Relative velocity of the contact, v_r (body minus surface).
    virtual double relativeVelocity(double t, const double* y) const = 0;
    /// dv_r/dt = a + b F along solutions (b > 0); the holding force in stick is F = -a/b.
    virtual void relativeAcceleration(double t, const double* y, double& a, double& b) const = 0;
    /// Sets v_r of the state to exactly zero (used when the contact enters stick).
    virtual void projectToStick(double t, double* y) const = 0;
    /// df/dy (row-major n x n) and df/dt for a friction force F(v_r) of value F and slope dF/dv_r,
    /// the Jacobian the stiff implicit method needs (F itself enters where the normal force depends
    /// on the state, S4).
    virtual void jacobian(double t, const double* y, double F, double dFdvr, double* dfdy, double* dfdt) const = 0;
    /// dv_r/dy (n values) and dv_r/dt: how a law with memory's state equation couples to y.
    virtual void relativeVelocityGradient(double t, const double* y, double* dvdy, double& dvdt) const = 0;
    /// df/dF (n values). rhs is affine in F (F enters as a force), so the difference of two
    /// evaluations is exact.
    void forceColumn(double t, const double* y, double* dfdF) const;
};

} // namespace fl
