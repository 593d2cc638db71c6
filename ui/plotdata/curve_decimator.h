#pragma once
#include <qcustomplot.h>

namespace fl::ui {

/// Thins a parametric curve for display without visible change: a point is dropped when the
/// chord that replaces it passes within a tolerance of it (sleeve fitting: each kept chord
/// stays inside a wedge narrowed by every point it replaces, and must not turn back). The
/// tolerance is a fraction of the x and y extents, 1/4000 by default: below a pixel up to a
/// zoom of about 4x on a 1000-pixel plot. NaN points (breaks) are kept, one per break.
/// A 200-time-unit stick-slip run (20001 samples) becomes a few thousand points.
class CurveDecimator {
public:
    CurveDecimator(QCPRange xExtent, QCPRange yExtent, double relativeTolerance = 2.5e-4);

    /// Appends the next point; t orders the points (QCPCurveData::t).
    void add(double t, double x, double y);
    /// The thinned curve so far; the decimator is then empty.
    QVector<QCPCurveData> take();

private:
    struct Point {
        double t, x, y;   ///< data coordinates
        double u, v;      ///< scaled so that the tolerance is 1
    };
    bool extends(const Point& p);
    void startChord(const Point& anchor);
    void append(const Point& p) { m_out.append(QCPCurveData(p.t, p.x, p.y)); }

    double m_x0, m_y0, m_xScale, m_yScale;
    QVector<QCPCurveData> m_out;
    Point m_anchor{};
    Point m_last{};
    bool m_hasAnchor = false;
    bool m_hasLast = false;
    bool m_hasWedge = false;
    double m_center = 0.0;  ///< direction of the first point beyond the tolerance
    double m_low = 0.0;     ///< allowed directions, relative to m_center
    double m_high = 0.0;
    double m_reach = 0.0;   ///< farthest distance from the anchor so far
};

} // namespace fl::ui
