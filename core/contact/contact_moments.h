#pragma once
// Pressure moments c_{i,j,k} of a contact (JTAM (3.4)): the coefficients of the approximants.
#include "contact/contact_shape.h"

namespace fl::contact {

/// c_{i,j,k} = ∬_F x^i y^j (x^2 + y^2)^(-k/2) sigma(x, y) dx dy (JTAM, below (3.4)), the ones the
/// approximants use. Circularly symmetric pressure has c011 = c101 = c010 = c100 = c110 = 0.
struct ContactMoments {
    double c000 = 0.0;  ///< ∬ sigma (= 1: a check of the normalisation)
    double c001 = 0.0;  ///< ∬ sigma / r: d T_s / d v_s at pure spin is c001 / (2 |omega|) (symmetric case)
    double c011 = 0.0;  ///< ∬ y / r sigma
    double c101 = 0.0;  ///< ∬ x / r sigma
    double c00m1 = 0.0; ///< c_{0,0,-1} = ∬ r sigma: M_s at pure spin (2/3 uniform, 3 pi/16 Hertz)
    double c100 = 0.0;  ///< ∬ x sigma
    double c010 = 0.0;  ///< ∬ y sigma
    double c200 = 0.0;  ///< ∬ x^2 sigma: d M_s / d omega_s at pure translation along x is c200 / v_s
    double c020 = 0.0;  ///< ∬ y^2 sigma
    double c110 = 0.0;  ///< ∬ x y sigma
};

/// The moments by polar quadrature about A: closed-form radial integrals along each ray
/// (line_chords.h), adaptive Gauss-Kronrod over the angle (split at the polygon's vertices), so
/// the 1/r of c001 costs nothing. Absolute accuracy about absTolerance.
ContactMoments computeMoments(const ContactShape& shape, double absTolerance = 1e-13);

/// Exact moments of the unit circle with uniform or Hertz pressure (c001 = 2, 3 pi/4;
/// c00m1 = 2/3, 3 pi/16; c200 = c020 = 1/4, 1/5; the odd ones vanish).
ContactMoments circleMoments(PressureKind pressure);

} // namespace fl::contact
