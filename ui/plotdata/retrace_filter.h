#pragma once
// Drops the parts of a phase-plane path that retrace ground already drawn (a 5e6-sample
// stick-slip run went round its limit cycle 5000 times, 476 000 points after thinning, and the
// phase portrait took 1.9 s per redraw on the GUI thread). The plane is divided into cells (2048
// per axis over the path's extent); a point reached along a segment whose every cell the path has
// already visited is old ground and skipped. Where the path leaves old ground, the line breaks
// (NaN) and restarts from the last skipped point, so every visited cell is still drawn through:
// the picture is the same to a cell (a pixel up to a zoom of about 1.5x on a 1280-pixel plot).
#include <qcustomplot.h>

#include <cstdint>
#include <vector>

namespace fl::ui {

class RetraceFilter {
public:
    RetraceFilter(QCPRange xExtent, QCPRange yExtent, int cells = 2048);

    /// A point of the path to draw; NaN x and y break the line (t halfway between its neighbours,
    /// so that the points stay ordered by t).
    struct Point {
        double t, x, y;
    };
    /// The path's next point (t increasing; NaN x or y is a break in the path): appends to `out`
    /// the points to draw now, with the breaks and the restarts from the last skipped point.
    void add(double t, double x, double y, std::vector<Point>& out);
    /// The end of the path: appends the last point (and the one before it, when both were left
    /// out: its line of its own), so that the path ends where it ends on old ground or not.
    void finish(std::vector<Point>& out);

    enum class Step {
        Skip,   ///< old ground: leave the point out
        Draw,   ///< draw the point (continuing the line)
        Resume, ///< break the line, then draw from the previous point to this one
    };
    /// The cell-level decision for the next point (finite coordinates; a break in the path is
    /// reset()): what add() builds on.
    Step next(double x, double y);
    /// A break in the path: the next point starts a new line.
    void reset() { m_hasPrevious = false; }

private:
    int cellIndex(double v, double origin, double scale) const;
    bool visit(int cx, int cy); ///< marks the cell; was it visited before?

    int m_cells;
    double m_x0, m_y0, m_xScale, m_yScale;
    std::vector<std::uint64_t> m_visited; ///< one bit per cell
    int m_previousX = 0, m_previousY = 0;
    bool m_hasPrevious = false;
    bool m_skipping = false;
    bool m_cellWasOld = false; ///< the current cell had been visited before the path came into it
    // add()'s bookkeeping of the points given, for the breaks and restarts.
    double m_lastT = 0.0;             ///< of the last point drawn
    Point m_previous{}, m_before{};   ///< the last point given and the one before it
    bool m_hasPreviousPoint = false, m_hasBefore = false;
    bool m_skipped = false;           ///< the last point given was left out
};

} // namespace fl::ui
