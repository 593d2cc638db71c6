#pragma once
// The resultant friction force and moment of a plane contact and the direction of the relative
// motion in the spherical angles of JTAM (2.3).
#include <cmath>

namespace fl::contact {

/// Dimensionless resultant (T_sx, T_sy, M_s) of JTAM (2.2) / Acta Mech (1). The friction acting on
/// the body is -mu N (tx, ty) and the moment -mu N a m (a: contact length unit). In stick the same
/// triple names the holding load u = (T_x, T_y, M) of JTAM (2.4)-(2.5).
struct FrictionLoad {
    double tx = 0.0; ///< T_sx
    double ty = 0.0; ///< T_sy
    double m = 0.0;  ///< M_s
};

/// Relative motion of the contact: velocity (v_sx, v_sy) of the centre and spin omega_s.
struct RelativeMotion {
    double vx = 0.0;
    double vy = 0.0;
    double omega = 0.0;
};

/// JTAM (2.3): v_sx = lam cos(theta) cos(phi), v_sy = lam cos(theta) sin(phi), omega_s = lam sin(theta).
inline RelativeMotion motionFromAngles(double theta, double phi, double lambda = 1.0)
{
    return {lambda * std::cos(theta) * std::cos(phi), lambda * std::cos(theta) * std::sin(phi), lambda * std::sin(theta)};
}

/// Inverse of JTAM (2.3): theta in [-pi/2, pi/2], phi in (-pi, pi] (phi = 0 when v_s = 0).
struct SlipAngles {
    double theta = 0.0;
    double phi = 0.0;
};
inline SlipAngles anglesFromMotion(const RelativeMotion& q)
{
    const double v = std::hypot(q.vx, q.vy);
    return {std::atan2(q.omega, v), v > 0.0 ? std::atan2(q.vy, q.vx) : 0.0};
}

} // namespace fl::contact
