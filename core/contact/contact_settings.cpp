#include "contact/contact_settings.h"
#include "contact/approximant_fit.h"

#include <cmath>
#include <cstdlib>
#include <numbers>
#include <sstream>

namespace fl {

fl::ParameterSpecs contactSpecs()
{
    using fl::contact::kFittedI00Uniform;
    using fl::contact::kFittedI11Uniform;
    constexpr double pi = std::numbers::pi;
    return {
        {"semi_a", "Semi-axis along x", "a", "a", "Ellipse x²/a² + y²/b² ≤ 1: semi-axis along the x axis, in units of the contact length.",
         1.0, 0.05, 20.0, true},
        {"semi_b", "Semi-axis along y", "b", "a", "Ellipse x²/a² + y²/b² ≤ 1: semi-axis along the y axis, in units of the contact length.",
         0.6, 0.05, 20.0, true},
        {"width", "Rectangle width", "w", "a", "Extent of the rectangle along x, centred at A (uniform pressure).", 2.0, 0.05, 20.0, true},
        {"height", "Rectangle height", "h", "a", "Extent of the rectangle along y, centred at A (uniform pressure).", 1.0, 0.05, 20.0, true},
        {"b00", "I(0,0) constant b", "b₀₀", "–",
         "Free constant b of the I(0,0) denominator D = (|v|^m + b^m |ω|^m)^(1/m), JTAM (3.3)-(3.4). Default: the fit for the pressure.",
         kFittedI00Uniform.b, 1e-3, 1e3, true},
        {"m00", "I(0,0) exponent m", "m₀₀", "–", "Exponent m of the I(0,0) denominator, JTAM (3.3)-(3.4). Default: the fit for the pressure.",
         kFittedI00Uniform.m, 0.05, 20.0, true},
        {"b11", "I(1,1) constant b", "b₁₁", "–",
         "Free constant b of the I(1,1) denominator D = (|v|^(3m) + b^m |ω|^(3m))^(1/m), Acta Mech (3). Default: the fit for the pressure.",
         kFittedI11Uniform.b, 1e-3, 1e3, true},
        {"m11", "I(1,1) exponent m", "m₁₁", "–",
         "Exponent m of the I(1,1) denominator, Acta Mech (3); the matching conditions need 3m > 1. Default: the fit for the pressure.",
         kFittedI11Uniform.m, 0.05, 20.0, true},
        {"eta", "Static/kinetic ratio", "η", "–",
         "η = μ_s/μ_k: the regularized law peaks at η times the sliding value near zero motion, JTAM (4.2)-(4.4), Acta Mech (6).",
         2.0, 1.0, 10.0},
        {"eps", "Regularization width", "ε", "–",
         "Velocity scale of the regularized law: its peak lies at λ_s ≈ ε, JTAM (4.3)-(4.4), Acta Mech (6).", 1e-3, 1e-6, 0.5, true},
        {"theta", "Direction angle θ", "θ", "rad",
         "Spherical angle of the relative motion, ω_s = λ_s sin θ, JTAM (2.3): the direction of the regularized law's ray (plot b).",
         pi / 4.0, -pi / 2.0, pi / 2.0},
        {"phi", "Direction angle φ", "φ", "rad",
         "Direction of the sliding velocity, v_sx = λ_s cos θ cos φ, v_sy = λ_s cos θ sin φ, JTAM (2.3): plots a and b.", 0.0, -pi, pi},
    };
}

ContactSettings ContactSettings::defaults()
{
    ContactSettings s;
    s.values = fl::ParameterSet(contactSpecs());
    s.polygon = {{1.0, 0.0}, {-0.5, 0.866}, {-0.5, -0.866}};
    return s;
}

fl::contact::ContactShape ContactSettings::contactShape() const
{
    using fl::contact::ContactShape;
    switch (shape) {
    case ContactShapeChoice::Circle:
        return pressure == fl::contact::PressureKind::Hertz ? ContactShape::hertzCircle() : ContactShape::uniformCircle();
    case ContactShapeChoice::Ellipse:
        return ContactShape::ellipse(values.value("semi_a"), values.value("semi_b"), pressure);
    case ContactShapeChoice::Rectangle:
        return ContactShape::rectangle(values.value("width"), values.value("height"));
    case ContactShapeChoice::Polygon:
        break;
    }
    return ContactShape::polygon(polygon);
}

fl::Status ContactSettings::validate() const
{
    const bool polygonal = shape == ContactShapeChoice::Rectangle || shape == ContactShapeChoice::Polygon;
    if (polygonal && pressure == fl::contact::PressureKind::Hertz)
        return fl::Status::error("rectangles and polygons carry uniform pressure (Hertz applies to circles and ellipses)");
    return contactShape().validate();
}

fl::contact::PressureKind ContactSettings::effectivePressure() const
{
    const bool polygonal = shape == ContactShapeChoice::Rectangle || shape == ContactShapeChoice::Polygon;
    return polygonal ? fl::contact::PressureKind::Uniform : pressure;
}

bool ContactSettings::supportsI11() const
{
    return shape == ContactShapeChoice::Circle
           || (shape == ContactShapeChoice::Ellipse && values.value("semi_a") == values.value("semi_b"));
}

bool ContactSettings::operator==(const ContactSettings& other) const
{
    return shape == other.shape && pressure == other.pressure && polygon == other.polygon
           && values.values() == other.values.values();
}

fl::Status parsePolygon(const std::string& text, std::vector<Eigen::Vector2d>& vertices)
{
    std::vector<Eigen::Vector2d> out;
    std::stringstream entries(text);
    std::string entry;
    while (std::getline(entries, entry, ';')) {
        if (entry.find_first_not_of(" \t") == std::string::npos)
            continue;
        const char* begin = entry.c_str();
        char* end = nullptr;
        const double x = std::strtod(begin, &end);
        const bool xOk = end != begin;
        const char* comma = end;
        while (*comma == ' ' || *comma == '\t')
            ++comma;
        bool ok = xOk && *comma == ',';
        double y = 0.0;
        if (ok) {
            const char* yBegin = comma + 1;
            y = std::strtod(yBegin, &end);
            ok = end != yBegin && entry.find_first_not_of(" \t", static_cast<size_t>(end - begin)) == std::string::npos;
        }
        if (!ok || !std::isfinite(x) || !std::isfinite(y))
            return fl::Status::error("vertex " + std::to_string(out.size() + 1) + " (\"" + entry + "\") is not \"x,y\"");
        out.emplace_back(x, y);
    }
    if (out.size() < 3)
        return fl::Status::error("a polygon needs at least 3 vertices \"x1,y1; x2,y2; x3,y3\"");
    vertices = std::move(out);
    return fl::Status::success();
}

std::string polygonText(const std::vector<Eigen::Vector2d>& vertices)
{
    std::string text;
    for (const Eigen::Vector2d& v : vertices) {
        if (!text.empty())
            text += "; ";
        text += fl::formatNumber(v.x()) + "," + fl::formatNumber(v.y());
    }
    return text;
}

} // namespace fl
