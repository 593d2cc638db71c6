#pragma once
// Drops the parts of a phase-plane path that retrace ground already drawn (issue 12: a 5e6-sample
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

    enum class Step {
        Skip,   ///< old ground: leave the point out
        Draw,   ///< draw the point (continuing the line)
        Resume, ///< break the line, then draw from the previous point to this one
    };
    /// The next point of the path (finite coordinates; a break in the path is reset()).
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
};

} // namespace fl::ui
