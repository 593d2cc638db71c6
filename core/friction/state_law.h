#pragma once
// Friction laws with memory (docs/physics.md sec. 2; review sec. 2.2.2: Dahl, LuGre, Bliman-Sorine,
// Ostermeyer, the elasto-plastic model): the force depends on the relative velocity v_r and on
// internal states z (bristle deflection, a temperature-like state, ...) that obey z' = R(v_r, z).
// A system closed with such a law integrates its mechanical state and z together
// (solvers/state_law_contact_ode.h); laws without state stay plain FrictionLaws.
//
// A law with memory is also a FrictionLaw: slipMagnitude() is its steady-state force at constant
// sliding (the curve the characteristic draws under the run's hysteresis loop) and staticLimit()
// the largest steady force near v_r = 0.
#include "friction/friction_law.h"
#include "friction/regularization.h"

namespace fl {

/// sgn(v_r) replaced by s(v_r/eps), for laws whose force still carries a sign (Ostermeyer).
struct SmoothSign {
    Regularization kind = Regularization::Tanh;
    double eps = 1e-4;
    double value(double vr) const { return regularizedSign(kind, vr / eps, 0.0); }
    double slope(double vr) const { return regularizedSignSlope(kind, vr / eps, 0.0) / eps; }
};

/// The partial derivatives of a law at (v_r, z), m = stateCount(): what the stiff integrators'
/// analytic Jacobian needs. dFdz and dRdv have m entries, dRdz m x m (row-major).
struct StateLawJacobian {
    double dFdv = 0.0;
    double* dFdz = nullptr;
    double* dRdv = nullptr;
    double* dRdz = nullptr;
};

class StateFrictionLaw : public FrictionLaw {
public:
    virtual int stateCount() const = 0;
    /// z(0), m values.
    virtual void initialState(double* z) const = 0;
    /// The friction force on the body F (opposing sliding: F = -(resisting force)) and the rates
    /// dz = R(v_r, z).
    virtual double evaluate(double vr, const double* z, double* dz) const = 0;
    virtual void jacobian(double vr, const double* z, StateLawJacobian& out) const = 0;
    /// The size of state k below which it is noise: the integrators weigh its error against it
    /// (SmoothOde::stateScale). Bristles: their reach mu / sigma0; 1 where the state is of order 1.
    virtual double stateScale(int k) const
    {
        (void)k;
        return 1.0;
    }
};

} // namespace fl
