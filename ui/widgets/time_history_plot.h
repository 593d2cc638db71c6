#pragma once
#include "widgets/run_plot.h"

#include <vector>

namespace fl::ui {

/// Time history: the columns the system names (PlotHints::timeHistory; x, v_r and F for the
/// block on a belt) against t, with every stick interval of an event-driven run (near-stick
/// interval of a smooth run, PlotData::stickLabel) shaded over the full height. A law with memory's
/// internal states (z, μ, θ) are drawn dashed against a right axis of their own.
class TimeHistoryPlot : public RunPlot {
    Q_OBJECT
public:
    explicit TimeHistoryPlot(QWidget* parent = nullptr);
    void showData(const PlotDataPtr& data) override;
    void showCursor(const PlaybackFrame& frame) override;
    /// The playback cursor: a vertical line at the frame's time.
    QCPItemStraightLine* cursorLine() const { return m_cursor; }

    /// The visible curve of a column, or nullptr.
    QCPGraph* curve(const QString& column) const;
    /// The shading: a 0/1 box graph on a hidden axis spanning the axis rect's height.
    QCPGraph* stickGraph() const { return m_stick; }
    /// The strong stick bar along the bottom (the same boxes on an axis spanning [0, 14]).
    QCPGraph* stickStripGraph() const { return m_stickStrip; }
    /// The grazes: a downward triangle along the top at each (PlotData::grazeTimes).
    QCPGraph* grazeGraph() const { return m_grazes; }

    /// The right axis of a law's internal states (hidden for laws without them).
    QCPAxis* stateAxis() const { return m_stateAxis; }

private:
    void showLawStates(const PlotData& data);
    /// Puts the stick boxes in view into the two graphs, merging intervals less than 2 pixels apart
    /// (before every replot, when the range or width changed): a fill of tens of thousands of
    /// boxes took 200-350 ms per redraw; merged, it is at most one box per 2 pixels.
    void fitStickBoxes();

    std::vector<fl::TimeInterval> m_stickIntervals; ///< PlotData::stickIntervals
    QCPRange m_boxesRange;         ///< the range and width the graphs were fitted to
    int m_boxesWidth = -1;
    QCPAxis* m_stateAxis;
    std::vector<QCPGraph*> m_stateCurves; ///< one per law state shown so far; unused ones hidden
    QCPGraph* m_stick;
    QCPGraph* m_stickStrip;
    QCPGraph* m_grazes;
    QCPItemStraightLine* m_cursor;
    std::vector<QCPGraph*> m_curves; ///< one per column shown so far; unused ones hidden
};

} // namespace fl::ui
