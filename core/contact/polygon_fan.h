#pragma once
// Closed form of the integral model (JTAM (2.2)) on a polygon with uniform pressure.
#include "contact/contact_shape.h"
#include "contact/friction_load.h"

namespace fl::contact {

/// (T_sx, T_sy, M_s) of a uniform-pressure polygon for the centre of rotation p0 and spin sign
/// sgn(omega_s), exactly. The polygon is the signed sum of the triangles (p0, V_i, V_i+1); in polar
/// coordinates about p0 each is 0 <= rho <= d / cos(beta) (d: distance of p0 from the edge's line,
/// beta from the foot of the perpendicular) and, with u = (cos, sin) and L = asinh(tan beta),
///   ∫ u_perp rho^2/2 dbeta = (d^2/2) (t L - n sec beta),
///   ∫ (p0 . u) rho^2/2 + rho^3/3 dbeta = (d^2/2) ((p0 . n) L + (p0 . t) sec beta) + (d^3/6) (sec beta tan beta + L),
/// n the unit normal towards the edge and t = rot90(n). Terms vanish as d -> 0 (p0 on an edge).
/// The triangles' terms are of order |p0|^2 times the size and cancel to O(1): use for p0 within a
/// few contact sizes (IntegralModel switches to quadrature beyond 8 bounding radii).
FrictionLoad polygonFanLoad(const ContactShape& polygon, const Eigen::Vector2d& p0, double spinSign);

} // namespace fl::contact
