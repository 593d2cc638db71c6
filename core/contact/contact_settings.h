#pragma once
// What the contact explorer shows, as data: the contact (shape and pressure), the approximants'
// free constants (b, m), the regularization (eta, eps) and the direction (theta, phi) of JTAM (2.3).
#include "contact/approximants.h"
#include "contact/contact_shape.h"
#include "contact/regularized_models.h"
#include "params/parameter_set.h"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace fl {

/// The contact shapes the explorer offers (docs/physics.md sec. 3).
enum class ContactShapeChoice { Circle, Ellipse, Rectangle, Polygon };

/// Every scalar of the explorer, described once (ids: semi_a, semi_b, width, height, b00, m00,
/// b11, m11, eta, eps, theta, phi), with label, unit, help and allowed range. Lengths are in units
/// of the contact length a of JTAM sec. 2, angles in rad.
fl::ParameterSpecs contactSpecs();

/// One complete, checked input of the explorer. A value type: cheap to copy, compared with ==.
struct ContactSettings {
    ContactShapeChoice shape = ContactShapeChoice::Circle;
    fl::contact::PressureKind pressure = fl::contact::PressureKind::Uniform;
    /// Polygon vertices in order (used when shape is Polygon); the default is a triangle.
    std::vector<Eigen::Vector2d> polygon;
    fl::ParameterSet values;

    /// Uniform circle, the fitted (b, m) of fl::contact, eta = 2, eps = 1e-3, theta = pi/4, phi = 0
    /// (the case of Acta Mech Fig. 3).
    static ContactSettings defaults();

    /// The contact; call validate() first (an invalid polygon gives an invalid shape).
    fl::contact::ContactShape contactShape() const;
    /// Hertz pressure only on circles and ellipses, then the shape's own checks.
    fl::Status validate() const;
    /// Pressure that counts for the approximants' defaults (polygons are uniform).
    fl::contact::PressureKind effectivePressure() const;
    /// I(1,1) applies (Acta Mech (3)): circularly symmetric pressure.
    bool supportsI11() const;

    fl::contact::ApproximantParams i00() const { return {values.value("b00"), values.value("m00")}; }
    fl::contact::ApproximantParams i11() const { return {values.value("b11"), values.value("m11")}; }
    fl::contact::RegularizationParams regularization() const { return {values.value("eps"), values.value("eta")}; }
    double theta() const { return values.value("theta"); }
    double phi() const { return values.value("phi"); }

    bool operator==(const ContactSettings& other) const;
};

/// "x1,y1; x2,y2; ..." -> vertices; an error naming the bad entry.
fl::Status parsePolygon(const std::string& text, std::vector<Eigen::Vector2d>& vertices);
/// The inverse of parsePolygon, with shortest round-trip numbers.
std::string polygonText(const std::vector<Eigen::Vector2d>& vertices);

} // namespace fl
