#include "widgets/angle_wrap.h"

#include <cmath>
#include <limits>
#include <numbers>

namespace fl::ui {
namespace {

constexpr double kPi = std::numbers::pi;

/// Which turn an angle is on: k with angle in ((2k - 1)π, (2k + 1)π].
double turn(double angle) { return std::ceil((angle - kPi) / (2.0 * kPi)); }

double lerp(double a, double b, double f) { return a + f * (b - a); }

/// Appends the piece from p to q (raw, finite) where coordinate x (or y, when alongY) passes
/// from turn kp to the next turn: to the edge, a break, from the opposite edge.
void addEdgeCrossing(QVector<QCPCurveData>& out, const QCPCurveData& p, const QCPCurveData& q, bool alongY, bool wrapOther)
{
    const double from = alongY ? p.value : p.key, to = alongY ? q.value : q.key;
    const double kp = turn(from), kq = turn(to);
    const double boundary = (2.0 * std::min(kp, kq) + 1.0) * kPi;
    const double f = (boundary - from) / (to - from);
    const double t = lerp(p.t, q.t, f);
    double other = alongY ? lerp(p.key, q.key, f) : lerp(p.value, q.value, f);
    if (wrapOther)
        other = wrappedAngle(other);
    const double edge = kq > kp ? kPi : -kPi;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    auto point = [&](double along) { return alongY ? QCPCurveData(t, other, along) : QCPCurveData(t, along, other); };
    out << point(edge) << QCPCurveData(t, nan, nan) << point(-edge);
}

} // namespace

double wrappedAngle(double angle)
{
    return angle - 2.0 * kPi * turn(angle);
}

QVector<QCPCurveData> wrapCurve(const QVector<QCPCurveData>& curve, bool wrapX, bool wrapY)
{
    QVector<QCPCurveData> out;
    out.reserve(curve.size() + curve.size() / 8);
    for (qsizetype i = 0; i < curve.size(); ++i) {
        const QCPCurveData& q = curve[i];
        if (i > 0 && std::isfinite(q.key) && std::isfinite(q.value)) {
            const QCPCurveData& p = curve[i - 1];
            const double jumpX = wrapX && std::isfinite(p.key) ? std::abs(turn(q.key) - turn(p.key)) : 0.0;
            const double jumpY = wrapY && std::isfinite(p.value) ? std::abs(turn(q.value) - turn(p.value)) : 0.0;
            // One edge passed: drawn exactly to it; several at once (a coarse step): just a break.
            if (jumpX == 1.0 && jumpY == 0.0)
                addEdgeCrossing(out, p, q, false, wrapY);
            else if (jumpY == 1.0 && jumpX == 0.0)
                addEdgeCrossing(out, p, q, true, wrapX);
            else if (jumpX + jumpY > 0.0)
                out << QCPCurveData(q.t, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN());
        }
        out << QCPCurveData(q.t, wrapX ? wrappedAngle(q.key) : q.key, wrapY ? wrappedAngle(q.value) : q.value);
    }
    return out;
}

} // namespace fl::ui
