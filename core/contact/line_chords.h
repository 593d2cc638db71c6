#pragma once
// Chords of a straight line through the contact and the pressure along them: the radial part of
// the polar quadrature of the integral model (JTAM (2.2), Acta Mech (1)) about the instantaneous
// centre of rotation, and of the pressure moments c_{i,j,k} (JTAM (3.4)) about the centre A.
#include "contact/contact_shape.h"

#include <boost/container/small_vector.hpp>

#include <array>

namespace fl::contact {

/// The piece s in [s1, s2] of the line {x : x × u = l} that lies in the contact (s = x . u, |u| = 1),
/// with the pressure along it: uniform sigma = amplitude, or Hertz
/// sigma = amplitude sqrt(halfWidth^2 - (s - centre)^2) with s1,2 = centre -+ halfWidth.
struct Chord {
    double s1 = 0.0;
    double s2 = 0.0;
    double centre = 0.0;
    double halfWidth = 0.0;
    double amplitude = 0.0;
    bool hertz = false;
};
using ChordList = boost::container::small_vector<Chord, 4>;

/// Appends to `out`, in increasing s, the chords of the line with unit direction (ux, uy) and
/// offset l = x × u = x_x u_y - x_y u_x (x any point of the line). O(1) for an ellipse (closed form
/// of the quadratic, written without cancellation for |l| up to the contact size), O(n log n) for a
/// polygon of n vertices (even-odd pairing of the edge crossings).
void lineChords(const ContactShape& shape, double ux, double uy, double l, ChordList& out);

/// Radial integrals of the ray that starts at s = sp and runs along +u, over the chord:
/// a1 = ∫_{s>=sp} (s - sp) sigma ds  and  am = ∫_{s>=sp} s (s - sp) sigma ds.
/// With rho = s - sp they are ∫ rho sigma drho and ∫ (x . u) rho sigma drho (x the point), the
/// polar-coordinate integrands of T and M about the ray's origin. Closed forms in which sp enters
/// only linearly, so they stay accurate when the origin is far away (|sp| >> chord).
struct RayIntegrals {
    double a1 = 0.0;
    double am = 0.0;
};
RayIntegrals rayIntegrals(const Chord& chord, double sp);

/// ∫_{s>=0} s^k sigma ds for k = 0..3: polar moments about the line's foot point (A when l = 0).
std::array<double, 4> rayPowerIntegrals(const Chord& chord);

} // namespace fl::contact
