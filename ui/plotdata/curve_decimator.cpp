#include "plotdata/curve_decimator.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <utility>

namespace fl::ui {

CurveDecimator::CurveDecimator(QCPRange xExtent, QCPRange yExtent, double relativeTolerance)
    : m_x0(xExtent.lower), m_y0(yExtent.lower),
      m_xScale(1.0 / (relativeTolerance * (xExtent.size() > 0.0 ? xExtent.size() : 1.0))),
      m_yScale(1.0 / (relativeTolerance * (yExtent.size() > 0.0 ? yExtent.size() : 1.0)))
{
}

void CurveDecimator::add(double t, double x, double y)
{
    if (std::isnan(x) || std::isnan(y)) {
        if (m_hasLast)
            append(m_last);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        if (!m_out.isEmpty() && !std::isnan(m_out.last().key))
            m_out.append(QCPCurveData(t, nan, nan));
        m_hasAnchor = m_hasLast = false;
        return;
    }
    const Point p{t, x, y, (x - m_x0) * m_xScale, (y - m_y0) * m_yScale};
    if (!m_hasAnchor) {
        append(p);
        startChord(p);
        return;
    }
    if (!extends(p)) {
        // The chord to the previous point is as long as it can be: keep that point.
        append(m_last);
        startChord(m_last);
        extends(p);
    }
    m_last = p;
    m_hasLast = true;
}

QVector<QCPCurveData> CurveDecimator::take()
{
    if (m_hasLast)
        append(m_last);
    m_hasAnchor = m_hasLast = false;
    return std::exchange(m_out, {});
}

void CurveDecimator::startChord(const Point& anchor)
{
    m_anchor = anchor;
    m_hasAnchor = true;
    m_hasLast = false;
    m_hasWedge = false;
    m_reach = 0.0;
}

bool CurveDecimator::extends(const Point& p)
{
    const double du = p.u - m_anchor.u;
    const double dv = p.v - m_anchor.v;
    const double r = std::hypot(du, dv);
    // Turning back along the chord would hide the excursion beyond p.
    if (r < m_reach - 1.0)
        return false;
    m_reach = std::max(m_reach, r);
    if (r <= 1.0)
        return true;
    const double direction = std::atan2(dv, du);
    const double half = std::asin(1.0 / r);
    if (!m_hasWedge) {
        m_hasWedge = true;
        m_center = direction;
        m_low = -half;
        m_high = half;
        return true;
    }
    const double offset = std::remainder(direction - m_center, 2.0 * std::numbers::pi);
    if (offset < m_low || offset > m_high)
        return false;
    m_low = std::max(m_low, offset - half);
    m_high = std::min(m_high, offset + half);
    return true;
}

} // namespace fl::ui
