#pragma once
// Common interface of the fully-developed-sliding contact models: the integral model (JTAM (2.2))
// and its approximants I(0,0), I(1,1) (JTAM (3.4), Acta Mech (2)-(3)).
#include "contact/friction_load.h"

namespace fl::contact {

/// A map from the relative motion (v_sx, v_sy, omega_s) to the friction resultant (T_sx, T_sy, M_s).
/// The models are homogeneous of degree 0: they depend only on the direction (theta, phi).
class ContactModel {
public:
    virtual ~ContactModel() = default;

    /// (T_sx, T_sy, M_s) for sliding with (v_sx, v_sy, omega_s); (0, 0, 0) when all three vanish.
    virtual FrictionLoad load(double vsx, double vsy, double omegaS) const = 0;

    /// The same by the spherical angles of JTAM (2.3).
    FrictionLoad loadAt(double theta, double phi) const
    {
        const RelativeMotion q = motionFromAngles(theta, phi);
        return load(q.vx, q.vy, q.omega);
    }
};

} // namespace fl::contact
