#pragma once
// The contact area F and its dimensionless pressure sigma(x, y) (integral 1), docs/physics.md sec. 3:
// uniform and Hertz circles, ellipses (uniform and Hertz-like) and polygons with uniform pressure.
#include "common/status.h"

#include <Eigen/Core>

#include <string>
#include <vector>

namespace fl::contact {

enum class ShapeKind { Ellipse, Polygon };
/// Uniform: sigma = 1/area. Hertz: sigma = 3/(2 pi a b) sqrt(1 - x^2/a^2 - y^2/b^2) (ellipses only).
enum class PressureKind { Uniform, Hertz };

/// Which contact and its dimensions, in units of the contact length a (JTAM sec. 2). A value type:
/// cheap to copy, compared with ==. Ellipses are centred at A with semi-axes along x and y; polygons
/// may be anywhere (their pressure need not be symmetric about A), convex or simple, either
/// orientation.
class ContactShape {
public:
    /// Unit circle, sigma = 1/pi (Acta Mech sec. 2, JTAM Fig. 4).
    static ContactShape uniformCircle();
    /// Unit circle, sigma = 3/(2 pi) sqrt(1 - r^2) (Contensou's Hertz contact).
    static ContactShape hertzCircle();
    /// Ellipse x^2/a^2 + y^2/b^2 <= 1 with uniform or Hertz-like pressure.
    static ContactShape ellipse(double a, double b, PressureKind pressure);
    /// Simple polygon (vertices in order, not repeated at the end) with uniform pressure.
    static ContactShape polygon(std::vector<Eigen::Vector2d> vertices);
    /// Axis-aligned rectangle [x0 - w/2, x0 + w/2] x [y0 - h/2, y0 + h/2] (a polygon).
    static ContactShape rectangle(double width, double height, double x0 = 0.0, double y0 = 0.0);

    ShapeKind kind() const { return m_kind; }
    PressureKind pressureKind() const { return m_pressure; }
    double semiAxisA() const { return m_a; }
    double semiAxisB() const { return m_b; }
    const std::vector<Eigen::Vector2d>& vertices() const { return m_vertices; }

    /// Error naming the problem (non-positive axes, fewer than 3 vertices, zero area,
    /// self-intersection, non-finite values) or ok.
    Status validate() const;
    /// sigma(x, y), zero outside the contact.
    double pressure(double x, double y) const;
    bool contains(double x, double y) const;
    /// Ellipse with a == b: sigma depends on r only, so T_sy = 0 at phi = 0 and I(1,1) applies.
    bool isCircularlySymmetric() const;
    /// Largest distance from A of a point of the contact.
    double outerRadius() const;
    /// Area of the contact (the polygon's is the absolute value of its signed area).
    double area() const;
    /// Uniform pressure value 1/area, or the Hertz amplitude 3/(2 pi a b).
    double pressureScale() const { return m_sigma0; }
    /// Short human-readable description, e.g. "Hertz ellipse a=2 b=1".
    std::string description() const;

    bool operator==(const ContactShape& other) const = default;

private:
    ContactShape() = default;
    void updateDerived();

    ShapeKind m_kind = ShapeKind::Ellipse;
    PressureKind m_pressure = PressureKind::Uniform;
    double m_a = 1.0;
    double m_b = 1.0;
    std::vector<Eigen::Vector2d> m_vertices;
    double m_signedArea = 0.0;
    double m_sigma0 = 0.0;
};

} // namespace fl::contact
