#pragma once
#include "widgets/run_plot.h"

class QComboBox;

namespace fl::ui {

/// Phase portrait: the trajectory in one of the system's phase planes (PlotHints::phasePortraits;
/// (x, v) for the block on a belt) as a parametric curve, with its stick segments drawn over it
/// in the stick colour and the start point marked. Systems with several planes get a selector in
/// the plot's corner.
class PhasePortraitPlot : public RunPlot {
    Q_OBJECT
public:
    explicit PhasePortraitPlot(QWidget* parent = nullptr);
    void showData(const PlotDataPtr& data) override;
    void showCursor(const PlaybackFrame& frame) override;
    /// The playback cursor: a dot at the frame's state in the plane shown.
    QCPGraph* cursorDot() const { return m_cursor; }

    /// Draws plane index of the current system (as listed in its PlotHints).
    void setPlane(int index);
    int plane() const { return m_plane; }
    QComboBox* planeSelector() const { return m_planes; }

    QCPCurve* trajectoryCurve() const { return m_trajectory; }
    /// Stick samples only, segments separated by NaN points.
    QCPCurve* stickCurve() const { return m_stick; }
    QCPGraph* startGraph() const { return m_start; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void updateSelector();
    void draw();

    PlotDataPtr m_data;
    QComboBox* m_planes;
    int m_plane = 0;
    QCPCurve* m_trajectory;
    QCPCurve* m_stick;
    QCPGraph* m_start;
    QCPGraph* m_cursor;
    PlaybackFrame m_frame;
};

} // namespace fl::ui
