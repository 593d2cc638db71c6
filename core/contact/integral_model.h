#pragma once
// The integral Coulomb-Contensou model (JTAM (2.2), Acta Mech (1)): fully developed sliding with
// Coulomb's law on every element of a plane contact.
#include "contact/contact_model.h"
#include "contact/contact_moments.h"
#include "contact/contact_shape.h"

namespace fl::contact {

namespace detail {
struct PolarFrame;
}

/// T_s = ∬ sigma v_P/|v_P| dF and M_s = ∬ sigma (x, y) × v_P/|v_P| dF with
/// v_P = (v_sx - omega_s y, v_sy + omega_s x) (JTAM (2.2)).
///
/// Quadrature: v_P vanishes at the instantaneous centre of rotation p0 = (-v_sy, v_sx)/omega_s,
/// where the integrand is discontinuous. In polar coordinates (rho, beta) about p0 the unit vector
/// v_P/|v_P| = sgn(omega_s) (-sin beta, cos beta) depends on beta only, so
///   T_s = sgn(omega) ∫ (-sin b, cos b) ∫ sigma rho drho db,  M_s = sgn(omega) ∫ ∫ (x . u) sigma rho drho db.
/// The radial integrals along each ray are closed forms (line_chords.h: uniform and Hertz chords);
/// the angular one is adaptive Gauss-Kronrod split where the ray set changes: at the directions of
/// the shortest chord (p0 inside an ellipse), over the visible cone with a cosine substitution that
/// removes the square-root end points (p0 outside), at the vertex directions (polygons with p0 far
/// away). For a polygon with p0 within 8 bounding radii the whole integral is the closed form of
/// the fan of triangles (p0, V_i, V_i+1) (polygon_fan.h), exact also when p0 is close to an edge,
/// where the quadrature would have to resolve ray lengths d/cos(beta) with d -> 0. Pure
/// translation (omega_s = 0, or |v_s| > 1e12 |omega_s| times the contact size) is the closed form
/// T_s = v_s/|v_s|, M_s = (c100 v_sy - c010 v_sx)/|v_s|.
class IntegralModel : public ContactModel {
public:
    /// absTolerance is the target of the summed Gauss-Kronrod error estimate of the angular integral
    /// (max over the three components). Measured at the default 1e-11 (test_contact_integral): max
    /// error 1.8e-11 over 5600 directions (random; centre of rotation 1e-16..1e-1 from the boundary
    /// on either side; 1 to 1e13 away), and 1.6e-14 against an independent Cartesian quadrature at
    /// the sampled points (inside, on and near the rim, outside). The shape must be valid.
    explicit IntegralModel(const ContactShape& shape, double absTolerance = 1e-11);

    struct Evaluation {
        FrictionLoad load;
        double errorEstimate = 0.0;
        int evaluations = 0; ///< rays evaluated
        bool converged = true;
    };
    Evaluation evaluate(double vsx, double vsy, double omegaS) const;
    FrictionLoad load(double vsx, double vsy, double omegaS) const override;

    const ContactShape& shape() const { return m_shape; }
    /// The shape's moments c_{i,j,k}, computed once (contact_moments.h).
    const ContactMoments& moments() const { return m_moments; }
    double tolerance() const { return m_tolerance; }

private:
    Evaluation translation(double vsx, double vsy) const;
    Evaluation ellipseInside(const detail::PolarFrame& f) const;
    Evaluation ellipseOutside(const detail::PolarFrame& f) const;
    Evaluation polygonSectors(const detail::PolarFrame& f) const;

    ContactShape m_shape;
    Eigen::Vector2d m_polygonCentre = Eigen::Vector2d::Zero();
    double m_polygonRadius = 0.0;
    ContactMoments m_moments;
    double m_tolerance;
};

} // namespace fl::contact
