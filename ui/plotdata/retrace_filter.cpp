#include "plotdata/retrace_filter.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace fl::ui {

RetraceFilter::RetraceFilter(QCPRange xExtent, QCPRange yExtent, int cells)
    : m_cells(std::max(cells, 1)), m_x0(xExtent.lower), m_y0(yExtent.lower),
      m_xScale(m_cells / (xExtent.size() > 0.0 ? xExtent.size() : 1.0)),
      m_yScale(m_cells / (yExtent.size() > 0.0 ? yExtent.size() : 1.0)),
      m_visited((static_cast<size_t>(m_cells) * static_cast<size_t>(m_cells) + 63) / 64, 0)
{
}

int RetraceFilter::cellIndex(double v, double origin, double scale) const
{
    const double c = std::floor((v - origin) * scale);
    return static_cast<int>(std::clamp(c, 0.0, static_cast<double>(m_cells - 1)));
}

bool RetraceFilter::visit(int cx, int cy)
{
    const size_t bit = static_cast<size_t>(cy) * static_cast<size_t>(m_cells) + static_cast<size_t>(cx);
    std::uint64_t& word = m_visited[bit / 64];
    const std::uint64_t mask = std::uint64_t{1} << (bit % 64);
    const bool visited = (word & mask) != 0;
    word |= mask;
    return visited;
}

RetraceFilter::Step RetraceFilter::next(double x, double y)
{
    const int cx = cellIndex(x, m_x0, m_xScale), cy = cellIndex(y, m_y0, m_yScale);
    if (!m_hasPrevious) {
        visit(cx, cy);
        m_previousX = cx;
        m_previousY = cy;
        m_hasPrevious = true;
        m_skipping = false;
        m_cellWasOld = false;
        return Step::Draw;
    }
    // Old ground: every cell the segment from the previous point passes through was visited
    // before (walked in steps of at most one cell; all of them marked visited now).
    const int dx = cx - m_previousX, dy = cy - m_previousY;
    const int steps = std::max(std::abs(dx), std::abs(dy));
    bool old = m_cellWasOld; // within one cell: as old as the cell was when the path came in
    if (steps > 0) {
        old = true;
        for (int k = 1; k <= steps; ++k) {
            const int ix = m_previousX + static_cast<int>(std::lround(static_cast<double>(dx) * k / steps));
            const int iy = m_previousY + static_cast<int>(std::lround(static_cast<double>(dy) * k / steps));
            m_cellWasOld = visit(ix, iy);
            old = m_cellWasOld && old;
        }
    }
    m_previousX = cx;
    m_previousY = cy;
    if (old) {
        if (m_skipping)
            return Step::Skip;
        m_skipping = true; // this point still closes the line onto the old ground
        return Step::Draw;
    }
    if (m_skipping) {
        m_skipping = false;
        return Step::Resume;
    }
    return Step::Draw;
}

void RetraceFilter::add(double t, double x, double y, std::vector<Point>& out)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (!std::isfinite(x) || !std::isfinite(y)) {
        reset();
        out.push_back({t, nan, nan});
        m_lastT = t;
        m_hasPreviousPoint = m_hasBefore = m_skipped = false;
        return;
    }
    switch (next(x, y)) {
    case Step::Skip:
        m_skipped = true;
        break;
    case Step::Resume: // a break, then the line from the last skipped point
        out.push_back({0.5 * (m_lastT + m_previous.t), nan, nan});
        if (m_hasPreviousPoint)
            out.push_back(m_previous);
        [[fallthrough]];
    case Step::Draw:
        out.push_back({t, x, y});
        m_lastT = t;
        m_skipped = false;
        break;
    }
    m_before = m_previous;
    m_hasBefore = m_hasPreviousPoint;
    m_previous = {t, x, y};
    m_hasPreviousPoint = true;
}

void RetraceFilter::finish(std::vector<Point>& out)
{
    if (m_skipped && m_hasBefore) {
        if (m_before.t > m_lastT) { // the one before was left out too: a line of its own
            const double nan = std::numeric_limits<double>::quiet_NaN();
            out.push_back({0.5 * (m_lastT + m_before.t), nan, nan});
            out.push_back(m_before);
        }
        out.push_back(m_previous);
    }
    m_skipped = false;
}

} // namespace fl::ui
